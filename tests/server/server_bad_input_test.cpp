// Bad input over real sockets: each refusal is a clear error, nothing changes, and the connection
// survives where it sensibly can.
#include <gtest/gtest.h>

#include <set>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <thread>

#include "server/api_error.h"
#include "server/client_message.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

void expect_refused(const HttpReply& reply, int status, const std::string& code) {
  EXPECT_EQ(reply.status, status) << reply.body;
  ASSERT_EQ(reply.content_type, "application/json");
  auto body = reply.json();
  EXPECT_EQ(body.at("code"), code) << reply.body;
  EXPECT_FALSE(body.at("error").get<std::string>().empty());
}

// One client address may hold at most --max-client-connections connections: the next is answered 503
// too_many_connections and closed, and a place frees when one of its connections closes.
TEST(ServerBadInput, RefusesConnectionsBeyondTheClientLimit) {
  namespace asio = boost::asio;
  using asio::ip::tcp;
  InProcessServer server(temp_db("client_limit"), 3);
  const tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), server.port());
  asio::io_context io;
  std::vector<tcp::socket> held;
  for (int i = 0; i < 3; ++i) {
    held.emplace_back(io);
    held.back().connect(endpoint);
  }
  tcp::socket extra(io);
  extra.connect(endpoint);
  asio::write(extra, asio::buffer(std::string("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")));
  std::string reply;
  boost::system::error_code ec;
  bool closed = false;
  asio::async_read(extra, asio::dynamic_buffer(reply), [&](boost::system::error_code e, std::size_t) {
    ec = e;
    closed = true;
  });
  io.run_for(std::chrono::seconds(20));   // a working server answers and closes at once
  ASSERT_TRUE(closed) << "the connection over the limit was left open: " << reply;
  EXPECT_EQ(ec, asio::error::eof);
  EXPECT_EQ(reply.rfind("HTTP/1.1 503", 0), 0u) << reply;
  EXPECT_NE(reply.find("\"code\":\"too_many_connections\""), std::string::npos) << reply;
  EXPECT_NE(reply.find("3 connections open already"), std::string::npos) << reply;

  held.pop_back();   // closes one; the server frees its place once it sees the close
  int status = 0;
  for (int attempt = 0; attempt < 200 && status != 200; ++attempt) {
    status = http(server.port(), "GET", "/api/games").status;
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(status, 200);
}

