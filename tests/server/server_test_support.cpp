#include "server/server_test_support.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <utility>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "engine/registry.h"
#include "engine/replay.h"
#include "lab/api.h"
#include "server/server.h"

namespace court::server_test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;

std::string temp_db(const std::string& name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / ("court_server_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return path.string();
}

HttpReply http(std::uint16_t port, const std::string& method, const std::string& target, const std::string& body) {
  return http_to("127.0.0.1", port, method, target, body);
}

HttpReply http_to(const std::string& host, std::uint16_t port, const std::string& method, const std::string& target,
                  const std::string& body, const std::string& authorization) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address(host), port));
  bhttp::request<bhttp::string_body> req{bhttp::string_to_verb(method), target, 11};
  req.set(bhttp::field::host, host);
  if (!authorization.empty()) req.set(bhttp::field::authorization, authorization);
  if (!body.empty()) req.set(bhttp::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  bhttp::write(stream, req);
  beast::flat_buffer buffer;
  bhttp::response_parser<bhttp::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  bhttp::read(stream, buffer, parser);
  auto res = parser.release();
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return {static_cast<int>(res.result_int()), res.body(), std::string(res[bhttp::field::content_type])};
}

nlohmann::json create_table(std::uint16_t port, const nlohmann::json& request) {
  auto reply = http(port, "POST", "/api/tables", request.dump());
  EXPECT_EQ(reply.status, 201) << reply.body;
  return reply.json();
}

nlohmann::json join_table(std::uint16_t port, const std::string& code, const nlohmann::json& request) {
  auto reply = http(port, "POST", "/api/tables/" + code + "/join", request.is_null() ? "" : request.dump());
  EXPECT_EQ(reply.status, 200) << reply.body;
  return reply.json();
}

struct WsClient::Impl {
  asio::io_context io;
  websocket::stream<tcp::socket> ws{io};
  int close_code = -1;
};

WsClient::WsClient(std::uint16_t port, const std::string& target) : impl_(std::make_unique<Impl>()) {
  impl_->ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  impl_->ws.read_message_max(64 * 1024 * 1024);
  impl_->ws.handshake("127.0.0.1", target);
}

WsClient::~WsClient() {
  beast::error_code ec;
  impl_->ws.next_layer().close(ec);
}

void WsClient::send(const std::string& text) {
  if (std::getenv("COURT_TEST_TRACE")) std::fprintf(stderr, ">> %.300s\n", text.c_str());
  impl_->ws.text(true);
  impl_->ws.write(asio::buffer(text));
}

void WsClient::send_binary(const std::string& bytes) {
  impl_->ws.binary(true);
  impl_->ws.write(asio::buffer(bytes));
}

std::optional<std::string> WsClient::read() {
  beast::flat_buffer buffer;
  beast::error_code result;
  bool done = false;
  impl_->ws.async_read(buffer, [&](beast::error_code ec, std::size_t) {
    result = ec;
    done = true;
  });
  impl_->io.restart();
  impl_->io.run_for(std::chrono::seconds(std::getenv("COURT_TEST_TRACE") ? 10 : 120));
  if (!done) {
    beast::error_code ignored;
    impl_->ws.next_layer().close(ignored);
    throw std::runtime_error("no message from the server for two minutes");
  }
  if (result) {
    impl_->close_code = impl_->ws.reason().code;
    return std::nullopt;
  }
  auto text = beast::buffers_to_string(buffer.data());
  if (std::getenv("COURT_TEST_TRACE")) std::fprintf(stderr, "<< %.300s\n", text.c_str());
  return text;
}

nlohmann::json WsClient::read_json() {
  auto text = read();
  if (!text) throw std::runtime_error("the server closed the connection");
  return nlohmann::json::parse(*text);
}

nlohmann::json WsClient::read_state_until(const std::function<bool(const nlohmann::json&)>& done) {
  for (;;) {
    auto message = read_json();
    if (message.at("type") == "state" && done(message)) return message;
  }
}

int WsClient::close_code() const { return impl_->close_code; }

std::string ws_target(const std::string& code, const std::string& token) {
  return "/ws?table=" + code + (token.empty() ? "" : "&token=" + token);
}

std::string move_message(const std::string& token, std::int64_t step, std::uint32_t action) {
  return nlohmann::json{{"type", "move"}, {"token", token}, {"step", step}, {"action", action}}.dump();
}

namespace {

court::server::ServerConfig test_config(const std::string& db) {
  court::server::ServerConfig config;
  config.port = 0;
  config.db = db;
  config.game_threads = 2;
  config.make_lab = court::server::open_lab;
  return config;
}

}  // namespace

InProcessServer::InProcessServer(const std::string& db, int max_client_connections) {
  auto config = test_config(db);
  config.max_client_connections = max_client_connections;
  server_ = std::make_unique<court::server::Server>(config);
  server_->start();
}

