// Persuasion (character-card edition): what `court games` lists of it, its description and its options.
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/board_common.h"
#include "games/persuasion-shared/claims.h"

namespace court::persuasion_classic {
namespace {

std::vector<OptionSpec> options() {
  return {{.name = "max_rounds", .type = OptionType::Int, .default_value = "30",
           .help = "after this many rounds play goes to Matrimony (the rulebook has no limit)", .min = 1,
           .max = kMaxRoundsOption}};
}

}  // namespace

GameInfo game_info() {
  // A round: one intention, at most one decision per intention, one discard, for each of 8 players.
  return {.id = "persuasion-classic", .title = "Persuasion (character-card edition)",
          .summary = "the older Persuasion: five traits, intentions revealed at once, at least two attributes to satisfy",
          .min_seats = kMinSeats, .max_seats = kMaxSeats, .options = options(), .data_files = {"traits.toml"},
          .max_steps = kMaxRoundsOption * kMaxSeats * 3 + 64,
          .board = {.draw = draw_board, .shorthand = persuasion::persuasion_shorthand},
          .talk = {.name = "Limited Correspondence",
                   .summary = "Limited Correspondence: you may talk privately with a player from the moment an "
                              "invitation between you is accepted until your traits are returned at the end of the "
                              "round; the whole table talks only before the first move and after the end.",
                   .seat_closed = "Limited Correspondence: you may talk with seat {} only from an accepted invitation "
                                  "between you until your traits are returned",
                   .table_closed = "Limited Correspondence: no table talk during play (the table talks before the "
                                   "first move and after the end); talk privately with a player who accepted your "
                                   "invitation, or whose invitation you accepted, until your traits are returned",
                   .claims = persuasion::persuasion_claims()}};
}

}  // namespace court::persuasion_classic
