// Persuasion, character-card edition: scenario files (format in games/persuasion-shared/scenario_common.h and
// docs/rules/persuasion-classic.md).
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/scenario_common.h"

namespace court::persuasion_classic {

ClassicState classic_from_scenario(const ClassicRules& rules, const nlohmann::json& scenario, std::uint64_t seed) {
  ClassicState s = ClassicState::blank(rules, seed);
  const JsonReader in = JsonReader::top(scenario, "scenario");
  in.only({"hands", "desires", "deck", "independent", "engaged", "round"});
  const ScenarioSetup setup = read_scenario(rules.deck, rules.seats, in, s.table(), s.rng());
  s.set_commitments(setup.engaged, setup.independent);
  s.begin_round(setup.round);
  return s;
}

}  // namespace court::persuasion_classic
