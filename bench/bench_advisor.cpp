// The design advisor's cost (issue 39: a full study of any game at any seat count under 5 minutes on 2 cores):
// one whole study each (every probe, two rungs, the second strength, 2,000 games a batch, random and the
// heuristic), and a probe's cost per game beside its base's. One iteration each: `make bench` reports the time.
#include <benchmark/benchmark.h>

#include "advisor/advise.h"
#include "engine/registry.h"
#include "sim/runner.h"

namespace court {
namespace {

void study(benchmark::State& state, const char* game, int players) {
  advisor::AdviseRequest r;
  r.subject.entry = &games().get(game);
  r.subject.config = r.subject.entry->make_config(players, {});
  r.games = static_cast<std::uint64_t>(state.range(0));
  r.threads = 2;
  std::size_t findings = 0;
  for (auto _ : state) findings = advisor::advise(r)["findings"].size();
  state.counters["findings"] = static_cast<double>(findings);
}

// 2,000 games of `lineup` at `players` (the probe against its base: their difference is the probe's cost).
void batch(benchmark::State& state, const char* game, int players, const char* first) {
  const GameEntry& entry = games().get(game);
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(players, {}));
  std::vector<std::string> lineup(static_cast<std::size_t>(players), "heuristic");
  lineup[0] = first;
  sim::BatchSettings settings;
  settings.games = 2000;
  settings.threads = 1;
  for (auto _ : state) benchmark::DoNotOptimize(sim::run_batch(entry, factory, lineup, settings).games.size());
}

BENCHMARK_CAPTURE(study, persuasion_3, "persuasion", 3)->Arg(2000)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(study, persuasion_8, "persuasion", 8)->Arg(2000)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(study, belle_5, "belle", 5)->Arg(2000)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(study, gameshire_4, "gameshire", 4)->Arg(2000)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(batch, belle_5_heuristic, "belle", 5, "heuristic")->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(batch, belle_5_probe, "belle", 5, "probe:never=invite")->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(batch, intrigue_4_heuristic, "intrigue", 4, "heuristic")->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(batch, intrigue_4_probe, "intrigue", 4, "probe:never=take_token")->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace court
