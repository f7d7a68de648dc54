// Persuasion (character-card edition): 3-8 players with five traits each share intentions all at once:
// invitations (reveal a trait to see one), proposals (exchange a trait and become engaged) or
// independence. At Matrimony a player is satisfied by someone who has at least two of the desired
// attributes as dominant attributes. Rules as implemented: docs/rules/persuasion-classic.md.
//
// Options:
//   max_rounds  int 1..200  30  after this many rounds play goes to Matrimony
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/persuasion-classic/state.h"

namespace court::persuasion_classic {

ClassicState classic_from_scenario(const ClassicRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

struct ClassicGame {
  using Rules = ClassicRules;
  using State = ClassicState;
  static GameInfo info();                                     // game.cpp, with the options
  static constexpr auto prepare = load_classic_rules;          // the data and options
  static constexpr auto setup = &ClassicState::new_game;
  static constexpr auto from_scenario = classic_from_scenario;
};

}  // namespace court::persuasion_classic
