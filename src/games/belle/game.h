// Belle of the Ball, a card game for 2-5 players from a designer's playtest notes: invite guests of six
// noble families into your clique, couple them, bring gifts, attract the best guests from the minglers
// and from rival cliques, and win the Belles' favour. Rules as implemented: docs/rules/belle.md. The
// rulebook lists no cards; the designed deck is data (data/belle/guests.toml, belles.toml).
//
// Options: defined once, in game.cpp (what `court games` lists); the rules page's "Options" table
// says them to players and is checked against game.cpp (RulesPages.ListEveryOptionAsTheGameDefinesIt).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/belle/cards.h"
#include "games/belle/state.h"

namespace court::belle {

// What `court games` lists of it (game.cpp, with the options).
GameInfo game_info();
// The terminal board of a seat's view: the table during play, the ending when the game is over (board.cpp).
void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out);
// A position read from a scenario file (scenario.cpp).
BelleState state_from_scenario(const BelleRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

// The game as the engine sees it: its description, its data and options read into BelleRules
// (load_belle_rules), its first position and its scenario reader.
using BelleGame = GameDefinition<game_info, load_belle_rules, &BelleState::new_game, state_from_scenario>;

}  // namespace court::belle
