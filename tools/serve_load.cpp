// court_serve_load: the load measurement for `court serve`. Starts the server as a child process,
// opens N tables at once (one scripted person and bots at each), plays every game to the end over
// WebSockets and prints the person's move latency (send -> first state after it: median, 99th
// percentile) and the server's memory per table (RSS growth / N).
//
//   court_serve_load --court build/release/court [--tables 200] [--game persuasion] [--players 4]
//                    [--bot heuristic] [--threads 0] [--think MIN-MAX] [--lab-job JSON] [--latencies FILE]
//                    [--search-tables N] [--search-bot SPEC] [--sync-flood N] [--duration S]
//
// --think MIN-MAX: the person answers after a think time of MIN..MAX ms, as people do (default 0-0: at
// once, a saturation test). --lab-job '{"game":"intrigue","games":1000000,"seats":[...]}': a Lab job
// (POST /api/lab/jobs) runs while the tables play, and is cancelled at the end; compare the latency
// with and without it. --latencies FILE writes each measured move's send time (s) and latency (ms).
//
// Hostile traffic beside the measured people (issue 38):
// --search-tables N: N tables of bots only, every seat --search-bot SPEC (default ismcts:ms=2000,threads=2),
//   are created from another client address (127.0.0.2) before the people's tables, and play on while
//   the people are measured (e.g. --search-tables 30 --tables 4 --think 1000-3000 --duration 60).
// --sync-flood N: N spectator connections at the first person's table send {"type":"sync"} as fast as
//   they can (reading and dropping what comes back) while the people play (e.g. --sync-flood 4 --tables 1).
// --duration S: stop measuring after S seconds even if games are still going (a search-bot run's games
//   take minutes); the games finished are then reported as a part of the tables.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <utility>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

// --think MIN-MAX: each move after a think time drawn uniformly from MIN..MAX ms (a fixed seed, so runs
// repeat); 0-0 answers at once (a saturation test).
struct Think {
  int min_ms = 0, max_ms = 0;
  std::shared_ptr<std::mt19937> rng = std::make_shared<std::mt19937>(20261127);
  int draw() const { return std::uniform_int_distribution<int>(min_ms, max_ms)(*rng); }
};

Think think_range(const std::string& text) {
  Think t;
  const auto dash = text.find('-');
  try {
    t.min_ms = std::stoi(text.substr(0, dash));
    t.max_ms = dash == std::string::npos ? t.min_ms : std::stoi(text.substr(dash + 1));
  } catch (const std::exception&) {
    t.min_ms = -1;
  }
  if (t.min_ms < 0 || t.max_ms < t.min_ms || t.max_ms > 600000) {
    throw std::invalid_argument("--think takes MIN-MAX in milliseconds, 0 <= MIN <= MAX <= 600000, e.g. 1000-3000");
  }
  return t;
}

struct Args {
  std::string court = "build/release/court";
  int tables = 200;
  std::string game = "persuasion";
  int players = 4;
  std::string bot = "heuristic";
  int threads = 0;
  Think think;
  std::string lab_job;   // a Lab job request (JSON) that runs while the tables play; empty: none
  std::string latencies; // a file for every measured move: "<sent, s since start> <latency, ms>"
  int search_tables = 0;  // tables of bots only, from another address, playing alongside
  std::string search_bot = "ismcts:ms=2000,threads=2";
  int sync_flood = 0;     // spectator connections sending sync as fast as they can at the first table
  int duration_s = 0;     // stop after this long (0: when every person's game is over)
};

// The CPU time process `pid` has used so far (user and system), in seconds.
double cpu_seconds(pid_t pid) {
  std::ifstream stat(fmt::format("/proc/{}/stat", pid));
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));   // after "pid (comm) "
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stod(field);   // utime, stime
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// `court serve --help`: which per-address limits this build has (the tool turns them off, and drives
// older builds, such as commit 6713815 which issue 22's figures were measured on, as they are).
std::string serve_help(const std::string& court) {
  std::string help;
  if (FILE* out = popen((court + " serve --help 2>&1").c_str(), "r")) {
    char chunk[4096];
    while (std::size_t n = fread(chunk, 1, sizeof chunk, out)) help.append(chunk, n);
    pclose(out);
  }
  return help;
}

