#include "sim/runner.h"

#include "sim/shape.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/match.h"
#include "sim/crew.h"
#include "sim/memory.h"
#include "sim/shape.h"

namespace court::sim {

int rotation_of(std::uint64_t index, int players, bool rotate) {
  return rotate ? static_cast<int>(index % static_cast<std::uint64_t>(players)) : 0;
}

Names::Names(std::shared_ptr<const Names> base)
    : base_(base && base->base_ ? base->flattened() : std::move(base)), base_size_(base_ ? base_->size() : 0) {}

std::uint32_t Names::id(std::string_view name) {
  if (const std::uint32_t known = in_base(name); known != kNoName) return known;
  if (auto it = ids_.find(name); it != ids_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(size());
  ids_.emplace(names_.emplace_back(name), id);
  return id;
}

std::uint32_t Names::in_base(std::string_view name) const {
  if (!base_) return kNoName;
  const auto it = base_->ids_.find(name);   // a base has no base of its own
  return it == base_->ids_.end() ? kNoName : it->second;
}

std::shared_ptr<const Names> Names::flattened() const {
  auto flat = std::make_shared<Names>();
  for (std::uint32_t i = 0; i < size(); ++i) flat->id((*this)[i]);
  return flat;
}

std::pmr::memory_resource& Records::arena() {
  if (arenas.empty()) arenas.push_back(std::make_unique<std::pmr::monotonic_buffer_resource>(batch_memory()));
  return *arenas.front();
}

namespace {

// How a batch numbers its names. This is the one place that says why each piece is here
// (architecture.md's simulator section points here); each figure is from 2,000-game Persuasion batches
// (issue 22). A record names its figures, cards and loss cause by number, each name written once in
// the batch's `Names` (runner.h): a record of names as text was 3 KB a game. Workers write their records
// straight into their places in the batch (a merge on one thread afterwards had held two threads at
// 1.8-1.9x one), so they number names in the batch's one list, under a lock. The rest keeps that lock
// out of a game's way:
// - `NamesMet`: a batch starts from the names the earlier batches of its game met, a base that does not
//   change, read without the lock. Two workers meet a game's 131 names together at a batch's start:
//   numbered under the lock, they waited on each other 1,500 times a batch (3% of its time on two threads).
// - `lock_spinning`: a worker waiting for the lock spins a while before it sleeps. Asleep and woken
//   (66 times a batch), the waits lost more than all the numbering took. With the base, this is for a
//   game's first batch in a process (a `court sim` of one batch, say).
// - `WorkerNames`: each worker keeps the numbers it has met of names new to the game, so it takes the
//   lock once a name. A loss cause is looked up by its text (a game's cause need not be kept at one address); a
//   figure is compared with the one last set in its place first (a game sets its figures in much the same
//   order every time); a card's name is looked up by its address, in an open-addressed table, where
//   std::unordered_map's two divisions a probe were a tenth of a batch's time and comparing the text as
//   well cost 8%. What makes the address enough is the engine's contract: a card's name is kept in the
//   game's rules, the same text at the same address in every game (`GameReport::card`, engine/game.h;
//   checked by the conformance suite's `check_report_names`, engine/conformance.cpp).

// The names earlier batches of each game met, by the game's factory (held weakly: a factory gone, its
// names go at the next look). See above.
class NamesMet {
 public:
  std::shared_ptr<const Names> of(const std::shared_ptr<const GameFactory>& factory) {
    std::lock_guard<std::mutex> hold(lock_);
    std::erase_if(met_, [](const Met& m) { return m.factory.expired(); });
    const auto it = find(factory);
    return it == met_.end() ? nullptr : it->names;
  }
  // Keeps `names` for the game's next batches when they add to what it kept.
  void learn(const std::shared_ptr<const GameFactory>& factory, const Names& names) {
    const std::size_t before = names.base() ? names.base()->size() : 0;
    if (names.size() == before) return;
    auto all = names.flattened();
    std::lock_guard<std::mutex> hold(lock_);
    const auto it = find(factory);
    if (it == met_.end()) met_.push_back({factory, std::move(all)});
    else if (it->names->size() < all->size()) it->names = std::move(all);
  }

 private:
  struct Met {
    std::weak_ptr<const GameFactory> factory;
    std::shared_ptr<const Names> names;
  };
  // The entry of `factory` (the same object: neither owner comes before the other), or end.
  std::vector<Met>::iterator find(const std::shared_ptr<const GameFactory>& factory) {
    return std::ranges::find_if(met_, [&](const Met& m) { return !m.factory.owner_before(factory) && !factory.owner_before(m.factory); });
  }
  std::mutex lock_;
  std::vector<Met> met_;
};

NamesMet& names_met() {
  static NamesMet& met = *new NamesMet;   // never destroyed: a batch may end after static destructors
  return met;
}

// Locks `lock`, spinning a while before it sleeps (see above): far longer than numbering a name takes.
void lock_spinning(std::mutex& lock) {
  constexpr int kSpins = 1024;
  for (int spin = 0; spin < kSpins; ++spin) {
    if (lock.try_lock()) return;
    spin_pause();
  }
  lock.lock();
}

// A worker's numbers for the batch's names it has met (see above): by text, by a figure's place and by
// a card name's address. A name is looked for in the batch's base, then in what this worker met, and
// only then numbered in the batch's list, under its lock.
class WorkerNames {
 public:
  WorkerNames(Names& batch, std::mutex& lock) : batch_(batch), lock_(lock) {}

  // The number of `name`, by its text.
  std::uint32_t text(std::string_view name) {
    if (const std::uint32_t known = batch_.in_base(name); known != kNoName) return known;
    if (const auto it = by_text_.find(name); it != by_text_.end()) return it->second;
    lock_spinning(lock_);
    std::lock_guard<std::mutex> hold(lock_, std::adopt_lock);
    const std::uint32_t id = batch_.id(name);
    by_text_.emplace(batch_[id], id);   // the batch's copy, which stays where it is (a deque's)
    return id;
  }

  // The number of the figure a game set `i`-th, compared with the one last set there first.
  std::uint32_t figure(std::size_t i, const std::string& name) {
    if (i == by_place_.size()) by_place_.emplace_back(name, text(name));
    auto& [last, id] = by_place_[i];
    if (last != name) {
      last = name;
      id = text(name);
    }
    return id;
  }

  // The number of a card's name, by its address.
  std::uint32_t card(std::string_view name) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    for (std::size_t i = home(name.data());; i = (i + 1) & (slots_.size() - 1)) {
      Slot& slot = slots_[i];
      if (slot.data == name.data() && slot.size == name.size()) return slot.id;
      if (!slot.data) {
        slot = {name.data(), name.size(), text(name)};
        ++used_;
        return slot.id;
      }
    }
  }

 private:
  struct Slot {
    const char* data = nullptr;
    std::size_t size = 0;
    std::uint32_t id = 0;
  };
  std::size_t home(const char* data) const {
    const auto h = (reinterpret_cast<std::uintptr_t>(data) >> 3) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> 40) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<Slot> old(slots_.empty() ? 128 : 2 * slots_.size());
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (!slot.data) continue;
      std::size_t i = home(slot.data);
      while (slots_[i].data) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = slot;
    }
  }

