// The lobby: every table the server knows, by code. Creates tables from a request, lists the open
// ones, finds any table (finished ones are read back from storage on demand), and on start resumes
// every unfinished table from storage. A finished table nobody holds any more (no connection, no
// request) leaves memory when the next table is created; the database keeps it.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>

#include "server/storage.h"
#include "server/table.h"

namespace court::server {

class Lobby {
 public:
  // Tables run on strands of `game_executor` (the game thread pool).
  Lobby(Storage& storage, boost::asio::any_io_executor game_executor);

  // The body of POST /api/tables: validates it, stores the new table and lets its bots start.
  // ApiError (400) names the field and what is allowed.
  std::shared_ptr<Table> create(const nlohmann::json& body);
  // nullptr when no table has this code.
  std::shared_ptr<Table> find(const std::string& code);
  // How many tables are in memory: those not finished, and finished ones someone still holds.
  std::size_t held() const;
  // Open tables: waiting ones, then those in play, newest first, at most 100.
  nlohmann::json list() const;
  // Replays and starts every unfinished table in storage; prints tables that cannot resume.
  std::size_t recover();
  // The prepared game for a configuration (shared by every table with the same one).
  std::shared_ptr<const GameFactory> factory_for(const std::string& game, int players,
                                                 const std::map<std::string, std::string>& options);

 private:
  std::shared_ptr<const GameFactory> factory(const GameEntry& entry, const GameConfig& config);
  std::shared_ptr<Table> build(TableRecord record);

  Storage& storage_;
  boost::asio::any_io_executor game_executor_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
  std::mutex factories_mutex_;
  std::map<std::string, std::shared_ptr<const GameFactory>> factories_;   // shared Rules per configuration
};

// The JSON of one game for GET /api/games.
nlohmann::json game_json(const GameEntry& entry);

}  // namespace court::server
