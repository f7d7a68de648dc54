#include "games/gameshire/register.h"

#include "games/gameshire/bot.h"
#include "games/gameshire/game.h"

namespace court {
namespace gameshire {

GameInfo GameshireGame::info() {
  GameInfo info;
  info.id = "gameshire";
  info.title = "Gameshire: Write & Reap";
  info.summary = "cooperative flip-and-write: plant in Spring, choose six gifts, meet the Crown's demands in Autumn";
  info.min_seats = 1;
  info.max_seats = 6;
  info.cooperative = true;
  info.options = gameshire_options();
  info.data_files = {"maps.toml", "seasons.toml", "resources.toml", "skills.toml", "wrinkles.toml"};
  // At most ~60 cards are resolved (20 per season plus returns and additions), each with a choice, a
  // record per player, skills, tokens and a delivery or two discards; plus six gift shadings per player.
  info.max_steps = 4000;
  return info;
}

}  // namespace gameshire

void register_gameshire(GameRegistry& registry) {
  auto entry = make_game_entry<gameshire::GameshireGame>();
  entry.bots["greedy"] = gameshire::make_greedy_bot;
  entry.bots["planner"] = gameshire::make_planner_bot;
  entry.bots["heuristic"] = gameshire::make_planner_bot;   // generic tools ask every game for one
  registry.add(std::move(entry));
}

}  // namespace court
