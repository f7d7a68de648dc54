// Persuasion, letterbox edition: its data (the shared trait deck, persuasion-shared/cards.h) and
// options read into LetterboxRules, once per configuration.
#pragma once

#include "engine/game.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

inline constexpr int kMinSeats = 3;
inline constexpr int kMaxRoundsOption = 200;

// The deck, the seat count and max_rounds (EditionRules), and this edition's own.
struct LetterboxRules : EditionRules {
  int hand_size = 10;          // trait cards per player: 3 players 10, 4 9, ..., 8 players 5
  bool extra_reflection = true;
  int independence_from = 1;   // the first round independence may be claimed (always in a final round)
};

LetterboxRules load_letterbox_rules(const GameConfig& config);
// The rulebook's table: trait cards per player by player count.
constexpr int letterbox_hand_size(int seats) { return 13 - seats; }

}  // namespace court::persuasion
