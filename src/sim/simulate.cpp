#include "sim/simulate.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>

#include "engine/bot.h"
#include "engine/match.h"
#include "sim/aggregate.h"
#include "sim/ladder.h"

namespace court::sim {
namespace {

bool stopped(const SimHooks& hooks) { return hooks.stop && hooks.stop->load(); }

// A finished batch: its games folded, and whether the run had been stopped when its report was due.
struct Finished {
  Aggregate aggregate;
  bool interrupted = false;
};

// One simulation under way: the batches finished so far, and when the last checkpoint was taken.
class Run {
 public:
  Run(const SimRequest& request, const Cluster& cluster, const SimHooks& hooks)
      : request_(request), cluster_(cluster), hooks_(hooks), rungs_(1 + request.ladder.size()),
        last_checkpoint_(std::chrono::steady_clock::now()) {
    settings_ = request.settings;
    settings_.stride = static_cast<std::uint64_t>(cluster.size);
    settings_.offset = static_cast<std::uint64_t>(cluster.rank);
    if (hooks.resume) resume(*hooks.resume);
  }

  // Plays every batch not finished yet, variant after variant (a stop ends the run after the variant it
  // stopped in: its ladder's reports say they were interrupted).
  void play() {
    for (std::size_t v = 0; v < request_.configs.size() && !stopped(hooks_); ++v) {
      if (finished_.size() >= (v + 1) * rungs_) continue;   // resumed past it
      const std::shared_ptr<const GameFactory> factory = request_.entry->prepare(request_.configs[v]);
      for (std::size_t b = v * rungs_; b < (v + 1) * rungs_; ++b) {
        if (b < finished_.size()) continue;
        finished_.push_back({play_batch(factory, b), stopped(hooks_)});
      }
      finished_[v * rungs_].interrupted = stopped(hooks_);   // its report came after its ladder
    }
  }

  // The report of every variant played (rank 0 only).
  std::vector<nlohmann::json> reports() const {
    std::vector<nlohmann::json> out;
    for (std::size_t v = 0; v < finished_.size() / rungs_; ++v) {
      const GameConfig& config = request_.configs[v];
      const nlohmann::json options = config.options.to_json();
      std::vector<Rung> rungs;
      for (std::size_t b = v * rungs_ + 1; b < (v + 1) * rungs_; ++b) {
        rungs.push_back({request_.ladder[b - v * rungs_ - 1], report(b, options, config.data_dir)});
      }
      out.push_back(report(v * rungs_, options, config.data_dir));
      if (!rungs.empty()) out.back()["ladder"] = ladder_section(rungs);
    }
    return out;
  }

  std::vector<ReportContext> contexts;   // with keep_records: each variant's, for its records
  std::vector<Records> records;

 private:
  // Batch b's lineup and settings: the request's, or every seat the rung's bot, seats kept in place.
  std::vector<std::string> lineup_of(std::size_t b) const {
    const std::size_t rung = b % rungs_;
    if (rung == 0) return request_.lineup;
    return std::vector<std::string>(static_cast<std::size_t>(request_.players), request_.ladder[rung - 1]);
  }
  BatchSettings settings_of(std::size_t b) const {
    BatchSettings s = settings_;
    if (b % rungs_ != 0) s.rotate = false;
    return s;
  }
  ReportContext context(std::size_t b, const nlohmann::json& options, const std::string& data_dir) const {
    return {&request_.entry->info, request_.players, lineup_of(b), settings_of(b), options, data_dir,
            finished_[b].interrupted};
  }
  nlohmann::json report(std::size_t b, const nlohmann::json& options, const std::string& data_dir) const {
    return build_report(context(b, options, data_dir), finished_[b].aggregate);
  }

  void resume(const nlohmann::json& checkpoint);
  Aggregate play_batch(const std::shared_ptr<const GameFactory>& factory, std::size_t b);
  void fold_round(std::size_t b, Aggregate& aggregate, Records& round, bool full, Records* kept);

