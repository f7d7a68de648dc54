// Greedy and hostile connections over loopback (docs/protocol.md, "Message limits" and "Connections"): a
// flood of messages is refused and closed while the table's moves go on; a sync already queued answers
// for the syncs behind it; the server's connection cap; slow and oversized request headers; WebSocket
// keep-alive pings; the talk of a table read in pages; the bounded cache of prepared games.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <thread>

#include "server/lobby.h"
#include "server/server.h"
#include "server/server_test_support.h"
#include "server/storage.h"

namespace court::server_test {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using asio::ip::tcp;
using nlohmann::json;

const json kWaitingTable = {{"game", "intrigue"}, {"seats", {"human", "human", "human"}}};

// What a raw client read: the bytes, and whether the server closed the connection (before `deadline`).
struct RawRead {
  std::string bytes;
  bool closed = false;
};

// Reads `socket` until the server closes it, for at most `deadline` (a hang guard, generous).
RawRead read_until_closed(asio::io_context& io, tcp::socket& socket, std::chrono::seconds deadline) {
  RawRead out;
  std::array<char, 4096> chunk;
  std::function<void(beast::error_code, std::size_t)> on_read = [&](beast::error_code ec, std::size_t n) {
    out.bytes.append(chunk.data(), n);
    if (ec) {
      out.closed = true;
      return;
    }
    socket.async_read_some(asio::buffer(chunk), on_read);
  };
  socket.async_read_some(asio::buffer(chunk), on_read);
  io.restart();
  io.run_for(deadline);
  return out;
}

tcp::socket connect(asio::io_context& io, std::uint16_t port) {
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  return socket;
}

// Sends `bytes` on a new connection and reads what comes back until the server closes it.
RawRead send_raw(std::uint16_t port, const std::string& bytes) {
  asio::io_context io;
  auto socket = connect(io, port);
  asio::write(socket, asio::buffer(bytes));
  return read_until_closed(io, socket, std::chrono::seconds(30));
}

int status_of(const std::string& response) {
  return response.size() > 12 ? std::stoi(response.substr(9, 3)) : 0;
}

// Holds a table's strand (its serial lane) until release(), so the test decides when queued messages run.
class StrandHold {
 public:
  explicit StrandHold(const std::shared_ptr<court::server::Table>& table) {
    asio::post(table->strand(), [held = released_.get_future().share()] { held.wait(); });
  }
  ~StrandHold() { release(); }
  void release() {
    if (!done_) released_.set_value();
    done_ = true;
  }

 private:
  std::promise<void> released_;
  bool done_ = false;
};

std::string sync_message() { return json{{"type", "sync"}}.dump(); }

// ---- Message floods ----

// Four spectators each send 1,000 syncs at once: the server refuses them beyond the limit with
// too_many_messages and closes each connection with a policy close; the seat's move is still played.
TEST(ServerConnections, FloodsOfSyncsAreRefusedAndClosedWhileMovesGoOn) {
  InProcessServer server(temp_db("conn_flood"));
  const auto port = server.port();
  const std::string code = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).at("code");
  const std::string token = join_table(port, code).at("token");
  WsClient seat(port, ws_target(code, token));
  const json first = seat.read_state_until([](const json& m) { return !m.at("legal").empty(); });
  std::vector<std::unique_ptr<WsClient>> spectators;
  for (int i = 0; i < 4; ++i) spectators.push_back(std::make_unique<WsClient>(port, ws_target(code)));
  for (auto& s : spectators) {
    s->read_json();
    try {
      for (int i = 0; i < 1000; ++i) s->send(sync_message());
    } catch (const std::exception&) {
      // the server closed the connection while the flood went on
    }
  }
  for (auto& s : spectators) {
    int refused = 0, states = 0;
    while (auto text = s->read()) {
      const json message = json::parse(*text);
      if (message.at("type") == "state") ++states;
      if (message.value("code", "") == "too_many_messages") ++refused;
    }
    EXPECT_GT(refused, 0);
    EXPECT_LT(states, 200);   // the burst, and a few more given back by the states sent
    EXPECT_EQ(s->close_code(), 1008);   // policy: far over the limit
  }
  seat.send(move_message(token, first.at("step"), first.at("legal")[0].at("action")));
  const auto after = seat.read_state_until([&](const json& m) { return m.at("step") > first.at("step"); });
  EXPECT_GT(after.at("step"), first.at("step"));
}

