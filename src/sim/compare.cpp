#include "sim/compare.h"

#include <fmt/format.h>

#include <algorithm>

#include "sim/stats.h"

namespace court::sim {
namespace {

struct Difference {
  std::string what;
  double a = 0, b = 0, p = 1;
  bool significant = false;   // after Holm's correction over every comparison made
};

void compare_rates(std::vector<Difference>& out, const std::string& what, double ka, double na, double kb, double nb) {
  if (na <= 0 || nb <= 0) return;
  out.push_back({what, ka / na, kb / nb, sim::two_proportion_test(ka, na, kb, nb).p_value});
}

std::vector<Difference> differences(const nlohmann::json& a, const nlohmann::json& b) {
  std::vector<Difference> out;
  const double ga = a["games"].get<double>(), gb = b["games"].get<double>();
  for (std::size_t s = 0; s < std::min(a["seats"].size(), b["seats"].size()); ++s) {
    compare_rates(out, fmt::format("seat {} win rate", s), a["seats"][s]["wins"].get<double>(), ga,
                  b["seats"][s]["wins"].get<double>(), gb);
  }
  for (const auto& ba : a["bots"]) {
    for (const auto& bb : b["bots"]) {
      if (ba["bot"] != bb["bot"]) continue;
      compare_rates(out, fmt::format("{} win rate", ba["bot"].get<std::string>()), ba["wins"].get<double>(),
                    ba["seat_games"].get<double>(), bb["wins"].get<double>(), bb["seat_games"].get<double>());
    }
  }
  const auto& la = a["length"];
  const auto& lb = b["length"];
  out.push_back({"mean length", la["mean"].get<double>(), lb["mean"].get<double>(),
                 sim::welch_test(la["mean"], la["sd"], la["count"], lb["mean"], lb["sd"], lb["count"]).p_value});
  if (a.contains("team") && b.contains("team")) {
    compare_rates(out, "team win rate", a["team"]["count"], ga, b["team"]["count"], gb);
  }
  compare_rates(out, "games stopped at a cap", a["capped"]["count"], ga, b["capped"]["count"], gb);
  for (const auto& sa : a["game_stats"]) {
    for (const auto& sb : b["game_stats"]) {
      if (sa["name"] != sb["name"]) continue;
      out.push_back({sa["name"].get<std::string>(), sa["mean"].get<double>(), sb["mean"].get<double>(),
                     sim::welch_test(sa["mean"], sa["sd"], ga, sb["mean"], sb["sd"], gb).p_value});
    }
  }
  for (const auto& ca : a["cards"]) {
    for (const auto& cb : b["cards"]) {
      if (ca["card"] != cb["card"]) continue;
      compare_rates(out, fmt::format("win rate holding {}", ca["card"].get<std::string>()), ca["wins"],
                    ca["seat_games"], cb["wins"], cb["seat_games"]);
    }
  }
  // Holm's step-down correction: family-wise error 5% over all the comparisons above.
  std::vector<std::size_t> order(out.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return out[x].p < out[y].p; });
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    if (out[order[rank]].p >= 0.05 / static_cast<double>(order.size() - rank)) break;
    out[order[rank]].significant = true;
  }
  return out;
}

}  // namespace

nlohmann::json compare_reports(const nlohmann::json& a, const nlohmann::json& b) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : differences(a, b)) {
    out.push_back({{"what", d.what}, {"a", d.a}, {"b", d.b}, {"p_value", d.p}, {"significant", d.significant}});
  }
  return out;
}

}  // namespace court::sim
