// court serve: the game server (lobby, play over WebSocket, bots, SQLite storage). See docs/protocol.md.
#include <fmt/format.h>

#include <cstdio>

#include "cli/commands.h"
#include "engine/types.h"
#include "lab/api.h"
#include "server/server.h"

namespace court::cli {

void add_serve_command(CLI::App& app) {
  auto config = std::make_shared<server::ServerConfig>();
  config->make_lab = server::open_lab;   // the Lab is a layer above the server, which knows it only by its door
  auto* cmd = app.add_subcommand("serve", "Serve the lobby and games to browsers (HTTP + WebSocket, SQLite storage)");
  cmd->add_option("--port", config->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--bind", config->bind, "Address to listen on (0.0.0.0: every interface)")->capture_default_str();
  cmd->add_option("--db", config->db, "SQLite database file (created when missing)")->capture_default_str();
  cmd->add_option("--threads", config->game_threads, "Game and bot threads (0: one per core)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--max-client-connections", config->max_client_connections,
                  "Open connections allowed per client address (0: no limit); more are refused with 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--max-connections", config->max_connections,
                  "Open connections allowed in all (0: the descriptor limit, raised to its hard limit at start, less "
                  "128 kept for the database, Lab and logs); more are refused with 503 server_full")
      ->capture_default_str()
      ->check(CLI::Range(0, 1 << 30));
  cmd->add_option("--max-client-waiting-tables", config->tables.max_client_waiting,
                  "Tables waiting for people that one client address may have created (0: no limit); one more is "
                  "refused with 429")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--max-client-tables-per-minute", config->tables.max_client_per_minute,
                  "Tables one client address may create in any minute (0: no limit); one more is refused with 429")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--waiting-table-expiry", config->tables.waiting_expiry_s,
                  "Seconds after which a table still waiting for people, with nobody joining, expires (0: never)")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{10} * 365 * 86400));
  cmd->add_option("--lab-token", config->lab.token,
                  "Token that opens the Lab (/api/lab/, #/lab) to other addresses than this machine, sent as "
                  "'Authorization: Bearer TOKEN' (without it only loopback requests reach the Lab)");
  cmd->add_option("--lab-jobs", config->lab.parallel_jobs, "Lab simulation jobs run at once (the rest wait in a queue)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--lab-threads", config->lab.threads_per_job, "Simulation threads of one Lab job")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  cmd->callback([config] {
    std::unique_ptr<server::Server> server;
    try {
      server = std::make_unique<server::Server>(*config);
    } catch (const std::runtime_error& e) {
      throw UserError(e.what());
    }
    server->start();
    const std::string host = config->bind == "0.0.0.0" ? "127.0.0.1" : config->bind;
    fmt::print("court serve: {} unfinished table(s) resumed from {}\n", server->resumed(), config->db);
    fmt::print("court serve: at most {} connections open at once\n", server->max_connections());
    fmt::print("court serve: open http://{}:{}/ (Ctrl-C stops); the designer's Lab: http://{}:{}/#/lab\n", host,
               server->port(), host, server->port());
    std::fflush(stdout);
    server->run_until_signal();
    fmt::print("court serve: stopped\n");
  });
}

}  // namespace court::cli
