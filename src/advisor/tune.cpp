// The tuner's race (advisor/tune.h): candidates from the knobs' grid, measured against the targets, halved rung
// by rung with the games doubled, every batch through sim::simulate on one seed (common random numbers).
#include "advisor/tune.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <set>

#include "engine/data.h"
#include "sim/simulate.h"

namespace court::advisor {
namespace {

constexpr std::uint64_t kMinFirstGames = 8;   // a first rung below this many games per candidate says nothing
constexpr double kMedianSe = 1.2533;           // the median's standard error over the mean's (normal data)

double outside(const Target& t, double v) { return std::max({t.lo - v, v - t.hi, 0.0}) / t.scale; }

Measure band_measure(const Target& t, double value, double lo, double hi) {
  Measure m{value, lo, hi, outside(t, value)};
  m.distance_lo = std::max({t.lo - hi, lo - t.hi, 0.0}) / t.scale;
  m.distance_hi = std::max(outside(t, lo), outside(t, hi));
  return m;
}

Measure rate_measure(const Target& t, const nlohmann::json& rate, const char* what) {
  if (!rate.is_object()) throw UserError(fmt::format("--target {}: the report has no {} figure", t.spec, what));
  return band_measure(t, rate["rate"].get<double>(), rate["ci95"][0].get<double>(), rate["ci95"][1].get<double>());
}

Measure win_band_measure(const Target& t, const nlohmann::json& report) {
  if (report.value("cooperative", false)) {
    throw UserError(fmt::format("--target {}: these games are team results (cooperative); use team_win", t.spec));
  }
  Measure worst;
  bool first = true;
  for (const auto& s : report["seats"]) {
    Measure m = band_measure(t, s["win_rate"].get<double>(), s["ci95"][0].get<double>(), s["ci95"][1].get<double>());
    m.seat = s["seat"].get<int>();
    // the seat farthest out; inside the band, the one nearest its edge
    const double edge = std::min(m.value - t.lo, t.hi - m.value);
    const double worst_edge = std::min(worst.value - t.lo, t.hi - worst.value);
    if (first || m.distance > worst.distance || (m.distance == worst.distance && edge < worst_edge)) worst = m;
    first = false;
  }
  // every seat's interval counts: the band is met only when all are inside
  for (const auto& s : report["seats"]) {
    const Measure m = band_measure(t, s["win_rate"].get<double>(), s["ci95"][0].get<double>(), s["ci95"][1].get<double>());
    worst.distance_lo = std::max(worst.distance_lo, m.distance_lo);
    worst.distance_hi = std::max(worst.distance_hi, m.distance_hi);
  }
  return worst;
}

const nlohmann::json& shape_of(const Target& t, const nlohmann::json& report) {
  if (!report.contains("shape") || !report["shape"].is_object()) {
    throw UserError(fmt::format("--target {}: this target needs the shape figures (report[\"shape\"], "
                                "docs/report.md), which this build's simulator does not write", t.spec));
  }
  return report["shape"];
}

}  // namespace

Measure measure(const Target& t, const nlohmann::json& report) {
  switch (t.kind) {
    case TargetKind::WinBand: return win_band_measure(t, report);
    case TargetKind::Length: {
      const auto& length = report["length"];
      const double p50 = length["p50"].get<double>(), mean = length["mean"].get<double>();
      const double half = kMedianSe * (length["mean_ci95"][1].get<double>() - mean);
      return band_measure(t, p50, p50 - half, p50 + half);
    }
    case TargetKind::TeamWin: return rate_measure(t, report["team"], "team win");
    case TargetKind::Capped: return rate_measure(t, report["capped"], "capped games");
    case TargetKind::FirstRoundEnd: {
      const auto& f = shape_of(t, report)["first_round_end"];
      if (f.is_null()) throw UserError(fmt::format("--target {}: this game reports no rounds", t.spec));
      return rate_measure(t, f, "first-round end");
    }
    case TargetKind::Decisions: {
      const double p50 = shape_of(t, report)["decisions_per_seat"]["p50"].get<double>();
      return band_measure(t, p50, p50, p50);
    }
  }
  return {};
}

std::map<std::string, std::string> candidate_options(const TuneRequest& request, const Candidate& c) {
  auto out = parse_option_assignments(request.sets);
  for (std::size_t k = 0; k < request.knobs.size(); ++k) {
    if (!request.knobs[k].data) out[request.knobs[k].label] = c.values[k];
  }
  return out;
}

Subject candidate_subject(const TuneRequest& request, const Candidate& c, const std::string& data_dir) {
  Subject s;
  s.entry = request.entry;
  s.set_args = request.sets;
  for (std::size_t k = 0; k < request.knobs.size(); ++k) {
    if (!request.knobs[k].data) s.set_args.push_back(request.knobs[k].label + "=" + c.values[k]);
  }
  s.config = request.entry->make_config(request.players, candidate_options(request, c), data_dir);
  return s;
}

std::string describe(const TuneRequest& request, const Candidate& c) {
  std::vector<std::string> parts;
  for (std::size_t k = 0; k < request.knobs.size(); ++k) parts.push_back(request.knobs[k].label + "=" + c.values[k]);
  return fmt::format("{}", fmt::join(parts, ", "));
}

namespace {

bool has_data_knobs(const TuneRequest& r) {
  return std::any_of(r.knobs.begin(), r.knobs.end(), [](const Knob& k) { return k.data; });
}

std::map<std::string, std::string> edited_files(const TuneRequest& request, const std::vector<std::string>& values) {
  const GameEntry& entry = *request.entry;
  std::map<std::string, std::string> files;
  for (const auto& name : entry.info.data_files) files[name] = read_data_file(entry.info.id, name, request.data_dir);
  for (std::size_t k = 0; k < request.knobs.size(); ++k) {
    const Knob& knob = request.knobs[k];
    if (!knob.data) continue;
    files[knob.file] = set_data_field(files[knob.file], data_file_name(entry.info.id, knob.file, request.data_dir),
                                      knob, values[k]);
  }
  return files;
}

std::string strip_dir(std::string text, const std::string& dir) {
  for (std::size_t at; (at = text.find(dir + "/")) != std::string::npos;) text.erase(at, dir.size() + 1);
  return text;
}

// The game's loader on the candidate's settings, in a data directory of its own when it has data knobs.
template <class F>
auto with_config(const TuneRequest& request, const Candidate& c, F&& f) {
  if (!has_data_knobs(request)) {
    return f(request.entry->make_config(request.players, candidate_options(request, c), request.data_dir));
  }
  TempDataDir dir(request.entry->info.id, request.entry->info.data_files, c.files);
  try {
    return f(request.entry->make_config(request.players, candidate_options(request, c), dir.path()));
  } catch (const UserError& e) {
    throw UserError(strip_dir(e.what(), dir.path()));
  }
}

// The grid's points to try: all of them when there are few, else a seeded sample, in grid order.
std::vector<std::uint64_t> grid_points(const TuneRequest& request) {
  double size = 1;
  for (const auto& k : request.knobs) size *= static_cast<double>(k.values.size());
  std::vector<std::uint64_t> out;
  if (size <= static_cast<double>(request.max_candidates)) {
    for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(size); ++i) out.push_back(i);
    return out;
  }
  const auto n = static_cast<std::uint64_t>(std::min(size, 9e18));
  std::mt19937_64 rng(request.seed ^ 0x9e3779b97f4a7c15ULL);
  std::set<std::uint64_t> chosen;
  while (chosen.size() < request.max_candidates) chosen.insert(rng() % n);
  return {chosen.begin(), chosen.end()};
}

}  // namespace

