// Bots playing a game on from a true state, for the advisor's parts that look inside games (agency,
// cooperative play): each bot is handed a copy of the state determinized for its seat, never the true
// state, as the harness does (engine/match.h). The analyser itself may read the true state; a bot never.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/bot.h"
#include "engine/game.h"

namespace court::advisor {

// Asks bots for their moves on determinized copies of a true state; keeps its copy and lists from move to move.
class Chooser {
 public:
  explicit Chooser(std::uint64_t seed) : rng_(make_rng(seed)) {}
  // The move `bot` picks for `seat` in `truth` (a bot that needs no state picks among the legal moves).
  Action choose(Bot& bot, const GameState& truth, Seat seat);

 private:
  std::unique_ptr<GameState> scratch_;
  Rng rng_;
  ActionList legal_;
};

// One bot per seat, each made from `spec` with its own seed.
std::vector<std::unique_ptr<Bot>> make_bots(const GameEntry& entry, const std::string& spec, int seats,
                                            std::uint64_t seed);

// The seat that moves next: the first of those to act (simultaneous seats in seat order, as Match does).
Seat next_seat(const GameState& state);

// Plays `state` to its end with `bots` (one per seat), at most `max_steps` moves; the moves played.
std::size_t play_out(GameState& state, std::vector<std::unique_ptr<Bot>>& bots, Chooser& chooser,
                     std::size_t max_steps);

// A proportion k of n as the advisor's sections write it: {"count", "of", "rate", "ci95": [lo, hi]} (Wilson).
nlohmann::json rate_json(std::uint64_t k, std::uint64_t n);

// A move's kind, from its parts ("kind"); "?" when it names none.
std::string kind_of(const GameState& state, Seat seat, Action action);

}  // namespace court::advisor