TEST(ServerBadInput, LobbyRefusesBadRequestsAndChangesNothing) {
  InProcessServer server(temp_db("bad_lobby"));
  const auto port = server.port();
  auto post = [&](const std::string& body) { return http(port, "POST", "/api/tables", body); };
  expect_refused(post("{\"game\": \"persuasion\""), 400, "bad_json");
  expect_refused(post("[1, 2]"), 400, "bad_json");
  expect_refused(post(R"({"game": "persuasion", "colour": "red"})"), 400, "unknown_field");
  expect_refused(post(R"({"game": 5})"), 400, "bad_field");
  expect_refused(post(R"({"players": 3})"), 400, "bad_field");
  expect_refused(post(R"({"game": "chess"})"), 400, "unknown_game");
  expect_refused(post(R"({"game": "persuasion", "players": 99})"), 400, "bad_field");
  expect_refused(post(R"({"game": "persuasion", "players": "three"})"), 400, "bad_field");
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", "random"]})"), 400, "bad_field");
  expect_refused(post(R"({"game": "persuasion", "players": 4, "seats": ["human", "random", "random"]})"), 400,
                 "bad_field");
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", "grandmaster", "random"]})"), 400, "bad_bot");
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", 7, "random"]})"), 400, "bad_field");
  // Bots whose moves would hold a server thread too long (limits.h).
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", "ismcts:iters=1000000", "random"]})"), 400, "bad_bot");
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", "ismcts:ms=60000", "random"]})"), 400, "bad_bot");
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", "ismcts:threads=16", "random"]})"), 400, "bad_bot");
  expect_refused(post(R"({"game": "gameshire", "seats": ["human", "planner:rollouts=1000"]})"), 400, "bad_bot");
  expect_refused(post(R"({"game": "gameshire", "seats": ["human", "heuristic:width=64"]})"), 400, "bad_bot");
  expect_refused(post(R"({"game": "intrigue", "seats": ["human", "ismcts:rollout=heuristic", "random"]})"), 400,
                 "bad_bot");
  EXPECT_NE(post(R"({"game": "persuasion", "seats": ["human", "ismcts:iters=20001", "random"]})")
                .json().at("error").get<std::string>().find("this server allows ismcts up to iters=20000, ms=2000, threads=2"),
            std::string::npos);
  expect_refused(post(R"({"game": "persuasion", "options": {"no_such_option": "1"}, "seats": ["human", "random", "random"]})"),
                 400, "bad_option");
  expect_refused(post(R"({"game": "persuasion", "options": [1], "seats": ["human", "random", "random"]})"), 400,
                 "bad_field");
  expect_refused(post(R"({"game": "persuasion", "seed": -1, "seats": ["human", "random", "random"]})"), 400,
                 "bad_field");
  expect_refused(post(R"({"game": "persuasion", "seed": 1.5, "seats": ["human", "random", "random"]})"), 400,
                 "bad_field");
  expect_refused(post(R"({"game": "persuasion", "seats": ["human", "random", "random"], "pad": ")" +
                      std::string(70 * 1024, 'x') + "\"}"),
                 413, "too_big");
  EXPECT_TRUE(http(port, "GET", "/api/tables").json().empty());   // none of these made a table
  // At the limits a search bot is accepted (the table waits for its human, so the bot does not move yet).
  EXPECT_EQ(create_table(port, {{"game", "persuasion"},
                                {"seats", {"human", "ismcts:iters=20000,threads=2", "ismcts:ms=2000,rollout=heuristic"}}})
                .at("seats").size(), 3u);

  expect_refused(http(port, "GET", "/api/tables/ZZZZZZ"), 404, "unknown_table");
  expect_refused(http(port, "GET", "/api/tables/not-a-code"), 404, "unknown_table");
  expect_refused(http(port, "POST", "/api/tables/ZZZZZZ/join", "{}"), 404, "unknown_table");
  expect_refused(http(port, "DELETE", "/api/tables"), 405, "method_not_allowed");
  expect_refused(http(port, "GET", "/api/nothing"), 404, "not_found");

  const std::string code = create_table(port, {{"game", "persuasion"}, {"seats", {"human", "random", "random"}}}).at("code");
  auto join = [&](const std::string& body) { return http(port, "POST", "/api/tables/" + code + "/join", body); };
  expect_refused(join("{bad"), 400, "bad_json");
  expect_refused(join(R"({"seat": 0, "token": "x"})"), 400, "unknown_field");
  expect_refused(join(R"({"seat": 9})"), 400, "bad_field");
  expect_refused(join(R"({"seat": "0"})"), 400, "bad_field");
  expect_refused(join(R"({"name": "a\u0001b"})"), 400, "bad_name");
  expect_refused(join(R"({"name": ")" + std::string(41, 'n') + "\"}"), 400, "bad_name");
  expect_refused(http(port, "GET", "/api/tables/" + code + "/replay"), 409, "not_finished");
  expect_refused(http(port, "GET", "/api/tables/" + code + "/replay/view?step=0"), 409, "not_finished");
  expect_refused(http(port, "GET", "/api/tables/" + code + "/join"), 405, "method_not_allowed");
  auto summary = http(port, "GET", "/api/tables/" + code).json();
  EXPECT_EQ(summary.at("status"), "waiting");
  EXPECT_FALSE(summary.at("seats")[0].at("taken"));
}

