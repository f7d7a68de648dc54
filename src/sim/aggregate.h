// A batch's report figures folded game by game (issue 38): counts, sums in game-index order, and counted
// values for the quantiles and histograms, so a batch's memory does not grow with its games (a million-game
// Lab job had kept every record: 817 MB). The report is built from this alone (report.cpp), byte for byte
// what the records gave: each sum adds the same numbers in the same order. It also goes to and from JSON,
// exactly, for a Lab job's checkpoint.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/runner.h"
#include "sim/shape.h"
#include "sim/stats.h"

namespace court::sim {

struct Aggregate {
  // For a batch of `players` seats played by `lineup` (a bot spec per seat, before rotation).
  Aggregate(int players, const std::vector<std::string>& lineup);

  // Folds the games of `records` in their order (the batch's index order: fold rounds in turn).
  void fold(const Records& records);

  nlohmann::json to_json() const;
  // An aggregate written by to_json for the same players and lineup (std::runtime_error if it is not one).
  static Aggregate from_json(const nlohmann::json& j, int players, const std::vector<std::string>& lineup);

  // Per bot (each spec once, in lineup order), its seat-games, wins and summed score over the seats it sat
  // in, and the games it sat in with its team's wins there (for cooperative batches).
  struct BotSums {
    double seat_games = 0, wins = 0, score = 0, games_in = 0, team_wins = 0;
  };
  struct CardSums {
    double seat_games = 0, wins = 0;
  };

  int players = 0;
  std::vector<std::string> bots;        // distinct specs of the lineup, in lineup order
  std::vector<std::size_t> bot_of;      // lineup place -> index in bots
  std::uint64_t games = 0;
  int first_cooperative = -1;           // the first game's outcome was a team result (1), was not (0), none yet (-1)
  std::vector<double> seat_wins, seat_scores;
  double total_wins = 0;
  std::vector<BotSums> bot_sums;
  std::vector<double> pairs, ahead;     // head to head, [a * bots + b]
  ValueCounts lengths, scores, margins;
  double team_wins = 0, capped = 0, unknown_causes = 0;
  std::vector<std::string> names;       // figure, card and loss-cause names, numbered here
  std::vector<double> causes;           // lost games per loss cause (by name number)
  std::vector<ValueCounts> figures;     // values per figure (by name number); games without it count 0
  std::vector<CardSums> cards;          // per card (by name number)
  // The games' shapes, when the batch recorded them (BatchSettings::shape): has_shape then.
  bool has_shape = false;
  ShapeSums shape;

 private:
  std::uint32_t number(const std::string& name);
  void renumber(const Names& batch);
  void fold_seats(const GameRecord& r);
  void fold_cards(const GameRecord& r);
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<std::uint32_t> from_batch_;  // batch name number -> this aggregate's
  std::vector<std::uint32_t> held_;        // scratch: one seat's cards
};

}  // namespace court::sim
