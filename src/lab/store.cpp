#include "lab/store.h"

#include <fmt/format.h>
#include "server/sqlite_db.h"

#include <memory>
#include <set>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace court::server {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS lab_variants (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game TEXT NOT NULL,
  name TEXT NOT NULL,
  files TEXT NOT NULL,
  options TEXT NOT NULL,
  hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS lab_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  request TEXT NOT NULL,
  status TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  report TEXT NOT NULL DEFAULT '',
  csv TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL
);
)sql";

// Columns added since the table was first made (issue 38), added to an older database when it opens:
// who asked for the job (the per-client cap counts by it), its last checkpoint and the games it covers,
// and how many times a start found the job running (a crash: the second time it is marked failed).
constexpr const char* kJobColumnsAdded[][2] = {
    {"client", "TEXT NOT NULL DEFAULT ''"},
    {"checkpoint", "TEXT NOT NULL DEFAULT ''"},
    {"checkpointed", "INTEGER NOT NULL DEFAULT 0"},
    {"crashes", "INTEGER NOT NULL DEFAULT 0"},
};

using Map = std::map<std::string, std::string>;
Map map_of(const std::string& json) { return nlohmann::json::parse(json).get<Map>(); }

}  // namespace

LabStore::LabStore(const std::string& path) : path_(path) {
  db_ = open_database(path);
  exec(kSchema);
  std::set<std::string> have;
  {
    Statement s(prepare("PRAGMA table_info(lab_jobs)"));
    while (sqlite3_step(s.get()) == SQLITE_ROW) have.insert(column_text(s.get(), 1));
  }
  for (const auto& [name, type] : kJobColumnsAdded) {
    if (!have.count(name)) exec(fmt::format("ALTER TABLE lab_jobs ADD COLUMN {} {}", name, type).c_str());
  }
}

LabStore::~LabStore() { sqlite3_close(db_); }

void LabStore::exec(const char* sql) { exec_sql(db_, path_, sql); }

sqlite3_stmt* LabStore::prepare(const char* sql) { return prepare_sql(db_, path_, sql); }

namespace {

// What an edit may change of a variant, in this order, from parameter `first` on: name, files, options, hash.
void bind_contents(sqlite3_stmt* s, int first, const Variant& v) {
  bind_text(s, first, v.name);
  bind_text(s, first + 1, nlohmann::json(v.files).dump());
  bind_text(s, first + 2, nlohmann::json(v.options).dump());
  bind_text(s, first + 3, v.hash);
}

}  // namespace

std::int64_t LabStore::add_variant(const Variant& v) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("INSERT INTO lab_variants (game, name, files, options, hash, created_ms) VALUES (?, ?, ?, ?, ?, ?)"));
  bind_text(s.get(), 1, v.game);
  bind_contents(s.get(), 2, v);
  sqlite3_bind_int64(s.get(), 6, v.created_ms);
  step_done(db_, s.get(), path_);
  return sqlite3_last_insert_rowid(db_);
}

void LabStore::update_variant(const Variant& v) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("UPDATE lab_variants SET name = ?, files = ?, options = ?, hash = ? WHERE id = ? AND deleted = 0"));
  bind_contents(s.get(), 1, v);
  sqlite3_bind_int64(s.get(), 5, v.id);
  step_done(db_, s.get(), path_);
}

void LabStore::delete_variant(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("UPDATE lab_variants SET deleted = 1 WHERE id = ?"));
  sqlite3_bind_int64(s.get(), 1, id);
  step_done(db_, s.get(), path_);
}

std::optional<Variant> LabStore::variant(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("SELECT id, game, name, files, options, hash, created_ms FROM lab_variants "
                      "WHERE id = ? AND deleted = 0"));
  sqlite3_bind_int64(s.get(), 1, id);
  if (sqlite3_step(s.get()) != SQLITE_ROW) return std::nullopt;
  return Variant{sqlite3_column_int64(s.get(), 0), column_text(s.get(), 1), column_text(s.get(), 2),
                 map_of(column_text(s.get(), 3)), map_of(column_text(s.get(), 4)), column_text(s.get(), 5),
                 sqlite3_column_int64(s.get(), 6)};
}

std::vector<Variant> LabStore::variants() {
  std::lock_guard lock(mutex_);
  Statement s(prepare("SELECT id, game, name, hash, created_ms FROM lab_variants WHERE deleted = 0 ORDER BY id"));
  std::vector<Variant> out;
  while (sqlite3_step(s.get()) == SQLITE_ROW) {
    Variant v;
    v.id = sqlite3_column_int64(s.get(), 0);
    v.game = column_text(s.get(), 1);
    v.name = column_text(s.get(), 2);
    v.hash = column_text(s.get(), 3);
    v.created_ms = sqlite3_column_int64(s.get(), 4);
    out.push_back(std::move(v));
  }
  return out;
}

std::int64_t LabStore::add_job(const std::string& request, std::int64_t total, std::int64_t now_ms,
                               const std::string& client) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("INSERT INTO lab_jobs (request, status, total, created_ms, client) VALUES (?, 'queued', ?, ?, ?)"));
  bind_text(s.get(), 1, request);
  sqlite3_bind_int64(s.get(), 2, total);
  sqlite3_bind_int64(s.get(), 3, now_ms);
  bind_text(s.get(), 4, client);
  step_done(db_, s.get(), path_);
  return sqlite3_last_insert_rowid(db_);
}