// Found by fuzz_rest: a request target with bytes that are not UTF-8 is echoed in the error, and the
// answer's JSON could not be written, so the connection closed with no answer. Now the refusal comes
// back (the bad bytes as U+FFFD), for the REST API, query values and the client's files alike.
TEST(ServerBadInput, ATargetThatIsNotUtf8IsRefusedWithAnAnswer) {
  InProcessServer server(temp_db("bad_utf8"));
  const auto port = server.port();
  expect_refused(http(port, "GET", "/api/tables/K\xff\xff" "7QX2M"), 404, "unknown_table");
  const HttpReply view = http(port, "GET", "/api/tables/K7QX2M/replay/view?seat=%FF");
  EXPECT_GE(view.status, 400) << view.body;
  EXPECT_LT(view.status, 500) << view.body;
  EXPECT_TRUE(view.json().contains("code")) << view.body;
  const HttpReply file = http(port, "GET", "/no\xfe\xff" "file.js");
  EXPECT_EQ(file.status, 404) << file.body;
  EXPECT_EQ(file.json().at("code"), "not_found");
  EXPECT_EQ(http(port, "GET", "/api/games").status, 200);
}

// Found by fuzz_ws: a number too large for a double ("777E7777") made the JSON library throw
// out_of_range, which no reader caught: the WebSocket session ended without an answer, and a REST
// body with one was answered 500. Both are refused as bad JSON.
TEST(ServerBadInput, ANumberTooLargeIsBadJson) {
  try {
    court::server::read_client_message("777E7777");
    FAIL() << "accepted";
  } catch (const court::server::ApiError& e) {
    EXPECT_EQ(e.code(), "bad_json") << e.what();
  }
  InProcessServer server(temp_db("huge_number"));
  expect_refused(http(server.port(), "POST", "/api/tables", R"({"game": "intrigue", "seed": 1e99999})"), 400, "bad_json");
}

TEST(ServerBadInput, ConnectingWithABadCodeOrTokenIsRefused) {
  InProcessServer server(temp_db("bad_connect"));
  const auto port = server.port();
  {
    WsClient client(port, ws_target("ZZZZZZ"));
    auto refusal = client.read_json();
    EXPECT_EQ(refusal.at("type"), "error");
    EXPECT_EQ(refusal.at("code"), "unknown_table");
    EXPECT_FALSE(client.read());
  }
  {
    WsClient client(port, "/ws");
    EXPECT_EQ(client.read_json().at("code"), "unknown_table");
  }
  const std::string code = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).at("code");
  WsClient client(port, ws_target(code, std::string(64, 'a')));
  auto refusal = client.read_json();
  EXPECT_EQ(refusal.at("code"), "bad_token");
  EXPECT_FALSE(client.read());
  EXPECT_EQ(http(port, "GET", "/api/tables/" + code).json().at("status"), "waiting");
}

// A table with two people, seat 0 and seat 1, and a bot; returns the connection of the seat that
// must act first, its token, the other seat's token and the first state.
struct TwoPeople {
  std::string code, token0, token1;
};

TwoPeople two_people(std::uint16_t port, const std::string& game) {
  TwoPeople t;
  t.code = create_table(port, {{"game", game}, {"seats", {"human", "human", "random"}}}).at("code");
  t.token0 = join_table(port, t.code, {{"seat", 0}}).at("token");
  t.token1 = join_table(port, t.code, {{"seat", 1}}).at("token");
  return t;
}

std::string error_code(WsClient& client) {
  for (;;) {
    auto m = client.read_json();
    if (m.at("type") == "error") return m.at("code");
  }
}

// Reads seat 0's connection until one of the two people must act (bots move on their own); returns
// that state. Its waiting_for names the acting person.
nlohmann::json until_a_person_acts(WsClient& c0) {
  return c0.read_state_until([](const nlohmann::json& m) {
    const auto& w = m.at("waiting_for");
    return std::find(w.begin(), w.end(), 0) != w.end() || std::find(w.begin(), w.end(), 1) != w.end();
  });
}

