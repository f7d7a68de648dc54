// Luck and skill in the advisor's study (advisor/advise.h): the strongest rung against the weakest
// (no_skill), the upset rate, and the deal's share of the outcome variance (deal_decides) from the same
// seeds replayed by every rung, on a bounded sample of games (no batch keeps all its records).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "advisor/study.h"

namespace court::advisor {
namespace {

constexpr double kSkillEdge = 0.05;   // the strongest rung beats the weakest by less than this: no skill
constexpr double kDealShare = 0.5;    // the deal explains at least this share of the outcome variance


// Outcome y[u][l] of unit u (a seed and seat, or a seed for a team) under lineup l: the share of the
// variance between units (intraclass correlation, one-way random effects), in [0, 1].
double deal_share(const std::vector<std::vector<double>>& y) {
  const std::size_t units = y.size(), lineups = units ? y[0].size() : 0;
  if (units < 2 || lineups < 2) return 0;
  double grand = 0;
  std::vector<double> means(units, 0);
  for (std::size_t u = 0; u < units; ++u) {
    for (double v : y[u]) means[u] += v / static_cast<double>(lineups);
    grand += means[u] / static_cast<double>(units);
  }
  double between = 0, within = 0;
  for (std::size_t u = 0; u < units; ++u) {
    between += (means[u] - grand) * (means[u] - grand);
    for (double v : y[u]) within += (v - means[u]) * (v - means[u]);
  }
  const double L = static_cast<double>(lineups);
  const double msb = L * between / static_cast<double>(units - 1);
  const double msw = within / (static_cast<double>(units) * (L - 1));
  if (msb + (L - 1) * msw <= 0) return 0;
  return std::clamp((msb - msw) / (msb + (L - 1) * msw), 0.0, 1.0);
}

// One outcome per unit per rung, from the same seeds: the rungs each in every seat, seats fixed.
std::optional<std::vector<std::vector<double>>> deal_outcomes(Study& s, const std::vector<std::string>& rungs,
                                                              std::uint64_t games) {
  std::vector<std::vector<double>> y;
  for (std::size_t l = 0; l < rungs.size(); ++l) {
    auto result = s.run_records(s.everywhere(rungs[l]), games, false, "deal sample " + rungs[l]);
    if (!result) return std::nullopt;
    std::size_t u = 0;
    for (const auto& g : result->records.at(0).games) {
      const std::size_t seats = g.cooperative ? 1 : g.seats.size();
      for (std::size_t seat = 0; seat < seats; ++seat, ++u) {
        if (l == 0) y.emplace_back();
        const double v = g.cooperative ? (g.team_win ? 1 : 0) : (g.seats[seat].win ? 1 : 0);
        if (u < y.size()) y[u].push_back(v);
      }
    }
  }
  std::erase_if(y, [&](const auto& row) { return row.size() != rungs.size(); });
  return y;
}

// The share of the mixed sample's games won by a weakest-rung seat while the strong seat lost.
std::optional<double> upset_rate(Study& s, const std::vector<std::string>& lineup, std::uint64_t games) {
  auto result = s.run_records(lineup, games, true, "upset sample");
  if (!result) return std::nullopt;
  const int players = s.players();
  double upsets = 0, n = 0;
  for (const auto& g : result->records.at(0).games) {
    const int strong = (players - g.rotation % players) % players;
    bool weak_won = false;
    for (int seat = 0; seat < players; ++seat) weak_won |= seat != strong && g.seats[seat].win;
    upsets += weak_won && !g.seats[strong].win ? 1 : 0;
    n += 1;
  }
  return n > 0 ? upsets / n : 0;
}

void skill_finding(Study& s, nlohmann::json& luck, const std::vector<std::string>& lineup, bool coop) {
  const double edge = luck["edge"];
  const std::string strong = luck["strongest"], weak = luck["weakest"];
  s.check(fmt::format("skill: {} against {} (no skill when ahead by less than {} points)", strong, weak,
                      100 * kSkillEdge), fmt::format("ahead by {:.1f} points", 100 * edge));
  if (edge >= kSkillEdge) return;
  Finding f{"no_skill", Severity::Major, kSkillEdge - edge};
  f.text = fmt::format("{}, {} barely beats {}: {} {}, {} {}.", s.at(), strong, weak, strong,
                       pct_ci(luck["strong_rate"], luck["strong_ci95"][0], luck["strong_ci95"][1]), weak,
                       pct_ci(luck["weak_rate"], luck["weak_ci95"][0], luck["weak_ci95"][1]));
  if (coop) f.text.insert(f.text.size() - 1, " (team win rates, each in every seat)");
  f.evidence = {{"source", "luck"}, {"key", "no_skill"}, {"edge", edge}, {"strongest", strong}, {"weakest", weak}};
  f.command = s.command(lineup, s.in.games, false);
  s.findings.push_back(std::move(f));
}

// The strongest rung against the weakest: its rate and theirs (for a team, each rung in every seat).
bool skill_edge(Study& s, nlohmann::json& luck, const std::string& strong, const std::string& weak, bool coop) {
  std::optional<BotRate> a, b;
  std::vector<std::string> lineup = s.one_against(strong, weak);
  if (coop) {
    const auto rs = s.run(s.everywhere(strong), s.in.games, false, "skill " + strong);
    const auto rw = rs ? s.run(s.everywhere(weak), s.in.games, false, "skill " + weak) : std::nullopt;
    if (!rw) return false;
    a = bot_rate(*rs, strong), b = bot_rate(*rw, weak);
    lineup = s.everywhere(strong);
  } else {
    const auto r = s.run(lineup, s.in.games, false, "skill");
    if (!r) return false;
    a = bot_rate(*r, strong), b = bot_rate(*r, weak);
  }
  if (!a || !b) return false;
  luck.update({{"strongest", strong}, {"weakest", weak}, {"strong_rate", a->rate}, {"strong_ci95", {a->low, a->high}},
               {"weak_rate", b->rate}, {"weak_ci95", {b->low, b->high}}, {"edge", a->rate - b->rate},
               {"command", s.command(lineup, s.in.games, false)}});
  skill_finding(s, luck, lineup, coop);
  return true;
}

void deal_finding(Study& s, nlohmann::json& luck, const std::vector<std::string>& rungs, std::uint64_t games) {
  const double share = luck["deal_share"];
  s.check(fmt::format("the deal's share of the outcome variance: the same {} seeds played by {} (deal decides from "
                      "{})", games, fmt::join(rungs, ", "), pct(kDealShare)),
          fmt::format("{:.0f}% of the variance is the deal's", 100 * share));
  if (share < kDealShare) return;
  Finding f{"deal_decides", Severity::Minor, share};
  f.text = fmt::format("{}, the deal decides most of the outcome: replaying the same {} deals with {} in every seat, "
                       "{:.0f}% of the variance in who wins is between deals, not between players.",
                       s.at(), games, fmt::join(rungs, " or "), 100 * share);
  f.evidence = {{"source", "luck"}, {"key", "deal_decides"}, {"deal_share", share}, {"games", games}, {"rungs", rungs}};
  f.command = s.command(s.everywhere(rungs.back()), games, false) + " --csv games.csv";
  s.findings.push_back(std::move(f));
}

}  // namespace

std::vector<std::string> rungs_of(const Study& s) {
  std::vector<std::string> rungs{"random"};
  if (s.in.baseline != "random") rungs.push_back(s.in.baseline);
  for (const auto& r : s.request.rungs) {
    if (std::find(rungs.begin(), rungs.end(), r) == rungs.end()) rungs.push_back(r);
  }
  return rungs;
}

nlohmann::json study_luck(Study& s) {
  nlohmann::json luck = nlohmann::json::object();
  const auto rungs = rungs_of(s);
  luck["rungs"] = rungs;
  if (rungs.size() < 2) {
    s.check("luck and skill", "skipped: one rung only (the baseline is random and no stronger rung was given)");
    return luck;
  }
  const bool coop = s.in.subject.entry->info.cooperative;
  if (!skill_edge(s, luck, rungs.back(), rungs.front(), coop)) return luck;
  const std::uint64_t sample = std::min(s.in.games, s.request.deal_sample);
  if (!coop) {
    const auto upsets = upset_rate(s, s.one_against(rungs.back(), rungs.front()), sample);
    if (!upsets) return luck;
    luck["upset_rate"] = *upsets;
    luck["upset_games"] = sample;
    s.check(fmt::format("upsets: games of {} against {} won by a {} seat while {} lost ({} games)", rungs.back(),
                        rungs.front(), rungs.front(), rungs.back(), sample), pct(*upsets));
  }
  const auto y = deal_outcomes(s, rungs, sample);
  if (!y) return luck;
  luck["deal_share"] = deal_share(*y);
  luck["deal_games"] = sample;
  deal_finding(s, luck, rungs, sample);
  return luck;
}

}  // namespace court::advisor