  Names& batch_;
  std::mutex& lock_;
  std::unordered_map<std::string_view, std::uint32_t> by_text_;   // the names new to the game
  std::vector<std::pair<std::string, std::uint32_t>> by_place_;   // by the place a figure was set in
  std::vector<Slot> slots_;                                        // cards' names by address
  std::size_t used_ = 0;
};

// What one worker thread keeps from game to game: the report the games fill (its storage reused) and
// the numbers of the names it has met.
class Worker {   // made on the stack of the thread it plays on
 public:
  Worker(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, const std::vector<std::string>& lineup,
         const BatchSettings& settings, Names& names, std::mutex& names_lock, std::pmr::memory_resource& arena)
      : entry_(entry), factory_(std::move(factory)), lineup_(lineup), settings_(settings), names_(names, names_lock),
        arena_(arena) {}

  // Plays game `index` into `record`, its place in the batch's records (not yet written).
  void play(std::uint64_t index, GameRecord& record) {
    const int players = static_cast<int>(lineup_.size());
    record.index = index;
    record.rotation = rotation_of(index, players, settings_.rotate);
    seats_.resize(lineup_.size());
    for (int s = 0; s < players; ++s) seats_[s] = lineup_[(s + record.rotation) % players];
    const std::uint64_t seed = mix_seed(settings_.seed, index);
    if (match_) match_->restart(seed, seats_);
    else match_.emplace(entry_, factory_, seed, seats_);
    match_->skip_replay();
    claims_heard_ = 0;
    if (settings_.shape) play_shaped();
    else if (match_->has_speakers()) play_talking();
    else match_->run_bots();
    const GameState& state = match_->state();
    const Outcome outcome = state.outcome();
    record.length = static_cast<std::uint32_t>(match_->steps());
    record.seats = ArenaList<SeatResult>::copy(arena_, outcome.seats);
    record.cooperative = outcome.cooperative;
    record.team_win = outcome.team_win;
    record.loss_cause = outcome.loss_cause ? names_.text(outcome.loss_cause) : kNoName;
    report_.clear();
    state.report(report_);
    if (match_->has_speakers()) report_.set("claims_heard", claims_heard_);
    keep_report(record);
    record.shape = nullptr;
    if (settings_.shape) {
      auto* shape = static_cast<ShapeRecord*>(arena_.allocate(sizeof(ShapeRecord), alignof(ShapeRecord)));
      record.shape = std::construct_at(shape, shape_.finish(outcome, report_, record.length));
    }
  }

