// The second strength (advisor/advise.h): every raised baseline or probe finding checked again with the
// strong bot as the opponents (the baseline's findings: the strong bot in every seat; a probe's: the probe
// against the strong bot, beside the baseline bot against it). Each says "holds" or "flips: ...".
#include <fmt/format.h>

#include <algorithm>

#include "advisor/study.h"

namespace court::advisor {
namespace {

const Finding* same(const std::vector<Finding>& found, const Finding& f) {
  for (const auto& g : found) {
    if (g.code == f.code && g.evidence.value("key", "") == f.evidence.value("key", "")) return &g;
  }
  return nullptr;
}

void check_baseline(Study& s, const std::vector<Finding*>& list) {
  if (list.empty()) return;
  const auto games = strong_batch(s.request);
  const auto report = s.run(s.everywhere(s.in.strong), games, true, "strength: baseline findings");
  if (!report) return;
  const auto again = baseline_findings(s, *report, s.in.strong, false);
  int held = 0;
  for (Finding* f : list) {
    const Finding* g = same(again, *f);
    held += g ? 1 : 0;
    f->strength = g ? "holds" : fmt::format("flips: not raised with {} in every seat ({} games: {})", s.in.strong,
                                            games, s.command(s.everywhere(s.in.strong), games, true));
    f->evidence["strength_games"] = games;
  }
  s.check(fmt::format("second strength: the {} baseline finding(s) again with {} in every seat", list.size(),
                      s.in.strong), fmt::format("{} hold, {} flip", held, list.size() - held));
}

bool probe_holds(const Finding& f, const BotRate& p, const BotRate& ref, const nlohmann::json& report) {
  if (f.code == "dominant_strategy") return p.rate - ref.rate >= 0.03 && one_sided_p(p.wins, p.games, ref.rate, true) < 0.05;
  // On the check's smaller sample, the point estimate within the tolerance (its interval is wider).
  if (f.code == "dead_option") return p.rate >= ref.rate - 0.03;
  const auto first = first_round_share(report);
  return first ? *first >= 0.5 : report.value("mean_length", 0.0) <= 0.6 * f.evidence.value("baseline_mean_length", 0.0);
}

void check_probe(Study& s, Finding& f, const BotRate& ref, std::uint64_t games) {
  const std::string spec = f.evidence["probe"];
  const auto lineup = s.one_against(spec, s.in.strong);
  const auto report = s.run(lineup, games, true, "strength: " + spec);
  if (!report) return;
  const BotRate p = bot_rate(*report, spec).value_or(BotRate{});
  const std::string figures = fmt::format("against {} it wins {}, the {} {} in its seat ({})", s.in.strong,
                                          pct_ci(p.rate, p.low, p.high), s.in.baseline, pct(ref.rate),
                                          s.command(lineup, games, true));
  f.strength = probe_holds(f, p, ref, *report) ? "holds: " + figures : "flips: " + figures;
  f.evidence["strength"] = {{"win_rate", p.rate}, {"ci95", {p.low, p.high}}, {"games", p.games},
                            {"baseline_rate", ref.rate}, {"opponents", s.in.strong}};
}

void check_probes(Study& s, const std::vector<Finding*>& list) {
  if (list.empty()) return;
  const auto games = strong_batch(s.request);
  const auto ref_report = s.run(s.one_against(s.in.baseline, s.in.strong), games, true, "strength: reference");
  if (!ref_report) return;
  const BotRate ref = bot_rate(*ref_report, s.in.baseline).value_or(BotRate{});
  int held = 0;
  for (Finding* f : list) {
    check_probe(s, *f, ref, games);
    held += f->strength.starts_with("holds") ? 1 : 0;
  }
  s.check(fmt::format("second strength: the {} probe finding(s) again against {} ({} games each; the {} scores {} "
                      "there)", list.size(), s.in.strong, games, s.in.baseline, pct(ref.rate)),
          fmt::format("{} hold, {} flip", held, list.size() - held));
}

}  // namespace

std::uint64_t strong_batch(const AdviseRequest& r) {
  return r.strong_games ? r.strong_games : std::max<std::uint64_t>(100, r.games / 4);
}

void check_strength(Study& s, const nlohmann::json&) {
  if (s.in.strong.empty() || s.in.strong == s.in.baseline) {
    s.check("second strength", "skipped: the strong bot is the baseline");
    return;
  }
  std::vector<Finding*> base, probes;
  for (auto& f : s.findings) {
    const std::string source = f.evidence.is_object() ? f.evidence.value("source", "") : "";
    if (source == "baseline") base.push_back(&f);
    if (source == "probe") probes.push_back(&f);
  }
  s.total_batches += (base.empty() ? 0 : 1) + (probes.empty() ? 0 : 1 + static_cast<int>(probes.size()));
  check_baseline(s, base);
  check_probes(s, probes);
}

}  // namespace court::advisor
