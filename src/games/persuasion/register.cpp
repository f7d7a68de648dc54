#include "games/persuasion/register.h"

#include "games/persuasion/bot.h"
#include "games/persuasion/game.h"

namespace court {
namespace persuasion {

GameInfo LetterboxGame::info() {
  GameInfo info;
  info.id = "persuasion";
  info.title = "Persuasion (letterbox edition)";
  info.summary = "sealed letters, proposals and independence: marry someone whose traits match your desires";
  info.min_seats = kMinSeats;
  info.max_seats = kMaxSeats;
  info.cooperative = false;
  info.options = letterbox_options();
  info.data_files = {"traits.toml"};
  // Introductions: 7 shows each. A round: one intention, one reflection (2 moves at Await Postman)
  // and at most one decision per mail, for each of 8 players.
  info.max_steps = kMaxSeats * (kMaxSeats - 1) + kMaxRoundsOption * kMaxSeats * 5 + 64;
  return info;
}

}  // namespace persuasion

void register_persuasion(GameRegistry& registry) {
  auto entry = make_game_entry<persuasion::LetterboxGame>();
  entry.bots["heuristic"] = persuasion::make_letterbox_heuristic_bot;
  registry.add(std::move(entry));
}

}  // namespace court