// 30 syncs sent while the table is busy (its strand held by the test): the first is queued and answers
// for all thirty, so one state comes back, not thirty. A move behind them is still played after it.
TEST(ServerConnections, ASyncAlreadyQueuedAnswersForTheSyncsBehindIt) {
  InProcessServer server(temp_db("conn_sync_once"));
  const auto port = server.port();
  const std::string code = create_table(port, kWaitingTable).at("code");
  WsClient spectator(port, ws_target(code));
  spectator.read_json();
  {
    StrandHold hold(server.lobby().find(code));
    for (int i = 0; i < 30; ++i) spectator.send(sync_message());
    spectator.send("not json");   // answered by the network thread, after the thirty were read
    spectator.send(move_message("x", 0, 0));   // queued behind the first sync; refused there
    EXPECT_EQ(spectator.read_json().at("code"), "bad_json");
  }
  EXPECT_EQ(spectator.read_json().at("type"), "state");
  EXPECT_EQ(spectator.read_json().at("code"), "not_seated");
}

// A sync, a move, two syncs and a refused move queued behind a busy strand: they run in order (the
// second sync is queued, since a move came between; the third is answered by it), so the states come
// in order of their steps, the last after the move, and the refusal after them. (States a connection
// has not been sent yet are replaced by newer ones, so there are one to three of them.)
TEST(ServerConnections, SyncsAndMovesStayInOrder) {
  InProcessServer server(temp_db("conn_order"));
  const auto port = server.port();
  const std::string code = create_table(port, kWaitingTable).at("code");
  std::vector<std::unique_ptr<WsClient>> seats;
  std::string token;
  json state;
  std::vector<std::string> tokens;
  for (int s = 0; s < 3; ++s) tokens.push_back(join_table(port, code, {{"seat", s}}).at("token"));
  for (const std::string& t : tokens) {
    seats.push_back(std::make_unique<WsClient>(port, ws_target(code, t)));
    json first = seats.back()->read_state_until([](const json& m) { return m.at("status") == "playing"; });
    if (token.empty() && !first.at("legal").empty()) token = t, state = first;
  }
  ASSERT_FALSE(token.empty()) << "nobody has a move";
  WsClient& seat = *seats[static_cast<std::size_t>(state.at("seat").get<int>())];
  const std::int64_t step = state.at("step");
  {
    StrandHold hold(server.lobby().find(code));
    seat.send(sync_message());
    seat.send(move_message(token, step, state.at("legal")[0].at("action")));
    seat.send(sync_message());
    seat.send(sync_message());
    seat.send(move_message("x", step, 0));
    seat.send("not json");
    EXPECT_EQ(seat.read_json().at("code"), "bad_json");
  }
  std::vector<std::int64_t> steps;
  json m = seat.read_json();
  for (; m.at("type") == "state"; m = seat.read_json()) steps.push_back(m.at("step"));
  EXPECT_EQ(m.at("code"), "bad_token");
  ASSERT_FALSE(steps.empty());
  EXPECT_LE(steps.size(), 3u);
  EXPECT_TRUE(std::is_sorted(steps.begin(), steps.end()));
  EXPECT_EQ(steps.back(), step + 1);
}

// ---- Connections ----

