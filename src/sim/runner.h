// The batch runner: plays games on all cores. Game `i` is seeded from (run seed, i) and its seats
// are rotated by i, so results never depend on thread count, scheduling or how games are split
// over MPI ranks.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <memory_resource>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace court::sim {

// The names a batch's records refer to by number (figures and cards): each written once, however
// many games name it (a record of names as text was 3 KB a game, issue 22).
class Names {
 public:
  Names() = default;
  Names(Names&&) = default;
  Names& operator=(Names&&) = default;
  Names(const Names&) = delete;              // ids_ views the strings of names_
  Names& operator=(const Names&) = delete;
  // The number of `name`, added when new.
  std::uint32_t id(std::string_view name);
  const std::string& operator[](std::uint32_t id) const { return names_[id]; }
  std::size_t size() const { return names_.size(); }

 private:
  std::deque<std::string> names_;            // a deque keeps each string where it is as it grows
  std::unordered_map<std::string_view, std::uint32_t> ids_;
};

// One finished game, as the report needs it. Its lists draw on a memory resource: the runner's workers
// give each record their own arena (Records::arenas), so a game's record costs no call to the heap, and
// freeing a batch's records costs none either (one heap block a record, freed on one thread, had kept
// two threads at 1.8-1.9x one, issue 22). Made without a resource, a record uses the heap.
struct GameRecord {
  GameRecord() = default;
  explicit GameRecord(std::pmr::memory_resource* arena) : seats(arena), figures(arena), cards(arena) {}
  std::uint64_t index = 0;
  int rotation = 0;                 // seat s was played by lineup[(s + rotation) % players]
  std::uint32_t length = 0;         // actions
  std::pmr::vector<SeatResult> seats;
  bool cooperative = false;         // the outcome was a team result (a cooperative game or mode)
  bool team_win = false;
  bool capped = false;              // GameReport::capped
  std::string loss_cause;
  // The game's figures (GameReport), as (name id, value), in the order the game set them.
  std::pmr::vector<std::pair<std::uint32_t, double>> figures;
  // The cards of its report (name ids), seat after seat: seat s has card_counts[s] of them.
  std::pmr::vector<std::uint32_t> cards;
  std::array<std::uint16_t, kMaxSeats> card_counts{};
};

// A batch's records, by game index, and the names they use. The arenas hold the records' lists (one per
// worker thread that played them): declared before `games`, they outlive the records.
struct Records {
  Records() = default;
  // Records whose list of games is made in `memory` (the runner's: batch_memory()).
  explicit Records(std::pmr::memory_resource* memory) : games(memory) {}
  Names names;
  std::vector<std::unique_ptr<std::pmr::monotonic_buffer_resource>> arenas;
  std::pmr::vector<GameRecord> games;
};

// Moves `part`'s games (and the arenas their lists are in) into `into`'s, numbering their names as
// `into` does; both sorted by index, and so is the result.
void merge(Records& into, Records&& part);

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
Records run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                  const std::vector<std::string>& lineup, const BatchSettings& settings,
                  const std::atomic<bool>* stop = nullptr, Progress* progress = nullptr);

}  // namespace court::sim
