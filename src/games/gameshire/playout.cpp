// Gameshire's quick playout policy (for search: ismcts rollout=policy): the greedy bot's judgement of
// the legal moves (bot.cpp), best first. Search calls it on determinized copies, whose reshuffled decks
// give the variety; a random move here would mostly spoil a map, so there is none.
#include "games/gameshire/bot.h"
#include "games/gameshire/state.h"

namespace court::gameshire {

Action GameshireState::playout(Seat seat, const ActionList& legal, Rng& rng) const {
  (void)seat;  // the greedy judgement reads the seat to act from the state
  (void)rng;
  Action best = legal[0];
  double best_score = -1e300;
  for (Action a : legal) {
    const double s = greedy_score(*this, a);
    if (s > best_score) best_score = s, best = a;
  }
  return best;
}

}  // namespace court::gameshire
