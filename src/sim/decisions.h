// How many decisions one seat gets in a game: a person's share of play at a table of bots (issue 40,
// "a person seated with bots gets a full game"). A stand-in bot plays the watched seat, the others fill
// the rest; the watched seat moves round the table from game to game, so no seat's place biases it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::sim {

struct SeatDecisions {
  // Per game: the times the watched seat was to act (it always has a legal move then) ...
  std::vector<int> decisions;
  // ... and of those, the times it had two or more legal moves (a real choice).
  std::vector<int> choices;
  // Per game, the game's own "rounds" figure (GameReport), when it reports one; else empty.
  std::vector<double> rounds;
};

// Plays `games` games (seeds seed, seed+1, ...): in game i the watched seat is i % players, played by
// `stand_in`, and every other seat by `others` (bot specs). Throws UserError on an unknown bot.
SeatDecisions count_seat_decisions(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                                   const std::string& stand_in, const std::string& others, std::uint64_t seed,
                                   std::uint64_t games);

// The median of `values` (the mean of the middle two for an even count); 0 when empty.
double median(std::vector<double> values);
// The q-quantile (0..1) by the nearest rank; 0 when empty.
double quantile(std::vector<double> values, double q);

}  // namespace court::sim
