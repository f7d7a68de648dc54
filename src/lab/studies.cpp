#include "lab/studies.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "advisor/advise.h"
#include "advisor/tune.h"
#include "engine/registry.h"
#include "lab/job_source.h"
#include "server/api_error.h"
#include "server/json_fields.h"
#include "server/limits.h"

namespace court::server {
namespace {

using nlohmann::json;
using Options = std::map<std::string, std::string>;

constexpr std::int64_t kMaxBatchGames = 1'000'000;
constexpr std::int64_t kMaxSeed = (std::int64_t{1} << 53) - 1;
constexpr std::size_t kMaxRungs = 4, kMaxKnobs = 4, kMaxTargets = 6;
constexpr std::int64_t kMaxCandidates = 64;

const GameEntry& entry_of(const json& r) { return games().get(r["game"].get<std::string>()); }

GameConfig config_of(const json& r) {
  return entry_of(r).make_config(r["players"], r["options"].get<Options>(), r.value("data_dir", ""));
}

std::vector<std::string> option_args(const json& options) {
  std::vector<std::string> out;
  for (const auto& [k, v] : options.items()) out.push_back(k + "=" + v.get<std::string>());
  return out;
}

// Runs `f`; its UserError becomes ApiError 400 `code` naming `field`.
template <class F>
void refused_as(const char* code, const std::string& field, F&& f) {
  try {
    f();
  } catch (const UserError& e) {
    throw ApiError(400, code, fmt::format("'{}': {}", field, e.what()));
  }
}

// The source, the options over it, and the fields every study has.
json study_head(const json& body, LabStore& store, const std::string& lab_dir, const char* kind, Source& source) {
  source = read_source(body, store, lab_dir);
  for (const auto& [k, v] : option_values(body)) source.options[k] = v;
  json out = source.fields;
  out["kind"] = kind;
  out["seed"] = int_field(body, "seed", 0, kMaxSeed).value_or(1);
  out["options"] = source.options;
  return out;
}

std::string default_bot(const GameEntry& entry) { return entry.bots.contains("heuristic") ? "heuristic" : "random"; }

// One word for a POSIX shell.
std::string shell_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string data_arg(const json& r) { return r.contains("data_dir") ? " --data " + r["data_dir"].get<std::string>() : ""; }

}  // namespace

json advise_job(const json& body, LabStore& store, const std::string& lab_dir) {
  reject_unknown_fields(body, {"kind", "game", "variant", "players", "games", "seed", "options", "baseline", "strong",
                               "rungs"}, "an advise job");
  Source source;
  json out = study_head(body, store, lab_dir, "advise", source);
  const GameEntry& entry = *source.entry;
  out["players"] = players_field(body, entry, entry.info.min_seats);
  out["games"] = int_field(body, "games", 10, kMaxBatchGames).value_or(2000);
  out["baseline"] = string_field(body, "baseline", 200).value_or(default_bot(entry));
  out["strong"] = string_field(body, "strong", 200).value_or(advisor::kDefaultStrong);
  out["rungs"] = string_list(body, "rungs", kMaxRungs);
  check_bots(entry, {out["baseline"].get<std::string>()}, "baseline");
  check_bots(entry, {out["strong"].get<std::string>()}, "strong");
  check_bots(entry, out["rungs"].get<std::vector<std::string>>(), "rung");
  refused_as("bad_option", "options", [&] { (void)config_of(out); });
  return out;
}

namespace {

// The advisor's request for a stored study job.
advisor::AdviseRequest advise_request(const json& r, int threads) {
  advisor::AdviseRequest a;
  a.subject.entry = &entry_of(r);
  a.subject.config = config_of(r);
  a.subject.set_args = option_args(r["options"]);
  a.baseline = r["baseline"];
  a.strong = r["strong"];
  a.rungs = r["rungs"].get<std::vector<std::string>>();
  a.games = r["games"];
  a.seed = r["seed"];
  a.threads = threads;
  return a;
}

}  // namespace

// The study's batches at their most, counted by the advisor itself (advisor::study_bound).
GameEstimate advise_estimate(const json& r) {
  const advisor::StudyBound bound = advisor::study_bound(advise_request(r, 1));
  return {static_cast<std::int64_t>(bound.games), bound.how};
}

std::string advise_command(const json& r) {
  std::string out = fmt::format("court advise {} --players {} -n {} --seed {} --baseline {} --strong {}",
                                r["game"].get<std::string>(), r["players"].get<int>(), r["games"].get<std::int64_t>(),
                                r["seed"].get<std::uint64_t>(), r["baseline"].get<std::string>(),
                                r["strong"].get<std::string>());
  for (const auto& rung : r["rungs"]) out += " --rung " + rung.get<std::string>();
  return out + set_args(r["options"]) + data_arg(r) + " --json advice.json";
}

StudyResult run_advise(const json& r, int threads, const StudyHooks& hooks) {
  json doc = advisor::advise(advise_request(r, threads), {.stop = hooks.stop, .progress = hooks.progress, .step = hooks.step});
  const bool interrupted = doc.value("interrupted", false);
  return {std::move(doc), interrupted};
}

namespace {

// The tuner's request for a stored job (UserError for what the game or the tuner refuses).
advisor::TuneRequest tune_request(const json& r, int threads) {
  advisor::TuneRequest t;
  t.entry = &entry_of(r);
  t.players = r["players"];
  t.lineup = r["seats"].get<std::vector<std::string>>();
  t.sets = option_args(r["options"]);
  t.data_dir = r.value("data_dir", "");
  for (const auto& k : r["knobs"]) t.knobs.push_back(advisor::parse_knob(k, *t.entry, t.data_dir));
  for (const auto& k : r["targets"]) t.targets.push_back(advisor::parse_target(k, *t.entry));
  t.budget = r["budget"];
  t.seed = r["seed"];
  t.threads = threads;
  t.max_candidates = r["candidates"];
  return t;
}

// Each knob and target parsed, the fixed options loaded, and the race checked (a budget too small for the
// candidates the game accepts is refused here, not after a queue).
void check_tune_job(const json& r) {
  const GameEntry& entry = entry_of(r);
  refused_as("bad_option", "options", [&] { (void)config_of(r); });
  for (const auto& k : r["knobs"]) refused_as("bad_knob", "knobs", [&] { advisor::parse_knob(k, entry, r.value("data_dir", "")); });
  for (const auto& t : r["targets"]) refused_as("bad_target", "targets", [&] { advisor::parse_target(t, entry); });
  refused_as("bad_field", "a tune job", [&] {
    const advisor::TuneRequest t = tune_request(r, 1);
    advisor::check_tune(t);
    const auto cs = advisor::candidates_of(t);
    advisor::first_rung_games(t, std::count_if(cs.begin(), cs.end(), [](const auto& c) { return c.problem.empty(); }));
  });
}

std::vector<std::string> needed_list(const json& body, const char* key, std::size_t max, const char* forms) {
  auto out = string_list(body, key, max);
  if (out.empty()) throw ApiError(400, "bad_field", fmt::format("'{}' needs 1 to {} entries: {}", key, max, forms));
  return out;
}

}  // namespace

json tune_job(const json& body, LabStore& store, const std::string& lab_dir) {
  reject_unknown_fields(body, {"kind", "game", "variant", "players", "seats", "seed", "options", "knobs", "targets",
                               "budget", "candidates"}, "a tune job");
  Source source;
  json out = study_head(body, store, lab_dir, "tune", source);
  const GameEntry& entry = *source.entry;
  auto seats = string_list(body, "seats", kMaxSeats);
  const int players = players_field(body, entry, seats.empty() ? entry.info.min_seats : static_cast<std::int64_t>(seats.size()));
  if (seats.empty()) seats.assign(static_cast<std::size_t>(players), default_bot(entry));
  if (static_cast<int>(seats.size()) != players) {
    throw ApiError(400, "bad_field", fmt::format("'seats' has {} entries for {} players", seats.size(), players));
  }
  check_bots(entry, seats, "seat");
  out["players"] = players;
  out["seats"] = seats;
  out["knobs"] = needed_list(body, "knobs", kMaxKnobs, "OPTION=A..B[/STEP], OPTION=a|b|c, or data:FILE:list[N].field=A..B");
  out["targets"] = needed_list(body, "targets", kMaxTargets, "win_band=LO..HI, length=LO..HI, team_win=LO..HI, "
                                                             "capped<=X, first_round_end<=X, decisions>=X");
  // A knob on an option the variant (or the request) sets varies it instead.
  for (const auto& k : out["knobs"]) {
    const std::string spec = k;
    if (!spec.starts_with("data:")) out["options"].erase(spec.substr(0, spec.find('=')));
  }
  out["budget"] = int_field(body, "budget", 1, kMaxBatchGames).value_or(2000);
  out["candidates"] = int_field(body, "candidates", 2, kMaxCandidates).value_or(16);
  check_tune_job(out);
  return out;
}

GameEstimate tune_estimate(const json& r) {
  return {r["budget"].get<std::int64_t>(), "the tune's budget, spent over every rung"};
}

std::string tune_command(const json& r) {
  std::string out = fmt::format("court tune {} --players {} --seats {}", r["game"].get<std::string>(),
                                r["players"].get<int>(), fmt::join(r["seats"].get<std::vector<std::string>>(), ","));
  out += set_args(r["options"]) + data_arg(r);
  bool data = false;
  for (const auto& k : r["knobs"]) {
    out += " --knob " + shell_word(k);
    data = data || k.get<std::string>().starts_with("data:");
  }
  for (const auto& t : r["targets"]) out += " --target " + shell_word(t);
  out += fmt::format(" --budget {} --candidates {} --seed {}", r["budget"].get<std::int64_t>(),
                     r["candidates"].get<std::int64_t>(), r["seed"].get<std::uint64_t>());
  return out + (data ? " --out tuned" : "") + " --json tune.json";
}

namespace {

// Writes a candidate's edited data files into `dir` and returns it.
std::string write_data(const std::string& dir, const std::map<std::string, std::string>& files) {
  std::filesystem::create_directories(dir);
  for (const auto& [name, text] : files) {
    std::ofstream out(dir + "/" + name, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error(fmt::format("cannot write {}/{}", dir, name));
  }
  return dir;
}

json proposals(const json& r, const advisor::TuneRequest& t, const advisor::TuneResult& result,
               const std::string& out_dir) {
  json out = json::array();
  const std::string base = r.value("variant_name", t.entry->info.title);
  for (std::size_t n = 0; n < result.front.size(); ++n) {
    const advisor::Candidate& c = result.candidates[result.front[n]];
    const std::string dir = c.files.empty() ? t.data_dir : write_data(fmt::format("{}/front-{}", out_dir, n + 1), c.files);
    const std::string command = advisor::candidate_subject(t, c, dir).sim_command(t.lineup, c.games, t.seed);
    out.push_back({{"candidate", result.front[n]}, {"settings", advisor::describe(t, c)},
                   {"command", command + (advisor::needs_shape(t.targets) ? " --shape" : "")},
                   {"variant", advisor::lab_variant(t, c, fmt::format("{} tuned: {}", base, advisor::describe(t, c)))}});
  }
  return out;
}

}  // namespace

StudyResult run_tune(const json& r, int threads, const std::string& out_dir, const StudyHooks& hooks) {
  const advisor::TuneRequest t = tune_request(r, threads);
  const advisor::TuneResult result =
      advisor::tune(t, {}, {.stop = hooks.stop, .progress = hooks.progress, .step = hooks.step});
  json doc = advisor::to_json(t, result);
  if (result.interrupted) return {std::move(doc), true};
  doc["proposals"] = proposals(r, t, result, out_dir);
  return {std::move(doc), false};
}

}  // namespace court::server