// With --max-connections 3, the fourth connection is answered 503 server_full while the three go on
// being served; once one closes, a new client is served.
TEST(ServerConnections, TheServerCapRefusesOneConnectionMoreAndServesAgainAfterOneCloses) {
  InProcessServer server(temp_db("conn_cap"), [](court::server::ServerConfig& c) {
    c.max_connections = 3;
    c.max_client_connections = 0;
  });
  const auto port = server.port();
  const std::string code = create_table(port, kWaitingTable).at("code");
  // The table request's connection counts until the server sees it close (it failed once when the third
  // WebSocket came first: "The WebSocket handshake was declined").
  ASSERT_TRUE(server.wait_for_open_connections(0));
  std::vector<std::unique_ptr<WsClient>> open;
  for (int i = 0; i < 3; ++i) {
    open.push_back(std::make_unique<WsClient>(port, ws_target(code)));
    open.back()->read_json();
  }
  const auto refused = http(port, "GET", "/api/tables");
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(refused.json().at("code"), "server_full");
  EXPECT_NE(refused.json().at("error").get<std::string>().find("3 connections"), std::string::npos) << refused.body;
  for (auto& c : open) {
    c->send(sync_message());
    EXPECT_EQ(c->read_json().at("type"), "state");
  }
  open.pop_back();
  // The server frees the place when it sees the close: a liveness check, retried for at most 30 s.
  int status = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (status != 200 && std::chrono::steady_clock::now() < until) {
    status = http(port, "GET", "/api/tables").status;
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(status, 200);
}

court::server::ConnectionTimeouts short_timeouts() {
  court::server::ConnectionTimeouts t;
  t.header = std::chrono::milliseconds(1000);
  t.ws_idle = std::chrono::milliseconds(1000);
  return t;
}

// A client that sends half a request's headers is closed after the header limit (1 s here; 10 s by
// default); one that waits before its first byte is not (the keep-alive wait is longer).
TEST(ServerConnections, HalfAHeaderIsClosedAfterTheHeaderLimit) {
  InProcessServer server(temp_db("conn_slow_header"), [](court::server::ServerConfig& c) { c.timeouts = short_timeouts(); });
  const auto port = server.port();
  const auto slow = send_raw(port, "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  EXPECT_TRUE(slow.closed) << "still open after 30 s";
  EXPECT_EQ(slow.bytes, "");

  asio::io_context io;
  auto quiet = connect(io, port);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));   // twice the header limit, before any byte
  asio::write(quiet, asio::buffer(std::string("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")));
  const auto served = read_until_closed(io, quiet, std::chrono::seconds(30));
  EXPECT_EQ(status_of(served.bytes), 200) << served.bytes.substr(0, 200);
}

// Request headers over 16 KiB are answered 431 headers_too_big (not a reset); 12 KiB are served.
TEST(ServerConnections, OversizedHeadersAreAnswered431) {
  InProcessServer server(temp_db("conn_big_header"));
  const auto port = server.port();
  auto request = [](std::size_t bytes) {
    return "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Big: " + std::string(bytes, 'a') +
           "\r\n\r\n";
  };
  const auto big = send_raw(port, request(20 * 1024));
  ASSERT_EQ(status_of(big.bytes), 431) << big.bytes.substr(0, 200);
  const auto body = json::parse(big.bytes.substr(big.bytes.find("\r\n\r\n") + 4));
  EXPECT_EQ(body.at("code"), "headers_too_big");
  EXPECT_NE(body.at("error").get<std::string>().find("16384 bytes"), std::string::npos) << body.dump();
  EXPECT_EQ(status_of(send_raw(port, request(12 * 1024)).bytes), 200);
}

// With a 1 s WebSocket idle time: a client that reads (so answers the server's pings) stays connected
// for three times that without sending a message; one that reads nothing is closed.
TEST(ServerConnections, PingsKeepAQuietClientAndDropADeadOne) {
  InProcessServer server(temp_db("conn_pings"), [](court::server::ServerConfig& c) { c.timeouts = short_timeouts(); });
  const auto port = server.port();
  const std::string code = create_table(port, kWaitingTable).at("code");
  asio::io_context io;
  beast::websocket::stream<tcp::socket> alive(io), dead(io);
  for (auto* ws : {&alive, &dead}) {
    ws->next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws->handshake("127.0.0.1", ws_target(code));
    beast::flat_buffer first;
    ws->read(first);
  }
  // The live one reads for 3 s (a read answers pings); the dead one does not.
  beast::flat_buffer buffer;
  bool alive_read = false;
  alive.async_read(buffer, [&](beast::error_code, std::size_t) { alive_read = true; });
  io.run_for(std::chrono::seconds(3));
  EXPECT_FALSE(alive_read) << "the quiet client was closed or sent something";
  // Still served: a sync gets a state (the pending read completes with it).
  alive.write(asio::buffer(sync_message()));
  io.restart();
  io.run_for(std::chrono::seconds(30));
  ASSERT_TRUE(alive_read);
  EXPECT_EQ(json::parse(beast::buffers_to_string(buffer.data())).at("type"), "state");
  // The dead one: the server gave up on it (its reads end, pings and all, in an error).
  beast::error_code ec;
  for (int i = 0; i < 100 && !ec; ++i) {
    beast::flat_buffer b;
    bool done = false;
    dead.async_read(b, [&](beast::error_code e, std::size_t) { ec = e; done = true; });
    io.restart();
    io.run_for(std::chrono::seconds(30));
    ASSERT_TRUE(done) << "the dead client is still connected after 30 s";
  }
  EXPECT_TRUE(ec);
}

