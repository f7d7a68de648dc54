#include "sim/ladder.h"

#include <fmt/format.h>

#include "sim/report.h"

namespace court::sim {
namespace {

// What a rung says of one figure: its rate (against `fair`), interval and whether it is significant.
struct Reading {
  bool present = false;
  double rate = 0, low = 0, high = 0, fair = 0;
  bool significant = false;
  int direction() const { return !significant ? 0 : rate > fair ? 1 : -1; }
  std::string words(bool card) const {
    return fmt::format("{} against {}{} ({})", percent_pm(rate, low, high), card ? "" : "a fair ",
                       fmt::format("{:.0f}%{}", 100 * fair, card ? " without it" : ""),
                       significant ? "significant" : "not significant");
  }
};

// A seat's figure is significant at p < 0.05 against the fair share; a card's carries its own verdict
// (`significant`, its test against the seats without it).
Reading reading(const nlohmann::json& figure, double fair) {
  if (figure.is_null() || !figure.contains("win_rate")) return {};
  const bool significant = figure.contains("significant") ? figure["significant"].get<bool>()
                                                          : figure.value("p_value", 1.0) < 0.05;
  return {true, figure["win_rate"].get<double>(), figure["ci95"][0].get<double>(), figure["ci95"][1].get<double>(),
          fair, significant};
}

// A flag when a finding changes direction, loses or gains significance between two strengths.
void compare(const std::string& what, const Reading& a, const Reading& b, const std::string& bot_a,
             const std::string& bot_b, nlohmann::json& flags, bool card = false) {
  if (!a.present || !b.present || (a.significant == b.significant && a.direction() == b.direction())) return;
  std::string change;
  if (a.direction() != 0 && b.direction() != 0) change = "changes direction";
  else if (a.significant) change = "loses significance";
  else change = "becomes significant";
  flags.push_back({{"figure", what}, {"from", bot_a}, {"to", bot_b}, {"change", change},
                   {"text", fmt::format("{}: {} with {}; {} with {}: it {}.", what, a.words(card), bot_a,
                                        b.words(card), bot_b, change)}});
}

// The figures of one rung the ladder keeps.
nlohmann::json rung_json(const Rung& r) {
  const nlohmann::json& p = r.report;
  nlohmann::json seats = nlohmann::json::array();
  for (const auto& s : p.value("seats", nlohmann::json::array())) {
    seats.push_back({{"seat", s["seat"]}, {"win_rate", s["win_rate"]}, {"ci95", s["ci95"]}, {"p_value", s["p_value"]}});
  }
  nlohmann::json cards = nlohmann::json::array();
  for (const auto& c : p.value("cards", nlohmann::json::array())) {
    cards.push_back({{"card", c["card"]}, {"win_rate", c["win_rate"]}, {"ci95", c["ci95"]},
                     {"win_rate_without", c["win_rate_without"]}, {"p_value", c["p_value"]},
                     {"significant", c["significant"]}});
  }
  return {{"bot", r.bot}, {"games", p["games"]}, {"seat_balance", p.value("seat_balance", nlohmann::json())},
          {"first_player", p.value("first_player", nlohmann::json())}, {"seats", seats}, {"cards", cards},
          {"mean_length", p.value("mean_length", 0.0)}};
}

// Card impact of `card` in rung `r`, read against the win rate of the seats without it.
Reading card_reading(const nlohmann::json& r, const std::string& card) {
  for (const auto& c : r["cards"]) {
    if (c["card"] == card) return reading(c, c["win_rate_without"].get<double>());
  }
  return {};
}

void flag_pair(const nlohmann::json& a, const nlohmann::json& b, nlohmann::json& flags) {
  const std::string bot_a = a["bot"], bot_b = b["bot"];
  const double fair_a = a["first_player"].value("fair_share", 0.0), fair_b = b["first_player"].value("fair_share", 0.0);
  compare("First-player advantage", reading(a["first_player"], fair_a), reading(b["first_player"], fair_b), bot_a,
          bot_b, flags);
  for (std::size_t s = 1; s < a["seats"].size() && s < b["seats"].size(); ++s) {
    compare(fmt::format("Seat {}'s win rate", s), reading(a["seats"][s], fair_a), reading(b["seats"][s], fair_b),
            bot_a, bot_b, flags);
  }
  for (const auto& c : a["cards"]) {
    const std::string card = c["card"];
    compare(fmt::format("Holding or playing {}", card), card_reading(a, card), card_reading(b, card), bot_a, bot_b,
            flags, true);
  }
}

}  // namespace

nlohmann::json ladder_section(const std::vector<Rung>& rungs) {
  nlohmann::json out = {{"rungs", nlohmann::json::array()}, {"flags", nlohmann::json::array()}};
  for (const auto& r : rungs) out["rungs"].push_back(rung_json(r));
  for (std::size_t i = 0; i + 1 < rungs.size(); ++i) flag_pair(out["rungs"][i], out["rungs"][i + 1], out["flags"]);
  return out;
}

}  // namespace court::sim
