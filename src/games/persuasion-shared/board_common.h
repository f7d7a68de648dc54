// The terminal board of both Persuasion editions (engine/board.h), drawn from one seat's view alone.
//
// During play, under a title (round, phase, piles) and a line on what the phase asks:
//   - your desires card and what it needs of a fiance;
//   - a table with a row per seat, yours first: status, the symbol totals in aligned columns (yours of
//     your hand; another seat's of the cards you are sure it holds), and this round's letter or
//     choice; under your row your hand (a mailed card is marked *), under another's what you know of
//     its cards (the letter it sent you, its reply to yours, the cards it holds, those seen there
//     that may have left);
//   - the latest lines of the log, as far as the lines allow.
// At the end (the view's "matrimony"): who won, and for each seat a line `Seat N: hand #..` with its
// symbol totals, a line `  dominant .. · desires ..`, and a line saying whom it married (or that it
// went independent) and why it won or lost; then every revealed card in words when the lines allow.
//
// The editions differ in words only (BoardWords); everything else comes from the view's own fields
// (the letterbox edition's "mail", "drawn" and "discard_pile", the character-card edition's
// "intentions").
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

#include "engine/board.h"

namespace court::persuasion {

// What a phase asks of the players, in a few words: the title's second line.
struct PhaseHint {
  std::string_view phase;  // as the view names it
  std::string_view hint;
};

struct BoardWords {
  // The edition's phases that need a hint (a phase not listed gets none).
  std::span<const PhaseHint> phase_hints;
};

void draw_persuasion_board(const nlohmann::json& view, const BoardWords& words, Board& out);

// A move typed short, from its parts (docs/protocol.md "Move parts"): a letter for the kind, then the
// seat and the card number ("p2 7": propose to seat 2 with card #07; "a1 12": accept seat 1's letter
// with #12; "k41 7": keep drawn #41 in place of #07; "x2": reject seat 2's letter; "d7": discard #07;
// "ind", "r", "pass", "none", "x" for the moves without a card). Both editions' kinds.
std::string persuasion_shorthand(const nlohmann::json& parts);

}  // namespace court::persuasion
