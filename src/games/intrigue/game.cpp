// Intrigue: what `court games` lists of it, its description and its options.
#include "games/intrigue/game.h"

namespace court::intrigue {
namespace {

std::vector<OptionSpec> options() {
  return {
      {.name = "hand_size", .type = OptionType::Int, .default_value = "5",
       .help = "cards each player draws up to at the start of every round", .min = 1, .max = kMaxHandOption},
      {.name = "rounds", .type = OptionType::Int, .default_value = "3",
       .help = "rounds in a game (it ends earlier when a player has zero points)", .min = 1, .max = kMaxRounds},
      {.name = "starting_points", .type = OptionType::Int, .default_value = "3",
       .help = "points each player starts with", .min = 1, .max = 20},
  };
}

}  // namespace

GameInfo game_info() {
  // Per round at most one card play and one discard per deck card, plus every token; then the favors.
  GameInfo info{.id = "intrigue", .title = "Intrigue",
          .summary = "three royal advisors steer the succession with support, relationships and favors",
          .min_seats = kSeats, .max_seats = kSeats, .options = options(),
          .data_files = {"cards.toml", "characters.toml"},
          .max_steps = kMaxRounds * (2 * kMaxDeck + kTokens) + kSeats * kLetters};
  info.board = {.draw = draw_board};
  return info;
}

}  // namespace court::intrigue
