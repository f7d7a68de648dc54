#include "server/lab_store.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <memory>
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

struct Finalize {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

void bind_text(sqlite3_stmt* s, int i, const std::string& text) {
  sqlite3_bind_text(s, i, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}
std::string text_at(sqlite3_stmt* s, int i) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : std::string();
}
using Map = std::map<std::string, std::string>;
Map map_of(const std::string& json) { return nlohmann::json::parse(json).get<Map>(); }

}  // namespace

LabStore::LabStore(const std::string& path) : path_(path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error(fmt::format("cannot open database {}: {}", path, message));
  }
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=NORMAL");
  exec(kSchema);
}

LabStore::~LabStore() { sqlite3_close(db_); }

void LabStore::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw std::runtime_error(fmt::format("database {}: {}", path_, message));
  }
}

sqlite3_stmt* LabStore::prepare(const char* sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db_, sql, -1, &s, nullptr) != SQLITE_OK) {
    throw std::runtime_error(fmt::format("database {}: {}", path_, sqlite3_errmsg(db_)));
  }
  return s;
}

namespace {

void done_or_throw(sqlite3* db, sqlite3_stmt* s, const std::string& path) {
  if (sqlite3_step(s) != SQLITE_DONE) throw std::runtime_error(fmt::format("database {}: {}", path, sqlite3_errmsg(db)));
}

}  // namespace

std::int64_t LabStore::add_variant(const Variant& v) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("INSERT INTO lab_variants (game, name, files, options, hash, created_ms) VALUES (?, ?, ?, ?, ?, ?)"));
  bind_text(s.get(), 1, v.game);
  bind_text(s.get(), 2, v.name);
  bind_text(s.get(), 3, nlohmann::json(v.files).dump());
  bind_text(s.get(), 4, nlohmann::json(v.options).dump());
  bind_text(s.get(), 5, v.hash);
  sqlite3_bind_int64(s.get(), 6, v.created_ms);
  done_or_throw(db_, s.get(), path_);
  return sqlite3_last_insert_rowid(db_);
}

void LabStore::update_variant(const Variant& v) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("UPDATE lab_variants SET name = ?, files = ?, options = ?, hash = ? WHERE id = ? AND deleted = 0"));
  bind_text(s.get(), 1, v.name);
  bind_text(s.get(), 2, nlohmann::json(v.files).dump());
  bind_text(s.get(), 3, nlohmann::json(v.options).dump());
  bind_text(s.get(), 4, v.hash);
  sqlite3_bind_int64(s.get(), 5, v.id);
  done_or_throw(db_, s.get(), path_);
}

void LabStore::delete_variant(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("UPDATE lab_variants SET deleted = 1 WHERE id = ?"));
  sqlite3_bind_int64(s.get(), 1, id);
  done_or_throw(db_, s.get(), path_);
}

std::optional<Variant> LabStore::variant(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("SELECT id, game, name, files, options, hash, created_ms FROM lab_variants "
                      "WHERE id = ? AND deleted = 0"));
  sqlite3_bind_int64(s.get(), 1, id);
  if (sqlite3_step(s.get()) != SQLITE_ROW) return std::nullopt;
  return Variant{sqlite3_column_int64(s.get(), 0), text_at(s.get(), 1), text_at(s.get(), 2),
                 map_of(text_at(s.get(), 3)), map_of(text_at(s.get(), 4)), text_at(s.get(), 5),
                 sqlite3_column_int64(s.get(), 6)};
}

std::vector<Variant> LabStore::variants() {
  std::lock_guard lock(mutex_);
  Statement s(prepare("SELECT id, game, name, hash, created_ms FROM lab_variants WHERE deleted = 0 ORDER BY id"));
  std::vector<Variant> out;
  while (sqlite3_step(s.get()) == SQLITE_ROW) {
    Variant v;
    v.id = sqlite3_column_int64(s.get(), 0);
    v.game = text_at(s.get(), 1);
    v.name = text_at(s.get(), 2);
    v.hash = text_at(s.get(), 3);
    v.created_ms = sqlite3_column_int64(s.get(), 4);
    out.push_back(std::move(v));
  }
  return out;
}

std::int64_t LabStore::add_job(const std::string& request, std::int64_t total, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("INSERT INTO lab_jobs (request, status, total, created_ms) VALUES (?, 'queued', ?, ?)"));
  bind_text(s.get(), 1, request);
  sqlite3_bind_int64(s.get(), 2, total);
  sqlite3_bind_int64(s.get(), 3, now_ms);
  done_or_throw(db_, s.get(), path_);
  return sqlite3_last_insert_rowid(db_);
}

void LabStore::set_job(std::int64_t id, const std::string& status, std::int64_t done, const std::string& report,
                       const std::string& csv, const std::string& error) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("UPDATE lab_jobs SET status = ?, done = ?, report = ?, csv = ?, error = ? WHERE id = ?"));
  bind_text(s.get(), 1, status);
  sqlite3_bind_int64(s.get(), 2, done);
  bind_text(s.get(), 3, report);
  bind_text(s.get(), 4, csv);
  bind_text(s.get(), 5, error);
  sqlite3_bind_int64(s.get(), 6, id);
  done_or_throw(db_, s.get(), path_);
}

namespace {

constexpr const char* kJobColumns = "id, request, status, done, total, error, created_ms";

Job job_row(sqlite3_stmt* s) {
  Job j;
  j.id = sqlite3_column_int64(s, 0);
  j.request = text_at(s, 1);
  j.status = text_at(s, 2);
  j.done = sqlite3_column_int64(s, 3);
  j.total = sqlite3_column_int64(s, 4);
  j.error = text_at(s, 5);
  j.created_ms = sqlite3_column_int64(s, 6);
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
  j.report = text_at(s.get(), 7);
  j.csv = text_at(s.get(), 8);
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
