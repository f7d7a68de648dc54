#include "server/storage.h"

#include <fmt/format.h>
#include "server/sqlite_db.h"

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace court::server {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS tables (
  code TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,
  status TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  outcome TEXT NOT NULL DEFAULT '',
  talk INTEGER NOT NULL DEFAULT 1,
  data_dir TEXT NOT NULL DEFAULT '',
  variant TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seats (
  code TEXT NOT NULL REFERENCES tables(code),
  seat INTEGER NOT NULL,
  spec TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  token_hash TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS actions (
  code TEXT NOT NULL REFERENCES tables(code),
  step INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action INTEGER NOT NULL,
  label TEXT NOT NULL,
  PRIMARY KEY (code, step)
);
CREATE TABLE IF NOT EXISTS talk (
  code TEXT NOT NULL REFERENCES tables(code),
  id INTEGER NOT NULL,
  step INTEGER NOT NULL,
  from_seat INTEGER NOT NULL,
  to_seat INTEGER,
  text TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  claim_kind INTEGER,
  claim_value INTEGER,
  PRIMARY KEY (code, id)
);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables(status);
)sql";

}  // namespace

Storage::Storage(const std::string& path) : path_(path) {
  db_ = open_database(path);
  exec("PRAGMA foreign_keys=ON");
  exec(kSchema);
  add_column("tables", "talk", "INTEGER NOT NULL DEFAULT 1");   // every older table has talk
  add_column("tables", "data_dir", "TEXT NOT NULL DEFAULT ''");
  add_column("tables", "variant", "TEXT NOT NULL DEFAULT ''");
  add_column("talk", "claim_kind", "INTEGER");   // older messages are free text
  add_column("talk", "claim_value", "INTEGER");
}

// A database made by an older Court gains a column of `table` it lacks.
void Storage::add_column(const char* table, const char* name, const char* declaration) {
  sqlite3_stmt* probe = nullptr;
  const std::string select = fmt::format("SELECT {} FROM {} LIMIT 0", name, table);
  const bool has = sqlite3_prepare_v2(db_, select.c_str(), -1, &probe, nullptr) == SQLITE_OK;
  sqlite3_finalize(probe);
  if (!has) exec(fmt::format("ALTER TABLE {} ADD COLUMN {} {}", table, name, declaration).c_str());
}

Storage::~Storage() {
  hot_.clear();   // a connection with statements left open does not close
  sqlite3_close(db_);
}

void Storage::exec(const char* sql) { exec_sql(db_, path_, sql); }

sqlite3_stmt* Storage::prepare(const char* sql) { return prepare_sql(db_, path_, sql); }

namespace {

// Runs `body` in BEGIN IMMEDIATE ... COMMIT; rolls back and rethrows on failure.
template <class F>
void in_transaction(sqlite3* db, const std::string& path, F&& body) {
  auto run = [&](const char* sql) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
      throw std::runtime_error(fmt::format("database {}: {}", path, sqlite3_errmsg(db)));
    }
  };
  run("BEGIN IMMEDIATE");
  try {
    body();
    run("COMMIT");
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}


}  // namespace

bool Storage::code_exists(const std::string& code) {
  std::lock_guard lock(mutex_);
  Statement s(prepare("SELECT 1 FROM tables WHERE code = ?"));
  bind_text(s.get(), 1, code);
  return sqlite3_step(s.get()) == SQLITE_ROW;
}

