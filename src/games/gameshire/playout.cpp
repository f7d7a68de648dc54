// Gameshire's quick playout policy (for search: ismcts rollout=policy): the greedy bot's judgement of
// the legal moves (bot.cpp), best first. Search calls it on determinized copies, whose reshuffled decks
// give the variety; a random move here would mostly spoil a map, so there is none.
#include "games/gameshire/bot.h"
#include "games/gameshire/state.h"

namespace court::gameshire {

Action GameshireState::playout(Seat seat, const ActionList& legal, Rng& rng) const {
  (void)seat;  // the greedy judgement reads the seat to act from the state
  (void)rng;
  return greedy_action(*this, legal);
}

}  // namespace court::gameshire
