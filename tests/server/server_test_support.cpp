#include "server/server_test_support.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <utility>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <thread>
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

namespace {

// A stream to 127.0.0.1 (or `host`) from `source` (any local address when empty).
void connect(beast::tcp_stream& stream, const std::string& host, std::uint16_t port, const std::string& source = "") {
  if (!source.empty()) {
    stream.socket().open(tcp::v4());
    stream.socket().bind(tcp::endpoint(asio::ip::make_address(source), 0));
  }
  stream.connect(tcp::endpoint(asio::ip::make_address(host), port));
}

// Sends `req` on a connected stream and reads the whole answer.
HttpReply exchange(beast::tcp_stream& stream, bhttp::request<bhttp::string_body>& req) {
  req.prepare_payload();
  bhttp::write(stream, req);
  beast::flat_buffer buffer;
  bhttp::response_parser<bhttp::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  bhttp::read(stream, buffer, parser);
  auto res = parser.release();
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  HttpReply reply{static_cast<int>(res.result_int()), res.body(), std::string(res[bhttp::field::content_type]), {}};
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    reply.headers[name] = std::string(field.value());
  }
  return reply;
}

// A request as the browser client sends it: Host host:port, JSON bodies, an Authorization header when given.
bhttp::request<bhttp::string_body> client_request(const std::string& host, std::uint16_t port, const std::string& method,
                                                  const std::string& target, const std::string& body,
                                                  const std::string& authorization) {
  bhttp::request<bhttp::string_body> req{bhttp::string_to_verb(method), target, 11};
  req.set(bhttp::field::host, host + ":" + std::to_string(port));
  if (!authorization.empty()) req.set(bhttp::field::authorization, authorization);
  if (!body.empty()) req.set(bhttp::field::content_type, "application/json");
  req.body() = body;
  return req;
}

}  // namespace

HttpReply http_to(const std::string& host, std::uint16_t port, const std::string& method, const std::string& target,
                  const std::string& body, const std::string& authorization) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  connect(stream, host, port);
  auto req = client_request(host, port, method, target, body, authorization);
  return exchange(stream, req);
}

HttpReply http_with(std::uint16_t port, const std::string& method, const std::string& target, const Headers& headers,
                    const std::string& body) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  connect(stream, "127.0.0.1", port);
  bhttp::request<bhttp::string_body> req{bhttp::string_to_verb(method), target, 11};
  for (const auto& [name, value] : headers) req.insert(name, value);
  req.body() = body;
  return exchange(stream, req);
}

HttpReply http_from(const std::string& source, std::uint16_t port, const std::string& method, const std::string& target,
                    const std::string& body) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  connect(stream, "127.0.0.1", port, source);
  auto req = client_request("127.0.0.1", port, method, target, body, "");
  return exchange(stream, req);
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

court::server::ServerConfig test_config(const std::string& db) {
  court::server::ServerConfig config;
  config.port = 0;
  config.db = db;
  config.game_threads = 2;
  config.make_lab = court::server::open_lab;
  return config;
}

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

InProcessServer::InProcessServer(const court::server::ServerConfig& config)
    : server_(std::make_unique<court::server::Server>(config)) {
  server_->start();
}

InProcessServer::InProcessServer(const std::string& db,
                                 const std::function<void(court::server::ServerConfig&)>& configure)
    : InProcessServer([&] {
        auto config = test_config(db);
        configure(config);
        return config;
      }()) {}

InProcessServer::InProcessServer(const std::string& db, const court::server::LabConfig& lab)
    : InProcessServer(db, [&lab](court::server::ServerConfig& config) { config.lab = lab; }) {}

InProcessServer::~InProcessServer() { server_->stop(); }

court::server::Lobby& InProcessServer::lobby() { return server_->lobby(); }

std::uint16_t InProcessServer::port() const { return server_->port(); }

std::size_t InProcessServer::resumed() const { return server_->resumed(); }

bool InProcessServer::wait_for_open_connections(int open) const {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (server_->open_connections() > open) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

ServeProcess::ServeProcess(const std::string& db, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {COURT_BINARY, "serve", "--port", "0", "--db", db, "--threads", "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    execv(COURT_BINARY, argv.data());
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

std::string utf8(char32_t cp) {
  if (cp < 0x80) return std::string(1, static_cast<char>(cp));
  const int extra = cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;
  constexpr char32_t kLead[] = {0, 0xc0, 0xe0, 0xf0};
  std::string out(1, static_cast<char>(kLead[extra] | (cp >> (6 * extra))));
  for (int i = extra - 1; i >= 0; --i) out += static_cast<char>(0x80 | ((cp >> (6 * i)) & 0x3f));
  return out;
}

std::vector<RefusedText> refused_texts() {
  std::vector<RefusedText> out;
  const auto inside = [&](char32_t cp, const char* kind) {
    const std::string problem = fmt::format("character 2 is U+{:04X}, {}", static_cast<std::uint32_t>(cp), kind);
    out.push_back({"A" + utf8(cp) + "da", problem, problem});
  };
  for (char32_t cp : {0x034f, 0x180e, 0xfe0f, 0x1d173}) {   // grapheme joiner, vowel separator, selector, format
    inside(cp, "a zero-width or invisible (default-ignorable) character");
  }
  for (char32_t cp : {0x115f, 0x1160, 0x3164, 0xffa0}) inside(cp, "a Hangul filler (a blank letter)");
  inside(0x2800, "a blank braille pattern");
  for (char32_t cp : {0xe0001, 0xe0041, 0xe007f}) inside(cp, "a tag character");
  for (char32_t cp : {0xfff9, 0xfffa, 0xfffb}) inside(cp, "an interlinear annotation character");
  for (char32_t cp : {0xfffe, 0xffff, 0xfdd0, 0xfdef, 0x1fffe, 0x10ffff}) inside(cp, "a noncharacter");
  // Ideographic, no-break and em spaces: White_Space that is not ASCII.
  out.push_back({"\u3000\u00a0\u2003", "it is only white space", "the message is empty or only white space"});
  std::string zalgo = "Z";
  for (int i = 0; i < 5; ++i) zalgo += utf8(0x0301 + i);
  const std::string piled = "character 6 (U+0305) is combining mark number 5 on one character; at most 4 are allowed";
  out.push_back({zalgo, piled, piled});
  return out;
}

}  // namespace court::server_test
