// What both editions' heuristic bots share: the move choice (value every legal move, play the best,
// ties broken at random), the chance that a seat or nobody satisfies a seat, and how many rounds a bot
// can count on. Each edition's bot.cpp keeps its own policy: the value of its moves, with its
// satisfaction rule and its count of uncommitted players given to PolicyOdds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "engine/bot.h"
#include "games/persuasion-shared/belief.h"

namespace court::persuasion {

// Policy provides `State`, `MoveCode`, `static SymbolMask wanted(const State&, Seat)` (the symbols its
// values ask odds of) and `static double value(const State&, const Beliefs&, Seat, const MoveCode&)`.
template <class Policy>
class ValueBot final : public Bot {
 public:
  explicit ValueBot(std::uint64_t seed) : rng_(make_rng(seed)) {}

  Action choose(GameState& game, Seat seat) override {
    using State = typename Policy::State;
    using MoveCode = typename Policy::MoveCode;
    ActionList actions;
    game.legal_actions(seat, actions);
    const State* s = game.as<State>();
    if (!s || actions.size() == 1) return actions[0];
    const Beliefs beliefs(s->deck(), s->table(), seat, Policy::wanted(*s, seat));
    Action best = actions[0];
    double best_value = -1e18;
    for (Action a : actions) {
      double v = Policy::value(*s, beliefs, seat, MoveCode::decode(a)) + 1e-7 * uniform(rng_, 1000);
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

 private:
  Rng rng_;
};

// An edition's `heuristic` bot: a ValueBot playing `Policy`'s values (it takes no parameters).
template <class Policy>
std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("heuristic", params, {});
  return std::make_unique<ValueBot<Policy>>(seed);
}

// The chance that nobody else satisfies `seat` (what independence would win on); `chance(t)` is the
// chance that seat t satisfies it under the edition's rule.
template <class Chance>
double chance_nobody_satisfies(int seats, Seat seat, Chance&& chance) {
  double p = 1;
  for (Seat t = 0; t < seats; ++t) if (t != seat) p *= 1 - chance(t);
  return p;
}

// The rounds a bot can still count on after this one: none in the final round, nor with three or
// fewer players uncommitted (available or eligible: one engagement among the others would leave it
// alone, a certain loss); otherwise about one for every two uncommitted players beyond two, within
// the round limit.
inline int rounds_to_count_on(bool final_round, int uncommitted, int max_rounds, int round) {
  if (final_round) return 0;
  if (uncommitted <= 3) return 0;
  return std::max(0, std::min({max_rounds - round, (uncommitted - 2) / 2, 6}));
}

// The odds a policy weighs its moves by, for an edition whose `Satisfies` gives the chance that a hand
// with those odds satisfies a desires card (belief.h) and whose `Uncommitted` counts the players
// neither engaged nor independent. A policy derives from it.
template <class State, double (*Satisfies)(const DominanceOdds&, const TraitCard&), int (State::*Uncommitted)() const>
struct PolicyOdds {
  // The chance that seat t, after the change, satisfies `seat`'s desires.
  static double chance(const State& s, const Beliefs& b, Seat seat, Seat t, HandChange change = {}) {
    return Satisfies(b.odds(t, change), s.deck().cards[s.table().desires[seat]]);
  }

  // The chance that nobody else satisfies `seat` (what independence would win on).
  static double nobody_satisfies(const State& s, const Beliefs& b, Seat seat) {
    return chance_nobody_satisfies(s.num_seats(), seat, [&](Seat t) { return chance(s, b, seat, t); });
  }

  static int rounds_left(const State& s) {
    return rounds_to_count_on(s.final_round(), (s.*Uncommitted)(), s.rules().max_rounds, s.round());
  }
};

}  // namespace court::persuasion
