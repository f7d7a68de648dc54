// Persuasion, character-card edition: its data (the shared trait deck, persuasion-shared/cards.h) and
// options read into ClassicRules, once per configuration.
#pragma once

#include "engine/game.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion_classic {

// The code both editions share (src/games/persuasion-shared/) is in court::persuasion.
using namespace court::persuasion;

inline constexpr int kMinSeats = 3;
inline constexpr int kHandSize = 5;
// The fewest cards a scenario may give a hand (docs/rules/persuasion-classic.md).
inline constexpr int kMinScenarioHand = 2;
inline constexpr int kMaxRoundsOption = 200;

// The deck, the seat count and max_rounds (EditionRules): this edition has no rules of its own to add.
struct ClassicRules : EditionRules {};

ClassicRules load_classic_rules(const GameConfig& config);

}  // namespace court::persuasion_classic