void Storage::create_table(const TableRecord& table) {
  std::lock_guard lock(mutex_);
  in_transaction(db_, path_, [&] {
    Statement t(prepare("INSERT INTO tables (code, game, players, options, seed, status, created_ms, outcome, talk, "
                        "data_dir, variant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    bind_text(t.get(), 1, table.code);
    bind_text(t.get(), 2, table.game);
    sqlite3_bind_int(t.get(), 3, table.players);
    bind_text(t.get(), 4, nlohmann::json(table.options).dump());
    sqlite3_bind_int64(t.get(), 5, static_cast<sqlite3_int64>(table.seed));
    bind_text(t.get(), 6, table.status);
    sqlite3_bind_int64(t.get(), 7, table.created_ms);
    bind_text(t.get(), 8, table.outcome);
    sqlite3_bind_int(t.get(), 9, table.talk ? 1 : 0);
    bind_text(t.get(), 10, table.data_dir);
    bind_text(t.get(), 11, table.variant);
    step_done(db_, t.get(), path_);
    Statement s(prepare("INSERT INTO seats (code, seat, spec, name, token_hash) VALUES (?, ?, ?, ?, ?)"));
    for (std::size_t i = 0; i < table.seats.size(); ++i) {
      sqlite3_reset(s.get());
      bind_text(s.get(), 1, table.code);
      sqlite3_bind_int(s.get(), 2, static_cast<int>(i));
      bind_text(s.get(), 3, table.seats[i].spec);
      bind_text(s.get(), 4, table.seats[i].name);
      bind_text(s.get(), 5, table.seats[i].token_hash);
      step_done(db_, s.get(), path_);
    }
  });
}

void Storage::take_seat(const std::string& code, int seat, const std::string& name, const std::string& token_hash,
                        const std::string& status) {
  std::lock_guard lock(mutex_);
  in_transaction(db_, path_, [&] {
    Statement s(prepare("UPDATE seats SET name = ?, token_hash = ? WHERE code = ? AND seat = ?"));
    bind_text(s.get(), 1, name);
    bind_text(s.get(), 2, token_hash);
    bind_text(s.get(), 3, code);
    sqlite3_bind_int(s.get(), 4, seat);
    step_done(db_, s.get(), path_);
    Statement t(prepare("UPDATE tables SET status = ? WHERE code = ?"));
    bind_text(t.get(), 1, status);
    bind_text(t.get(), 2, code);
    step_done(db_, t.get(), path_);
  });
}

void Storage::append_action(const std::string& code, std::size_t step, const StoredAction& action,
                            const std::optional<std::string>& outcome) {
  std::lock_guard lock(mutex_);
  if (!outcome) return insert_action(code, step, action);   // one statement: a transaction of its own
  in_transaction(db_, path_, [&] {
    insert_action(code, step, action);
    store_outcome(code, *outcome);
  });
}

void Storage::append_actions(const std::string& code, std::size_t first_step, const std::vector<StoredAction>& actions,
                             const std::optional<std::string>& outcome) {
  std::lock_guard lock(mutex_);
  in_transaction(db_, path_, [&] {
    for (std::size_t i = 0; i < actions.size(); ++i) insert_action(code, first_step + i, actions[i]);
    if (outcome) store_outcome(code, *outcome);
  });
}

void Storage::insert_action(const std::string& code, std::size_t step, const StoredAction& action) {
  sqlite3_stmt* s = hot_.get(db_, path_, "INSERT INTO actions (code, step, seat, action, label) VALUES (?, ?, ?, ?, ?)");
  bind_text(s, 1, code);
  sqlite3_bind_int64(s, 2, static_cast<sqlite3_int64>(step));
  sqlite3_bind_int(s, 3, action.seat);
  sqlite3_bind_int64(s, 4, action.code);
  bind_text(s, 5, action.label);
  step_done(db_, s, path_);
}

void Storage::store_outcome(const std::string& code, const std::string& outcome) {
  sqlite3_stmt* t = hot_.get(db_, path_, "UPDATE tables SET status = 'finished', outcome = ? WHERE code = ?");
  bind_text(t, 1, outcome);
  bind_text(t, 2, code);
  step_done(db_, t, path_);
}

void Storage::append_talk(const std::string& code, const StoredTalk& said) {
  std::lock_guard lock(mutex_);
  in_transaction(db_, path_, [&] {
    Statement s(prepare("INSERT INTO talk (code, id, step, from_seat, to_seat, text, created_ms, claim_kind, "
                        "claim_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    bind_text(s.get(), 1, code);
    sqlite3_bind_int(s.get(), 2, said.id);
    sqlite3_bind_int64(s.get(), 3, said.step);
    sqlite3_bind_int(s.get(), 4, said.from);
    if (said.to < 0) sqlite3_bind_null(s.get(), 5); else sqlite3_bind_int(s.get(), 5, said.to);
    bind_text(s.get(), 6, said.text);
    sqlite3_bind_int64(s.get(), 7, said.created_ms);
    if (said.claim_kind < 0) {
      sqlite3_bind_null(s.get(), 8);
      sqlite3_bind_null(s.get(), 9);
    } else {
      sqlite3_bind_int(s.get(), 8, said.claim_kind);
      sqlite3_bind_int(s.get(), 9, said.claim_value);
    }
    step_done(db_, s.get(), path_);
  });
}

namespace {

constexpr const char* kTalkColumns = "id, step, from_seat, to_seat, text, created_ms, claim_kind, claim_value";

StoredTalk talk_row(sqlite3_stmt* s) {
  const bool claim = sqlite3_column_type(s, 6) != SQLITE_NULL;
  return {sqlite3_column_int(s, 0), sqlite3_column_int64(s, 1), sqlite3_column_int(s, 2),
          sqlite3_column_type(s, 3) == SQLITE_NULL ? -1 : sqlite3_column_int(s, 3), column_text(s, 4),
          sqlite3_column_int64(s, 5), claim ? sqlite3_column_int(s, 6) : -1, claim ? sqlite3_column_int(s, 7) : 0};
}

}  // namespace

std::vector<StoredTalk> Storage::load_table_talk(const std::string& code, std::int64_t after, int limit) {
  std::lock_guard lock(mutex_);
  Statement s(prepare(fmt::format("SELECT {} FROM talk WHERE code = ? AND to_seat IS NULL AND id > ? ORDER BY id "
                                  "LIMIT ?", kTalkColumns).c_str()));
  bind_text(s.get(), 1, code);
  sqlite3_bind_int64(s.get(), 2, after);
  sqlite3_bind_int(s.get(), 3, limit);
  std::vector<StoredTalk> out;
  while (sqlite3_step(s.get()) == SQLITE_ROW) out.push_back(talk_row(s.get()));
  return out;
}

// The newest kTalkHistory messages of `record`'s table and how many there are (mutex held).
void Storage::load_talk(TableRecord& record) {
  Statement s(prepare(fmt::format("SELECT {} FROM talk WHERE code = ? ORDER BY id DESC LIMIT {}", kTalkColumns,
                                  kTalkHistory).c_str()));
  bind_text(s.get(), 1, record.code);
  while (sqlite3_step(s.get()) == SQLITE_ROW) record.said.push_back(talk_row(s.get()));
  std::reverse(record.said.begin(), record.said.end());
  record.said_count = record.said.empty() ? 0 : record.said.back().id;
}

void Storage::expire_table(const std::string& code) {
  std::lock_guard lock(mutex_);
  in_transaction(db_, path_, [&] {
    Statement t(prepare("UPDATE tables SET status = 'expired' WHERE code = ? AND status = 'waiting'"));
    bind_text(t.get(), 1, code);
    step_done(db_, t.get(), path_);
  });
}

std::vector<TableRecord> Storage::load_unfinished() { return load_where("status IN ('waiting', 'playing')", ""); }

std::optional<TableRecord> Storage::load(const std::string& code) {
  auto found = load_where("code = ?1", code);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<TableRecord> Storage::load_where(const char* where, const std::string& arg) {
  std::lock_guard lock(mutex_);
  std::vector<TableRecord> out;
  Statement t(prepare(fmt::format("SELECT code, game, players, options, seed, status, created_ms, outcome, talk, data_dir, variant "
                                  "FROM tables WHERE {} ORDER BY created_ms", where).c_str()));
  if (!arg.empty()) bind_text(t.get(), 1, arg);
  while (sqlite3_step(t.get()) == SQLITE_ROW) {
    TableRecord r;
    r.code = column_text(t.get(), 0);
    r.game = column_text(t.get(), 1);
    r.players = sqlite3_column_int(t.get(), 2);
    r.options = nlohmann::json::parse(column_text(t.get(), 3)).get<std::map<std::string, std::string>>();
    r.seed = static_cast<std::uint64_t>(sqlite3_column_int64(t.get(), 4));
    r.status = column_text(t.get(), 5);
    r.created_ms = sqlite3_column_int64(t.get(), 6);
    r.outcome = column_text(t.get(), 7);
    r.talk = sqlite3_column_int(t.get(), 8) != 0;
    r.data_dir = column_text(t.get(), 9);
    r.variant = column_text(t.get(), 10);
    out.push_back(std::move(r));
  }
  Statement s(prepare("SELECT spec, name, token_hash FROM seats WHERE code = ? ORDER BY seat"));
  Statement a(prepare("SELECT seat, action, label FROM actions WHERE code = ? ORDER BY step"));
  for (auto& r : out) {
    sqlite3_reset(s.get());
    bind_text(s.get(), 1, r.code);
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
      r.seats.push_back({column_text(s.get(), 0), column_text(s.get(), 1), column_text(s.get(), 2)});
    }
    sqlite3_reset(a.get());
    bind_text(a.get(), 1, r.code);
    while (sqlite3_step(a.get()) == SQLITE_ROW) {
      r.actions.push_back({sqlite3_column_int(a.get(), 0), static_cast<std::uint32_t>(sqlite3_column_int64(a.get(), 1)),
                           column_text(a.get(), 2)});
    }
    load_talk(r);
  }
  return out;
}

}  // namespace court::server
