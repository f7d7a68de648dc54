// The advisor's study (advisor/advise.h): its batches, its tests, and the advice document.
#include "advisor/advise.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "advisor/parts.h"
#include "advisor/study.h"
#include "sim/stats.h"

namespace court::advisor {

Study::Study(const AdviseRequest& r, const AdviseHooks& h) : request(r), hooks(h) {
  in.subject = r.subject;
  const auto& bots = r.subject.entry->bots;
  in.baseline = !r.baseline.empty() ? r.baseline : bots.contains("heuristic") ? "heuristic" : "random";
  in.strong = r.strong.empty() ? kDefaultStrong : r.strong;
  in.games = r.games;
  in.seed = r.seed;
  in.threads = r.threads;
}

bool Study::stopped() const { return hooks.stop && hooks.stop->load(); }

std::string Study::command(const std::vector<std::string>& lineup, std::uint64_t games, bool shape) const {
  return in.subject.sim_command(lineup, games, in.seed) + (shape ? " --shape" : "");
}

std::vector<std::string> Study::one_against(const std::string& first, const std::string& others) const {
  std::vector<std::string> lineup(static_cast<std::size_t>(players()), others);
  lineup[0] = first;
  return lineup;
}

std::vector<std::string> Study::everywhere(const std::string& bot) const {
  return std::vector<std::string>(static_cast<std::size_t>(players()), bot);
}

void Study::check(const std::string& what, const std::string& result) {
  checked.push_back({{"check", what}, {"result", result}});
}

std::string Study::at() const {
  std::string out = fmt::format("At {} player{}", players(), players() == 1 ? "" : "s");
  if (!in.subject.set_args.empty()) out += fmt::format(" ({})", fmt::join(in.subject.set_args, ", "));
  return out;
}

namespace {

sim::SimRequest batch_request(const Study& s, const std::vector<std::string>& lineup, std::uint64_t games) {
  sim::SimRequest r;
  r.entry = s.in.subject.entry;
  r.players = s.players();
  r.lineup = lineup;
  r.configs = {s.in.subject.config};
  r.settings.seed = s.in.seed;
  r.settings.games = games;
  r.settings.threads = s.in.threads;
  r.settings.rotate = sim::default_rotation(lineup);
  sim::check_request(r);
  return r;
}

}  // namespace

std::optional<nlohmann::json> Study::run(const std::vector<std::string>& lineup, std::uint64_t games, bool shape,
                                         const std::string& step) {
  if (stopped()) return std::nullopt;
  if (hooks.step) hooks.step(step, done_batches, total_batches);
  sim::SimRequest r = batch_request(*this, lineup, games);
  r.settings.shape = shape;
  sim::SimResult result = sim::simulate(r, sim::Cluster{}, {.stop = hooks.stop, .progress = hooks.progress});
  ++done_batches;
  if (result.interrupted) return std::nullopt;
  return std::move(result.document);
}

std::optional<sim::SimResult> Study::run_records(const std::vector<std::string>& lineup, std::uint64_t games,
                                                 bool rotate, const std::string& step) {
  if (stopped()) return std::nullopt;
  if (hooks.step) hooks.step(step, done_batches, total_batches);
  sim::SimRequest r = batch_request(*this, lineup, games);
  r.settings.rotate = rotate;
  sim::SimResult result =
      sim::simulate(r, sim::Cluster{}, {.stop = hooks.stop, .progress = hooks.progress, .keep_records = true});
  ++done_batches;
  if (result.interrupted) return std::nullopt;
  return result;
}

double one_sided_p(double wins, double games, double p0, bool above) {
  if (games <= 0) return 1;
  if (p0 <= 0) return above ? (wins > 0 ? 0.0 : 1.0) : 1.0;
  if (p0 >= 1) return above ? 1.0 : (wins < games ? 0.0 : 1.0);
  const double z = (wins / games - p0) / std::sqrt(p0 * (1 - p0) / games);
  const double tail = 0.5 * sim::normal_two_sided_p(std::abs(z));
  return (above ? z > 0 : z < 0) ? tail : 1 - tail;
}

std::vector<bool> holm(const std::vector<double>& p, double alpha) {
  std::vector<std::size_t> order(p.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  std::vector<bool> reject(p.size(), false);
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (p[order[k]] > alpha / static_cast<double>(order.size() - k)) break;
    reject[order[k]] = true;
  }
  return reject;
}

std::optional<BotRate> bot_rate(const nlohmann::json& report, const std::string& bot) {
  for (const auto& b : report.value("bots", nlohmann::json::array())) {
    if (b.value("bot", "") != bot) continue;
    return BotRate{b["wins"].get<double>(), b["seat_games"].get<double>(), b["win_rate"].get<double>(),
                   b["ci95"][0].get<double>(), b["ci95"][1].get<double>()};
  }
  return std::nullopt;
}

std::optional<double> first_round_share(const nlohmann::json& report) {
  if (!report.contains("shape")) return std::nullopt;
  const auto& f = report["shape"].value("first_round_end", nlohmann::json());
  if (!f.is_object()) return std::nullopt;
  return f.value("rate", 0.0);
}

// Whole per cents, but a tenth below one per cent (0.1%, not 0%), and "<0.1%" below that, except for zero.
std::string pct(double rate) {
  const double p = 100 * rate;
  if (p > 0 && p < 0.05) return "<0.1%";
  return p > 0 && p < 0.95 ? fmt::format("{:.1f}%", p) : fmt::format("{:.0f}%", p);
}
std::string pct_ci(double rate, double low, double high) {
  return fmt::format("{} [{}, {}]", pct(rate), pct(low), pct(high));
}

namespace {

nlohmann::json head(const Study& s) {
  const Subject& sub = s.in.subject;
  nlohmann::json options = nlohmann::json::object();
  for (const auto& a : sub.set_args) {
    const auto eq = a.find('=');
    if (eq != std::string::npos) options[a.substr(0, eq)] = a.substr(eq + 1);
  }
  return {{"court_advice", 1}, {"game", sub.entry->info.id}, {"title", sub.entry->info.title},
          {"players", s.players()}, {"options", options}, {"data_dir", sub.config.data_dir},
          {"baseline", s.in.baseline}, {"strong", s.in.strong}, {"games", s.in.games}, {"seed", s.in.seed}};
}

void add_part(Study& s, nlohmann::json& doc, const char* key, PartResult part) {
  doc[key] = part.section.is_null() ? nlohmann::json() : std::move(part.section);
  for (auto& f : part.findings) s.findings.push_back(std::move(f));
}

}  // namespace

StudyBound study_bound(const AdviseRequest& request) {
  const AdviseHooks none;
  const Study s(request, none);
  const bool coop = s.in.subject.entry->info.cooperative;
  std::uint64_t kinds = 0;
  if (s.in.baseline.find(':') == std::string::npos) {   // the probes' base must be a plain bot
    for (const auto& [kind, share] : probe_kind_shares(s.in)) kinds += share >= request.min_kind_share ? 1 : 0;
  }
  const std::uint64_t g = request.games, rungs = rungs_of(s).size(), sample = std::min(g, request.deal_sample);
  const std::uint64_t luck = rungs < 2 ? 0 : (coop ? 2 * g : g + sample) + rungs * sample;
  const std::uint64_t strength = s.in.strong == s.in.baseline ? 0 : strong_batch(request) * (2 + 2 * kinds);
  const std::uint64_t parts = (request.agency ? std::min(g, kAgencyGames) : 0) +
                              (coop && request.cooperative ? std::min(g, kCoopGames) : 0);
  return {g * (1 + 2 * kinds) + luck + strength + parts,
          fmt::format("at most: {} a batch for the baseline and 2 x {} move-kind probes, {} for luck and skill, {} "
                      "for the second-strength checks, {} for agency and cooperative play", g, kinds, luck, strength,
                      parts)};
}

nlohmann::json advise(const AdviseRequest& request, const AdviseHooks& hooks) {
  Study s(request, hooks);
  std::vector<std::string> bots{s.in.baseline, s.in.strong};
  bots.insert(bots.end(), request.rungs.begin(), request.rungs.end());
  for (const auto& bot : bots) batch_request(s, s.everywhere(bot), 1);   // UserError naming an unknown bot
  nlohmann::json doc = head(s);
  s.total_batches = 1;
  const auto baseline = s.run(s.everywhere(s.in.baseline), s.in.games, true, "baseline");
  if (baseline) {
    for (auto& f : baseline_findings(s, *baseline, s.in.baseline, true)) s.findings.push_back(std::move(f));
    nlohmann::json probes = study_probes(s, *baseline);
    doc["probes"] = probes.value("list", nlohmann::json::array());
    doc["kinds"] = {{"shares", probes.value("kinds", nlohmann::json::object())},
                    {"skipped", probes.value("skipped", nlohmann::json::array())}};
    doc["luck"] = study_luck(s);
    check_strength(s, *baseline);
  }
  if (!s.stopped() && request.agency) add_part(s, doc, "agency", study_agency(s.in));
  if (!s.stopped() && request.cooperative) add_part(s, doc, "cooperative", study_cooperative(s.in));
  rank(s.findings);
  doc["findings"] = to_json(s.findings);
  doc["checked"] = s.checked;
  doc["baseline_report"] = baseline ? *baseline : nlohmann::json();
  doc["interrupted"] = s.stopped() || !baseline;
  return doc;
}

}  // namespace court::advisor
