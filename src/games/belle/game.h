// Belle of the Ball, a card game for 2-5 players from a designer's playtest notes: invite guests of six
// noble families into your clique, couple them, bring gifts, attract the best guests from the minglers
// and from rival cliques, and win the Belles' favour. Rules as implemented: docs/rules/belle.md. The
// rulebook lists no cards; the designed deck is data (data/belle/guests.toml, belles.toml).
//
// Options:
//   hand_size        int 2..8   5      cards in a full hand
//   minglers         int 1..8   5      mingling guests beside the deck
//   couples_to_end   int 0..40  0      couples in play that end a round; 0 = players + 3 (the rulebook)
//   buried_powers    bool       false  the bottom card of a couple keeps its end-of-round power
//   optional_reach   bool       false  attract and repel may be declined
//   gift_with_belle  bool       false  a gift may come with a Belle's invitation as well as a guest's
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "games/belle/cards.h"
#include "games/belle/state.h"

namespace court::belle {

BelleState state_from_scenario(const BelleRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

struct BelleGame {
  using Rules = BelleRules;
  using State = BelleState;
  static GameInfo info();                                     // game.cpp, with the options
  static constexpr auto prepare = load_belle_rules;          // the data and options
  static constexpr auto setup = &BelleState::new_game;
  static constexpr auto from_scenario = state_from_scenario;
};

}  // namespace court::belle
