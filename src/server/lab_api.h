// The Lab under /api/lab/ (docs/protocol.md, "The Lab"): a designer's variants of a game's data, simulation
// jobs, and comparisons of their reports. Open to requests from this machine (loopback); from any other
// address only with the server's --lab-token sent as "Authorization: Bearer TOKEN".
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/awaitable.hpp>
#include <string>
#include <vector>

#include "server/lab_jobs.h"
#include "server/lab_store.h"
#include "server/lobby.h"
#include "server/rest_api.h"

namespace court::server {

struct LabConfig {
  std::string token;          // --lab-token: needed from non-loopback addresses; empty: those are refused
  int parallel_jobs = 1;      // --lab-jobs
  int threads_per_job = 1;    // --lab-threads
  std::string dir;            // variants' data directories; empty: "<db>.lab" beside the database
};

class Lab {
 public:
  // Opens the Lab's records in the database at `db`; variants' data directories go to "<db>.lab/".
  Lab(const std::string& db, const LabConfig& config);
  void start() { jobs_.start(); }

  // Whether a request may reach the Lab: from loopback, or with the token.
  bool admits(bool loopback, const std::string& authorization) const;
  HttpAnswer answer(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                    const std::string& body);
  // What a table of variant `id` is made from; ApiError 404 when there is no such variant.
  TableVariant table_variant(std::int64_t id);

 private:
  HttpAnswer route(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                   const std::string& body);
  HttpAnswer variants(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                      const std::string& body);
  HttpAnswer jobs(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                  const std::string& body);

  LabConfig config_;
  LabSettings settings_;
  LabStore store_;
  LabJobs jobs_;
};

}  // namespace court::server
