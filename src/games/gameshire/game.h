// Gameshire: Write & Reap (Rattlebox Games, 2020): a cooperative flip-and-write for 1-6 players. In
// Spring the players record supply plans on their maps, learn skills from hammers, earn boons from
// full rows and columns and choose six gifts from crowns; in Autumn they shade demands that the active
// player must meet and deliver the gifts. Rules as implemented: docs/rules/gameshire.md.
//
// Options: defined once, in game.cpp (what `court games` lists); the rules page's "Options" table
// says them to players and is checked against game.cpp (RulesPages.ListEveryOptionAsTheGameDefinesIt).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/gameshire/cards.h"
#include "games/gameshire/state.h"

namespace court::gameshire {

// What `court games` lists of it (game.cpp, with the options).
GameInfo game_info();
// The terminal board of a seat's view, with a previewed move's squares on the map (board.cpp), and a
// placement's short form "B3 r1 m" (a gift's shading: its square).
void draw_board(const nlohmann::json& view, const nlohmann::json& preview, court::Board& out);
std::string move_shorthand(const nlohmann::json& parts);
// A position read from a scenario file (scenario.cpp).
GameshireState state_from_scenario(const GameshireRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

// The game as the engine sees it: its description, its data and options read into GameshireRules
// (load_gameshire_rules), its first position and its scenario reader.
using GameshireGame = GameDefinition<game_info, load_gameshire_rules, &GameshireState::new_game, state_from_scenario>;

}  // namespace court::gameshire
