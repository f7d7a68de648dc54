// The SQLite calls the server's stores share: opening the database (WAL, synchronous=NORMAL, a busy
// timeout), running SQL and preparing statements, each failure a std::runtime_error naming the file.
#pragma once

#include <map>
#include <memory>
#include <sqlite3.h>
#include <string>

namespace court::server {

struct StatementDeleter {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

// Opens (or creates) `path`. NORMAL in WAL mode: every commit reaches the operating system before the
// call returns, so a killed process loses nothing; only a power failure may lose the last commits.
sqlite3* open_database(const std::string& path);
void exec_sql(sqlite3* db, const std::string& path, const char* sql);
sqlite3_stmt* prepare_sql(sqlite3* db, const std::string& path, const char* sql);
// Statements prepared once and used again (a move's INSERT and UPDATE run thousands of times a second
// under load; preparing them each time was 5% of the server's time). Not thread-safe: the store's own
// mutex guards it.
class StatementCache {
 public:
  // The statement for `sql`, reset and with its parameters cleared.
  sqlite3_stmt* get(sqlite3* db, const std::string& path, const char* sql);
  void clear() { statements_.clear(); }   // finalizes them all (before the connection closes)

 private:
  std::map<std::string, Statement, std::less<>> statements_;
};

// Steps a statement that returns no rows.
void step_done(sqlite3* db, sqlite3_stmt* s, const std::string& path);

// A text parameter (copied), and a text column ("" for NULL).
void bind_text(sqlite3_stmt* s, int i, const std::string& text);
std::string column_text(sqlite3_stmt* s, int i);

}  // namespace court::server