 private:
  // The bots' moves one by one, each decision and each step seen by the shape tracker (sim/shape.h).
  void play_shaped() {
    const GameState& state = match_->state();
    shape_.start(state);
    exchange_claims();
    for (Seat seat = match_->next_bot(); seat >= 0; seat = match_->next_bot()) {
      shape_.decision(state, seat);
      match_->play_bot(seat);
      shape_.step(match_->state());
      exchange_claims();
    }
  }
  // A table where bots speak (engine/claims.h): the claims they make are exchanged before the first move
  // and after every move, each through the game's talk rule (Match::exchange_claims).
  void play_talking() {
    exchange_claims();
    for (Seat seat = match_->next_bot(); seat >= 0; seat = match_->next_bot()) {
      match_->play_bot(seat);
      exchange_claims();
    }
  }
  void exchange_claims() {
    if (match_->has_speakers()) claims_heard_ += match_->exchange_claims();
  }

  void keep_report(GameRecord& record) {
    record.capped = report_.capped;
    record.figures = ArenaList<std::pair<std::uint32_t, double>>::make(arena_, report_.size());
    std::size_t i = 0;
    for (const auto& figure : report_) {
      std::construct_at(&record.figures[i], names_.figure(i, figure.name), figure.value);
      ++i;
    }
    std::size_t cards = 0;
    for (std::size_t s = 0; s < record.seats.size(); ++s) cards += report_.cards(static_cast<Seat>(s)).size();
    record.cards = ArenaList<std::uint32_t>::make(arena_, cards);
    record.card_counts = {};
    std::uint32_t* next = record.cards.begin();
    for (std::size_t s = 0; s < record.seats.size(); ++s) {
      const auto& cards = report_.cards(static_cast<Seat>(s));
      record.card_counts[s] = static_cast<std::uint16_t>(cards.size());
      for (std::string_view card : cards) *next++ = names_.card(card);
    }
  }

