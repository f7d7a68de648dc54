// Search bots on a pool of their own (issue 38): a search never holds a game thread, so people's moves are
// answered while every bot thread thinks; one client address's searches hold at most its share of the
// pool (a search counting as many threads as it runs), so another client's bot still gets one; and tables
// of bots only count against a per-address limit. The searches are a fixture bot, `held`, that thinks until
// the test opens its gate: nothing here waits for time to pass, and a deadline only bounds a liveness wait.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "engine/bot.h"
#include "engine/registry.h"
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "bots/generic_bots.h"
#include "conformance/fixture_game.h"
#include "engine/rng.h"
#include "server/api_error.h"
#include "server/bot_pool.h"
#include "server/secrets.h"
#include "server/server.h"
#include "server/server_test_support.h"
#include "server/storage.h"
#include "server/table.h"

namespace court::server_test {
namespace {

constexpr auto kLiveness = std::chrono::seconds(60);   // far beyond any answer; reached only when none comes

// Where the held bots wait, and how many of each client's ("who") are thinking now.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  bool open = false;
  std::map<std::string, int> thinking;

  // Waits (at most kLiveness) until `done` holds over the counts; returns whether it did.
  bool wait_until(const std::function<bool(std::map<std::string, int>&)>& done) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kLiveness, [&] { return done(thinking); });
  }
  int count(const std::string& who) {
    std::lock_guard lock(mutex);
    return thinking[who];
  }
  void set(bool opened) {
    {
      std::lock_guard lock(mutex);
      open = opened;
    }
    changed.notify_all();
  }
};
Gate gate;

// Closes the gate for a test and opens it when the test ends (declared after the server, so the held
// searches finish before the server stops).
struct Held {
  Held() { gate.set(false); }
  ~Held() { gate.set(true); }
};

// A search bot ("held:who=a,threads=2"): thinks until the gate opens, then plays a random legal move.
class HeldBot : public Bot {
 public:
  HeldBot(std::string who, std::uint64_t seed) : who_(std::move(who)), rng_(make_rng(seed)) {}
  Action choose(GameState& state, Seat seat) override {
    {
      std::unique_lock lock(gate.mutex);
      ++gate.thinking[who_];
      gate.changed.notify_all();
      gate.changed.wait(lock, [] { return gate.open; });
      --gate.thinking[who_];
    }
    ActionList legal;
    state.legal_actions(seat, legal);
    return legal[uniform(rng_, static_cast<std::uint32_t>(legal.size()))];
  }

 private:
  std::string who_;
  Rng rng_;
};

// A search's cost depends on its parameters (it has a cost check), so the server runs it on the bot pool.
BotKind held_bot() {
  auto make = [](const BotParams& params, std::uint64_t seed) -> std::unique_ptr<Bot> {
    check_bot_params("held", params, {"who", "threads"});
    bot_param_int("held", params, "threads", 1, 1, 8);
    auto who = params.find("who");
    return std::make_unique<HeldBot>(who == params.end() ? "" : who->second, seed);
  };
  return BotKind(make, [](const std::string&, const BotParams&, const BotBudget&) {});
}

// Court's games, Intrigue with the held bot besides its own.
const GameRegistry& games_with_held_bot() {
  static const GameRegistry registry = [] {
    GameRegistry r;
    for (GameEntry entry : games().all()) {
      if (entry.info.id == "intrigue") entry.bots["held"] = held_bot();
      r.add(std::move(entry));
    }
    return r;
  }();
  return registry;
}

court::server::ServerConfig config(const std::string& name, int bot_threads, int per_client) {
  auto c = test_config(temp_db(name));   // two game threads
  c.bot_threads = bot_threads;
  c.bot_threads_per_client = per_client;
  c.tables.max_client_per_minute = 0;
  c.games = &games_with_held_bot();
  return c;
}

nlohmann::json held_table(const std::string& who, const std::string& params = "") {
  const std::string spec = "held:who=" + who + params;
  return {{"game", "intrigue"}, {"seats", {spec, spec, spec}}};
}

// POST /api/tables from client address `source`; the reply.
HttpReply create_from(const std::string& source, std::uint16_t port, const nlohmann::json& body) {
  return http_from(source, port, "POST", "/api/tables", body.dump());
}

// Runs `f` on a thread of its own and waits for it at most kLiveness; then opens the gate (so `f` can end
// however the server behaves) and returns whether `f` had finished while the searches were still held.
bool finishes_while_held(const std::function<void()>& f) {
  auto done = std::async(std::launch::async, f);
  const bool in_time = done.wait_for(kLiveness) == std::future_status::ready;
  gate.set(true);
  done.get();
  return in_time;
}

