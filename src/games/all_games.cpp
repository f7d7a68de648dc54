// Every game Court ships, each registered in one statement with its own bots (the generic `random`
// and `ismcts` join every game: bots/generic_bots.h). A new game adds one statement here and joins
// the conformance suite with it.
#include "bots/generic_bots.h"
#include "engine/registry.h"
#include "games/belle/bot.h"
#include "games/belle/game.h"
#include "games/gameshire/bot.h"
#include "games/gameshire/game.h"
#include "games/intrigue/bot.h"
#include "games/intrigue/game.h"
#include "games/levels.h"
#include "games/persuasion-classic/bot.h"
#include "games/persuasion-classic/game.h"
#include "games/persuasion/bot.h"
#include "games/persuasion/game.h"

namespace court {
namespace {

GameRegistry all_games() {
  GameRegistry registry;
  registry.add(game_entry<belle::BelleGame>({.heuristic = belle::make_heuristic_bot, .offered = belle_levels()}));
  registry.add(game_entry<gameshire::GameshireGame>(
      {.heuristic = gameshire::planner_bot(),
       .more = {{"greedy", gameshire::make_greedy_bot}, {"planner", gameshire::planner_bot()}},
       .offered = gameshire_levels()}));
  registry.add(
      game_entry<intrigue::IntrigueGame>({.heuristic = intrigue::make_heuristic_bot, .offered = intrigue_levels()}));
  registry.add(game_entry<persuasion::LetterboxGame>(
      {.heuristic = persuasion::make_letterbox_heuristic_bot, .offered = persuasion_levels()}));
  registry.add(game_entry<persuasion_classic::ClassicGame>(
      {.heuristic = persuasion_classic::make_classic_heuristic_bot, .offered = persuasion_classic_levels()}));
  return registry;
}

}  // namespace

const GameRegistry& games() {
  static const GameRegistry registry = all_games();
  return registry;
}

}  // namespace court