  const SimRequest& request_;
  const Cluster& cluster_;
  const SimHooks& hooks_;
  const std::size_t rungs_;   // batches per variant
  BatchSettings settings_;
  std::vector<Finished> finished_;
  std::optional<Aggregate> resumed_;   // the batch a checkpoint stopped in, so far
  std::chrono::steady_clock::time_point last_checkpoint_;
};

void Run::resume(const nlohmann::json& checkpoint) {
  const auto batch = checkpoint.at("batch").get<std::size_t>();
  const auto& done = checkpoint.at("finished");
  if (batch >= batch_count(request_) || done.size() != batch) {
    throw std::runtime_error("the checkpoint does not fit the job's batches");
  }
  std::uint64_t games = 0;
  for (std::size_t b = 0; b < batch; ++b) {
    finished_.push_back({Aggregate::from_json(done[b], request_.players, lineup_of(b)), false});
    games += finished_.back().aggregate.games;
  }
  resumed_ = Aggregate::from_json(checkpoint.at("aggregate"), request_.players, lineup_of(batch));
  games += resumed_->games;
  if (hooks_.progress) hooks_.progress->finished += games;
}

// Folds a round of batch b's games, keeps them when asked, and takes a checkpoint when one is due.
void Run::fold_round(std::size_t b, Aggregate& aggregate, Records& round, bool full, Records* kept) {
  aggregate.fold(round);
  if (kept) merge(*kept, std::move(round));
  const auto now = std::chrono::steady_clock::now();
  if (!full || !hooks_.checkpoint || now - last_checkpoint_ < std::chrono::milliseconds(hooks_.checkpoint_ms)) return;
  last_checkpoint_ = now;
  nlohmann::json done = nlohmann::json::array();
  for (const auto& f : finished_) done.push_back(f.aggregate.to_json());
  hooks_.checkpoint({{"batch", b}, {"aggregate", aggregate.to_json()}, {"finished", std::move(done)}});
}

// One batch, folded round by round as its games finish; under MPI its records are gathered from every
// rank first (rank 0 folds them; the others' aggregates stay empty).
Aggregate Run::play_batch(const std::shared_ptr<const GameFactory>& factory, std::size_t b) {
  const std::vector<std::string> lineup = lineup_of(b);
  const BatchSettings settings = settings_of(b);
  Aggregate aggregate = resumed_ ? std::move(*resumed_) : Aggregate(request_.players, lineup);
  resumed_.reset();
  const bool keep = hooks_.keep_records && b % rungs_ == 0;
  if (cluster_.mpi) {
    Records all = gather_records(cluster_, run_batch(*request_.entry, factory, lineup, settings, nullptr, hooks_.progress));
    if (cluster_.rank == 0) aggregate.fold(all);
    if (keep) records.push_back(std::move(all));
  } else {
    Records kept;
    const BatchSink sink{[&](Records& round, bool full) { fold_round(b, aggregate, round, full, keep ? &kept : nullptr); },
                         aggregate.games};
    run_batch(*request_.entry, factory, lineup, settings, hooks_.stop, hooks_.progress, &sink);
    if (keep) records.push_back(std::move(kept));
  }
  if (keep) {
    const GameConfig& config = request_.configs[b / rungs_];
    contexts.push_back({&request_.entry->info, request_.players, lineup, settings, config.options.to_json(),
                        config.data_dir, false});
  }
  return aggregate;
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
  Run run(request, cluster, hooks);
  run.play();
  SimResult result;
  result.interrupted = stopped(hooks);
  if (cluster.rank != 0) return result;
  const std::vector<nlohmann::json> reports = run.reports();
  result.document = reports.size() == 1 ? reports[0] : nlohmann::json{{"court_sweep", 1}, {"variants", reports}};
  result.contexts = std::move(run.contexts);
  result.records = std::move(run.records);
  return result;
}

}  // namespace court::sim
