// The Lab's own cost (issue 21): a 10,000-game job through the Lab (request checked and stored in
// SQLite, queued, run on the Lab's worker at the lowest priority, report and CSV stored) against the same
// simulation as `court sim` runs it (sim::simulate and the JSON document written; with --csv as well).
// The move latency of tables while a Lab job runs is measured by the load tool:
// `court_serve_load --think 200-600 --lab-job '{...}'` against the same run without --lab-job.
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "engine/registry.h"
#include "lab/jobs.h"
#include "sim/report.h"
#include "sim/simulate.h"

namespace court {
namespace {

constexpr int kGames = 10000;

struct Case {
  const char* game;
  int players;
};
constexpr Case kCases[] = {{"intrigue", 3}, {"persuasion", 4}};

sim::SimRequest request_for(const Case& c) {
  sim::SimRequest request;
  request.entry = &games().get(c.game);
  request.players = c.players;
  request.lineup.assign(static_cast<std::size_t>(c.players), "random");
  request.configs.push_back(request.entry->make_config(c.players, {}));
  request.settings.games = kGames;
  request.settings.seed = 1;
  request.settings.threads = 1;
  return request;
}

// `court sim GAME --players N -n 10000 --json F` (and with `--csv F`): the simulation and its documents.
void court_sim(benchmark::State& state, const Case& c, bool csv) {
  const sim::SimRequest request = request_for(c);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const sim::SimResult result = sim::simulate(request, sim::Cluster{}, {.keep_records = csv});
    bytes += result.document.dump(2).size();
    if (csv) bytes += sim::records_csv({{&result.contexts[0], &result.records[0]}}).size();
  }
  benchmark::DoNotOptimize(bytes);
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(kGames * state.iterations()),
                                                 benchmark::Counter::kIsRate);
}

// The same run as a Lab job: submitted, polled every 5 ms until done (the page polls every 500 ms).
void lab_job(benchmark::State& state, const Case& c) {
  char dir_template[] = "/tmp/court_bench_lab_XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  {
    server::LabStore store(dir + "/lab.db");
    server::LabJobs jobs(store, {dir + "/lab", 1, 1});
    jobs.start();
    const nlohmann::json body = {{"game", c.game},
                                 {"players", c.players},
                                 {"seats", std::vector<std::string>(static_cast<std::size_t>(c.players), "random")},
                                 {"games", kGames},
                                 {"seed", 1}};
    for (auto _ : state) {
      const std::int64_t id = jobs.submit(body).at("id");
      while (jobs.describe(id, false).at("status") != "done") std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(kGames * state.iterations()),
                                                   benchmark::Counter::kIsRate);
  }
  std::filesystem::remove_all(dir);
}

const bool kRegistered = [] {
  for (const Case& c : kCases) {
    const std::string name = fmt::format("{}/{}p/{}games", c.game, c.players, kGames);
    benchmark::RegisterBenchmark(("lab_overhead/court_sim_json/" + name).c_str(),
                                 [c](benchmark::State& s) { court_sim(s, c, false); })
        ->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("lab_overhead/court_sim_json_csv/" + name).c_str(),
                                 [c](benchmark::State& s) { court_sim(s, c, true); })
        ->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("lab_overhead/lab_job/" + name).c_str(), [c](benchmark::State& s) { lab_job(s, c); })
        ->UseRealTime()->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace court
