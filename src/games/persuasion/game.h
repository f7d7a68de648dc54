// Persuasion (letterbox edition, prototype B06): 3-8 players exchange sealed letters (trait cards)
// to learn each other's traits, then propose, accept, or claim independence. At Matrimony an engaged
// player wins when the fiance's dominant symbols include both symbols underlined on their desires
// card; an independent player wins when nobody's do. Rules as implemented: docs/rules/persuasion.md.
//
// Options:
//   max_rounds        int 1..200  30    after this many rounds play goes to Matrimony
//   extra_reflection  bool        true  a player whom no card reached in a round may reflect
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

LetterboxState letterbox_from_scenario(const LetterboxRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

struct LetterboxGame {
  using Rules = LetterboxRules;
  using State = LetterboxState;
  static GameInfo info();                                     // game.cpp, with the options
  static constexpr auto prepare = load_letterbox_rules;          // the data and options
  static constexpr auto setup = &LetterboxState::new_game;
  static constexpr auto from_scenario = letterbox_from_scenario;
};

}  // namespace court::persuasion
