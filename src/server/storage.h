// SQLite storage of every table: game, seat count, options, seed, seat specs, names, hashed tokens, the
// action log and the table talk. WAL mode, one connection behind a mutex. A move is written before anyone hears
// of it (a person's in its own transaction, the bots' moves of one task together); a crash (even kill -9) loses
// no move anyone was told of.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/sqlite_db.h"

namespace court::server {

struct StoredSeat {
  std::string spec;         // "human" or a bot spec
  std::string name;         // the person's name (bots: empty)
  std::string token_hash;   // sha256 of the seat token; empty while the seat is free
};

struct StoredAction {
  int seat = 0;
  std::uint32_t code = 0;
  std::string label;
};

// One message of table talk (docs/protocol.md, "Talk").
struct StoredTalk {
  int id = 0;                 // 1, 2, ... per table
  std::int64_t step = 0;      // moves played when it was said
  int from = 0;
  int to = -1;                // a seat, or -1 for the whole table
  std::string text;           // a claim's: its words
  std::int64_t created_ms = 0;
  int claim_kind = -1;        // a claim (engine/claims.h): its kind in the game's vocabulary; -1 for free text
  int claim_value = 0;        // and its value
};

// How many of a table's newest messages are loaded with it (and sent to a connection that joins).
inline constexpr int kTalkHistory = 500;

struct TableRecord {
  std::string code;
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;   // every option, defaults included
  std::uint64_t seed = 0;
  std::vector<StoredSeat> seats;
  std::string status;        // "waiting", "playing", "finished", "expired"
  std::int64_t created_ms = 0;
  std::string outcome;       // JSON text once finished
  std::vector<StoredAction> actions;
  bool talk = true;          // the table has talk (its creator may turn it off)
  std::string data_dir;      // a Lab variant's data directory; empty: the shipped data
  std::string variant;       // that variant's name
  std::vector<StoredTalk> said;   // the newest kTalkHistory messages, oldest first
  int said_count = 0;        // every message so far (the id of the last)
};

class Storage {
 public:
  // Opens (or creates) the database at `path`; throws std::runtime_error naming the file on failure.
  explicit Storage(const std::string& path);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  bool code_exists(const std::string& code);
  void create_table(const TableRecord& table);
  void take_seat(const std::string& code, int seat, const std::string& name, const std::string& token_hash,
                 const std::string& status);
  // The move numbered `step` (0-based) of a table in play; `outcome` (JSON) when the move ended the game,
  // which stores the table's status `finished` with it in the same transaction (a move that does not end
  // the game leaves the table's row as it was: `playing`).
  void append_action(const std::string& code, std::size_t step, const StoredAction& action,
                     const std::optional<std::string>& outcome);
  // Moves numbered `first_step` on, in one transaction (one commit for a run of bots' moves); `outcome`
  // as for append_action, when the last of them ended the game.
  void append_actions(const std::string& code, std::size_t first_step, const std::vector<StoredAction>& actions,
                      const std::optional<std::string>& outcome);
  // A message of table talk, in its own transaction.
  void append_talk(const std::string& code, const StoredTalk& said);
  // The messages of a table's talk to the whole table with an id above `after`, oldest first, at most `limit`.
  std::vector<StoredTalk> load_table_talk(const std::string& code, std::int64_t after = 0, int limit = 1 << 30);
  // Marks a table that is still waiting for people as expired (it is not resumed on restart).
  void expire_table(const std::string& code);
  // Tables waiting or playing.
  std::vector<TableRecord> load_unfinished();
  std::optional<TableRecord> load(const std::string& code);

 private:
  void exec(const char* sql);
  sqlite3_stmt* prepare(const char* sql);
  std::vector<TableRecord> load_where(const char* where, const std::string& arg);
  void load_talk(TableRecord& record);
  void add_column(const char* table, const char* name, const char* declaration);
  // With mutex_ held, inside or outside a transaction.
  void insert_action(const std::string& code, std::size_t step, const StoredAction& action);
  void store_outcome(const std::string& code, const std::string& outcome);

  std::mutex mutex_;
  sqlite3* db_ = nullptr;
  std::string path_;
  StatementCache hot_;   // a move's statements, finalized before db_ is closed
};

}  // namespace court::server