std::vector<Candidate> candidates_of(const TuneRequest& request) {
  std::vector<Candidate> out;
  for (std::uint64_t point : grid_points(request)) {
    Candidate c;
    for (const auto& k : request.knobs) {
      c.values.push_back(k.values[point % k.values.size()]);
      point /= k.values.size();
    }
    try {
      if (has_data_knobs(request)) c.files = edited_files(request, c.values);
      with_config(request, c, [&](const GameConfig& config) { return request.entry->prepare(config) != nullptr; });
    } catch (const UserError& e) {
      c.problem = e.what();
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::uint64_t first_rung_games(const TuneRequest& request, std::size_t alive) {
  const auto players = static_cast<std::uint64_t>(std::max(1, request.players));
  const std::uint64_t least = (kMinFirstGames + players - 1) / players * players;
  int rungs = 1;
  while ((std::size_t{1} << (rungs - 1)) < alive) ++rungs;
  const std::uint64_t need = least * alive * static_cast<std::uint64_t>(rungs);
  if (alive == 0) throw UserError("every candidate was refused by the game (see above); nothing to tune");
  if (request.budget < need) {
    throw UserError(fmt::format("--budget {} is too small: {} candidates over {} rungs need at least {} games ({} "
                                "games each in the first rung); allowed: --budget {} or more, or fewer --candidates",
                                request.budget, alive, rungs, need, least, need));
  }
  const std::uint64_t each = request.budget / (alive * static_cast<std::uint64_t>(rungs));
  return std::max(least, each / players * players);
}

void check_tune(const TuneRequest& request) {
  if (request.knobs.empty()) throw UserError("court tune needs at least one --knob (an option or data:FILE:FIELD range)");
  if (request.targets.empty()) throw UserError("court tune needs at least one --target (e.g. length=20..40)");
  if (request.max_candidates < 2) throw UserError("--candidates must be at least 2");
  std::set<std::string> seen;
  for (const auto& s : parse_option_assignments(request.sets)) seen.insert(s.first);
  for (const auto& k : request.knobs) {
    if (!seen.insert(k.label).second) {
      throw UserError(fmt::format("--knob {}: '{}' is already set (by --set or another knob); give it once", k.spec, k.label));
    }
  }
  sim::SimRequest bots;
  bots.entry = request.entry;
  bots.players = request.players;
  bots.lineup = request.lineup;
  sim::check_request(bots);
  std::set<TargetKind> kinds;
  for (const auto& t : request.targets) {
    if (!kinds.insert(t.kind).second) throw UserError(fmt::format("--target {}: '{}' is given twice", t.spec, t.name));
  }
}


namespace {

// One candidate's batch; nothing when the stop flag ended it before its last game.
std::optional<nlohmann::json> play(const TuneRequest& request, const Candidate& c, std::uint64_t games,
                                   const TuneHooks& hooks) {
  return with_config(request, c, [&](const GameConfig& config) -> std::optional<nlohmann::json> {
    sim::SimRequest r;
    r.entry = request.entry;
    r.players = request.players;
    r.lineup = request.lineup;
    r.configs = {config};
    r.settings.seed = request.seed;
    r.settings.games = games;
    r.settings.threads = request.threads;
    r.settings.rotate = sim::default_rotation(request.lineup);
    r.settings.shape = needs_shape(request.targets);
    sim::SimResult result = sim::simulate(r, sim::Cluster{}, {.stop = hooks.stop, .progress = hooks.progress});
    if (result.interrupted) return std::nullopt;
    return std::move(result.document);
  });
}

void score(const TuneRequest& request, Candidate& c) {
  c.measures.clear();
  c.score = c.score_lo = c.score_hi = 0;
  for (const auto& t : request.targets) {
    c.measures.push_back(measure(t, c.report));
    c.score += c.measures.back().distance;
    c.score_lo += c.measures.back().distance_lo;
    c.score_hi += c.measures.back().distance_hi;
  }
}

// Best first: the lower score, then the lower worst case, then grid order.
void order(std::vector<std::size_t>& alive, const std::vector<Candidate>& cs) {
  std::stable_sort(alive.begin(), alive.end(), [&](std::size_t a, std::size_t b) {
    if (cs[a].score != cs[b].score) return cs[a].score < cs[b].score;
    return cs[a].score_hi < cs[b].score_hi;
  });
}

// The better half goes on, and, up to three quarters of the field, those whose interval still reaches the best's
// score (they may be as good; more games will tell).
std::vector<std::size_t> survivors(std::vector<std::size_t> alive, const std::vector<Candidate>& cs) {
  order(alive, cs);
  const std::size_t half = (alive.size() + 1) / 2, cap = std::max(half, (alive.size() * 3) / 4);
  std::vector<std::size_t> kept(alive.begin(), alive.begin() + static_cast<std::ptrdiff_t>(half));
  const double best = cs[alive.front()].score;
  for (std::size_t i = half; i < alive.size() && kept.size() < cap; ++i) {
    if (cs[alive[i]].score_lo <= best) kept.push_back(alive[i]);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

bool dominates(const Candidate& a, const Candidate& b) {
  bool better = false;
  for (std::size_t t = 0; t < a.measures.size(); ++t) {
    if (a.measures[t].distance > b.measures[t].distance) return false;
    better = better || a.measures[t].distance < b.measures[t].distance;
  }
  return better;
}

std::vector<std::size_t> pareto_front(const std::vector<Candidate>& cs) {
  std::vector<std::size_t> front;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (cs[i].rungs == 0) continue;
    bool dominated = false;
    // only a candidate measured on at least as many games may push one off the front
    for (std::size_t j = 0; j < cs.size() && !dominated; ++j) {
      dominated = cs[j].rungs > 0 && cs[j].games >= cs[i].games && dominates(cs[j], cs[i]);
    }
    if (!dominated) front.push_back(i);
  }
  order(front, cs);
  return front;
}

}  // namespace

namespace {

// The batches a race from a field of `alive` expects to play: the field, then about half of it, to one.
int halving_batches(std::size_t alive) {
  int out = 0;
  for (std::size_t n = alive; n > 1; n = (n + 1) / 2) out += static_cast<int>(n);
  return out + 1;
}

bool stopped(const TuneHooks& hooks) { return hooks.stop && hooks.stop->load(); }

// Plays one rung of the race; false when the stop flag ended it.
bool play_rung(const TuneRequest& request, TuneResult& result, Rung& rung, const TuneHooks& hooks, int& batches) {
  auto& cs = result.candidates;
  for (std::size_t k = 0; k < rung.played.size(); ++k) {
    if (stopped(hooks)) return false;
    Candidate& c = cs[rung.played[k]];
    if (hooks.step) {
      const std::size_t n = rung.played.size();
      const int later = n > 1 ? halving_batches((n + 1) / 2) : 0;
      hooks.step(fmt::format("rung {}: {} ({} games)", result.rungs.size() + 1, describe(request, c), rung.games_each),
                 batches, batches + static_cast<int>(n - k) + later);
    }
    auto report = play(request, c, rung.games_each, hooks);
    if (!report) return false;
    ++batches;
    c.report = std::move(*report);
    score(request, c);
    c.games = rung.games_each;
    c.spent += rung.games_each;
    ++c.rungs;
    rung.spent += rung.games_each;
  }
  return true;
}

}  // namespace

TuneResult tune(const TuneRequest& request, const std::function<void(const std::string&)>& progress,
                const TuneHooks& hooks) {
  check_tune(request);
  TuneResult result;
  result.candidates = candidates_of(request);
  auto& cs = result.candidates;
  std::vector<std::size_t> alive;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (cs[i].problem.empty()) alive.push_back(i);
    else if (progress) progress(fmt::format("refused: {}: {}", describe(request, cs[i]), cs[i].problem));
  }
  std::uint64_t games = result.first_games = first_rung_games(request, alive.size());
  int batches = 0;
  for (;;) {
    Rung rung{games, alive};
    result.interrupted = !play_rung(request, result, rung, hooks, batches);
    result.spent += rung.spent;
    if (result.interrupted) break;
    if (alive.size() > 1) rung.kept = survivors(alive, cs);
    std::uint64_t next = games * 2;
    const std::uint64_t left = request.budget - result.spent;
    if (!rung.kept.empty() && rung.kept.size() * next > left) {
      const auto players = static_cast<std::uint64_t>(request.players);
      next = left / rung.kept.size() / players * players;
    }
    const bool last = rung.kept.empty() || next <= games;
    if (progress) {
      progress(fmt::format("rung {}: {} candidates x {} games = {} games; {}", result.rungs.size() + 1, alive.size(),
                           games, rung.spent, last ? "the last rung" : fmt::format("{} go on", rung.kept.size())));
    }
    if (last) rung.kept.clear();
    result.rungs.push_back(rung);
    if (last) break;
    alive = rung.kept;
    games = next;
  }
  std::erase_if(alive, [&](std::size_t i) { return cs[i].rungs == 0; });
  if (alive.empty()) return result;   // stopped before any candidate played
  order(alive, cs);
  result.best = alive.front();
  result.front = pareto_front(cs);
  const auto at = std::find(result.front.begin(), result.front.end(), result.best);
  if (at != result.front.end()) std::rotate(result.front.begin(), at, at + 1);   // the best first
  return result;
}

nlohmann::json lab_variant(const TuneRequest& request, const Candidate& c, const std::string& name) {
  const GameEntry& entry = *request.entry;
  nlohmann::json files = nlohmann::json::object();
  for (const auto& file : entry.info.data_files) {
    const std::string shipped = read_data_file(entry.info.id, file, "");
    const auto it = c.files.find(file);
    const std::string text = it != c.files.end() ? it->second : read_data_file(entry.info.id, file, request.data_dir);
    if (text != shipped) files[file] = text;
  }
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [k, v] : candidate_options(request, c)) options[k] = v;
  std::size_t cut = std::min<std::size_t>(name.size(), 80);   // the Lab's limit is 80 characters; cut whole ones
  while (cut > 0 && cut < name.size() && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
  return {{"game", entry.info.id}, {"name", name.substr(0, cut)}, {"files", files}, {"options", options}};
}

namespace {

nlohmann::json measure_json(const Target& t, const Measure& m) {
  nlohmann::json out = {{"target", t.spec}, {"value", m.value}, {"ci95", {m.lo, m.hi}}, {"distance", m.distance},
                        {"distance_range", {m.distance_lo, m.distance_hi}}, {"met", m.distance == 0}};
  if (m.seat >= 0) out["seat"] = m.seat;
  return out;
}

nlohmann::json candidate_json(const TuneRequest& request, const Candidate& c) {
  nlohmann::json values = nlohmann::json::object();
  for (std::size_t k = 0; k < request.knobs.size(); ++k) values[request.knobs[k].label] = c.values[k];
  nlohmann::json out = {{"settings", values}, {"games", c.games}, {"spent", c.spent}, {"rungs", c.rungs}};
  if (!c.problem.empty()) {
    out["refused"] = c.problem;
    return out;
  }
  out["score"] = c.score;
  out["score_range"] = {c.score_lo, c.score_hi};
  out["targets"] = nlohmann::json::array();
  for (std::size_t t = 0; t < c.measures.size(); ++t) out["targets"].push_back(measure_json(request.targets[t], c.measures[t]));
  return out;
}

}  // namespace

nlohmann::json to_json(const TuneRequest& request, const TuneResult& result) {
  nlohmann::json knobs = nlohmann::json::array(), targets = nlohmann::json::array();
  for (const auto& k : request.knobs) knobs.push_back({{"knob", k.spec}, {"values", k.values}});
  for (const auto& t : request.targets) targets.push_back(t.spec);
  nlohmann::json rungs = nlohmann::json::array(), cands = nlohmann::json::array();
  for (const auto& r : result.rungs) {
    rungs.push_back({{"games_each", r.games_each}, {"candidates", r.played}, {"kept", r.kept}, {"spent", r.spent}});
  }
  for (const auto& c : result.candidates) cands.push_back(candidate_json(request, c));
  return {{"court_tune", 1}, {"game", request.entry->info.id}, {"players", request.players},
          {"seats", request.lineup}, {"sets", request.sets}, {"data", request.data_dir}, {"seed", request.seed},
          {"budget", request.budget}, {"spent", result.spent}, {"knobs", knobs}, {"targets", targets},
          {"rungs", rungs}, {"candidates", cands}, {"best", result.best}, {"front", result.front},
          {"interrupted", result.interrupted}};
}

}  // namespace court::advisor
