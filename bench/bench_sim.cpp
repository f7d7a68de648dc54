// The simulator's own cost and its scaling: games per second through the batch runner (random
// bots, the full harness: a determinized copy for every bot move) on 1 and 2 threads, next to the
// bare templated playout of the same game (bench_games.cpp).
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "engine/registry.h"
#include "sim/runner.h"

namespace court {
namespace {

void register_runner(const GameEntry& entry, int seats, int threads) {
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(seats, {}));
  const std::string name = fmt::format("sim_runner/{}/{}p/threads:{}", entry.info.id, seats, threads);
  benchmark::RegisterBenchmark(name.c_str(), [&entry, factory, seats, threads](benchmark::State& state) {
    const std::vector<std::string> lineup(static_cast<std::size_t>(seats), "random");
    sim::BatchSettings settings;
    settings.games = 2000;
    settings.threads = threads;
    std::uint64_t games = 0, actions = 0;
    for (auto _ : state) {
      auto records = sim::run_batch(entry, factory, lineup, settings);
      for (const auto& r : records.games) actions += r.length;
      games += records.games.size();
      ++settings.seed;
    }
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    state.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  })->UseRealTime()->Unit(benchmark::kMillisecond);
}

const bool kRegistered = [] {
  for (const auto& entry : games().all()) {
    for (int seats : {entry.info.min_seats, entry.info.max_seats}) {
      register_runner(entry, seats, 1);
      register_runner(entry, seats, 2);
      if (seats == entry.info.max_seats) break;
    }
  }
  return true;
}();

}  // namespace
}  // namespace court
