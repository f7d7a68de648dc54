// The Lab's study jobs (docs/protocol.md, "The Lab"): `court advise` ("kind": "advise", advisor/advise.h) and
// `court tune` ("kind": "tune", advisor/tune.h) asked through the web. LabJobs queues and runs them on the
// same workers, caps and store as `court sim` jobs; this file reads their requests, estimates their games,
// names their commands and runs them.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "lab/store.h"
#include "sim/runner.h"

namespace court::server {

// The request as stored, every choice explicit, so it runs the same after a restart. ApiError naming the
// field and what is allowed (bad_field, bad_bot, bad_option, bad_knob, bad_target).
nlohmann::json advise_job(const nlohmann::json& body, LabStore& store, const std::string& lab_dir);
nlohmann::json tune_job(const nlohmann::json& body, LabStore& store, const std::string& lab_dir);

// The most games a stored request plays, and how that count is made (the job_too_big error says it).
struct GameEstimate {
  std::int64_t games = 0;
  std::string how;
};
GameEstimate advise_estimate(const nlohmann::json& r);
GameEstimate tune_estimate(const nlohmann::json& r);

// The `court advise` / `court tune` command line that writes the same document.
std::string advise_command(const nlohmann::json& r);
std::string tune_command(const nlohmann::json& r);

struct StudyHooks {
  const std::atomic<bool>* stop = nullptr;
  sim::Progress* progress = nullptr;
  std::function<void(const std::string& step, int done, int total)> step;
};
struct StudyResult {
  nlohmann::json document;
  bool interrupted = false;
};

// The advice document, as `court advise --json` writes it.
StudyResult run_advise(const nlohmann::json& r, int threads, const StudyHooks& hooks);
// The run as `court tune --json` writes it, with "proposals": the Pareto front (the best first), each with its
// settings, figures, `court sim` command and Lab variant body. A candidate with data knobs has its data
// written under `out_dir` (its command's --data).
StudyResult run_tune(const nlohmann::json& r, int threads, const std::string& out_dir, const StudyHooks& hooks);

}  // namespace court::server
