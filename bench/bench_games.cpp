// For every registered game and its smallest and largest table: random playouts per second,
// player actions per second, clones per second and determinizations per second (of a position
// half-way through a random game). The loops are
// templated on the concrete state (GameFactory's hot-loop methods): no virtual call per step.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "engine/registry.h"

namespace court {
namespace {

void register_game(const GameEntry& entry, int seats) {
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(seats, {}));
  const std::string tag = fmt::format("{}/{}p", entry.info.id, seats);

  benchmark::RegisterBenchmark(("playout/" + tag).c_str(), [factory](benchmark::State& state) {
    std::uint64_t seed = 1;
    std::size_t actions = 0;
    for (auto _ : state) {
      auto playout = factory->random_playout(seed++);
      actions += playout.steps;
      benchmark::DoNotOptimize(playout);
    }
    state.counters["playouts/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  });
  benchmark::RegisterBenchmark(("clone/" + tag).c_str(), [factory](benchmark::State& state) {
    constexpr std::size_t kBatch = 1000;
    for (auto _ : state) benchmark::DoNotOptimize(factory->clone_many(7, kBatch));
    state.counters["clones/s"] =
        benchmark::Counter(static_cast<double>(state.iterations() * kBatch), benchmark::Counter::kIsRate);
  });
  benchmark::RegisterBenchmark(("determinize/" + tag).c_str(), [factory](benchmark::State& state) {
    constexpr std::size_t kBatch = 1000;
    for (auto _ : state) benchmark::DoNotOptimize(factory->determinize_many(7, kBatch));
    state.counters["determinizations/s"] =
        benchmark::Counter(static_cast<double>(state.iterations() * kBatch), benchmark::Counter::kIsRate);
  });
}

const bool kRegistered = [] {
  for (const auto& entry : games().all()) {
    register_game(entry, entry.info.min_seats);
    if (entry.info.max_seats != entry.info.min_seats) register_game(entry, entry.info.max_seats);
  }
  return true;
}();

}  // namespace
}  // namespace court
