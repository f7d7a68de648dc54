// The Lab tests' requests over loopback (tests/server/server_lab*_test.cpp): /api/lab/ calls and waits for a job.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "server/server_test_support.h"

namespace court::server_test {

inline HttpReply lab(std::uint16_t port, const std::string& method, const std::string& path,
                     const nlohmann::json& body = nullptr) {
  return http(port, method, "/api/lab/" + path, body.is_null() ? "" : body.dump());
}

inline nlohmann::json lab_job(std::uint16_t port, std::int64_t id) {
  return lab(port, "GET", "jobs/" + std::to_string(id)).json();
}

// Polls the job every 25 ms (up to `seconds`) until `ready` says yes or the job has ended; the last state.
inline nlohmann::json job_when(std::uint16_t port, std::int64_t id, const std::function<bool(const nlohmann::json&)>& ready,
                               int seconds = 120) {
  nlohmann::json job;
  for (int i = 0; i < seconds * 40; ++i) {
    job = lab_job(port, id);
    if (ready(job) || (job.at("status") != "queued" && job.at("status") != "running")) return job;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  ADD_FAILURE() << "job " << id << " never got there: " << job.dump().substr(0, 400);
  return job;
}

// A shell command's output (stdout and stderr); the command must succeed.
inline std::string run_command(const std::string& command) {
  std::string output;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  EXPECT_EQ(pclose(pipe), 0) << output;
  return output;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Waits (up to two minutes) for a job to leave "queued" and "running".
inline nlohmann::json finished_job(std::uint16_t port, std::int64_t id) {
  return job_when(port, id, [](const nlohmann::json&) { return false; });
}

}  // namespace court::server_test
