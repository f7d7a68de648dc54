// How a finished game ended, per seat, and for cooperative games for the team.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/types.h"

namespace court {

struct SeatResult {
  bool win = false;    // shared victories mark every winner
  double score = 0;    // the game's own score (points, popularity, ...)
  int rank = 0;        // 1 = best; tied seats share a rank
};

struct Outcome {
  FixedVector<SeatResult, kMaxSeats> seats;
  bool cooperative = false;
  bool team_win = false;               // cooperative games only
  const char* loss_cause = nullptr;    // cooperative games: a short stable key, e.g. "spring_pass"

  // Ranks and wins from scores: the highest score wins, ties share the victory.
  static Outcome from_scores(const double* scores, int seats);
  nlohmann::json to_json() const;
  friend bool operator==(const Outcome& a, const Outcome& b);
};

}  // namespace court
