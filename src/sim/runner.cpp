#include "sim/runner.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>

#include "engine/match.h"

namespace court::sim {

int rotation_of(std::uint64_t index, int players, bool rotate) {
  return rotate ? static_cast<int>(index % static_cast<std::uint64_t>(players)) : 0;
}

std::uint32_t Names::id(std::string_view name) {
  if (auto it = ids_.find(name); it != ids_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(names_.size());
  ids_.emplace(names_.emplace_back(name), id);
  return id;
}

namespace {

// What one worker thread keeps from game to game: the report the games fill (its storage reused) and
// the names its records use so far, with the card names' numbers by where they are stored (a game
// names its cards from its rules, so the same card is the same text at the same address).
class Worker {
 public:
  Worker(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, const std::vector<std::string>& lineup,
         const BatchSettings& settings)
      : entry_(entry), factory_(std::move(factory)), lineup_(lineup), settings_(settings) {}

  void play(std::uint64_t index) {
    const int players = static_cast<int>(lineup_.size());
    GameRecord& record = records_.games.emplace_back();
    record.index = index;
    record.rotation = rotation_of(index, players, settings_.rotate);
    std::vector<std::string> seats(players);
    for (int s = 0; s < players; ++s) seats[s] = lineup_[(s + record.rotation) % players];

    Match match(entry_, factory_, mix_seed(settings_.seed, index), seats);
    match.skip_replay();
    match.run_bots();
    const GameState& state = match.state();
    const Outcome outcome = state.outcome();
    record.length = static_cast<std::uint32_t>(match.steps());
    record.seats.assign(outcome.seats.begin(), outcome.seats.end());
    record.cooperative = outcome.cooperative;
    record.team_win = outcome.team_win;
    record.loss_cause = outcome.loss_cause ? outcome.loss_cause : "";
    report_.clear();
    state.report(report_);
    keep_report(record);
  }

  Records& records() { return records_; }

 private:
  void keep_report(GameRecord& record) {
    record.capped = report_.capped;
    record.figures.reserve(report_.size());
    for (const auto& figure : report_) record.figures.emplace_back(records_.names.id(figure.name), figure.value);
    for (std::size_t s = 0; s < record.seats.size(); ++s) {
      const auto& cards = report_.cards(static_cast<Seat>(s));
      record.card_counts[s] = static_cast<std::uint16_t>(cards.size());
      for (std::string_view card : cards) {
        auto [it, added] = card_ids_.try_emplace({card.data(), card.size()}, 0);
        if (added) it->second = records_.names.id(card);
        record.cards.push_back(it->second);
      }
    }
  }

  struct PlaceHash {
    std::size_t operator()(const std::pair<const char*, std::size_t>& p) const {
      return std::hash<const char*>()(p.first) ^ p.second;
    }
  };

  const GameEntry& entry_;
  std::shared_ptr<const GameFactory> factory_;
  const std::vector<std::string>& lineup_;
  const BatchSettings& settings_;
  GameReport report_;
  Records records_;
  std::unordered_map<std::pair<const char*, std::size_t>, std::uint32_t, PlaceHash> card_ids_;
};

}  // namespace

void merge(Records& into, Records&& part) {
  std::vector<std::uint32_t> renumber(part.names.size());
  for (std::uint32_t i = 0; i < renumber.size(); ++i) renumber[i] = into.names.id(part.names[i]);
  for (GameRecord& r : part.games) {
    for (auto& figure : r.figures) figure.first = renumber[figure.first];
    for (auto& card : r.cards) card = renumber[card];
    into.games.push_back(std::move(r));
  }
}

void sort_by_index(Records& records) {
  std::sort(records.games.begin(), records.games.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
}

Records run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                  const std::vector<std::string>& lineup, const BatchSettings& settings,
                  const std::atomic<bool>* stop, Progress* progress) {
  // This process plays the games with index % stride == offset: the k-th of them is game
  // offset + k * stride. Each worker keeps its own records; they are merged in index order.
  const std::uint64_t mine = settings.games > settings.offset
                                 ? (settings.games - settings.offset + settings.stride - 1) / settings.stride
                                 : 0;
  int threads = settings.threads > 0 ? settings.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = static_cast<int>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, std::max<std::uint64_t>(1, mine))));
  std::atomic<std::uint64_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  std::vector<Worker> workers;
  workers.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) workers.emplace_back(entry, factory, lineup, settings);

  auto work = [&](Worker& worker) {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      const std::uint64_t k = next.fetch_add(1);
      if (k >= mine) return;
      try {
        worker.play(settings.offset + k * settings.stride);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = mine;
        return;
      }
      if (progress) progress->finished.fetch_add(1, std::memory_order_relaxed);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, std::ref(workers[static_cast<std::size_t>(t)]));
  work(workers[0]);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  Records records = std::move(workers[0].records());
  for (std::size_t t = 1; t < workers.size(); ++t) merge(records, std::move(workers[t].records()));
  sort_by_index(records);
  return records;
}

}  // namespace court::sim