std::int64_t LabStore::active_jobs(const std::string* client) {
  std::lock_guard lock(mutex_);
  Statement s(prepare(client ? "SELECT COUNT(*) FROM lab_jobs WHERE status IN ('queued', 'running') AND client = ?"
                             : "SELECT COUNT(*) FROM lab_jobs WHERE status IN ('queued', 'running')"));
  if (client) bind_text(s.get(), 1, *client);
  sqlite3_step(s.get());
  return sqlite3_column_int64(s.get(), 0);
}

void LabStore::set_checkpoint(std::int64_t id, const std::string& checkpoint, std::int64_t done) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("UPDATE lab_jobs SET checkpoint = ?1, checkpointed = ?2, done = ?2 WHERE id = ?3"));
  bind_text(s.get(), 1, checkpoint);
  sqlite3_bind_int64(s.get(), 2, done);
  sqlite3_bind_int64(s.get(), 3, id);
  step_done(db_, s.get(), path_);
}

std::string LabStore::checkpoint(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("SELECT checkpoint FROM lab_jobs WHERE id = ?"));
  sqlite3_bind_int64(s.get(), 1, id);
  return sqlite3_step(s.get()) == SQLITE_ROW ? column_text(s.get(), 0) : "";
}

std::int64_t LabStore::found_running(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement add(prepare("UPDATE lab_jobs SET crashes = crashes + 1 WHERE id = ?"));
  sqlite3_bind_int64(add.get(), 1, id);
  step_done(db_, add.get(), path_);
  Statement s(prepare("SELECT crashes FROM lab_jobs WHERE id = ?"));
  sqlite3_bind_int64(s.get(), 1, id);
  return sqlite3_step(s.get()) == SQLITE_ROW ? sqlite3_column_int64(s.get(), 0) : 0;
}

void LabStore::set_job(std::int64_t id, const std::string& status, std::int64_t done, const std::string& report,
                       const std::string& csv, const std::string& error) {
  std::lock_guard lock(mutex_);
  // A job that ended no longer needs its checkpoint (the largest part of its row while it ran).
  Statement s(prepare("UPDATE lab_jobs SET status = ?1, done = ?2, report = ?3, csv = ?4, error = ?5, checkpoint = "
                      "CASE WHEN ?1 IN ('queued', 'running') THEN checkpoint ELSE '' END WHERE id = ?6"));
  bind_text(s.get(), 1, status);
  sqlite3_bind_int64(s.get(), 2, done);
  bind_text(s.get(), 3, report);
  bind_text(s.get(), 4, csv);
  bind_text(s.get(), 5, error);
  sqlite3_bind_int64(s.get(), 6, id);
  step_done(db_, s.get(), path_);
}

namespace {

constexpr const char* kJobColumns = "id, request, status, done, total, error, created_ms, client, checkpointed, crashes";

Job job_row(sqlite3_stmt* s) {
  Job j;
  j.id = sqlite3_column_int64(s, 0);
  j.request = column_text(s, 1);
  j.status = column_text(s, 2);
  j.done = sqlite3_column_int64(s, 3);
  j.total = sqlite3_column_int64(s, 4);
  j.error = column_text(s, 5);
  j.created_ms = sqlite3_column_int64(s, 6);
  j.client = column_text(s, 7);
  j.checkpointed = sqlite3_column_int64(s, 8);
  j.crashes = sqlite3_column_int64(s, 9);
  return j;
}

}  // namespace

std::optional<Job> LabStore::job(std::int64_t id, bool with_report) {
  std::lock_guard lock(mutex_);
  Statement s(prepare(fmt::format("SELECT {}, {} FROM lab_jobs WHERE id = ?", kJobColumns,
                                  with_report ? "report, csv" : "'', ''").c_str()));
  sqlite3_bind_int64(s.get(), 1, id);
  if (sqlite3_step(s.get()) != SQLITE_ROW) return std::nullopt;
  Job j = job_row(s.get());
  j.report = column_text(s.get(), 10);
  j.csv = column_text(s.get(), 11);
  return j;
}

std::vector<Job> LabStore::jobs() {
  std::lock_guard lock(mutex_);
  Statement s(prepare(fmt::format("SELECT {} FROM lab_jobs ORDER BY id DESC LIMIT 200", kJobColumns).c_str()));
  std::vector<Job> out;
  while (sqlite3_step(s.get()) == SQLITE_ROW) out.push_back(job_row(s.get()));
  return out;
}

std::vector<Job> LabStore::unfinished_jobs() {
  std::lock_guard lock(mutex_);
  Statement s(prepare(fmt::format("SELECT {} FROM lab_jobs WHERE status IN ('queued', 'running') ORDER BY id",
                                  kJobColumns).c_str()));
  std::vector<Job> out;
  while (sqlite3_step(s.get()) == SQLITE_ROW) out.push_back(job_row(s.get()));
  return out;
}

}  // namespace court::server