long rss_kib(pid_t pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

// An HTTP request to the server, from client address `source` (loopback has many: 127.0.0.2, ...).
nlohmann::json request(std::uint16_t port, http::verb verb, const std::string& target, const std::string& body = "",
                       const std::string& source = "127.0.0.1") {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.socket().open(tcp::v4());
  stream.socket().bind(tcp::endpoint(asio::ip::make_address(source), 0));
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!body.empty()) req.set(http::field::content_type, "application/json");   // the server refuses others (415)
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  if (res.result_int() >= 300) throw std::runtime_error(fmt::format("{} {}: {}", target, res.result_int(), res.body()));
  return nlohmann::json::parse(res.body());
}

struct Person;

struct Totals {
  std::vector<double> latencies_ms;
  std::vector<double> sent_s;   // when each measured move was sent, in seconds since the first table opened
  Clock::time_point start = Clock::now();
  int finished = 0;
  int moved_once = 0;
  int stale = 0;   // moves refused as stale (the person then chose again)
  long moves = 0;  // every seat's moves: the sum of the finished games' last steps
  long states = 0, state_bytes = 0;   // state messages the people received, and their size
  std::vector<std::shared_ptr<Person>> people;   // to count the moves still unanswered at the end
};


// One scripted person at one table: answers every state that asks for a move with its first legal
// move, at once or after a think time drawn from --think. The reading never stops while it thinks (other
// seats' simultaneous choices keep arriving, and a move chosen at an earlier step still counts, as in the
// browser). The latency of a move is the time from sending it to the first state with a later step.
struct Person {
  explicit Person(asio::any_io_executor executor) : ws(executor) {}
  websocket::stream<beast::tcp_stream> ws;
  std::string token;
  std::int64_t seen_step = -1;        // the newest state's step
  nlohmann::json action;              // the newest state's first legal move (null: nothing to do)
  std::int64_t sent_step = -1;        // the step the last move was sent at
  Clock::time_point sent_at;
  bool thinking = false, waiting_answer = false, over = false;
};

// A message from the server as the person reads it: without the parts only a browser draws (the view,
// the seats, talk, the moves' labels and parts), which the parser skips without building them, so the
// load tool spends its time on the server's messages and not on their JSON.
nlohmann::json read_message(const beast::flat_buffer& buffer) {
  const auto* text = static_cast<const char*>(buffer.data().data());
  return nlohmann::json::parse(text, text + buffer.size(), [](int depth, nlohmann::json::parse_event_t event,
                                                              nlohmann::json& parsed) {
    if (event != nlohmann::json::parse_event_t::key) return true;
    if (depth == 1) return parsed != "view" && parsed != "seats" && parsed != "talk";
    return depth != 3 || parsed == "action";   // a legal move: its code only
  });
}

asio::awaitable<void> send_move(std::shared_ptr<Person> p) {
  p->sent_step = p->seen_step;
  p->sent_at = Clock::now();
  p->waiting_answer = true;
  const std::string move = nlohmann::json{{"type", "move"}, {"token", p->token}, {"step", p->seen_step},
                                          {"action", p->action}}.dump();
  co_await p->ws.async_write(asio::buffer(move), asio::use_awaitable);
}

asio::awaitable<void> think_then_move(std::shared_ptr<Person> p, int think_ms) {
  asio::steady_timer timer(co_await asio::this_coro::executor, std::chrono::milliseconds(think_ms));
  co_await timer.async_wait(asio::use_awaitable);
  p->thinking = false;
  if (!p->over && !p->action.is_null() && !p->waiting_answer) co_await send_move(p);
}

