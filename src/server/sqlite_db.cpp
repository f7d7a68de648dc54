#include "server/sqlite_db.h"

#include <fmt/format.h>

#include <stdexcept>

namespace court::server {

sqlite3* open_database(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw std::runtime_error(fmt::format("cannot open database {}: {}", path, message));
  }
  sqlite3_busy_timeout(db, 5000);
  try {
    exec_sql(db, path, "PRAGMA journal_mode=WAL");
    exec_sql(db, path, "PRAGMA synchronous=NORMAL");
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  return db;
}

void exec_sql(sqlite3* db, const std::string& path, const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw std::runtime_error(fmt::format("database {}: {}", path, message));
  }
}

sqlite3_stmt* prepare_sql(sqlite3* db, const std::string& path, const char* sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) != SQLITE_OK) {
    throw std::runtime_error(fmt::format("database {}: {}", path, sqlite3_errmsg(db)));
  }
  return statement;
}

sqlite3_stmt* StatementCache::get(sqlite3* db, const std::string& path, const char* sql) {
  auto it = statements_.find(std::string_view(sql));
  if (it == statements_.end()) it = statements_.emplace(sql, Statement(prepare_sql(db, path, sql))).first;
  sqlite3_reset(it->second.get());
  sqlite3_clear_bindings(it->second.get());
  return it->second.get();
}

void step_done(sqlite3* db, sqlite3_stmt* s, const std::string& path) {
  if (sqlite3_step(s) != SQLITE_DONE) throw std::runtime_error(fmt::format("database {}: {}", path, sqlite3_errmsg(db)));
}

void bind_text(sqlite3_stmt* s, int i, const std::string& text) {
  sqlite3_bind_text(s, i, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

std::string column_text(sqlite3_stmt* s, int i) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
  return text ? std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : std::string();
}

}  // namespace court::server
