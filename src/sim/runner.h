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
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace court::sim {

struct ShapeRecord;   // sim/shape.h

// The number of no name (a record's loss cause when its game gave none).
inline constexpr std::uint32_t kNoName = 0xFFFFFFFF;

// The names a batch's records refer to by number (figures and cards): each written once, however
// many games name it (a record of names as text was 3 KB a game, issue 22). Names may start from a
// base, a list met before (the names earlier batches of the same game met), numbered first and shared,
// not copied. Why each piece: "How a batch numbers its names" in runner.cpp.
class Names {
 public:
  Names() = default;
  explicit Names(std::shared_ptr<const Names> base);
  Names(Names&&) = default;
  Names& operator=(Names&&) = default;
  Names(const Names&) = delete;              // ids_ views the strings of names_
  Names& operator=(const Names&) = delete;
  // The number of `name`, added when new.
  std::uint32_t id(std::string_view name);
  // The number of `name` in the base, or kNoName: reads only the base, which never changes, so any
  // number of threads may ask at once while one adds names.
  std::uint32_t in_base(std::string_view name) const;
  const std::string& operator[](std::uint32_t id) const {
    return id < base_size_ ? (*base_)[id] : names_[id - base_size_];
  }
  std::size_t size() const { return base_size_ + names_.size(); }
  const std::shared_ptr<const Names>& base() const { return base_; }
  // All of them in one list with no base, numbered alike.
  std::shared_ptr<const Names> flattened() const;

 private:
  std::shared_ptr<const Names> base_;
  std::size_t base_size_ = 0;
  std::deque<std::string> names_;            // a deque keeps each string where it is as it grows
  std::unordered_map<std::string_view, std::uint32_t> ids_;
};

// A list a record keeps in an arena of its Records: where it starts and how many items it has. Like the
// record, it has no initializers (see GameRecord).
template <class T>
struct ArenaList {
  T* items;
  std::uint32_t count;

  // A list of `n` items in `arena`, not yet written.
  static ArenaList make(std::pmr::memory_resource& arena, std::size_t n) {
    return {static_cast<T*>(arena.allocate(n * sizeof(T), alignof(T))), static_cast<std::uint32_t>(n)};
  }
  // A copy of `range` in `arena`.
  template <class Range>
  static ArenaList copy(std::pmr::memory_resource& arena, const Range& range) {
    ArenaList list = make(arena, std::ranges::size(range));
    std::ranges::uninitialized_copy(range, std::span(list.items, list.count));
    return list;
  }
  T* begin() const { return items; }
  T* end() const { return items + count; }
  std::size_t size() const { return count; }
  bool empty() const { return count == 0; }
  T& operator[](std::size_t i) const { return items[i]; }
  T& back() const { return items[count - 1]; }
};

// One finished game, as the report needs it. Its lists live in an arena of its Records (the runner's
// workers each have their own), so a game's record costs no call to the heap and freeing a batch's
// records costs none either. It is a trivial type, with no initializers: the runner grows a batch's
// list of records without writing them, and each record is first written by the worker that plays its
// game (made on the calling thread, then made again by the workers, 2,000 records had cost 40
// microseconds of a 2-thread batch before its games and 40 to free after them, issue 22). A record made
// elsewhere is made zeroed: Records::add.
struct GameRecord {
  std::uint64_t index;
  int rotation;                     // seat s was played by lineup[(s + rotation) % players]
  std::uint32_t length;             // actions
  ArenaList<SeatResult> seats;
  bool cooperative;                 // the outcome was a team result (a cooperative game or mode)
  bool team_win;
  bool capped;                      // GameReport::capped
  std::uint32_t loss_cause;         // its name's number; kNoName when the game gave none
  // The game's figures (GameReport), as (name number, value), in the order the game set them.
  ArenaList<std::pair<std::uint32_t, double>> figures;
  // The cards of its report (name numbers), seat after seat: seat s has card_counts[s] of them.
  ArenaList<std::uint32_t> cards;
  std::array<std::uint16_t, kMaxSeats> card_counts;
  // The game's shape, in the arena, when the batch recorded shapes (BatchSettings::shape); else nullptr.
  const ShapeRecord* shape;
};
static_assert(std::is_trivial_v<GameRecord>);

// The allocator of a batch's list of records: a record the list grows by is left unwritten (see
// GameRecord); one added as a value is copied as usual.
template <class T>
struct UnwrittenAllocator : std::pmr::polymorphic_allocator<T> {
  using std::pmr::polymorphic_allocator<T>::polymorphic_allocator;
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    std::construct_at(p, std::forward<Args>(args)...);
  }
};

// A batch's records, by game index, and the names they use. The arenas hold the records' lists (one per
// worker thread that played them): declared before `games`, they outlive the records.
struct Records {
  Records() = default;
  // Records whose list of games is made in `memory` (the runner's: batch_memory()).
  explicit Records(std::pmr::memory_resource* memory) : games(memory) {}
  // A new record at the end, zeroed and with no loss cause, for records made outside the runner (read
  // from another rank, a test's): its lists are made in arena().
  GameRecord& add() {
    GameRecord& r = games.emplace_back(GameRecord{});
    r.loss_cause = kNoName;
    return r;
  }
  // An arena of these records for lists made outside the runner (the first, made when there is none).
  std::pmr::memory_resource& arena();
  // The name of a record's loss cause ("" when it has none).
  std::string_view loss_cause(const GameRecord& r) const {
    return r.loss_cause == kNoName ? std::string_view() : std::string_view(names[r.loss_cause]);
  }

  Names names;
  std::vector<std::unique_ptr<std::pmr::monotonic_buffer_resource>> arenas;
  // Grown by resize or emplace_back(), it leaves the new records unwritten: add one with add().
  std::vector<GameRecord, UnwrittenAllocator<GameRecord>> games;
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
  // Record each game's shape (decisions per seat, legal moves per decision, the public standing's lead
  // changes: sim/shape.h) for the design advisor; off in plain runs, which it must not slow.
  bool shape = false;
};

// The seat order of game `index`: rotation index % players when rotating.
int rotation_of(std::uint64_t index, int players, bool rotate);

struct Progress {
  std::atomic<std::uint64_t> finished{0};
};

// Where a batch's records go as its games finish, round by round (issue 38: a batch kept whole held 0.7 GB
// a million games). `round` is called on the calling thread with the records of each round's finished
// games in index order, and those records are dropped after it returns (it may merge them away). `full`
// tells whether every game of the round was played (false when a stop left some out). `first` is the
// first of this process's games to play (a checkpoint's next game): the ones before it are not played.
struct BatchSink {
  std::function<void(Records& round, bool full)> round;
  std::uint64_t first = 0;
};

// Plays the batch. `lineup` has one bot spec per seat (before rotation). Returns the records of the
// games this process finished, sorted by index (a stop leaves the unplayed ones out); with a `sink`, it
// hands them over round by round instead and returns none. `stop` is polled between games; `progress`
// counts finished games.
Records run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                  const std::vector<std::string>& lineup, const BatchSettings& settings,
                  const std::atomic<bool>* stop = nullptr, Progress* progress = nullptr,
                  const BatchSink* sink = nullptr);

}  // namespace court::sim
