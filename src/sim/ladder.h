// The skill ladder (`court sim --ladder BOT,BOT`): balance figures move with the bots' skill, so the same
// batch is played with every seat taken by each bot in turn, weakest first. The `ladder` section of the
// report gives seat advantage, first-player advantage and card impact at each strength, and flags every
// finding that changes direction, loses or gains significance from one strength to the next
// (docs/report.md, "The skill ladder").
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace court::sim {

// One rung: the bot that took every seat, and the report of its batch (build_report).
struct Rung {
  std::string bot;
  nlohmann::json report;
};

// {"rungs": [{bot, games, seat_balance, first_player, seats, cards, mean_length}], "flags": [...]}.
nlohmann::json ladder_section(const std::vector<Rung>& rungs);

}  // namespace court::sim
