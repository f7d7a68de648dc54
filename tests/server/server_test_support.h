// Helpers for the server tests: a court server in this process or as a `court serve` child process,
// and small blocking HTTP and WebSocket clients (Boost.Beast) over loopback. COURT_TEST_TRACE=1 in the
// environment prints every WebSocket message sent and received (and waits 10 s, not 2 min, for one).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/lab_door.h"
#include "server/lobby.h"

namespace court::server {
class Server;
struct ServerConfig;
}

namespace court::server_test {

// A fresh database path for one test (old files removed).
std::string temp_db(const std::string& name);

struct HttpReply {
  int status = 0;
  std::string body;
  std::string content_type;
  std::map<std::string, std::string> headers;   // every header of the answer, names in lower case
  nlohmann::json json() const { return nlohmann::json::parse(body); }
};

using Headers = std::vector<std::pair<std::string, std::string>>;

HttpReply http(std::uint16_t port, const std::string& method, const std::string& target, const std::string& body = "");
// The same to `host` (an IP address), with an Authorization header when one is given.
HttpReply http_to(const std::string& host, std::uint16_t port, const std::string& method, const std::string& target,
                  const std::string& body = "", const std::string& authorization = "");
// A request to 127.0.0.1:port with exactly `headers` (and Content-Length for a body): no Host, Origin or
// Content-Type is added, so a test says what a browser or a hostile page would send.
HttpReply http_with(std::uint16_t port, const std::string& method, const std::string& target, const Headers& headers,
                    const std::string& body = "");
// A request as http_to's from the loopback address `source` (127.0.0.2, ...) to 127.0.0.1: another client to the server.
HttpReply http_from(const std::string& source, std::uint16_t port, const std::string& method, const std::string& target,
                    const std::string& body = "");
// POST /api/tables; fails the test unless the answer is 201. Returns the summary.
nlohmann::json create_table(std::uint16_t port, const nlohmann::json& request);
// POST /api/tables/{code}/join; fails the test unless the answer is 200. Returns {seat, token, code}.
nlohmann::json join_table(std::uint16_t port, const std::string& code, const nlohmann::json& request = {});

class WsClient {
 public:
  // Connects to ws://127.0.0.1:port + target and completes the handshake; throws on failure.
  WsClient(std::uint16_t port, const std::string& target);
  ~WsClient();
  void send(const std::string& text);
  void send_binary(const std::string& bytes);
  // The next message; nothing when the server closed the connection. Throws after two minutes of
  // silence (a hang guard, never reached by a working server).
  std::optional<std::string> read();
  nlohmann::json read_json();   // throws when the connection closed
  // Reads until a state message for which `done` holds (skipping others); returns it.
  nlohmann::json read_state_until(const std::function<bool(const nlohmann::json&)>& done);
  // After read() returned nothing: the close code the server sent.
  int close_code() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

std::string ws_target(const std::string& code, const std::string& token = "");
std::string move_message(const std::string& token, std::int64_t step, std::uint32_t action);

// What the in-process servers run with: database `db`, any free port, two game threads, the Lab.
court::server::ServerConfig test_config(const std::string& db);

// A server in this process on a free loopback port.
class InProcessServer {
 public:
  // `max_client_connections` as `court serve --max-client-connections` (0: no limit).
  explicit InProcessServer(const std::string& db, int max_client_connections = 64);
  // With `tables` as the `court serve` table limits (and, for tests, a clock).
  InProcessServer(const std::string& db, const court::server::TableLimits& tables);
  // With the test's configuration changed by `configure` (its flags: --host, --trust-proxy, ...).
  InProcessServer(const std::string& db, const std::function<void(court::server::ServerConfig&)>& configure);
  // With `lab` as the `court serve` Lab settings (its caps, checkpoints).
  InProcessServer(const std::string& db, const court::server::LabConfig& lab);
  // With any configuration (start from test_config).
  explicit InProcessServer(const court::server::ServerConfig& config);
  ~InProcessServer();
  std::uint16_t port() const;
  court::server::Lobby& lobby();
  std::size_t resumed() const;
  // Waits (at most 30 s) until the server has seen all but `open` connections close: a client's close
  // reaches the server a moment after the client returned. False when it never did.
  bool wait_for_open_connections(int open) const;

 private:
  std::unique_ptr<court::server::Server> server_;
};

// `court serve --port 0 --db DB` as a child process; the port is read from its first lines.
class ServeProcess {
 public:
  // `extra`: more arguments of `court serve` (e.g. {"--lab-checkpoint", "0"}).
  explicit ServeProcess(const std::string& db, const std::vector<std::string>& extra = {});
  ~ServeProcess();
  std::uint16_t port() const { return port_; }
  int resumed() const { return resumed_; }
  void kill_hard();    // SIGKILL, and reap
  void terminate();    // SIGTERM, and wait for a clean exit (returns the status)
  int exit_status() const { return status_; }

 private:
  pid_t pid_ = -1;
  int out_fd_ = -1;
  std::uint16_t port_ = 0;
  int resumed_ = -1;
  int status_ = -1;
};

// The game's state after each step 0..N of a replay document, re-run by the engine in this process.
std::vector<std::unique_ptr<court::GameState>> replay_states(const nlohmann::json& replay);

// Plays the seat of `token` at table `code` with its first legal move each time until the game ends;
// returns every state message received.
// Expects a state message's view to be the engine's `engine` view but for its log: every line the game keeps
// (`whole_log`: a connection's first state; and once the game is over), or after moves the most recent 40
// with log_total counting them all, each line the engine's line of the same number (docs/protocol.md, "state").
void expect_engine_view(nlohmann::json sent, nlohmann::json engine, bool whole_log, std::size_t step);

std::vector<nlohmann::json> play_to_end(std::uint16_t port, const std::string& code, const std::string& token);

// `cp` in UTF-8.
std::string utf8(char32_t cp);

// One text the name and talk rules refuse (server/names.h), one of each class of character: `text` is
// "A<character>da" (so the character is character 2) or a whole text, and `problem` the words that say why
// of a name, `talk_problem` of a message.
struct RefusedText {
  std::string text;
  std::string problem;
  std::string talk_problem;
};
std::vector<RefusedText> refused_texts();

}  // namespace court::server_test
