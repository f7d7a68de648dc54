// Gameshire: Write & Reap: what `court games` lists of it, its description and its options.
#include "games/gameshire/game.h"

namespace court::gameshire {
namespace {

std::vector<OptionSpec> options() {
  return {
      {.name = "mode", .type = OptionType::Choice, .default_value = "cooperative",
       .help = "cooperative (the team wins or loses together) or competitive (scored per player)",
       .choices = {"cooperative", "competitive"}},
      {.name = "wrinkles", .type = OptionType::Text, .default_value = "none",
       .help = "wrinkle cards shuffled into the resource deck: none, counts by colour (green:2,yellow:1) "
               "or names (Hailstorm,Blight); separate with , or +"},
      {.name = "market_size", .type = OptionType::Int, .default_value = "3",
       .help = "plans (demands) the market is refilled to", .min = 2, .max = 5},
      {.name = "autumn_reshuffle", .type = OptionType::Bool, .default_value = "true",
       .help = "at Autumn, the used season cards are shuffled back into the deck (false: only the unused deck is flipped)"},
      {.name = "refresh_discards", .type = OptionType::Int, .default_value = "2",
       .help = "demands the active player may discard when no gift is delivered", .min = 0, .max = 3},
      {.name = "shaded_boons", .type = OptionType::Bool, .default_value = "true",
       .help = "squares shaded in Spring (by a blight) count toward a row or column's boon, as the rulebook's note "
               "says (false: only recorded squares count)"},
      {.name = "review_wrinkles", .type = OptionType::Bool, .default_value = "true",
       .help = "the wrinkles shuffled in are listed for everyone (false: the rulebook's extra challenge, a wrinkle "
               "is known only when drawn)"},
  };
}

}  // namespace

GameInfo game_info() {
  // At most ~60 cards are resolved (20 per season plus returns and additions), each with a choice, a
  // record per player, skills, tokens and a delivery or two discards; plus six gift shadings per player.
  return {.id = "gameshire", .title = "Gameshire: Write & Reap",
          .summary = "cooperative flip-and-write: plant in Spring, choose six gifts, meet the Crown's demands in Autumn",
          .min_seats = 1, .max_seats = 6, .cooperative = true, .options = options(),
          .data_files = {"maps.toml", "seasons.toml", "resources.toml", "skills.toml", "wrinkles.toml"},
          .max_steps = 4000, .board = {.draw = draw_board, .shorthand = move_shorthand}};
}

}  // namespace court::gameshire
