// Every game Court ships, each registered in one statement with its own bots (the generic `random`
// and `ismcts` join every game: bots/generic_bots.h). A new game adds one statement here and joins
// the conformance suite with it.
#include "bots/generic_bots.h"
#include "engine/embedded.h"
#include "engine/ratings.h"
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

std::vector<GameEntry> all_entries() {
  std::vector<GameEntry> entries;
  entries.push_back(game_entry<belle::BelleGame>({.heuristic = belle::make_heuristic_bot, .offered = belle_levels()}));
  entries.push_back(game_entry<gameshire::GameshireGame>(
      {.heuristic = gameshire::planner_bot(),
       .more = {{"greedy", gameshire::make_greedy_bot}, {"planner", gameshire::planner_bot()}},
       .offered = gameshire_levels()}));
  entries.push_back(
      game_entry<intrigue::IntrigueGame>({.heuristic = intrigue::make_heuristic_bot, .offered = intrigue_levels()}));
  entries.push_back(game_entry<persuasion::LetterboxGame>(
      {.heuristic = persuasion::make_letterbox_heuristic_bot, .offered = persuasion_levels()}));
  entries.push_back(game_entry<persuasion_classic::ClassicGame>(
      {.heuristic = persuasion_classic::make_classic_heuristic_bot, .offered = persuasion_classic_levels()}));
  return entries;
}

constexpr const char* kRatingsFile = "data/ratings.toml";

// The games, each offered bot with its rating from the shipped ratings file (games/ratings.h).
GameRegistry all_games() {
  std::vector<GameEntry> entries = all_entries();
  if (const auto text = embedded_file(kRatingsFile)) {
    apply_ratings(parse_ratings(std::string(*text), kRatingsFile, entries), entries);
  }
  GameRegistry registry;
  for (auto& entry : entries) registry.add(std::move(entry));
  return registry;
}

}  // namespace

const GameRegistry& games() {
  static const GameRegistry registry = all_games();
  return registry;
}

}  // namespace court
