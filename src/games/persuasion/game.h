// Persuasion (letterbox edition, prototype B06): 3-8 players exchange sealed letters (trait cards)
// to learn each other's traits, then propose, accept, or claim independence. At Matrimony an engaged
// player wins when the fiance's dominant symbols include both symbols underlined on their desires
// card; an independent player wins when nobody's do. Rules as implemented: docs/rules/persuasion.md.
//
// Options: defined once, in game.cpp (what `court games` lists); the rules page's "Options" table
// says them to players and is checked against game.cpp (RulesPages.ListEveryOptionAsTheGameDefinesIt).
//
// Names: the game id is `persuasion` (replays and stored tables name it), and so are this folder and
// its namespace `court::persuasion`, which it shares with the code both editions use
// (src/games/persuasion-shared/); its types are called Letterbox* (LetterboxGame, LetterboxState) to
// tell this edition's types from the character-card edition's Classic* and the shared Persuasion* ones.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

// What `court games` lists of it (game.cpp, with the options).
GameInfo game_info();
// A position read from a scenario file (scenario.cpp).
LetterboxState letterbox_from_scenario(const LetterboxRules& rules, const nlohmann::json& scenario, std::uint64_t seed);
// The terminal board of a seat's view (board.cpp; the drawing, and a move's short form, are
// persuasion-shared/board_common.h).
void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out);

// The game as the engine sees it: its description, its data and options read into LetterboxRules
// (load_letterbox_rules), its first position and its scenario reader.
using LetterboxGame = GameDefinition<game_info, load_letterbox_rules,
                                     &LetterboxState::new_game, letterbox_from_scenario>;

}  // namespace court::persuasion
