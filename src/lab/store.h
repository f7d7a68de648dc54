// The Lab's records in SQLite (the server's database, its own connection): a designer's variants of a
// game's data (files, options, a content hash) and simulation jobs with their reports.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace court::server {

struct Variant {
  std::int64_t id = 0;
  std::string game;
  std::string name;
  std::map<std::string, std::string> files;     // every data file of the game, by name
  std::map<std::string, std::string> options;   // option values the designer set (the rest: defaults)
  std::string hash;                             // SHA-256 of game, files and options
  std::int64_t created_ms = 0;
};

struct Job {
  std::int64_t id = 0;
  std::string request;        // the job as asked (JSON text)
  std::string status;         // queued, running, done, failed, cancelled
  std::int64_t done = 0;      // games finished
  std::int64_t total = 0;     // games in all
  std::string report;         // the report document, as `court sim --json` writes it (done only)
  std::string csv;            // one row per game, as `court sim --csv` writes it (done only)
  std::string error;          // why it failed
  std::int64_t created_ms = 0;
  std::string client;         // the address that asked for it (Caller::client)
  std::int64_t checkpointed = 0;   // games its last checkpoint covers (0: none)
  std::int64_t crashes = 0;   // times a start found it running (the server had died while it ran)
};

class LabStore {
 public:
  explicit LabStore(const std::string& path);   // throws std::runtime_error naming the file
  ~LabStore();
  LabStore(const LabStore&) = delete;
  LabStore& operator=(const LabStore&) = delete;

  std::int64_t add_variant(const Variant& v);   // returns its id
  void update_variant(const Variant& v);
  void delete_variant(std::int64_t id);
  std::optional<Variant> variant(std::int64_t id);
  std::vector<Variant> variants();              // without their files and options

  std::int64_t add_job(const std::string& request, std::int64_t total, std::int64_t now_ms,
                       const std::string& client = "");
  // Jobs queued or running: `client`'s, or everyone's when it is null.
  std::int64_t active_jobs(const std::string* client);
  // A running job's checkpoint (sim/simulate.h) and the games it covers (also its `done`).
  void set_checkpoint(std::int64_t id, const std::string& checkpoint, std::int64_t done);
  std::string checkpoint(std::int64_t id);     // "" when it has none
  // Counts that a start found the job running, and returns how many times it has.
  std::int64_t found_running(std::int64_t id);
  void set_job(std::int64_t id, const std::string& status, std::int64_t done, const std::string& report = "",
               const std::string& csv = "", const std::string& error = "");
  std::optional<Job> job(std::int64_t id, bool with_report = true);
  std::vector<Job> jobs();                      // newest first, without reports
  // Jobs a stopped server left queued or running: queued again (a job is a function of its request).
  std::vector<Job> unfinished_jobs();

 private:
  sqlite3_stmt* prepare(const char* sql);
  void exec(const char* sql);
  std::mutex mutex_;
  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace court::server
