// Intrigue (v0.1.1) by Paul Gestwicki, CC BY-SA 4.0: three royal advisors steer three rivals for the
// throne with support cards, relationships and actions, back them with support tokens, and bet on the
// next monarch with face-down favors. Rules as implemented: docs/rules/intrigue.md.
//
// Options: defined once, in game.cpp (what `court games` lists); the rules page's "Options" table
// says them to players and is checked against game.cpp (RulesPages.ListEveryOptionAsTheGameDefinesIt).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/intrigue/cards.h"
#include "games/intrigue/state.h"

namespace court::intrigue {

// What `court games` lists of it (game.cpp, with the options).
GameInfo game_info();
// A position read from a scenario file (scenario.cpp).
IntrigueState state_from_scenario(const IntrigueRules& rules, const nlohmann::json& scenario, std::uint64_t seed);
// The terminal board of a seat's view (board.cpp): the court, the players, your hand; at the end, the
// monarch, the favors in order and the points.
void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out);

// The game as the engine sees it: its description, its data and options read into IntrigueRules
// (load_intrigue_rules), its first position and its scenario reader.
using IntrigueGame = GameDefinition<game_info, load_intrigue_rules, &IntrigueState::new_game, state_from_scenario>;

}  // namespace court::intrigue
