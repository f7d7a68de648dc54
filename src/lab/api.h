// The Lab under /api/lab/ (docs/protocol.md, "The Lab"): a designer's variants of a game's data, simulation
// jobs, and comparisons of their reports. Open to requests from this machine (loopback); from any other
// address only with the server's --lab-token sent as "Authorization: Bearer TOKEN".
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lab/jobs.h"
#include "lab/store.h"
#include "server/lab_door.h"

namespace court::server {

class Lab : public LabDoor {
 public:
  // Opens the Lab's records in the database at `db`; variants' data directories go to "<db>.lab/".
  Lab(const std::string& db, const LabConfig& config);
  void start() override { jobs_.start(); }

  bool admits(bool loopback, const std::string& authorization) const override;
  HttpAnswer answer(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                    const std::string& body, const Caller& caller) override;
  TableVariant table_variant(std::int64_t id) override;

 private:
  HttpAnswer route(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                   const std::string& body, const Caller& caller);
  HttpAnswer variants(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                      const std::string& body);
  HttpAnswer jobs(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                  const std::string& body, const Caller& caller);

  LabConfig config_;
  LabSettings settings_;
  LabStore store_;
  LabJobs jobs_;
};

// The Lab as the server opens it (ServerConfig::make_lab).
std::unique_ptr<LabDoor> open_lab(const std::string& db, const LabConfig& config);

}  // namespace court::server
