// The baseline batch's findings (advisor/advise.h): seat balance, card impact, a cooperative team's win
// rate, and the shape findings (advisor/parts.h).
#include <fmt/format.h>

#include <cmath>

#include "advisor/parts.h"
#include "advisor/study.h"

namespace court::advisor {
namespace {

constexpr double kSeatEdge = 0.03;    // a seat's win rate this far from its fair share, and significant
constexpr double kCardEdge = 0.10;    // a card's holders this far from those without it, and significant
constexpr double kMinCardGames = 30;

void seat_findings(Study& s, const nlohmann::json& r, const std::string& bot, std::vector<Finding>& out, bool log) {
  const double fair = r.value("fair_share", 0.0);
  const auto& seats = r["seats"];
  std::vector<double> p;
  for (const auto& seat : seats) {
    p.push_back(std::min(1.0, 2 * std::min(one_sided_p(seat["wins"], seat["games"], fair, true),
                                           one_sided_p(seat["wins"], seat["games"], fair, false))));
  }
  const auto reject = holm(p, kFamilyAlpha);
  int raised = 0;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const double rate = seats[i]["win_rate"], diff = rate - fair;
    if (!reject[i] || std::abs(diff) < kSeatEdge) continue;
    ++raised;
    Finding f{"seat_imbalance", std::abs(diff) >= 0.10 ? Severity::Major : Severity::Minor, std::abs(diff)};
    f.text = fmt::format("{}, seat {}{} wins {} with {} in every seat, against a fair share of {} (p = {:.2g}).",
                         s.at(), i, i == 0 ? " (the first player)" : "",
                         pct_ci(rate, seats[i]["ci95"][0], seats[i]["ci95"][1]), bot, pct(fair), p[i]);
    f.evidence = {{"source", "baseline"}, {"key", fmt::format("seat {}", i)}, {"seat", i}, {"win_rate", rate},
                  {"ci95", seats[i]["ci95"]}, {"fair_share", fair}, {"games", seats[i]["games"]}, {"p_value", p[i]}};
    f.command = s.command(s.everywhere(bot), s.in.games, true);
    out.push_back(std::move(f));
  }
  if (log) {
    s.check(fmt::format("seat balance: each of {} seats' win rate against the fair share {} (two-sided, Holm at {}, "
                        "at least {} points)", seats.size(), pct(fair), kFamilyAlpha, 100 * kSeatEdge),
            raised ? fmt::format("{} seat(s) off balance", raised) : "balanced");
  }
}

Finding card_finding(const Study& s, const nlohmann::json& c, const std::string& bot, double p) {
  const double rate = c["win_rate"], without = c["win_rate_without"], diff = rate - without;
  Finding f{diff > 0 ? "strong_card" : "weak_card", std::abs(diff) >= 0.2 ? Severity::Major : Severity::Minor,
            std::abs(diff)};
  const std::string card = c["card"];
  f.text = fmt::format("{}, the {} holding or playing `{}` win {} against {} without it.", s.at(), bot, card,
                       pct_ci(rate, c["ci95"][0], c["ci95"][1]), pct(without));
  f.evidence = {{"source", "baseline"}, {"key", "card " + card}, {"card", card}, {"win_rate", rate},
                {"ci95", c["ci95"]}, {"win_rate_without", without}, {"seat_games", c["seat_games"]}, {"p_value", p}};
  f.command = s.command(s.everywhere(bot), s.in.games, true);
  return f;
}

void card_findings(Study& s, const nlohmann::json& r, const std::string& bot, std::vector<Finding>& out, bool log) {
  std::vector<const nlohmann::json*> cards;
  std::vector<double> p;
  const nlohmann::json all = r.value("cards", nlohmann::json::array());
  for (const auto& c : all) {
    if (c.value("seat_games", 0.0) < kMinCardGames) continue;
    cards.push_back(&c);
    p.push_back(c.value("p_value", 1.0));
  }
  const auto reject = holm(p, kFamilyAlpha);
  int raised = 0;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const double diff = (*cards[i])["win_rate"].get<double>() - (*cards[i])["win_rate_without"].get<double>();
    if (!reject[i] || std::abs(diff) < kCardEdge) continue;
    ++raised;
    out.push_back(card_finding(s, *cards[i], bot, p[i]));
  }
  if (log) {
    s.check(fmt::format("card impact: {} cards seen in at least {} seat-games, holders against the rest (Holm at {}, "
                        "at least {} points)", cards.size(), kMinCardGames, kFamilyAlpha, 100 * kCardEdge),
            raised ? fmt::format("{} card(s) far off", raised) : cards.empty() ? "no cards reported" : "none far off");
  }
}

void team_findings(Study& s, const nlohmann::json& r, const std::string& bot, std::vector<Finding>& out, bool log) {
  if (!r.contains("team")) return;
  const auto& t = r["team"];
  const double rate = t.value("rate", 0.0), low = t["ci95"][0], high = t["ci95"][1];
  const bool unwinnable = high < 0.05, trivial = low > 0.95;
  if (unwinnable || trivial) {
    Finding f{unwinnable ? "unwinnable" : "trivial_win", Severity::Critical, unwinnable ? 1 - rate : rate};
    f.text = fmt::format("{}, the team of {} wins {}: the game is {}.", s.at(), bot, pct_ci(rate, low, high),
                         unwinnable ? "all but unwinnable" : "all but always won");
    f.evidence = {{"source", "baseline"}, {"key", "team"}, {"team_win_rate", rate}, {"ci95", {low, high}}};
    f.command = s.command(s.everywhere(bot), s.in.games, true);
    out.push_back(std::move(f));
  }
  if (log) {
    s.check("cooperative team win rate (unwinnable below 5%, trivial above 95%, by its interval)",
            fmt::format("the team wins {}", pct_ci(rate, low, high)));
  }
}

}  // namespace

std::vector<Finding> baseline_findings(Study& s, const nlohmann::json& r, const std::string& bot, bool log) {
  std::vector<Finding> out;
  if (r.value("games", 0) == 0) return out;
  if (!r.value("cooperative", false)) seat_findings(s, r, bot, out, log);
  card_findings(s, r, bot, out, log);
  team_findings(s, r, bot, out, log);
  if (r.contains("shape")) {
    for (auto& f : shape_findings(r["shape"], s.in.subject, bot)) {
      if (!f.evidence.is_object()) f.evidence = nlohmann::json::object();
      f.evidence["source"] = "baseline";
      if (!f.evidence.contains("key")) f.evidence["key"] = f.code;
      out.push_back(std::move(f));
    }
    if (log) s.check("the shape of the game (shape_findings: duration, first-round ends, forced moves, lead changes)",
                     "see the findings");
  } else if (log) {
    s.check("the shape of the game", "no shape figures in the report (this build's runner records none)");
  }
  return out;
}

}  // namespace court::advisor
