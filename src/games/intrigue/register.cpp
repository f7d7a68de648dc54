#include "games/intrigue/register.h"

#include "games/intrigue/bot.h"
#include "games/intrigue/game.h"

namespace court {
namespace intrigue {

GameInfo IntrigueGame::info() {
  GameInfo info;
  info.id = "intrigue";
  info.title = "Intrigue";
  info.summary = "three royal advisors steer the succession with support, relationships and favors";
  info.min_seats = kSeats;
  info.max_seats = kSeats;
  info.cooperative = false;
  info.options = intrigue_options();
  info.data_files = {"cards.toml", "characters.toml"};
  // Per round at most one card play and one discard per deck card, plus every token; then the favors.
  info.max_steps = kMaxRounds * (2 * kMaxDeck + kTokens) + kSeats * kLetters;
  return info;
}

}  // namespace intrigue

void register_intrigue(GameRegistry& registry) {
  auto entry = make_game_entry<intrigue::IntrigueGame>();
  entry.bots["heuristic"] = intrigue::make_heuristic_bot;
  registry.add(std::move(entry));
}

}  // namespace court
