// court_serve_load: the load measurement for `court serve`. Starts the server as a child process,
// opens N tables at once (one scripted person and bots at each), plays every game to the end over
// WebSockets and prints the person's move latency (send -> first state after it: median, 99th
// percentile) and the server's memory per table (RSS growth / N).
//
//   court_serve_load --court build/release/court [--tables 200] [--game persuasion] [--players 4]
//                    [--bot heuristic] [--threads 0]
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <utility>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
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
#include <regex>
#include <string>
#include <vector>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Args {
  std::string court = "build/release/court";
  int tables = 200;
  std::string game = "persuasion";
  int players = 4;
  std::string bot = "heuristic";
  int threads = 0;
};

long rss_kib(pid_t pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

nlohmann::json request(std::uint16_t port, http::verb verb, const std::string& target, const std::string& body = "") {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  if (res.result_int() >= 300) throw std::runtime_error(fmt::format("{} {}: {}", target, res.result_int(), res.body()));
  return nlohmann::json::parse(res.body());
}

struct Totals {
  std::vector<double> latencies_ms;
  int finished = 0;
  int moved_once = 0;
};

// One person at one table: answers every state that asks for a move with its first legal move. The
// latency of a move is the time from sending it to the first state message with a later step.
asio::awaitable<void> person(std::uint16_t port, std::string code, std::string token, Totals& totals) {
  auto executor = co_await asio::this_coro::executor;
  websocket::stream<beast::tcp_stream> ws(executor);
  co_await beast::get_lowest_layer(ws).async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                                                     asio::use_awaitable);
  co_await ws.async_handshake("127.0.0.1", "/ws?table=" + code + "&token=" + token, asio::use_awaitable);
  std::int64_t sent_step = -1;
  Clock::time_point sent_at;
  bool waiting_answer = false;
  bool counted = false;
  for (;;) {
    beast::flat_buffer buffer;
    co_await ws.async_read(buffer, asio::use_awaitable);
    auto message = nlohmann::json::parse(beast::buffers_to_string(buffer.data()));
    if (message.at("type") != "state") {
      if (message.at("code") == "stale" || message.at("code") == "not_your_turn") continue;
      throw std::runtime_error("server refused a move: " + message.dump());
    }
    const std::int64_t step = message.at("step");
    if (waiting_answer && step > sent_step) {
      totals.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at).count());
      waiting_answer = false;
      if (!counted) { counted = true; ++totals.moved_once; }
    }
    if (message.at("status") == "finished") break;
    if (!waiting_answer && !message.at("legal").empty() && step > sent_step) {
      sent_step = step;
      sent_at = Clock::now();
      waiting_answer = true;
      const std::string move = nlohmann::json{{"type", "move"}, {"token", token}, {"step", step},
                                              {"action", message.at("legal")[0].at("action")}}.dump();
      co_await ws.async_write(asio::buffer(move), asio::use_awaitable);
    }
  }
  ++totals.finished;
  beast::error_code ec;
  beast::get_lowest_layer(ws).close();
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
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--court") args.court = value;
    else if (key == "--tables") args.tables = std::stoi(value);
    else if (key == "--game") args.game = value;
    else if (key == "--players") args.players = std::stoi(value);
    else if (key == "--bot") args.bot = value;
    else if (key == "--threads") args.threads = std::stoi(value);
    else { fmt::print(stderr, "unknown argument {}\n", key); return 2; }
  }
  char db_template[] = "/tmp/court_load_XXXXXX";
  if (!mkdtemp(db_template)) return 1;
  const std::string db = std::string(db_template) + "/load.db";
  int fds[2];
  if (pipe(fds) != 0) return 1;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    const std::string threads = std::to_string(args.threads);
    execl(args.court.c_str(), args.court.c_str(), "serve", "--port", "0", "--db", db.c_str(), "--threads",
          threads.c_str(), "--max-client-connections", "0", "--max-client-waiting-tables", "0",
          "--max-client-tables-per-minute", "0", static_cast<char*>(nullptr));
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
  usleep(300000);
  const long rss_before = rss_kib(pid);

  asio::io_context io;
  Totals totals;
  const auto start = Clock::now();
  for (int i = 0; i < args.tables; ++i) {
    const std::string code = request(port, http::verb::post, "/api/tables", create.dump()).at("code");
    const std::string token = request(port, http::verb::post, "/api/tables/" + code + "/join", "{}").at("token");
    asio::co_spawn(io, person(port, code, token, totals), [](std::exception_ptr e) {
      if (e) std::rethrow_exception(e);
    });
  }
  long rss_peak = rss_kib(pid);
  // Run until every table has seen its person move once, then read the memory with all tables live.
  while (totals.moved_once < args.tables && totals.finished < args.tables) io.run_one();
  rss_peak = std::max(rss_peak, rss_kib(pid));
  io.run();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const long rss_after = rss_kib(pid);

  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  std::remove(db.c_str());

  fmt::print("court_serve_load: {} tables of {} ({} players: 1 scripted person, {} bots), {} game threads\n",
             args.tables, args.game, args.players, args.bot, args.threads ? std::to_string(args.threads) : "auto");
  fmt::print("  games finished:        {}\n", totals.finished);
  fmt::print("  person moves measured: {}\n", totals.latencies_ms.size());
  fmt::print("  move latency:          median {:.2f} ms, 99th percentile {:.2f} ms, max {:.2f} ms\n",
             percentile(totals.latencies_ms, 0.5), percentile(totals.latencies_ms, 0.99),
             percentile(totals.latencies_ms, 1.0));
  fmt::print("  wall time:             {:.1f} s\n", seconds);
  fmt::print("  server RSS:            {} KiB idle (one warm-up table), {} KiB with {} tables live, {} KiB at the end\n",
             rss_before, rss_peak, args.tables, rss_after);
  fmt::print("  memory per table:      {:.1f} KiB\n", static_cast<double>(rss_peak - rss_before) / args.tables);
  return totals.finished == args.tables ? 0 : 1;
}
