// `court serve`: the game server. Opens the database, resumes every unfinished table, listens for
// HTTP and WebSocket connections on network threads, runs games and quick bots on a game thread pool,
// and search bots on a pool of their own at the lowest priority (bot_pool.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/lab_door.h"
#include "server/limits.h"
#include "server/lobby.h"

namespace court {
class GameRegistry;
}

namespace court::server {

struct ServerConfig {
  std::string bind = "127.0.0.1";
  std::uint16_t port = 8080;        // 0: any free port (see Server::port)
  std::string db = "court.db";
  int io_threads = 2;               // network threads
  int game_threads = 0;             // game threads (people's moves, quick bots); 0: one per core, at least 2
  int bot_threads = 0;              // the search bots' pool (lowest priority); 0: one per core
  int bot_threads_per_client = 0;   // of which one client address's searches may hold; 0: half, at least 1
  int max_client_connections = 64;  // open connections per client address; 0: no limit
  int max_connections = 0;          // open connections in all; 0: the descriptor limit less a reserve
  ConnectionTimeouts timeouts;      // to send a request's headers; of an idle WebSocket
  TableLimits tables;               // tables per client address, and the expiry of waiting tables
  LabConfig lab;                    // the Lab's token and job threads
  std::vector<std::string> hosts;   // --host: names the server answers to beyond localhost and its addresses
  std::vector<std::string> trusted_proxies;  // --trust-proxy: peers whose X-Forwarded-For names the client
  // Opens the Lab on the database at `db` (src/lab/, a layer above: `court serve` passes court::server::open_lab).
  // Empty: no Lab, and every request for it is refused as lab_closed.
  std::function<std::unique_ptr<LabDoor>(const std::string& db, const LabConfig& config)> make_lab;
  const GameRegistry* games = nullptr;   // the games served; nullptr: games() (tests add fixture bots)
};

class Server {
 public:
  // Opens the database, resumes its tables and binds the address. Throws std::runtime_error (a
  // message naming the address or file) when it cannot.
  explicit Server(const ServerConfig& config);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  std::uint16_t port() const;
  // How many unfinished tables were resumed from the database.
  std::size_t resumed() const;
  // The cap on open connections (ServerConfig::max_connections, or the one derived from the limit).
  int max_connections() const;
  // Connections open now (a closed one counts until the server has seen it close).
  int open_connections() const;
  // The server's tables (tests reach a table's strand through it).
  Lobby& lobby();
  // Starts the network and game threads and returns.
  void start();
  // Blocks until SIGINT or SIGTERM, then stops.
  void run_until_signal();
  // Stops accepting, closes connections and joins every thread. Idempotent.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace court::server
