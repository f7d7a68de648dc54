// The Lab's jobs (docs/protocol.md, "The Lab"): a job is `court sim`, `court advise` or `court tune` asked
// through the web ("kind": sim, advise, tune; lab/studies.h reads the last two). Every kind runs on the Lab's
// own worker threads at the lowest CPU priority, so table moves always go first; one job at a time by
// default, the rest queued; progress and cancel while it runs. Its report is the document the command writes
// with --json for the same request (the same code: sim/simulate.h, advisor/advise.h, advisor/tune.h).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "lab/store.h"
#include "lab/studies.h"
#include "sim/simulate.h"

namespace court::server {

struct LabSettings {
  std::string dir;            // where variants' data directories and trial runs live
  int parallel_jobs = 1;      // jobs run at once
  int threads_per_job = 1;    // simulation threads of one job
  std::int64_t max_job_games = 10'000'000;   // games of one job over every batch (LabConfig says each flag)
  int max_client_jobs = 5;    // queued and running jobs of one client
  int max_jobs = 50;          // queued and running jobs in all
  int checkpoint_seconds = 5; // between a running job's checkpoints
};

// A job keeps its CSV (one row per game) up to this many games in all; a larger one folds its games as
// they finish and keeps none (its memory stays bounded), and resumes from a checkpoint after a crash.
inline constexpr std::int64_t kMaxCsvGames = 20'000;

class LabJobs {
 public:
  LabJobs(LabStore& store, LabSettings settings);
  ~LabJobs();   // cancels what runs and joins the workers
  LabJobs(const LabJobs&) = delete;
  LabJobs& operator=(const LabJobs&) = delete;

  // Starts the workers and queues the jobs a stopped server left unfinished: a job found running (the
  // server died while it ran) resumes from its last checkpoint the first time, and is marked failed the
  // second, so a job that kills the server cannot do it in a loop.
  void start();
  // Checks a job request (ApiError naming the field and what is allowed: 400 job_too_big over the games
  // cap, 429 too_many_jobs over the queue caps), stores and queues it for `client`.
  // Returns {"id", "status", "total", "command", "mpi_command"}.
  nlohmann::json submit(const nlohmann::json& body, const std::string& client = "");
  // {"id","status","done","total","request","command","mpi_command","error"?,"report"? (when done)}; a running
  // study also has "step", "batches_done" and "batches_total".
  // ApiError 404 for an unknown id.
  nlohmann::json describe(std::int64_t id, bool with_report = true);
  nlohmann::json list();
  // Cancels a queued or running job (a finished one stays as it is).
  nlohmann::json cancel(std::int64_t id);
  // The stored report document text, exactly as `court sim --json` writes it; ApiError 409 when not done.
  std::string report_text(std::int64_t id);
  // The job's CSV; ApiError 409 when not done, or when the job had more than kMaxCsvGames games.
  std::string csv_text(std::int64_t id);

 private:
  struct Live {
    std::atomic<bool> stop{false};
    sim::Progress progress;
    std::mutex step_mutex;   // a study's step, batches done and batches expected
    std::string step;
    int batches_done = 0, batches_total = 0;
  };
  void work();
  void run(std::int64_t id);
  void run_sim(std::int64_t id, const Job& job, Live& live);
  void run_study(std::int64_t id, const Job& job, Live& live);
  void store_result(std::int64_t id, const sim::SimResult& result, std::int64_t done);
  void store_study(std::int64_t id, const StudyResult& result, std::int64_t done);
  void check_caps(const GameEstimate& estimate, const std::string& client);
  void add_live(std::int64_t id, nlohmann::json& out, const Job& job);
  bool closing();

  LabStore& store_;
  LabSettings settings_;
  std::mutex mutex_;
  std::mutex submit_mutex_;   // a job's caps are checked and the job stored as one step
  std::condition_variable wake_;
  std::deque<std::int64_t> queue_;
  std::map<std::int64_t, std::shared_ptr<Live>> live_;
  std::vector<std::thread> workers_;
  bool closing_ = false;
};

}  // namespace court::server
