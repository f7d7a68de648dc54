// Scenario files shared by both editions: a JSON object (or the same in TOML) that fixes the deal.
//   hands:   [[card numbers of seat 0], [seat 1], ...]   required, one list per seat
//   desires: [card number of seat 0, ...]                required
//   deck:    [card numbers, top first]                   optional; unlisted cards are shuffled below
//   independent: [seats]   engaged: [[seat, seat], ...]  optional, a game already under way
//   round:   the round to start at (default 1)           optional
//   skip_introductions: true                             optional (letterbox edition)
// Card numbers are the ids printed on the cards (data/persuasion/traits.toml).
#pragma once

#include <vector>

#include "engine/json_reader.h"
#include "games/persuasion-shared/cards_in_play.h"

namespace court::persuasion {

struct ScenarioSetup {
  std::vector<std::pair<Seat, Seat>> engaged;
  std::vector<Seat> independent;
  int round = 1;
  bool skip_introductions = false;
};

// Fills `table` (hands, desires, deck) from the scenario and reads the rest; throws UserError naming
// the field and what is allowed. Each edition refuses the fields it does not accept first (`in.only`).
// A hand holds min_hand..kMaxHand cards (the character-card edition needs two: docs/rules).
ScenarioSetup read_scenario(const PersuasionDeck& deck, int seats, const JsonReader& in, CardsInPlay& table, Rng& rng,
                            int min_hand = 1);

}  // namespace court::persuasion
