// What the server knows of the designer's Lab (src/lab/, the layer above the server): a door it routes
// /api/lab/ through, and the variant a table of the Lab is made from. The Lab implements LabDoor; the
// command (`court serve`) hands the server the Lab's maker (ServerConfig::make_lab), so no server file
// includes a Lab header.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "server/http_answer.h"
#include "server/url.h"

namespace court::server {

struct LabConfig {
  std::string token;          // --lab-token: needed from non-loopback addresses; empty: those are refused
  bool token_required = false;  // --lab-token-required: the token is needed from loopback too
  int parallel_jobs = 1;      // --lab-jobs
  int threads_per_job = 1;    // --lab-threads
  std::string dir;            // variants' data directories; empty: "<db>.lab" beside the database
  // Caps on jobs (issue 38: one request had asked 84 million games, 300 jobs were queued in 0.1 s).
  std::int64_t max_job_games = 10'000'000;   // --lab-max-job-games: the games of one job, every batch
  int max_client_jobs = 5;                   // --lab-max-client-jobs: queued and running, per client address
  int max_jobs = 50;                         // --lab-max-jobs: queued and running, in all
  int checkpoint_seconds = 5;                // --lab-checkpoint: a running job's checkpoint every this many
};

// A Lab variant a table is made from: its game, options and data directory.
struct TableVariant {
  std::string game;
  std::string name;
  std::map<std::string, std::string> options;
  std::string data_dir;
};

class LabDoor {
 public:
  virtual ~LabDoor() = default;
  // Starts the Lab's job workers (with the server's threads).
  virtual void start() = 0;
  // Whether a request may reach the Lab: with the token, or from loopback unless the token is required.
  virtual bool admits(bool loopback, const std::string& authorization) const = 0;
  // A request under /api/lab/ (`parts`: its path split at '/', "api" and "lab" first) from `caller` (whose
  // jobs count against a per-client cap).
  virtual HttpAnswer answer(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                            const std::string& body, const Caller& caller) = 0;
  // What a table of variant `id` is made from; ApiError 404 when there is no such variant.
  virtual TableVariant table_variant(std::int64_t id) = 0;
};

}  // namespace court::server
