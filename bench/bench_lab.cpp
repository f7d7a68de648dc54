// The Lab's own cost (issue 21): a 10,000-game job through the Lab (request checked and stored in
// SQLite, queued, run on the Lab's worker at the lowest priority, report and CSV stored) against the same
// simulation as `court sim` runs it (sim::simulate and the JSON document written; with --csv as well).
// The move latency of tables while a Lab job runs is measured by the load tool:
// `court_serve_load --think 200-600 --lab-job '{...}'` against the same run without --lab-job.
// A job's memory (issue 38): the peak resident memory the simulation of a 1,000,000- and a 10,000,000-game
// Lab job adds, each in a fresh child process (VmHWM after the job less VmRSS before it), as
// `peak_rss_growth_MiB`.
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
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

// A field of /proc/self/status in KiB ("VmHWM", "VmRSS").
double status_kib(const std::string& field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stod(line.substr(field.size() + 1));
  }
  return 0;
}

// The simulation of a Lab job of `games` intrigue games (3 random seats; over 1,000,000 as a sweep of
// starting_points, 1,000,000 games a value) as LabJobs::run runs it -- no records kept, a checkpoint written
// out every 5 s -- in a child process (the Lab's own worker runs at SCHED_IDLE, which a loaded machine
// starves); returns the peak memory it added, in MiB.
double job_peak_growth_mib(std::int64_t games) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    const double before = status_kib("VmRSS");
    {
      sim::SimRequest request = request_for({"intrigue", 3});
      request.configs.clear();
      for (std::int64_t v = 1; v <= std::max<std::int64_t>(1, games / 1'000'000); ++v) {
        request.configs.push_back(request.entry->make_config(3, {{"starting_points", std::to_string(v)}}));
      }
      request.settings.games = static_cast<std::uint64_t>(std::min<std::int64_t>(games, 1'000'000));
      request.settings.threads = 2;
      std::size_t checkpoint_bytes = 0;
      sim::SimHooks hooks;
      hooks.checkpoint = [&](const nlohmann::json& c) { checkpoint_bytes = c.dump().size(); };
      const std::string report = sim::simulate(request, sim::Cluster{}, hooks).document.dump(2);
      benchmark::DoNotOptimize(report.size() + checkpoint_bytes);
    }
    const double growth = (status_kib("VmHWM") - before) / 1024;
    [[maybe_unused]] const auto written = write(fds[1], &growth, sizeof growth);
    _exit(0);
  }
  close(fds[1]);
  double growth = -1;
  [[maybe_unused]] const auto got = read(fds[0], &growth, sizeof growth);
  close(fds[0]);
  waitpid(child, nullptr, 0);
  return growth;
}

void lab_job_memory(benchmark::State& state) {
  const std::int64_t games = state.range(0);
  double growth = 0;
  for (auto _ : state) growth = job_peak_growth_mib(games);
  state.counters["peak_rss_growth_MiB"] = growth;
  state.counters["games"] = static_cast<double>(games);
}

const bool kRegistered = [] {
  benchmark::RegisterBenchmark("lab_memory/lab_job/intrigue/3p", lab_job_memory)
      ->Arg(1'000'000)->Arg(10'000'000)->Iterations(1)->UseRealTime()->Unit(benchmark::kSecond);
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