// ---- Reads that grow ----

// 450 messages to the table (and private ones, never listed) are read 200 at a time with after/limit.
TEST(ServerConnections, TableTalkIsReadInPages) {
  const std::string db = temp_db("conn_talk_pages");
  InProcessServer server(db);
  const auto port = server.port();
  const std::string code = create_table(port, kWaitingTable).at("code");
  {
    court::server::Storage storage(db);
    for (int id = 1; id <= 460; ++id) {
      const int to = id % 46 == 0 ? 1 : -1;   // ten private messages among them
      storage.append_talk(code, {id, 0, 0, to, "message " + std::to_string(id), 0});
    }
  }
  const std::string talk = "/api/tables/" + code + "/talk";
  auto page = http(port, "GET", talk).json();
  ASSERT_EQ(page.at("messages").size(), 200u);
  EXPECT_EQ(page.at("messages")[0].at("id"), 1);
  EXPECT_TRUE(page.at("more").get<bool>());
  const int next = page.at("next_after");
  EXPECT_EQ(next, page.at("messages").back().at("id"));
  page = http(port, "GET", talk + "?after=" + std::to_string(next) + "&limit=200").json();
  ASSERT_EQ(page.at("messages").size(), 200u);
  EXPECT_GT(page.at("messages")[0].at("id").get<int>(), next);
  page = http(port, "GET", talk + "?after=" + std::to_string(page.at("next_after").get<int>())).json();
  EXPECT_EQ(page.at("messages").size(), 50u);   // 450 public in all
  EXPECT_FALSE(page.at("more").get<bool>());
  EXPECT_TRUE(page.at("next_after").is_null());
  EXPECT_EQ(http(port, "GET", talk + "?limit=3").json().at("messages").size(), 3u);
  for (const char* bad : {"?limit=0", "?limit=201", "?limit=x", "?after=-1", "?after=1e3", "?after=", "?page=2"}) {
    const auto refused = http(port, "GET", talk + bad);
    EXPECT_EQ(refused.status, 400) << bad;
    EXPECT_EQ(refused.json().at("code"), "bad_query") << bad;
  }
  EXPECT_NE(http(port, "GET", talk + "?limit=500").json().at("error").get<std::string>().find("1 to 200"),
            std::string::npos);
}

// More option combinations than the cache holds: it keeps the 64 most recently used, and a table made
// from an evicted one plays on with its own.
TEST(ServerConnections, ThePreparedGameCacheIsBounded) {
  court::server::Storage storage(temp_db("conn_factories"));
  asio::io_context games;
  court::server::Lobby lobby(storage, games.get_executor());
  auto table = lobby.create({{"game", "belle"}, {"seats", {"random", "random", "random"}}});
  auto belle = [&](int players, int couples) {
    return lobby.factory_for("belle", players, {{"couples_to_end", std::to_string(couples)}});
  };
  const auto first = belle(2, 0);
  const auto kept = belle(2, 1);
  for (int players = 3; players <= 5; ++players) {
    for (int couples = 0; couples <= 40; ++couples) {
      belle(players, couples);
      EXPECT_EQ(belle(2, 1), kept);   // used again each time: never the least recent
    }
  }
  EXPECT_EQ(lobby.factories_held(), 64u);
  EXPECT_NE(belle(2, 0), first);   // dropped, and made again
  games.run();                     // the table made before plays to its end
  EXPECT_EQ(table->status(), "finished");
}

}  // namespace
}  // namespace court::server_test
