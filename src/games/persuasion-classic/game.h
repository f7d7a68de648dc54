// Persuasion (character-card edition): 3-8 players with five traits each share intentions all at once:
// invitations (reveal a trait to see one), proposals (exchange a trait and become engaged) or
// independence. At Matrimony a player is satisfied by someone who has at least two of the desired
// attributes as dominant attributes. Rules as implemented: docs/rules/persuasion-classic.md.
//
// Options: defined once, in game.cpp (what `court games` lists); the rules page's "Options" table
// says them to players and is checked against game.cpp (RulesPages.ListEveryOptionAsTheGameDefinesIt).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/persuasion-classic/state.h"

namespace court::persuasion_classic {

// What `court games` lists of it (game.cpp, with the options).
GameInfo game_info();
// A position read from a scenario file (scenario.cpp).
ClassicState classic_from_scenario(const ClassicRules& rules, const nlohmann::json& scenario, std::uint64_t seed);
// The terminal board of a seat's view (board.cpp; the drawing, and a move's short form, are
// persuasion-shared/board_common.h).
void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out);

// The game as the engine sees it: its description, its data and options read into ClassicRules
// (load_classic_rules), its first position and its scenario reader.
using ClassicGame = GameDefinition<game_info, load_classic_rules, &ClassicState::new_game, classic_from_scenario>;

}  // namespace court::persuasion_classic