InProcessServer::InProcessServer(const std::string& db, const court::server::TableLimits& tables) {
  auto config = test_config(db);
  config.tables = tables;
  server_ = std::make_unique<court::server::Server>(config);
  server_->start();
}

InProcessServer::InProcessServer(const std::string& db,
                                 const std::function<void(court::server::ServerConfig&)>& adjust) {
  auto config = test_config(db);
  adjust(config);
  server_ = std::make_unique<court::server::Server>(config);
  server_->start();
}

InProcessServer::~InProcessServer() { server_->stop(); }

court::server::Lobby& InProcessServer::lobby() { return server_->lobby(); }

std::uint16_t InProcessServer::port() const { return server_->port(); }

std::size_t InProcessServer::resumed() const { return server_->resumed(); }

ServeProcess::ServeProcess(const std::string& db) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    execl(COURT_BINARY, COURT_BINARY, "serve", "--port", "0", "--db", db.c_str(), "--threads", "2",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  out_fd_ = fds[0];
  // Read until the line with the address (the server prints it once it listens).
  std::string text;
  const std::regex address(R"(http://[0-9.]+:([0-9]+)/)");
  const std::regex resumed(R"(([0-9]+) unfinished table\(s\) resumed)");
  std::smatch match;
  char chunk[256];
  while (!std::regex_search(text, match, address)) {
    const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n <= 0) throw std::runtime_error("court serve exited before printing its address: " + text);
    text.append(chunk, static_cast<std::size_t>(n));
  }
  port_ = static_cast<std::uint16_t>(std::stoi(match[1]));
  if (std::regex_search(text, match, resumed)) resumed_ = std::stoi(match[1]);
}

ServeProcess::~ServeProcess() {
  if (pid_ > 0) kill_hard();
  if (out_fd_ >= 0) close(out_fd_);
}

void ServeProcess::kill_hard() {
  ::kill(pid_, SIGKILL);
  waitpid(pid_, &status_, 0);
  pid_ = -1;
}

void ServeProcess::terminate() {
  ::kill(pid_, SIGTERM);
  waitpid(pid_, &status_, 0);
  pid_ = -1;
}

std::vector<std::unique_ptr<court::GameState>> replay_states(const nlohmann::json& doc) {
  const auto replay = court::Replay::from_json(doc);
  const auto& entry = court::games().get(replay.game);
  auto factory = entry.prepare(entry.make_config(replay.players, replay.options));
  std::vector<std::unique_ptr<court::GameState>> states;
  states.push_back(factory->new_game(replay.seed));
  for (const auto& a : replay.actions) {
    auto next = states.back()->clone();
    if (auto error = next->apply(a.seat, a.action)) throw std::runtime_error("replay does not re-run: " + *error);
    states.push_back(std::move(next));
  }
  return states;
}

void expect_engine_view(nlohmann::json sent, nlohmann::json engine, bool whole_log, std::size_t step) {
  nlohmann::json log = engine.contains("log") ? engine.at("log") : nlohmann::json::array();
  const std::size_t total = engine.value("log_total", log.size());
  const bool all = whole_log || engine.value("terminal", false);
  const std::size_t kept = all ? log.size() : std::min<std::size_t>(log.size(), 40);
  nlohmann::json tail(log.end() - static_cast<std::ptrdiff_t>(kept), log.end());
  EXPECT_EQ(sent.value("log", nlohmann::json::array()), tail) << "step " << step;
  if (kept < log.size() || engine.contains("log_total")) {
    EXPECT_EQ(sent.at("log_total"), total) << "step " << step;
  }
  for (auto* v : {&sent, &engine}) v->erase("log"), v->erase("log_total");
  EXPECT_EQ(sent, engine) << "step " << step;
}

std::vector<nlohmann::json> play_to_end(std::uint16_t port, const std::string& code, const std::string& token) {
  WsClient client(port, ws_target(code, token));
  std::vector<nlohmann::json> seen;
  std::int64_t sent_for = -1;
  for (;;) {
    auto message = client.read_json();
    if (message.at("type") == "error" && (message.at("code") == "stale" || message.at("code") == "not_your_turn")) {
      continue;   // a second move sent for a newer state before the first was played (a client's race)
    }
    if (message.at("type") != "state") throw std::runtime_error("unexpected message: " + message.dump());
    seen.push_back(message);
    if (message.at("status") == "finished") return seen;
    if (!message.at("legal").empty() && message.at("step").get<std::int64_t>() > sent_for) {
      sent_for = message.at("step");
      client.send(move_message(token, message.at("step"), message.at("legal")[0].at("action")));
    }
  }
}

}  // namespace court::server_test