// A server with an Intrigue table for two people (see two_people), both connected, and the first state in
// which one of them must act; `me` is that person's seat (Intrigue: one seat at a time).
struct IntrigueForTwo {
  explicit IntrigueForTwo(const std::string& db)
      : server(temp_db(db)), port(server.port()), t(two_people(port, "intrigue")),
        c0(port, ws_target(t.code, t.token0)), c1(port, ws_target(t.code, t.token1)),
        first(until_a_person_acts(c0)),
        me(std::find(first.at("waiting_for").begin(), first.at("waiting_for").end(), 0) !=
           first.at("waiting_for").end() ? 0 : 1) {}
  InProcessServer server;
  std::uint16_t port;
  TwoPeople t;
  WsClient c0, c1;
  nlohmann::json first;
  int me;
};

TEST(ServerBadInput, RefusedMessagesChangeNothingAndKeepTheConnection) {
  IntrigueForTwo two("bad_messages");
  const auto port = two.port;
  const auto& t = two.t;
  const auto& first = two.first;
  // `me` must act, `other` must not.
  const int me = two.me;
  WsClient& mine = me == 0 ? two.c0 : two.c1;
  WsClient& theirs = me == 0 ? two.c1 : two.c0;
  const std::string& my_token = me == 0 ? t.token0 : t.token1;
  const std::string& their_token = me == 0 ? t.token1 : t.token0;
  const std::int64_t step = first.at("step");
  // until_a_person_acts read seat 0's copy already.
  auto state = me == 0 ? first : mine.read_state_until([&](const nlohmann::json& m) { return m.at("step") == step; });
  ASSERT_FALSE(state.at("legal").empty());
  const std::uint32_t legal = state.at("legal")[0].at("action");
  std::set<std::uint32_t> legal_codes;
  for (const auto& l : state.at("legal")) legal_codes.insert(l.at("action").get<std::uint32_t>());
  std::uint32_t illegal = 0;
  while (legal_codes.count(illegal)) ++illegal;

  mine.send("{this is not json");
  EXPECT_EQ(error_code(mine), "bad_json");
  mine.send("[1,2,3]");
  EXPECT_EQ(error_code(mine), "bad_json");
  mine.send(R"({"kind": "move"})");
  EXPECT_EQ(error_code(mine), "bad_message");
  mine.send(R"({"type": "dance"})");
  EXPECT_EQ(error_code(mine), "unknown_type");
  mine.send(R"({"type": 7})");
  EXPECT_EQ(error_code(mine), "bad_field");
  mine.send(nlohmann::json{{"type", "move"}, {"token", my_token}, {"step", step}, {"action", legal}, {"extra", 1}}.dump());
  EXPECT_EQ(error_code(mine), "unknown_field");
  mine.send(nlohmann::json{{"type", "move"}, {"token", my_token}, {"step", "now"}, {"action", legal}}.dump());
  EXPECT_EQ(error_code(mine), "bad_field");
  mine.send(nlohmann::json{{"type", "move"}, {"token", my_token}, {"action", legal}}.dump());
  EXPECT_EQ(error_code(mine), "bad_message");
  mine.send(nlohmann::json{{"type", "move"}, {"token", my_token}, {"step", step}, {"action", -4}}.dump());
  EXPECT_EQ(error_code(mine), "bad_field");
  mine.send_binary("\x01\x02");
  EXPECT_EQ(error_code(mine), "bad_message");
  // The other seat's token on this seat's connection, and a made-up token.
  mine.send(move_message(their_token, step, legal));
  EXPECT_EQ(error_code(mine), "bad_token");
  mine.send(move_message(std::string(64, 'f'), step, legal));
  EXPECT_EQ(error_code(mine), "bad_token");
  // The other person does not have to act now.
  theirs.send(move_message(their_token, step, legal));
  EXPECT_EQ(error_code(theirs), "not_your_turn");
  mine.send(move_message(my_token, step, illegal));
  EXPECT_EQ(error_code(mine), "illegal");
  mine.send(move_message(my_token, step + 5, legal));
  EXPECT_EQ(error_code(mine), "bad_step");
  // Spectators cannot move.
  WsClient watcher(port, ws_target(t.code));
  watcher.read_json();
  watcher.send(move_message(my_token, step, legal));
  EXPECT_EQ(error_code(watcher), "not_seated");

  // Nothing changed, and the connection still works.
  mine.send(R"({"type": "sync"})");
  auto again = mine.read_state_until([](const nlohmann::json&) { return true; });
  EXPECT_EQ(again.at("step"), step);
  EXPECT_EQ(again.at("view"), state.at("view"));
  EXPECT_EQ(again.at("legal"), state.at("legal"));
  EXPECT_EQ(http(port, "GET", "/api/tables/" + t.code).json().at("steps"), step);

  // A real move goes through; the same move sent again for the old step is refused (stale, or not
  // the seat's turn any more), never played twice.
  mine.send(move_message(my_token, step, legal));
  mine.send(move_message(my_token, step, legal));
  const std::string second = error_code(mine);
  EXPECT_TRUE(second == "stale" || second == "not_your_turn") << second;
  mine.send(R"({"type": "sync"})");
  auto after = mine.read_state_until([](const nlohmann::json&) { return true; });
  EXPECT_GT(after.at("step").get<std::int64_t>(), step);
}

