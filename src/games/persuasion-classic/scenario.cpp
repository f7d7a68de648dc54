// Persuasion, character-card edition: scenario files (format in games/persuasion-shared/scenario_common.h and
// docs/rules/persuasion-classic.md).
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/scenario_common.h"

namespace court::persuasion_classic {

ClassicState classic_from_scenario(const ClassicRules& rules, const nlohmann::json& scenario, std::uint64_t seed) {
  ClassicState s = ClassicState::blank(rules, seed);
  const JsonReader in = JsonReader::top(scenario, "scenario");
  in.only({"hands", "desires", "deck", "independent", "engaged", "round"});
  // Two cards a hand at least: a player who shares a card with an invitation must be able to reveal
  // another when the invited player invited them too (a one-card hand left that player without a move).
  const ScenarioSetup setup = read_scenario(rules.deck, rules.seats, in, s.table(), s.rng(), kMinScenarioHand);
  s.set_commitments(setup.engaged, setup.independent);
  s.begin_round(setup.round);
  return s;
}

}  // namespace court::persuasion_classic
