// The batch runner: plays games on all cores. Game `i` is seeded from (run seed, i) and its seats
// are rotated by i, so results never depend on thread count, scheduling or how games are split
// over MPI ranks.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::sim {

// One finished game, as the report needs it.
struct GameRecord {
  std::uint64_t index = 0;
  int rotation = 0;                 // seat s was played by lineup[(s + rotation) % players]
  std::uint32_t length = 0;         // actions
  std::vector<SeatResult> seats;
  bool cooperative = false;         // the outcome was a team result (a cooperative game or mode)
  bool team_win = false;
  std::string loss_cause;
  GameReport report;
};

struct BatchSettings {
  std::uint64_t seed = 1;
  std::uint64_t games = 100;
  int threads = 0;                  // 0: all cores
  bool rotate = true;
  // Play only games with index % stride == offset (MPI ranks split the run this way).
  std::uint64_t stride = 1;
  std::uint64_t offset = 0;
};

// The seat order of game `index`: rotation index % players when rotating.
int rotation_of(std::uint64_t index, int players, bool rotate);

struct Progress {
  std::atomic<std::uint64_t> finished{0};
};

// Plays the batch. `lineup` has one bot spec per seat (before rotation). Returns the records of the
// games this process finished, sorted by index (a stop leaves the unplayed ones out). `stop` is
// polled between games; `progress` counts finished games.
std::vector<GameRecord> run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                                  const std::vector<std::string>& lineup, const BatchSettings& settings,
                                  const std::atomic<bool>* stop = nullptr, Progress* progress = nullptr);

// Plays game `index` of a batch (what each worker does).
GameRecord play_one(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                    const std::vector<std::string>& lineup, const BatchSettings& settings, std::uint64_t index);

}  // namespace court::sim
