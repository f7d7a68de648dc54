// Fuzz target: the Lab's job request reader (LabJobs::submit: normalized_request, the simulator's request,
// the games cap and the queue caps) on a fresh in-memory store, the jobs never run (no workers). Input: the
// request body as JSON. A refusal is an ApiError with a 4xx status; anything else thrown is a finding, and
// so is a job accepted over the games cap.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "lab/jobs.h"
#include "server/api_error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court::server;
  const auto body = nlohmann::json::parse(data, data + size, nullptr, false);
  if (body.is_discarded() || !body.is_object()) return 0;   // the route refuses these before submit
  LabStore store(":memory:");
  LabJobs jobs(store, {.dir = "/tmp/court-fuzz-lab", .max_job_games = 100'000, .max_client_jobs = 1, .max_jobs = 1});
  try {
    const nlohmann::json job = jobs.submit(body, "fuzz");
    if (job.at("total").get<std::int64_t>() > 100'000) {
      std::fprintf(stderr, "accepted over the games cap: %s\n", job.dump().c_str());
      __builtin_trap();
    }
    jobs.submit(body, "fuzz");   // a second job of the same client is over its cap
    std::fprintf(stderr, "a second job was accepted over the per-client cap\n");
    __builtin_trap();
  } catch (const ApiError& e) {
    if (e.status() < 400 || e.status() >= 500) {
      std::fprintf(stderr, "refused with %d: %s\n", e.status(), e.what());
      __builtin_trap();
    }
  }
  return 0;
}
