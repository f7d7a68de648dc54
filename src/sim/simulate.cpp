#include "sim/simulate.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "engine/bot.h"
#include "engine/match.h"
#include "sim/ladder.h"

namespace court::sim {
namespace {

bool stopped(const SimHooks& hooks) { return hooks.stop && hooks.stop->load(); }

// One batch, gathered from every rank.
Records play_batch(const SimRequest& request, std::shared_ptr<const GameFactory> factory,
                   const std::vector<std::string>& lineup, const BatchSettings& settings, const Cluster& cluster,
                   const SimHooks& hooks) {
  auto records = run_batch(*request.entry, std::move(factory), lineup, settings, cluster.mpi ? nullptr : hooks.stop,
                           hooks.progress);
  return gather_records(cluster, std::move(records));
}

// The ladder of one variant: the batch again with every seat taken by each bot in turn.
nlohmann::json play_ladder(const SimRequest& request, std::shared_ptr<const GameFactory> factory,
                           BatchSettings settings, const Cluster& cluster, const SimHooks& hooks,
                           const nlohmann::json& options, const std::string& data_dir) {
  std::vector<Rung> rungs;
  settings.rotate = false;
  for (const auto& bot : request.ladder) {
    const std::vector<std::string> lineup(static_cast<std::size_t>(request.players), bot);
    auto records = play_batch(request, factory, lineup, settings, cluster, hooks);
    if (cluster.rank != 0) continue;
    ReportContext context{&request.entry->info, request.players, lineup, settings, options, data_dir, stopped(hooks)};
    rungs.push_back({bot, build_report(context, records)});
  }
  return ladder_section(rungs);
}

}  // namespace

bool default_rotation(const std::vector<std::string>& lineup) {
  return std::adjacent_find(lineup.begin(), lineup.end(), std::not_equal_to<>()) != lineup.end();
}

void check_request(const SimRequest& request) {
  for (const auto& s : request.lineup) {
    if (s == kHuman) throw UserError("a simulation plays bots only; 'human' cannot sit at a simulated table");
    make_bot(*request.entry, s, 0);   // an unknown bot or parameter fails now, not in a worker
  }
  if (request.ladder.size() == 1) {
    throw UserError("the ladder needs at least two bots, weakest first, e.g. random,heuristic");
  }
  for (const auto& s : request.ladder) make_bot(*request.entry, s, 0);
}

std::size_t batch_count(const SimRequest& request) {
  return request.configs.size() * (1 + request.ladder.size());
}

SimResult simulate(const SimRequest& request, const Cluster& cluster, const SimHooks& hooks) {
  BatchSettings settings = request.settings;
  settings.stride = static_cast<std::uint64_t>(cluster.size);
  settings.offset = static_cast<std::uint64_t>(cluster.rank);
  SimResult result;
  std::vector<nlohmann::json> reports;
  for (std::size_t v = 0; v < request.configs.size() && !stopped(hooks); ++v) {
    const GameConfig& config = request.configs[v];
    std::shared_ptr<const GameFactory> factory = request.entry->prepare(config);
    auto records = play_batch(request, factory, request.lineup, settings, cluster, hooks);
    const nlohmann::json options = config.options.to_json();
    nlohmann::json ladder;
    if (!request.ladder.empty()) ladder = play_ladder(request, factory, settings, cluster, hooks, options, config.data_dir);
    if (cluster.rank != 0) continue;
    ReportContext context{&request.entry->info, request.players, request.lineup, settings, options, config.data_dir,
                          stopped(hooks)};
    reports.push_back(build_report(context, records));
    if (!ladder.is_null()) reports.back()["ladder"] = std::move(ladder);
    if (hooks.keep_records) {
      result.contexts.push_back(context);
      result.records.push_back(std::move(records));
    }
  }
  result.interrupted = stopped(hooks);
  if (cluster.rank != 0) return result;
  result.document = reports.size() == 1 ? reports[0] : nlohmann::json{{"court_sweep", 1}, {"variants", reports}};
  return result;
}

}  // namespace court::sim
