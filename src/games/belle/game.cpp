// Belle of the Ball: what `court games` lists of it, its description and its options.
#include "games/belle/game.h"

namespace court::belle {
namespace {

std::vector<OptionSpec> options() {
  return {
      {.name = "hand_size", .type = OptionType::Int, .default_value = "5",
       .help = "cards in a full hand (dealt each round, refilled each turn)", .min = 2, .max = kMaxHandOption},
      {.name = "minglers", .type = OptionType::Int, .default_value = "5",
       .help = "mingling guests beside the deck", .min = 1, .max = kMaxMinglers},
      {.name = "couples_to_end", .type = OptionType::Int, .default_value = "0",
       .help = "couples in play that end a round; 0 = the rulebook's players + 3 (5, 6, 7, 8)", .min = 0, .max = 40},
      {.name = "buried_powers", .type = OptionType::Bool, .default_value = "false",
       .help = "the bottom card of a couple keeps its end-of-round power"},
      {.name = "optional_reach", .type = OptionType::Bool, .default_value = "false",
       .help = "attract and repel may be declined (the rulebook: they must be used when possible)"},
      {.name = "gift_with_belle", .type = OptionType::Bool, .default_value = "false",
       .help = "a gift may come with a Belle's invitation as well as a guest's (the rulebook: a guest's only)"},
  };
}

}  // namespace

GameInfo game_info() {
  // Every turn draws at least one card (the minglers' drift) and takes at most eight choices: invite,
  // power, two gifts, two attractions and two replacements.
  return {.id = "belle", .title = "Belle of the Ball",
          .summary = "gather the most popular clique: invite, couple and gift guests, attract rivals', win the Belles",
          .min_seats = kMinSeats, .max_seats = kMaxPlayers, .options = options(),
          .data_files = {"guests.toml", "belles.toml"}, .max_steps = kMaxDeck * 8 + 64,
          .board = {.draw = draw_board}};
}

}  // namespace court::belle