asio::awaitable<void> person(std::uint16_t port, std::string code, std::string token, Totals& totals, Think think) {
  auto executor = co_await asio::this_coro::executor;
  auto p = std::make_shared<Person>(executor);
  totals.people.push_back(p);
  p->token = token;
  co_await beast::get_lowest_layer(p->ws).async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                                                        asio::use_awaitable);
  co_await p->ws.async_handshake("127.0.0.1", "/ws?table=" + code + "&token=" + token, asio::use_awaitable);
  bool counted = false;
  while (!p->over) {
    beast::flat_buffer buffer;
    co_await p->ws.async_read(buffer, asio::use_awaitable);
    auto message = read_message(buffer);
    if (message.at("type") == "state") ++totals.states, totals.state_bytes += static_cast<long>(buffer.size());
    if (message.at("type") != "state") {
      if (message.at("code") != "stale" && message.at("code") != "not_your_turn") {
        throw std::runtime_error("server refused a move: " + message.dump());
      }
      ++totals.stale;
      p->waiting_answer = false;   // choose again from the newest state
      p->sent_step = -1;
    } else {
      const std::int64_t step = message.at("step");
      p->seen_step = step;
      p->action = message.at("legal").empty() ? nlohmann::json() : message.at("legal")[0].at("action");
      if (p->waiting_answer && step > p->sent_step) {
        totals.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - p->sent_at).count());
        totals.sent_s.push_back(std::chrono::duration<double>(p->sent_at - totals.start).count());
        p->waiting_answer = false;
        if (!counted) { counted = true; ++totals.moved_once; }
      }
      p->over = message.at("status") == "finished";
      if (p->over) totals.moves += step;
    }
    if (p->over || p->waiting_answer || p->thinking || p->action.is_null() || p->seen_step <= p->sent_step) continue;
    if (think.max_ms == 0) {
      co_await send_move(p);
    } else {
      p->thinking = true;
      asio::co_spawn(executor, think_then_move(p, think.draw()), asio::detached);
    }
  }
  ++totals.finished;
  beast::get_lowest_layer(p->ws).close();
}

// One spectator of the sync flood: sends sync as fast as the connection takes it, and reads (and drops)
// every answer on a second coroutine so the server's queue for it never fills, until `stop`.
asio::awaitable<void> drain(std::shared_ptr<websocket::stream<beast::tcp_stream>> ws) {
  beast::flat_buffer buffer;
  boost::system::error_code ec;
  while (!ec) {
    co_await ws->async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
    buffer.clear();
  }
}

asio::awaitable<void> flood(std::uint16_t port, std::string code, const bool& stop, long& sent) {
  auto ws = std::make_shared<websocket::stream<beast::tcp_stream>>(co_await asio::this_coro::executor);
  co_await beast::get_lowest_layer(*ws).async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                                                      asio::use_awaitable);
  co_await ws->async_handshake("127.0.0.1", "/ws?table=" + code, asio::use_awaitable);
  asio::co_spawn(co_await asio::this_coro::executor, drain(ws), asio::detached);
  const std::string sync = R"({"type":"sync"})";
  boost::system::error_code ec;
  while (!stop && !ec) {
    co_await ws->async_write(asio::buffer(sync), asio::redirect_error(asio::use_awaitable, ec));
    if (!ec) ++sent;
  }
  beast::get_lowest_layer(*ws).close();
}

// --search-tables: tables of bots only from client address 127.0.0.2 (their codes).
std::vector<std::string> search_tables(std::uint16_t port, const Args& args) {
  const nlohmann::json create = {{"game", args.game},
                                 {"seats", std::vector<std::string>(static_cast<std::size_t>(args.players), args.search_bot)}};
  std::vector<std::string> codes;
  for (int i = 0; i < args.search_tables; ++i) {
    codes.push_back(request(port, http::verb::post, "/api/tables", create.dump(), "127.0.0.2").at("code"));
  }
  return codes;
}

