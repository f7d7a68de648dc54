// The lobby: every table the server knows, by code. Creates tables from a request, lists the open
// ones, finds any table (finished and expired ones are read back from storage on demand), and on start
// resumes every unfinished table from storage. A finished or expired table nobody holds any more (no
// connection, no request) leaves memory when the next table is created; the database keeps it.
// It also keeps one client address from filling the server: a cap on the tables it has waiting for
// people, on its tables of bots only in play, and on how many it creates a minute, and an expiry for
// tables that wait for people too long.
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/lab_door.h"
#include "server/storage.h"
#include "server/table.h"

namespace court {
class GameRegistry;
}

namespace court::server {

class BotPool;

// What one client address may do (`court serve` flags, docs/protocol.md).
struct TableLimits {
  int max_client_waiting = 20;            // tables it created that wait for people (0: no limit)
  int max_client_bot_tables = 10;         // tables of bots only it created that are in play (0: no limit)
  int max_client_per_minute = 30;         // tables it may create in any minute (0: no limit)
  std::int64_t waiting_expiry_s = 86400;  // a table nobody joined for this long expires (0: never)
  std::function<std::int64_t()> clock;    // milliseconds since 1970; empty: the system clock (tests set it)
};

class Lobby {
 public:
  // Tables run on strands of `game_executor` (the game thread pool), their search bots on `bot_pool`
  // (none: on the strands). `served`: the games it serves (none: games(); tests add fixture bots).
  Lobby(Storage& storage, boost::asio::any_io_executor game_executor, TableLimits limits = {},
        BotPool* bot_pool = nullptr, const GameRegistry* served = nullptr);

  // The body of POST /api/tables from client address `client` (client_key; empty: no per-client
  // limits): validates it, stores the new table and lets its bots start. ApiError (400) names the field
  // and what is allowed; 429 when the client is over its limits, 503 when the server is full. A table
  // of a Lab variant comes with `variant` (the body then names no game; its options override the
  // variant's).
  std::shared_ptr<Table> create(const nlohmann::json& body, const std::string& client = "",
                                const TableVariant* variant = nullptr);
  // nullptr when no table has this code.
  std::shared_ptr<Table> find(const std::string& code);
  // How many tables are in memory: those waiting or playing, and finished or expired ones someone holds.
  std::size_t held() const;
  // Open tables: waiting ones, then those in play, newest first, at most 100.
  nlohmann::json list() const;
  // Expires `table` when it has waited for people, with nobody joining, for the expiry time: it is
  // marked in storage, its watchers are told, and it leaves the lobby. Runs the change on its strand.
  boost::asio::awaitable<void> expire_if_due(const std::shared_ptr<Table>& table);
  // expire_if_due for every table, and forgets clients with nothing left to count.
  boost::asio::awaitable<void> expire_waiting();
  std::int64_t now_ms() const;
  const TableLimits& limits() const { return limits_; }
  // Replays and starts every unfinished table in storage; prints tables that cannot resume.
  std::size_t recover();
  // The prepared game for a configuration (shared by every table with the same one).
  std::shared_ptr<const GameFactory> factory_for(const std::string& game, int players,
                                                 const std::map<std::string, std::string>& options,
                                                 const std::string& data_dir = "");
  // How many prepared games the lobby keeps (at most kMaxFactories, the most recently used).
  std::size_t factories_held() const;

 private:
  std::shared_ptr<const GameFactory> factory(const GameEntry& entry, const GameConfig& config);
  // `client`: whose share of the bot pool its search bots use.
  std::shared_ptr<Table> build(TableRecord record, const std::string& client = "");
  // Builds the table of a new `record` and stores it (its status set); ApiError when either fails.
  std::shared_ptr<Table> build_and_store(TableRecord& record, const std::string& client);
  // What one client address has made: counted against TableLimits (under mutex_).
  struct ClientTables {
    std::deque<std::int64_t> created;             // when it made tables in the last minute
    std::vector<std::weak_ptr<Table>> waiting;    // its tables that may still wait for people
    std::vector<std::weak_ptr<Table>> bots_only;  // its tables of bots only that may still be in play
    int pending = 0;                              // tables it is making now
    int pending_bots = 0;                         // of which tables of bots only
  };
  // Refuses (429) a new table from `client` over its limits, else counts it as pending. `waits`: the
  // table has seats for people, so it will wait for them; else it is a table of bots only.
  void admit(const std::string& client, std::int64_t now, bool waits);
  void admit_bots_only(ClientTables& c);
  void settle(const std::string& client, bool waits, const std::shared_ptr<Table>& table);
  bool due(const Table& table) const;
  void forget(const std::shared_ptr<Table>& table);

  Storage& storage_;
  boost::asio::any_io_executor game_executor_;
  BotPool* bot_pool_;
  const GameRegistry& games_;
  TableLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
  std::unordered_map<std::string, ClientTables> clients_;
  // Shared Rules per configuration, by key, with its place in factory_order_ (most recently used first).
  struct CachedFactory {
    std::shared_ptr<const GameFactory> factory;
    std::list<std::string>::iterator used;
  };
  mutable std::mutex factories_mutex_;
  std::map<std::string, CachedFactory> factories_;
  std::list<std::string> factory_order_;
};

// The JSON of one game for GET /api/games.
nlohmann::json game_json(const GameEntry& entry);

}  // namespace court::server
