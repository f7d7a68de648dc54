// What one client address may do with tables: how many it keeps waiting for people, how many it
// creates a minute, and the expiry of tables nobody joins. Time is a test clock, never a wait.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>

#include "server/client_limit.h"
#include "server/lobby.h"
#include "server/server_test_support.h"
#include "server/storage.h"

namespace court::server_test {
namespace {

constexpr std::int64_t kStart = 1'700'000'000'000;   // any fixed time, in ms

// A clock the test moves by hand.
struct TestClock {
  std::shared_ptr<std::atomic<std::int64_t>> now = std::make_shared<std::atomic<std::int64_t>>(kStart);
  void advance_s(std::int64_t seconds) { *now += seconds * 1000; }
  std::function<std::int64_t()> function() const {
    return [now = now] { return now->load(); };
  }
};

court::server::TableLimits limits(int waiting, int per_minute, std::int64_t expiry_s, const TestClock& clock) {
  court::server::TableLimits l;
  l.max_client_waiting = waiting;
  l.max_client_per_minute = per_minute;
  l.waiting_expiry_s = expiry_s;
  l.clock = clock.function();
  return l;
}

const nlohmann::json kTwoPeople = {{"game", "intrigue"}, {"seats", {"human", "human", "random"}}};
const nlohmann::json kOnePerson = {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}};
const nlohmann::json kBotsOnly = {{"game", "intrigue"}, {"seats", {"random", "random", "random"}}};

HttpReply post_table(std::uint16_t port, const nlohmann::json& body) {
  return http(port, "POST", "/api/tables", body.dump());
}

void expect_429(const HttpReply& reply, const std::string& code, const std::string& says) {
  EXPECT_EQ(reply.status, 429) << reply.body;
  EXPECT_EQ(reply.json().at("code"), code) << reply.body;
  EXPECT_NE(reply.json().at("error").get<std::string>().find(says), std::string::npos) << reply.body;
}

TEST(ServerLimits, OneAddressKeepsAtMostTheLimitOfTablesWaiting) {
  TestClock clock;
  InProcessServer server(temp_db("limit_waiting"), limits(3, 0, 0, clock));
  const auto port = server.port();
  std::vector<std::string> codes;
  for (int i = 0; i < 3; ++i) codes.push_back(create_table(port, kTwoPeople).at("code"));
  expect_429(post_table(port, kTwoPeople), "too_many_waiting_tables", "--max-client-waiting-tables");
  EXPECT_EQ(http(port, "GET", "/api/tables").json().size(), 3u);   // the refusal made nothing
  // A table of bots never waits for people, so it does not count.
  EXPECT_EQ(post_table(port, kBotsOnly).status, 201);
  // Once one of the three fills up it no longer waits, and a new table may wait in its place.
  join_table(port, codes[0]);
  expect_429(post_table(port, kOnePerson), "too_many_waiting_tables", "3 tables waiting");
  join_table(port, codes[0]);
  EXPECT_EQ(post_table(port, kOnePerson).status, 201);
  expect_429(post_table(port, kOnePerson), "too_many_waiting_tables", "3 tables waiting");
}

TEST(ServerLimits, OneAddressCreatesAtMostTheLimitOfTablesAMinute) {
  TestClock clock;
  InProcessServer server(temp_db("limit_rate"), limits(0, 3, 0, clock));
  const auto port = server.port();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(post_table(port, kBotsOnly).status, 201);
  expect_429(post_table(port, kBotsOnly), "too_many_new_tables", "--max-client-tables-per-minute");
  clock.advance_s(59);
  expect_429(post_table(port, kOnePerson), "too_many_new_tables", "3 tables in the last minute");
  clock.advance_s(1);   // a minute after the first three: three more
  for (int i = 0; i < 3; ++i) EXPECT_EQ(post_table(port, kOnePerson).status, 201);
  expect_429(post_table(port, kOnePerson), "too_many_new_tables", "in the last minute");
}

// A table nobody joined for the expiry time expires: its watchers are told, it leaves the lobby, a join
// is refused, the database marks it expired (so a restart does not resume it), and it no longer counts
// against its creator. A join starts the time again.
TEST(ServerLimits, WaitingTablesNobodyJoinsExpire) {
  TestClock clock;
  const std::string db = temp_db("limit_expiry");
  const auto table_limits = limits(2, 0, 3600, clock);
  std::string idle, joined;
  {
    InProcessServer server(db, table_limits);
    const auto port = server.port();
    idle = create_table(port, kTwoPeople).at("code");
    joined = create_table(port, kTwoPeople).at("code");
    expect_429(post_table(port, kTwoPeople), "too_many_waiting_tables", "2 tables waiting");
    WsClient spectator(port, ws_target(idle));
    EXPECT_EQ(spectator.read_json().at("status"), "waiting");
    clock.advance_s(1800);
    join_table(port, joined, {{"name", "Ada"}});
    clock.advance_s(1800);   // the idle table's hour is up; the joined one waited only half an hour since
    auto open = http(port, "GET", "/api/tables").json();
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].at("code"), joined);
    EXPECT_EQ(spectator.read_json().at("status"), "expired");
    EXPECT_EQ(http(port, "GET", "/api/tables/" + idle).json().at("status"), "expired");
    auto late = http(port, "POST", "/api/tables/" + idle + "/join", "{}");
    EXPECT_EQ(late.status, 409);
    EXPECT_EQ(late.json().at("code"), "expired");
    EXPECT_EQ(post_table(port, kTwoPeople).status, 201);   // the expired table no longer counts
    clock.advance_s(1799);
    EXPECT_EQ(http(port, "GET", "/api/tables/" + joined).json().at("status"), "waiting");
  }
  InProcessServer again(db, table_limits);
  EXPECT_EQ(again.resumed(), 2u);   // the joined table and the newest; not the expired one
  EXPECT_EQ(http(again.port(), "GET", "/api/tables/" + idle).json().at("status"), "expired");
}

