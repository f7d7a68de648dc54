// The shape of a game (issue 39): what a game is like to sit at, step by step, for the design advisor.
// With BatchSettings::shape on, the runner follows each game with a ShapeTracker (decisions per seat,
// forced decisions, legal moves per decision, and the public standing's lead, GameState::standing) and
// keeps a ShapeRecord with the game's record; Aggregate folds them into ShapeSums, whose report section
// (shape_json) is the report's "shape" object (docs/report.md, "The shape of a game", defines each figure
// and the Ludii metric it follows). Off, the runner does none of this: not one instruction per step.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "engine/game.h"
#include "sim/stats.h"

namespace court::sim {

// One game's shape, kept in its record's arena (trivial, like GameRecord).
struct ShapeRecord {
  std::array<std::uint32_t, kMaxSeats> decisions;   // times the seat was asked to choose
  std::array<std::uint32_t, kMaxSeats> forced;      // of them, with one legal move
  std::array<std::uint64_t, kMaxSeats> legal;       // legal moves summed over its decisions
  bool has_standing;                                // the game has a public standing
  std::uint32_t lead_changes;                       // changes of the unique leader
  double decisive;      // the share of the game's steps before the final winner leads for good; -1: none
  double drama;         // the winner's mean deficit to the top where it trailed (standing's units); -1: none
  bool single_winner;   // exactly one seat won (a competitive game)
  bool undivided;       // every seat won, or none did (a competitive game): nobody told apart, a draw
  std::int32_t rounds;  // the game's "rounds" figure; -1 when it sets none
};
static_assert(std::is_trivial_v<ShapeRecord>);

// Follows one game for its ShapeRecord: start, then decision() before each move and step() after it.
// Fixed arrays only: no heap per step.
class ShapeTracker {
 public:
  void start(const GameState& state);
  // The same start for `seats` seats, with or without a standing (what start reads of the state).
  void reset(int seats, bool has_standing);
  // `seat` is about to choose (a simultaneous choice asks each of its seats: one decision each).
  void decision(const GameState& state, Seat seat);
  // A move was played: reads the standing.
  void step(const GameState& state);
  // Reads one standing (the start's, then one after each step): what step() does with the state's.
  void observe(std::span<const double> standing);
  // The record of the finished game: `outcome` names the winner, `report` its rounds, `length` its steps.
  ShapeRecord finish(const Outcome& outcome, const GameReport& report, std::uint32_t length) const;

 private:
  void observe();
  int seats_ = 0;
  bool has_standing_ = false;
  std::array<std::uint32_t, kMaxSeats> decisions_{}, forced_{};
  std::array<std::uint64_t, kMaxSeats> legal_{};
  std::array<double, kMaxSeats> standing_{};
  int leader_ = -1;                                  // the last unique leader seen; -1: none yet
  std::uint32_t lead_changes_ = 0;
  std::uint32_t observed_ = 0;                       // standings read: the start, then after each step
  std::array<std::uint32_t, kMaxSeats> led_from_{};  // the observation from which the seat is unique leader
  std::array<double, kMaxSeats> deficit_{};          // summed over the observations where the seat trailed
  std::array<std::uint32_t, kMaxSeats> trailed_{};   // observations where it trailed the top
  ActionList moves_;                                 // LegalMoves' buffer for games without legal_count
};

// A batch's shape records folded, game by game in index order (Aggregate::shape): sums and counted values
// only, so its memory does not grow with the games; to and from JSON exactly, for checkpoints.
struct ShapeSums {
  explicit ShapeSums(int players = 0) : seat_decisions(static_cast<std::size_t>(players), 0.0) {}
  void fold(const ShapeRecord& r, bool cooperative);
  nlohmann::json to_json() const;
  // Sums written by to_json for `players` seats (std::runtime_error if they are not).
  static ShapeSums from_json(const nlohmann::json& j, int players);

  std::uint64_t games = 0;             // games with a shape record
  ValueCounts decisions;               // decisions per seat per game, every seat of every game
  std::vector<double> seat_decisions;  // summed by seat
  double decided = 0, forced = 0, legal = 0;
  double with_rounds = 0, first_round = 0;   // games that set "rounds"; of them, rounds <= 1
  double competitive = 0, single_winner = 0; // games that were not team results; of them, one winner
  double undivided = 0;                      // ... and every seat or none won
  double standing = 0;                 // competitive games with a public standing (the lead figures' games)
  ValueCounts lead_changes;
  double decided_games = 0, decisive = 0, drama = 0, trailed = 0;  // single-winner games with a standing
};

// The report's "shape" object (docs/report.md, "The shape of a game"); `players` and `seed` are the batch's,
// so that a reader of the object alone (the advisor's shape findings) can name the run that reproduces it.
nlohmann::json shape_json(const ShapeSums& sums, int players, std::uint64_t seed);

}  // namespace court::sim