// A person at a table of their own: joins, waits for a choice, moves, and sees the table take the move.
void a_person_moves(std::uint16_t port) {
  const std::string code = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}})
                               .at("code");
  const std::string token = join_table(port, code).at("token");
  WsClient ws(port, ws_target(code, token));
  auto state = ws.read_state_until([](const nlohmann::json& s) { return !s.at("legal").empty(); });
  const auto step = state.at("step").get<std::int64_t>();
  ws.send(move_message(token, step, state.at("legal")[0].at("action")));
  ws.read_state_until([&](const nlohmann::json& s) { return s.at("step").get<std::int64_t>() > step; });
}

TEST(ServerBotPool, APersonsMoveIsAnsweredWhileSearchesHoldEveryBotThread) {
  InProcessServer server(config("bot_pool_person", 2, 2));
  Held held;
  const auto port = server.port();
  // Three tables of searches from another address: more than there are game threads, and bot threads.
  for (int i = 0; i < 3; ++i) ASSERT_EQ(create_from("127.0.0.2", port, held_table("a")).status, 201);
  ASSERT_TRUE(gate.wait_until([](auto& thinking) { return thinking["a"] == 2; }));
  EXPECT_TRUE(finishes_while_held([&] { a_person_moves(port); }))
      << "the person's move was not answered while the searches held the bot threads";
}

TEST(ServerBotPool, OneClientsSearchesHoldAtMostItsShare) {
  InProcessServer server(config("bot_pool_share", 2, 1));
  Held held;
  const auto port = server.port();
  for (int i = 0; i < 3; ++i) ASSERT_EQ(create_from("127.0.0.2", port, held_table("a")).status, 201);
  ASSERT_TRUE(gate.wait_until([](auto& thinking) { return thinking["a"] >= 1; }));
  ASSERT_EQ(create_from("127.0.0.3", port, held_table("b")).status, 201);
  EXPECT_TRUE(gate.wait_until([](auto& thinking) { return thinking["b"] == 1; }))
      << "client b's search got no thread while client a's held " << gate.count("a");
  EXPECT_EQ(gate.count("a"), 1);   // its share: one thread of two
}

TEST(ServerBotPool, ASearchsOwnThreadsCountAgainstTheShare) {
  InProcessServer server(config("bot_pool_threads", 4, 2));
  Held held;
  const auto port = server.port();
  for (int i = 0; i < 3; ++i) ASSERT_EQ(create_from("127.0.0.2", port, held_table("a", ",threads=2")).status, 201);
  ASSERT_TRUE(gate.wait_until([](auto& thinking) { return thinking["a"] >= 1; }));
  ASSERT_EQ(create_from("127.0.0.3", port, held_table("b")).status, 201);
  EXPECT_TRUE(gate.wait_until([](auto& thinking) { return thinking["b"] == 1; }))
      << "client b's search got no thread while client a's held " << gate.count("a");
  EXPECT_EQ(gate.count("a"), 1);   // one search of two threads fills its share of two
}

bool finished(std::uint16_t port, const std::string& code) {
  return http(port, "GET", "/api/tables/" + code).json().at("status") == "finished";
}

TEST(ServerBotPool, TablesOfBotsOnlyCountAgainstTheirOwnLimitPerAddress) {
  auto c = config("bot_pool_limit", 2, 1);
  c.tables.max_client_bot_tables = 2;
  InProcessServer server(c);
  Held held;
  const auto port = server.port();
  std::vector<std::string> codes;
  for (int i = 0; i < 2; ++i) codes.push_back(create_from("127.0.0.2", port, held_table("a")).json().at("code"));
  const HttpReply refused = create_from("127.0.0.2", port, held_table("a"));
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(refused.json().value("code", ""), "too_many_bot_tables") << refused.body;
  EXPECT_NE(refused.body.find("--max-client-bot-tables"), std::string::npos) << refused.body;
  // Another address, and a table waiting for a person from the same one, are not counted.
  EXPECT_EQ(create_from("127.0.0.3", port, held_table("b")).status, 201);
  const nlohmann::json with_person = {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}};
  EXPECT_EQ(create_from("127.0.0.2", port, with_person).status, 201);
  // Once its tables have finished, the address may create tables of bots only again.
  gate.set(true);
  for (const auto& code : codes) {
    const auto deadline = std::chrono::steady_clock::now() + kLiveness;
    while (!finished(port, code) && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));   // a poll, not a timed check
    }
    ASSERT_TRUE(finished(port, code)) << code;
  }
  EXPECT_EQ(create_from("127.0.0.2", port, held_table("a")).status, 201);
}

