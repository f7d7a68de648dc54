// Random games of any registered game, looked at before every move: for tests that kept state (a count
// or a set a game updates move by move) equals what the rest of the state gives.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/registry.h"
#include "engine/rng.h"

namespace court {

// Plays games of `id` with seeds 1..`seeds` at every table size, each move a random legal one of the
// lowest seat to act, and calls check(game, where) at every state from the deal to the end (`where`
// names the table size, seed and step for a failure message). Stops at the first fatal failure.
template <class Check>
void check_every_step_of_random_games(const std::string& id, std::uint64_t seeds, Check&& check) {
  const GameEntry& entry = games().get(id);
  for (int seats = entry.info.min_seats; seats <= entry.info.max_seats; ++seats) {
    const auto factory = entry.prepare(entry.make_config(seats, {}));
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      auto g = factory->new_game(seed);
      Rng rng = make_rng(seed);
      ActionList legal;
      for (int step = 0;; ++step) {
        check(static_cast<const GameState&>(*g),
              id + ", " + std::to_string(seats) + " seats, seed " + std::to_string(seed) + ", step " + std::to_string(step));
        if (::testing::Test::HasFatalFailure() || g->terminal()) break;
        const Seat seat = g->to_act().lowest();
        g->legal_actions(seat, legal);
        g->apply_legal(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

}  // namespace court
