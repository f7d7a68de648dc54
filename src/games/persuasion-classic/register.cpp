#include "games/persuasion-classic/game.h"
#include "games/persuasion/bot.h"
#include "games/persuasion/register.h"

namespace court {
namespace persuasion_classic {

GameInfo ClassicGame::info() {
  GameInfo info;
  info.id = "persuasion-classic";
  info.title = "Persuasion (character-card edition)";
  info.summary = "the older Persuasion: five traits, intentions revealed at once, at least two attributes to satisfy";
  info.min_seats = kMinSeats;
  info.max_seats = kMaxSeats;
  info.cooperative = false;
  info.options = classic_options();
  info.data_files = {"traits.toml"};
  // A round: one intention, at most one decision per intention, one discard, for each of 8 players.
  info.max_steps = kMaxRoundsOption * kMaxSeats * 3 + 64;
  return info;
}

}  // namespace persuasion_classic

void register_persuasion_classic(GameRegistry& registry) {
  auto entry = make_game_entry<persuasion_classic::ClassicGame>();
  entry.bots["heuristic"] = persuasion::make_classic_heuristic_bot;
  registry.add(std::move(entry));
}

}  // namespace court