// `f` on the table's strand; whether it ran while the searches were still held (it waits at most kLiveness).
bool runs_on_strand_while_held(const server::Table& table, const std::function<void()>& f) {
  std::promise<void> ran;
  boost::asio::post(table.strand(), [&] {
    f();
    ran.set_value();
  });
  return finishes_while_held([future = ran.get_future().share()] { future.wait(); });
}

// A person's move at the same table while its search thinks (Duel: both seats choose a card at once): it is
// taken at once, and the search's card, whose choice still stands, is played after it when the search ends.
TEST(ServerBotPool, APersonMovesAtTheTableWhileItsSearchThinks) {
  GameEntry entry = game_entry<fixture::DuelGame<fixture::Flaw::None>>();
  entry.bots["held"] = held_bot();
  const std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(2, {}));
  server::Storage storage(temp_db("bot_pool_same_table"));
  server::TableRecord record;
  record.code = "DUEL2A";
  record.game = entry.info.id;
  record.players = 2;
  record.seed = 5;
  record.seats = {{kHuman, "Ada", server::sha256_hex("token-0")}, {"held:who=duel", "", ""}};
  record.status = server::kPlaying;
  storage.create_table(record);
  boost::asio::thread_pool games(2);
  server::BotPool pool(1, 1);
  Held held;
  auto table = std::make_shared<server::Table>(entry, factory, record, storage, boost::asio::make_strand(games));
  table->set_bot_pool(&pool, "duel");
  boost::asio::post(table->strand(), [table] { table->start(); });
  ASSERT_TRUE(gate.wait_until([](auto& thinking) { return thinking["duel"] == 1; }));
  ActionList legal;
  factory->new_game(record.seed)->legal_actions(0, legal);
  std::string refused;
  EXPECT_TRUE(runs_on_strand_while_held(*table, [&] {
    try {
      table->move(0, "token-0", 0, legal[0].code);
    } catch (const server::ApiError& e) {
      refused = e.code();
    }
  })) << "the person's move waited for the table's search";
  EXPECT_EQ(refused, "");
  const auto deadline = std::chrono::steady_clock::now() + kLiveness;   // the gate is open now
  while (table->summary().at("steps") < 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));   // a poll, not a timed check
  }
  const auto stored = storage.load(record.code);
  ASSERT_GE(stored->actions.size(), 2u);
  EXPECT_EQ(stored->actions[0].seat, 0);
  EXPECT_EQ(stored->actions[0].code, legal[0].code);
  EXPECT_EQ(stored->actions[1].seat, 1);
  // The stored moves replay through the engine: the search's card was legal where it was played.
  auto state = factory->new_game(record.seed);
  for (const auto& a : stored->actions) {
    if (auto error = state->check(a.seat, Action{a.code})) FAIL() << a.label << ": " << *error;
    state->apply_legal(a.seat, Action{a.code});
  }
  pool.stop();
}

// The pool itself: with one thread, client a's searches queued before client b's one, b's runs after at
// most one more of a's (round-robin over the clients with searches waiting), not after all of them.
TEST(ServerBotPool, WaitingSearchesAreServedRoundRobinOverClients) {
  std::mutex mutex;
  std::condition_variable changed;
  bool first_running = false, release = false;
  std::vector<std::string> order;
  auto record = [&](std::string name) {
    return [&, name] {
      std::lock_guard lock(mutex);
      order.push_back(name);
      changed.notify_all();
    };
  };
  court::server::BotPool pool(1, 1);
  struct Release {   // destroyed before the pool, so a failed test does not leave its thread waiting
    std::function<void()> f;
    ~Release() { f(); }
  } released{[&] {
    std::lock_guard lock(mutex);
    release = true;
    changed.notify_all();
  }};
  pool.submit("a", 1, [&] {
    std::unique_lock lock(mutex);
    first_running = true;
    changed.notify_all();
    changed.wait(lock, [&] { return release; });
    order.push_back("a1");
  });
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(changed.wait_for(lock, kLiveness, [&] { return first_running; }));
  }
  for (const char* name : {"a2", "a3", "a4"}) pool.submit("a", 1, record(name));
  pool.submit("b", 1, record("b1"));
  released.f();
  std::unique_lock lock(mutex);
  ASSERT_TRUE(changed.wait_for(lock, kLiveness, [&] { return order.size() == 5; }));
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "a2", "b1", "a3", "a4"}));
}

}  // namespace
}  // namespace court::server_test
