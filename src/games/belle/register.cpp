#include "games/belle/register.h"

#include "games/belle/bot.h"
#include "games/belle/game.h"

namespace court {
namespace belle {

GameInfo BelleGame::info() {
  GameInfo info;
  info.id = "belle";
  info.title = "Belle of the Ball";
  info.summary = "gather the most popular clique: invite, couple and gift guests, attract rivals', win the Belles";
  info.min_seats = kMinSeats;
  info.max_seats = kMaxPlayers;
  info.cooperative = false;
  info.options = belle_options();
  info.data_files = {"guests.toml", "belles.toml"};
  // Every turn draws at least one card (the minglers' drift) and takes at most eight choices: invite,
  // power, two gifts, two attractions and two replacements.
  info.max_steps = kMaxDeck * 8 + 64;
  return info;
}

}  // namespace belle

void register_belle(GameRegistry& registry) {
  auto entry = make_game_entry<belle::BelleGame>();
  entry.bots["heuristic"] = belle::make_heuristic_bot;
  registry.add(std::move(entry));
}

}  // namespace court