// The moves played so far at `codes` (the search tables' progress).
long steps_of(std::uint16_t port, const std::vector<std::string>& codes) {
  long steps = 0;
  for (const auto& code : codes) steps += request(port, http::verb::get, "/api/tables/" + code).at("steps").get<long>();
  return steps;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (argc % 2 == 0) { fmt::print(stderr, "{} needs a value\n", argv[argc - 1]); return 2; }
  for (int i = 1; i + 1 < argc; i += 2) try {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--court") args.court = value;
    else if (key == "--tables") args.tables = std::stoi(value);
    else if (key == "--game") args.game = value;
    else if (key == "--players") args.players = std::stoi(value);
    else if (key == "--bot") args.bot = value;
    else if (key == "--threads") args.threads = std::stoi(value);
    else if (key == "--think") args.think = think_range(value);
    else if (key == "--lab-job") args.lab_job = value;
    else if (key == "--latencies") args.latencies = value;
    else if (key == "--search-tables") args.search_tables = std::stoi(value);
    else if (key == "--search-bot") args.search_bot = value;
    else if (key == "--sync-flood") args.sync_flood = std::stoi(value);
    else if (key == "--duration") args.duration_s = std::stoi(value);
    else { fmt::print(stderr, "unknown argument {}\n", key); return 2; }
  } catch (const std::exception& e) {
    fmt::print(stderr, "{} {}: {}\n", argv[i], argv[i + 1], e.what());
    return 2;
  }
  char db_template[] = "/tmp/court_load_XXXXXX";
  if (!mkdtemp(db_template)) return 1;
  const std::string db = std::string(db_template) + "/load.db";
  int fds[2];
  if (pipe(fds) != 0) return 1;
  const std::string threads = std::to_string(args.threads);
  std::vector<std::string> serve = {args.court, "serve", "--port", "0", "--db", db, "--threads", threads,
                                    "--max-client-connections", "0"};
  const std::string help = serve_help(args.court);
  if (help.find("--max-client-waiting-tables") != std::string::npos) {
    serve.insert(serve.end(), {"--max-client-waiting-tables", "0", "--max-client-tables-per-minute", "0"});
  }
  if (help.find("--max-client-bot-tables") != std::string::npos) {
    serve.insert(serve.end(), {"--max-client-bot-tables", "0"});
  }
  std::vector<char*> argv_serve;
  for (std::string& a : serve) argv_serve.push_back(a.data());
  argv_serve.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    execv(args.court.c_str(), argv_serve.data());
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  std::smatch match;
  const std::regex address(R"(http://[0-9.]+:([0-9]+)/)");
  char chunk[256];
  while (!std::regex_search(out, match, address)) {
    const ssize_t n = read(fds[0], chunk, sizeof chunk);
    if (n <= 0) { fmt::print(stderr, "court serve did not start: {}\n", out); return 1; }
    out.append(chunk, static_cast<std::size_t>(n));
  }
  const auto port = static_cast<std::uint16_t>(std::stoi(match[1]));

  std::vector<std::string> seats(static_cast<std::size_t>(args.players), args.bot);
  seats[0] = "human";
  const nlohmann::json create = {{"game", args.game}, {"seats", seats}};
  // One table first, so the game's data is loaded before the baseline.
  request(port, http::verb::post, "/api/tables", create.dump());
  const std::vector<std::string> searching = search_tables(port, args);
  usleep(300000);
  const long rss_before = rss_kib(pid);
  const long search_steps_before = steps_of(port, searching);

  std::string lab_id;
  if (!args.lab_job.empty()) {
    lab_id = std::to_string(request(port, http::verb::post, "/api/lab/jobs", args.lab_job).at("id").get<long>());
    while (request(port, http::verb::get, "/api/lab/jobs/" + lab_id).at("status") == "queued") usleep(10000);
  }

  asio::io_context io;
  Totals totals;
  const auto start = Clock::now();
  totals.start = start;
  const double cpu_before = cpu_seconds(pid);
  std::string first_code;
  for (int i = 0; i < args.tables; ++i) {
    const std::string code = request(port, http::verb::post, "/api/tables", create.dump()).at("code");
    const std::string token = request(port, http::verb::post, "/api/tables/" + code + "/join", "{}").at("token");
    if (i == 0) first_code = code;
    asio::co_spawn(io, person(port, code, token, totals, args.think), [](std::exception_ptr e) {
      if (e) std::rethrow_exception(e);
    });
  }
  bool stop_flood = false, timed_out = false;
  long syncs_sent = 0;
  for (int i = 0; i < args.sync_flood && !first_code.empty(); ++i) {
    asio::co_spawn(io, flood(port, first_code, stop_flood, syncs_sent), asio::detached);
  }
  asio::steady_timer deadline(io);
  if (args.duration_s > 0) {
    deadline.expires_after(std::chrono::seconds(args.duration_s));
    deadline.async_wait([&](const boost::system::error_code& ec) { timed_out = !ec; });
  }
  long rss_peak = rss_kib(pid);
  // Run until every table has seen its person move once, then read the memory with all tables live.
  while (totals.moved_once < args.tables && totals.finished < args.tables && !timed_out) io.run_one();
  rss_peak = std::max(rss_peak, rss_kib(pid));
  while (totals.finished < args.tables && !timed_out) io.run_one();
  stop_flood = true;   // the flood, the deadline and any game still going are dropped with the context
  io.stop();
  const long search_moves = steps_of(port, searching) - search_steps_before;
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const long rss_after = rss_kib(pid);
  const double server_cpu = cpu_seconds(pid) - cpu_before;
  nlohmann::json lab;
  if (!lab_id.empty()) {
    lab = request(port, http::verb::get, "/api/lab/jobs/" + lab_id);
    request(port, http::verb::delete_, "/api/lab/jobs/" + lab_id);
  }

  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  std::remove(db.c_str());

  if (!args.latencies.empty()) {
    std::ofstream out(args.latencies);
    for (std::size_t i = 0; i < totals.latencies_ms.size(); ++i) out << fmt::format("{:.3f} {:.3f}\n", totals.sent_s[i], totals.latencies_ms[i]);
  }
  fmt::print("court_serve_load: {} tables of {} ({} players: 1 scripted person, {} bots), {} game threads\n",
             args.tables, args.game, args.players, args.bot, args.threads ? std::to_string(args.threads) : "auto");
  fmt::print("  think time:            {}\n", args.think.max_ms ? fmt::format("{}-{} ms per move", args.think.min_ms,
                                                                           args.think.max_ms) : "none (answers at once)");
  if (!lab.is_null()) {
    fmt::print("  Lab job alongside:     {} of {} games done during the run ({}, {})\n", lab.at("done").get<long>(),
               lab.at("total").get<long>(), lab.at("status").get<std::string>(), lab.at("command").get<std::string>());
  }
  if (!searching.empty()) {
    fmt::print("  search tables:         {} of bots only ({}) from 127.0.0.2, {} bot moves there during the run\n",
               searching.size(), args.search_bot, search_moves);
  }
  if (args.sync_flood > 0) {
    fmt::print("  sync flood:            {} spectators at table {}, {} sync messages sent\n", args.sync_flood,
               first_code, syncs_sent);
  }
  fmt::print("  games finished:        {} of {}{}\n", totals.finished, args.tables,
             timed_out ? fmt::format(" (stopped after --duration {} s)", args.duration_s) : "");
  fmt::print("  person moves measured: {} ({} refused as stale and chosen again)\n", totals.latencies_ms.size(),
             totals.stale);
  int unanswered = 0;
  double longest_s = 0;   // a move not answered at all by the end waited at least this long
  for (const auto& p : totals.people) {
    if (!p->waiting_answer || p->over) continue;
    ++unanswered;
    longest_s = std::max(longest_s, std::chrono::duration<double>(Clock::now() - p->sent_at).count());
  }
  if (unanswered > 0) {
    fmt::print("  moves unanswered:      {} still waiting at the end, the longest for {:.1f} s (not in the latency)\n",
               unanswered, longest_s);
  }
  fmt::print("  move latency:          median {:.2f} ms, 99th percentile {:.2f} ms, max {:.2f} ms\n",
             percentile(totals.latencies_ms, 0.5), percentile(totals.latencies_ms, 0.99),
             percentile(totals.latencies_ms, 1.0));
  fmt::print("  wall time:             {:.1f} s\n", seconds);
  const auto measured = static_cast<double>(totals.latencies_ms.size());
  fmt::print("  throughput:            {:.0f} person moves/s, {:.0f} moves/s at all seats ({} moves)\n",
             measured / seconds, static_cast<double>(totals.moves) / seconds, totals.moves);
  fmt::print("  state messages:        {} received, {:.1f} KiB on average\n", totals.states,
             totals.states ? static_cast<double>(totals.state_bytes) / 1024.0 / static_cast<double>(totals.states) : 0.0);
  fmt::print("  server CPU:            {:.2f} s, {:.0f} us per move at any seat\n", server_cpu,
             totals.moves ? 1e6 * server_cpu / static_cast<double>(totals.moves) : 0.0);
  fmt::print("  server RSS:            {} KiB idle (one warm-up table), {} KiB with {} tables live, {} KiB at the end\n",
             rss_before, rss_peak, args.tables, rss_after);
  fmt::print("  memory per table:      {:.1f} KiB\n", static_cast<double>(rss_peak - rss_before) / args.tables);
  return totals.finished == args.tables || timed_out ? 0 : 1;
}