  const GameEntry& entry_;
  std::shared_ptr<const GameFactory> factory_;
  const std::vector<std::string>& lineup_;
  const BatchSettings& settings_;
  std::vector<std::string> seats_;   // this game's bot per seat
  std::optional<Match> match_;       // every game of the worker, one after the other
  GameReport report_;
  int claims_heard_ = 0;             // this game's claims that passed the talk rule
  ShapeTracker shape_;               // used only when the batch records shapes
  WorkerNames names_;
  std::pmr::memory_resource& arena_;   // this worker's records' lists (single-threaded: its own)
};

}  // namespace

void merge(Records& into, Records&& part) {
  std::vector<std::uint32_t> renumber(part.names.size());
  for (std::uint32_t i = 0; i < renumber.size(); ++i) renumber[i] = into.names.id(part.names[i]);
  std::ranges::move(part.arenas, std::back_inserter(into.arenas));   // the moved lists live there
  const std::size_t middle = into.games.size();
  into.games.reserve(middle + part.games.size());
  for (GameRecord& r : part.games) {
    if (r.loss_cause != kNoName) r.loss_cause = renumber[r.loss_cause];
    for (auto& figure : r.figures) figure.first = renumber[figure.first];
    for (auto& card : r.cards) card = renumber[card];
    into.games.push_back(r);
  }
  std::inplace_merge(into.games.begin(), into.games.begin() + static_cast<std::ptrdiff_t>(middle), into.games.end(),
                     [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
}

namespace {

// One batch being played: the records its workers write, and how they share out the games.
class BatchPlay {
 public:
  BatchPlay(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, const std::vector<std::string>& lineup,
            const BatchSettings& settings, const std::atomic<bool>* stop, Progress* progress, int threads)
      : records(batch_memory()), entry_(entry), factory_(std::move(factory)), lineup_(lineup), settings_(settings),
        stop_(stop), progress_(progress), threads_(threads) {
    records.names = Names(names_met().of(factory_));
    records.arenas.resize(static_cast<std::size_t>(threads));
  }

  bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  // Plays this process's games `begin` to `end` (its k-th game is game offset + k * stride) into
  // records.games[k - base]: their places, grown now and written by the workers (a merge on one thread
  // afterwards had kept two threads at 1.8-1.9x one). A game a stop leaves unplayed has no seats.
  void play_round(std::uint64_t begin, std::uint64_t end, std::uint64_t base) {
    base_ = base;
    records.games.resize(end - base);   // not written (GameRecord)
    next_ = begin;
    run_together(threads_, [&](int t) { work(t, end); });
    if (failure_) std::rethrow_exception(failure_);
    for (std::uint64_t k = next_; k < end; ++k) records.games[k - base].seats = {};   // unclaimed: stopped
  }

  // The records of the games played, their arenas emptied for the next round.
  void drop_records() {
    records.games.clear();
    for (auto& arena : records.arenas) if (arena) arena->release();
  }

  void finish() {
    std::erase(records.arenas, nullptr);   // a batch with no games made none
    names_met().learn(factory_, records.names);
  }

  Records records;

 private:
  // Workers claim games a few at a time: one shared counter touched per game kept two threads waiting
  // on each other's cache line when a game takes a few microseconds. A claim's records lie together,
  // so two workers write the same cache line only where their claims meet. A claim is a share of the
  // games left (at most 32), so near a round's end claims shrink and the workers finish together.
  std::pair<std::uint64_t, std::uint64_t> claim(std::uint64_t end) {
    std::uint64_t first = next_.load(std::memory_order_relaxed);
    std::uint64_t take = 0;
    do {
      if (first >= end) return {end, end};
      take = std::clamp<std::uint64_t>((end - first) / (static_cast<std::uint64_t>(threads_) * 8), 1, 32);
    } while (!next_.compare_exchange_weak(first, first + take, std::memory_order_relaxed));
    return {first, first + take};
  }
  // Worker t plays with its own arena and worker, both made on its own thread, the worker freed there
  // too (a worker made and freed by the caller cost 38 microseconds of a 2-thread batch, issue 22). An
  // arena's blocks are 64 KiB and up: a record's lists are made at their final size, so nothing in an
  // arena is left unused. A record a stop leaves unplayed is marked so (no seats).
  void play(int t, std::uint64_t end) {
    auto& arena = records.arenas[static_cast<std::size_t>(t)];
    if (!arena) arena = std::make_unique<std::pmr::monotonic_buffer_resource>(std::size_t{1} << 16, batch_memory());
    Worker worker(entry_, factory_, lineup_, settings_, records.names, names_lock_, *arena);
    for (;;) {
      const auto [first, last] = claim(end);
      if (first >= end) return;
      std::uint64_t k = first;
      for (; k < last && !stopped(); ++k) worker.play(settings_.offset + k * settings_.stride, records.games[k - base_]);
      if (progress_) progress_->finished.fetch_add(k - first, std::memory_order_relaxed);
      if (k < last) {   // stopped
        for (; k < last; ++k) records.games[k - base_].seats = {};
        return;
      }
    }
  }
  void work(int t, std::uint64_t end) {
    try {
      play(t, end);
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex_);
      if (!failure_) failure_ = std::current_exception();
      next_ = end;
    }
  }

  const GameEntry& entry_;
  std::shared_ptr<const GameFactory> factory_;
  const std::vector<std::string>& lineup_;
  const BatchSettings& settings_;
  const std::atomic<bool>* stop_;
  Progress* progress_;
  int threads_;
  std::mutex names_lock_;
  std::atomic<std::uint64_t> next_{0};
  std::uint64_t base_ = 0;
  std::exception_ptr failure_;
  std::mutex failure_mutex_;
};

// Rounds of at most kRound games, the list of records grown for each round before its games are played:
// grown at once, a list of 50 million records took gigabytes before the first game. A sink's rounds are
// smaller, as they are what a batch holds at once: they start at kFirstSinkRound and double while a round
// takes under a second, up to kSinkRound (8-16 MB of records), so a checkpoint comes every few seconds
// whether a game takes microseconds or seconds.
constexpr std::uint64_t kRound = 1 << 16;
constexpr std::uint64_t kFirstSinkRound = 64;
constexpr std::uint64_t kSinkRound = 1 << 14;

}  // namespace

Records run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                  const std::vector<std::string>& lineup, const BatchSettings& settings,
                  const std::atomic<bool>* stop, Progress* progress, const BatchSink* sink) {
  const std::uint64_t mine = settings.games > settings.offset
                                 ? (settings.games - settings.offset + settings.stride - 1) / settings.stride
                                 : 0;
  const std::uint64_t first = sink ? std::min(sink->first, mine) : 0;
  int threads = settings.threads > 0 ? settings.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = static_cast<int>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, std::max<std::uint64_t>(1, mine - first))));
  BatchPlay batch(entry, std::move(factory), lineup, settings, stop, progress, threads);
  std::uint64_t round = sink ? kFirstSinkRound : kRound;
  batch.records.games.reserve(std::min(mine - first, round));
  for (std::uint64_t begin = first; begin < mine && !batch.stopped();) {
    const std::uint64_t end = std::min(mine, begin + round);
    const auto started = std::chrono::steady_clock::now();
    batch.play_round(begin, end, sink ? begin : 0);
    if (sink) {
      const std::size_t planned = batch.records.games.size();
      if (stop) std::erase_if(batch.records.games, [](const GameRecord& r) { return r.seats.empty(); });
      sink->round(batch.records, batch.records.games.size() == planned);
      batch.drop_records();
      if (std::chrono::steady_clock::now() - started < std::chrono::seconds(1)) round = std::min(2 * round, kSinkRound);
    }
    begin = end;
  }
  batch.finish();
  // A stopped batch keeps the games it played: a played game has its seats' results.
  if (stop) std::erase_if(batch.records.games, [](const GameRecord& r) { return r.seats.empty(); });
  return std::move(batch.records);
}

}  // namespace court::sim
