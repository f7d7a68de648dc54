// Persuasion (letterbox edition): what `court games` lists of it, its description and its options.
#include "games/persuasion/game.h"
#include "games/persuasion-shared/board_common.h"
#include "games/persuasion-shared/claims.h"

namespace court::persuasion {
namespace {

std::vector<OptionSpec> options() {
  return {
      {.name = "max_rounds", .type = OptionType::Int, .default_value = "30",
       .help = "after this many rounds play goes to Matrimony (the rulebook has no limit)", .min = 1,
       .max = kMaxRoundsOption},
      {.name = "extra_reflection", .type = OptionType::Bool, .default_value = "true",
       .help = "a player whom no card reached during a round may reflect at Await Postman"},
      {.name = "independence_from", .type = OptionType::Int, .default_value = "1",
       .help = "the first round in which a player may claim independence, and always in a final round (the "
               "rulebook: 1, any round)", .min = 1, .max = kMaxRoundsOption},
  };
}

}  // namespace

GameInfo game_info() {
  // Introductions: 7 shows each. A round: one intention, one reflection (2 moves at Await Postman)
  // and at most one decision per mail, for each of 8 players.
  return {.id = "persuasion", .title = "Persuasion (letterbox edition)",
          .summary = "sealed letters, proposals and independence: marry someone whose traits match your desires",
          .min_seats = kMinSeats, .max_seats = kMaxSeats, .options = options(), .data_files = {"traits.toml"},
          .max_steps = kMaxSeats * (kMaxSeats - 1) + kMaxRoundsOption * kMaxSeats * 5 + 64,
          .board = {.draw = draw_board, .shorthand = persuasion_shorthand},
          .talk = {.name = "Mail Bound",
                   .summary = "Mail Bound: you may talk privately with a player while one of you holds the other's "
                              "trait card (mail under review, an accepted invitation until the cards go home, the "
                              "introductions until the first intentions are revealed); the whole table talks only "
                              "before the first move and after the end.",
                   .seat_closed = "Mail Bound: you may talk with seat {} only while one of you holds the other's "
                                  "trait card",
                   .table_closed = "Mail Bound: no table talk during play (the table talks before the first move and "
                                   "after the end); talk privately with a player while one of you holds the other's "
                                   "trait card",
                   .claims = persuasion_claims()}};
}

}  // namespace court::persuasion
