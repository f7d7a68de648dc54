// court serve: the game server (lobby, play over WebSocket, bots, SQLite storage). See docs/protocol.md.
#include <fmt/format.h>

#include <cstdio>

#include "cli/commands.h"
#include "engine/types.h"
#include "lab/api.h"
#include "server/server.h"

namespace court::cli {

namespace {

// Where it listens, its threads, and who it believes and answers (the guard's names and proxies).
void add_network_options(CLI::App* cmd, server::ServerConfig* config) {
  cmd->add_option("--port", config->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--bind", config->bind, "Address to listen on (0.0.0.0: every interface)")->capture_default_str();
  cmd->add_option("--db", config->db, "SQLite database file (created when missing)")->capture_default_str();
  cmd->add_option("--threads", config->game_threads, "Game threads: people's moves and quick bots (0: one per core)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--bot-threads", config->bot_threads,
                  "Threads of the search bots' pool (ismcts, planner), at the lowest CPU priority (0: one per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  cmd->add_option("--bot-threads-per-client", config->bot_threads_per_client,
                  "Of the search bots' threads, how many the tables of one client address may hold at once; a "
                  "search holds one per thread it runs (0: half of --bot-threads, at least 1)")
      ->capture_default_str()
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
  cmd->add_option("--host", config->hosts,
                  "A name the server answers to (repeatable); without it only localhost, 127.0.0.1, [::1] and the "
                  "--bind address (any IP address when it is 0.0.0.0 or ::): a request naming another Host is "
                  "refused with 421, against DNS rebinding");
  cmd->add_option("--trust-proxy", config->trusted_proxies,
                  "The IP address of a reverse proxy (repeatable): from it, the client is the right-most address of "
                  "X-Forwarded-For that is not a trusted proxy, and is never loopback; from any other peer the "
                  "header is ignored");
}

// What one client address may hold of tables, and when a waiting table expires.
void add_table_options(CLI::App* cmd, server::ServerConfig* config) {
  cmd->add_option("--max-client-waiting-tables", config->tables.max_client_waiting,
                  "Tables waiting for people that one client address may have created (0: no limit); one more is "
                  "refused with 429")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--max-client-bot-tables", config->tables.max_client_bot_tables,
                  "Tables of bots only, in play, that one client address may have created (0: no limit); one more "
                  "is refused with 429")
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
}

// The Lab: who may open it, and what its jobs may take.
void add_lab_options(CLI::App* cmd, server::ServerConfig* config) {
  cmd->add_option("--lab-token", config->lab.token,
                  "Token that opens the Lab (/api/lab/, #/lab) to other addresses than this machine, sent as "
                  "'Authorization: Bearer TOKEN' (without it only loopback requests reach the Lab)");
  cmd->add_flag("--lab-token-required", config->lab.token_required,
               "The Lab needs --lab-token from this machine too (behind a proxy on this machine, say)");
  cmd->add_option("--lab-jobs", config->lab.parallel_jobs, "Lab simulation jobs run at once (the rest wait in a queue)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--lab-threads", config->lab.threads_per_job, "Simulation threads of one Lab job")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  cmd->add_option("--lab-max-job-games", config->lab.max_job_games,
                  "Games one Lab job may ask, over every batch (games x sweep values x (1 + ladder bots)); more is "
                  "refused with 400 job_too_big")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  cmd->add_option("--lab-max-client-jobs", config->lab.max_client_jobs,
                  "Lab jobs one client address may have queued or running; one more is refused with 429 too_many_jobs")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--lab-max-jobs", config->lab.max_jobs,
                  "Lab jobs queued or running in all; one more is refused with 429 too_many_jobs")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--lab-checkpoint", config->lab.checkpoint_seconds,
                  "Seconds between a running Lab job's checkpoints (what it resumes from after a crash; 0: after "
                  "every round of games)")
      ->capture_default_str()
      ->check(CLI::Range(0, 86400));
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto config = std::make_shared<server::ServerConfig>();
  config->make_lab = server::open_lab;   // the Lab is a layer above the server, which knows it only by its door
  auto* cmd = app.add_subcommand("serve", "Serve the lobby and games to browsers (HTTP + WebSocket, SQLite storage)");
  add_network_options(cmd, config.get());
  add_table_options(cmd, config.get());
  add_lab_options(cmd, config.get());
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
