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
  record.team_win = outcome.team_win;
  record.loss_cause = outcome.loss_cause ? outcome.loss_cause : "";
  state.report(record.report);
  record.done = true;
  return record;
}

std::vector<GameRecord> run_batch(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                                  const std::vector<std::string>& lineup, const BatchSettings& settings,
                                  const std::atomic<bool>* stop, Progress* progress) {
  std::vector<GameRecord> records(settings.games);
  for (std::uint64_t i = 0; i < settings.games; ++i) records[i].index = i;
  std::vector<std::uint64_t> mine;
  for (std::uint64_t i = settings.offset; i < settings.games; i += settings.stride) mine.push_back(i);

  int threads = settings.threads > 0 ? settings.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<std::size_t>(1, mine.size()))));
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;

  auto worker = [&] {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      const std::size_t k = next.fetch_add(1);
      if (k >= mine.size()) return;
      try {
        records[mine[k]] = play_one(entry, factory, lineup, settings, mine[k]);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = mine.size();
        return;
      }
      if (progress) progress->finished.fetch_add(1, std::memory_order_relaxed);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return records;
}

}  // namespace court::sim
