// A whole simulation as `court sim` runs it and the Lab's jobs run it (one code path, so a Lab job's
// report is byte for byte the document `court sim --json` writes for the same inputs): every variant
// of an option grid, each batch with its skill ladder, gathered over MPI ranks, into one report document.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"
#include "sim/cluster.h"
#include "sim/report.h"
#include "sim/runner.h"

namespace court::sim {

struct SimRequest {
  const GameEntry* entry = nullptr;
  int players = 0;
  std::vector<std::string> lineup;        // a bot spec per seat, before rotation
  std::vector<GameConfig> configs;        // one per variant of the grid (a plain run: one)
  BatchSettings settings;                 // seed, games, threads, rotate (stride and offset: set by simulate)
  std::vector<std::string> ladder;        // --ladder: at least two bots, weakest first; empty: none
};

// What the caller sees while it runs: a stop flag polled between games (MPI runs ignore it) and a count
// of finished games over every batch.
// A checkpoint (issue 38: a Lab job that was running when the server died resumes from its last one) is
// JSON: {"batch": the batch being played, "aggregate": its games so far (sim/aggregate.h), "finished":
// [the aggregates of the batches before it]}. Resumed, the run ends with the report an uninterrupted run
// writes, byte for byte: the games are seeded by index and folded in index order.
struct SimHooks {
  const std::atomic<bool>* stop = nullptr;
  Progress* progress = nullptr;
  bool keep_records = false;              // keep each variant's records (for the CSV)
  // Called with a checkpoint after a round of games all played, when `checkpoint_ms` have passed since
  // the last (or the run's start); not under MPI, nor when keeping records.
  std::function<void(const nlohmann::json&)> checkpoint;
  std::int64_t checkpoint_ms = 5000;
  // A checkpoint to resume from (std::runtime_error when it does not fit the request).
  const nlohmann::json* resume = nullptr;
};

struct SimResult {
  nlohmann::json document;                // one report, or {"court_sweep": 1, "variants": [...]} (rank 0 only)
  std::vector<ReportContext> contexts;    // with keep_records: one per variant, for records_csv
  std::vector<Records> records;
  bool interrupted = false;
};

// Whether seats rotate when the caller does not say: when the lineup's bots differ, so each bot plays every
// seat and the first player's edge is shared out; with one bot everywhere seats stay put, so the report
// shows that edge per seat. `court sim` (without --rotate/--no-rotate) and the Lab's jobs both ask this.
bool default_rotation(const std::vector<std::string>& lineup);

// The bots of `request` exist and may sit at a simulated table (UserError otherwise).
void check_request(const SimRequest& request);

// How many batches `request` plays (variants, times one plus the ladder's bots): for variant v, batch
// v * (1 + ladder) plays the lineup, and the next ones each rung of the ladder.
std::size_t batch_count(const SimRequest& request);

// Plays everything. Other ranks than 0 return an empty result.
SimResult simulate(const SimRequest& request, const Cluster& cluster, const SimHooks& hooks);

}  // namespace court::sim
