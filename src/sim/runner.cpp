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

GameRecord play_one(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                    const std::vector<std::string>& lineup, const BatchSettings& settings, std::uint64_t index) {
  const int players = static_cast<int>(lineup.size());
  GameRecord record;
  record.index = index;
  record.rotation = rotation_of(index, players, settings.rotate);
  std::vector<std::string> seats(players);
  for (int s = 0; s < players; ++s) seats[s] = lineup[(s + record.rotation) % players];

  Match match(entry, std::move(factory), mix_seed(settings.seed, index), seats);
  match.skip_replay();
  match.run_bots();
  const GameState& state = match.state();
  const Outcome outcome = state.outcome();
  record.length = static_cast<std::uint32_t>(match.steps());
  record.seats.assign(outcome.seats.begin(), outcome.seats.end());
  record.cooperative = outcome.cooperative;
  record.team_win = outcome.team_win;
  record.loss_cause = outcome.loss_cause ? outcome.loss_cause : "";
  state.report(record.report);
  return record;
}

std::vector<GameRecord> run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
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
  std::vector<std::vector<GameRecord>> per_thread(threads);

  auto worker = [&](int t) {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      const std::uint64_t k = next.fetch_add(1);
      if (k >= mine) return;
      try {
        per_thread[t].push_back(play_one(entry, factory, lineup, settings, settings.offset + k * settings.stride));
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
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  std::vector<GameRecord> records;
  for (auto& part : per_thread) for (auto& r : part) records.push_back(std::move(r));
  std::sort(records.begin(), records.end(), [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
  return records;
}

}  // namespace court::sim
