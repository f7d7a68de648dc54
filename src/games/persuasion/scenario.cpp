// Persuasion, letterbox edition: scenario files (format in scenario_common.h and docs/rules/persuasion.md).
#include "games/persuasion/game.h"
#include "games/persuasion-shared/scenario_common.h"

namespace court::persuasion {

LetterboxState letterbox_from_scenario(const LetterboxRules& rules, const nlohmann::json& scenario, std::uint64_t seed) {
  LetterboxState s = LetterboxState::blank(rules, seed);
  const JsonReader in = JsonReader::top(scenario, "scenario");
  in.only({"hands", "desires", "deck", "independent", "engaged", "round", "skip_introductions"});
  const ScenarioSetup setup = read_scenario(rules.deck, rules.seats, in, s.table(), s.rng());
  s.set_commitments(setup.engaged, setup.independent);
  if (setup.skip_introductions || setup.round > 1 || !setup.engaged.empty() || !setup.independent.empty()) {
    s.begin_round(setup.round);
  } else {
    s.begin_introductions();
  }
  return s;
}

}  // namespace court::persuasion