// An expired table leaves memory at once (unless a connection still holds it), like a finished one,
// and is read back from the database when asked for.
TEST(ServerLimits, ExpiredTablesLeaveMemoryAndAreMarkedInStorage) {
  TestClock clock;
  const std::string db = temp_db("limit_expiry_memory");
  court::server::Storage storage(db);
  boost::asio::io_context games;
  court::server::Lobby lobby(storage, games.get_executor(), limits(0, 0, 60, clock));
  const std::string code = lobby.create(kTwoPeople, "198.51.100.7")->code();
  games.run();
  EXPECT_EQ(lobby.held(), 1u);
  clock.advance_s(59);
  boost::asio::co_spawn(games, lobby.expire_waiting(), boost::asio::detached);
  games.restart();
  games.run();
  EXPECT_EQ(lobby.held(), 1u);   // not yet
  clock.advance_s(1);
  boost::asio::co_spawn(games, lobby.expire_waiting(), boost::asio::detached);
  games.restart();
  games.run();
  EXPECT_EQ(lobby.held(), 0u);
  EXPECT_EQ(storage.load(code)->status, "expired");
  EXPECT_TRUE(storage.load_unfinished().empty());
  EXPECT_EQ(lobby.find(code)->status(), court::server::kExpired);
}

// An IPv6 subscriber usually holds a whole /64, so the limits count the prefix, not the address.
TEST(ServerLimits, ClientsAreCountedByIpv4AddressOrIpv6Prefix) {
  using court::server::client_key;
  namespace ip = boost::asio::ip;
  EXPECT_EQ(client_key(ip::make_address("198.51.100.7")), "198.51.100.7");
  EXPECT_EQ(client_key(ip::make_address("::ffff:198.51.100.7")), "198.51.100.7");
  EXPECT_EQ(client_key(ip::make_address("2001:db8:1:2:aaaa::1")), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key(ip::make_address("2001:db8:1:2:bbbb::9")), client_key(ip::make_address("2001:db8:1:2::1")));
  EXPECT_NE(client_key(ip::make_address("2001:db8:1:3::1")), client_key(ip::make_address("2001:db8:1:2::1")));
}

}  // namespace
}  // namespace court::server_test