TEST(ServerBadInput, AMoveForAnOlderTurnIsStale) {
  IntrigueForTwo two("bad_stale");
  WsClient* clients[2] = {&two.c0, &two.c1};
  const std::string tokens[2] = {two.t.token0, two.t.token1};
  const auto& first = two.first;
  const int me = two.me;
  const int other = 1 - me;
  const std::int64_t old_step = first.at("step");
  auto mine = me == 0 ? first
                      : clients[me]->read_state_until([&](const nlohmann::json& m) { return m.at("step") == old_step; });
  clients[me]->send(move_message(tokens[me], old_step, mine.at("legal")[0].at("action")));
  // Play the other person along until `me` must choose again, then send moves chosen at the old step.
  std::int64_t sent = -1;
  for (;;) {
    auto m = clients[other]->read_state_until([](const nlohmann::json&) { return true; });
    ASSERT_EQ(m.at("status"), "playing") << "the game ended before seat " << me << " chose again";
    const auto& waiting = m.at("waiting_for");
    if (std::find(waiting.begin(), waiting.end(), me) != waiting.end() && m.at("step") > old_step) break;
    if (!m.at("legal").empty() && m.at("step").get<std::int64_t>() > sent) {
      sent = m.at("step");
      clients[other]->send(move_message(tokens[other], sent, m.at("legal")[0].at("action")));
    }
  }
  auto now = clients[me]->read_state_until(
      [&](const nlohmann::json& m) { return !m.at("legal").empty() && m.at("step") > old_step; });
  for (const auto& l : now.at("legal")) {
    clients[me]->send(move_message(tokens[me], old_step, l.at("action")));
    EXPECT_EQ(error_code(*clients[me]), "stale");
  }
  EXPECT_EQ(http(two.port, "GET", "/api/tables/" + two.t.code).json().at("steps"), now.at("step"));
}

TEST(ServerBadInput, AnOversizedMessageIsRefusedAndClosesTheConnection) {
  InProcessServer server(temp_db("bad_oversized"));
  const auto port = server.port();
  const auto t = two_people(port, "persuasion");
  WsClient c0(port, ws_target(t.code, t.token0));
  auto state = c0.read_json();
  c0.send(R"({"type": "sync", "token": ")" + std::string(65 * 1024, 'x') + "\"}");
  EXPECT_EQ(error_code(c0), "too_big");
  EXPECT_FALSE(c0.read());
  EXPECT_EQ(c0.close_code(), 1009);
  // The seat can connect again.
  WsClient c1(port, ws_target(t.code, t.token0));
  auto again = c1.read_json();
  EXPECT_EQ(again.at("type"), "state");
  EXPECT_EQ(again.at("seat"), 0);
  EXPECT_GE(again.at("step"), state.at("step"));
}

}  // namespace
}  // namespace court::server_test
