// Many tables at once: bots on every table, people on some, all on one server. Every game finishes,
// every replay re-runs, and each person's messages are their own.
#include <gtest/gtest.h>

#include <thread>

#include "engine/registry.h"
#include "engine/replay.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

TEST(ServerConcurrency, ManyTablesWithBotsFinish) {
  court::server::TableLimits unlimited;   // 68 tables from one address, more than a minute allows
  unlimited.max_client_per_minute = 0;
  unlimited.max_client_waiting = 0;
  unlimited.max_client_bot_tables = 0;   // 60 tables of bots only: how many still play at once depends on timing
  InProcessServer server(temp_db("many_tables"), unlimited);
  const auto port = server.port();
  std::vector<std::string> bot_tables;
  const std::vector<std::string> games = {"persuasion", "persuasion-classic", "intrigue"};
  for (int i = 0; i < 60; ++i) {
    const std::string game = games[static_cast<std::size_t>(i) % games.size()];
    const int players = game == "intrigue" ? 3 : 3 + i % 4;
    std::vector<std::string> seats(static_cast<std::size_t>(players), i % 2 ? "heuristic" : "random");
    bot_tables.push_back(create_table(port, {{"game", game}, {"seats", seats}}).at("code"));
  }
  // Eight people at eight tables, each playing in its own thread while the bots play everywhere.
  std::vector<std::thread> people;
  std::vector<std::vector<nlohmann::json>> seen(8);
  std::vector<std::string> person_tables(8);
  for (int i = 0; i < 8; ++i) {
    person_tables[i] = create_table(port, {{"game", games[static_cast<std::size_t>(i) % 2]},
                                           {"seats", {"human", "heuristic", "random", "heuristic"}}}).at("code");
    const std::string token = join_table(port, person_tables[i]).at("token");
    people.emplace_back([&, i, token] { seen[i] = play_to_end(port, person_tables[i], token); });
  }
  for (auto& p : people) p.join();
  for (int i = 0; i < 8; ++i) {
    ASSERT_EQ(seen[i].back().at("status"), "finished");
    auto states = replay_states(http(port, "GET", "/api/tables/" + person_tables[i] + "/replay").json());
    for (std::size_t k = 0; k < seen[i].size(); ++k) {
      const auto step = seen[i][k].at("step").get<std::size_t>();
      expect_engine_view(seen[i][k].at("view"), states[step]->view(0), k == 0, step);
    }
  }
  for (const auto& code : bot_tables) {
    WsClient watcher(port, ws_target(code));
    watcher.read_state_until([](const nlohmann::json& m) { return m.at("status") == "finished"; });
    auto replay = http(port, "GET", "/api/tables/" + code + "/replay");
    ASSERT_EQ(replay.status, 200) << code;
    EXPECT_NO_THROW(court::rerun(court::Replay::from_json(replay.json()), court::games()));
  }
  EXPECT_TRUE(http(port, "GET", "/api/tables").json().empty());   // nothing left open
}

}  // namespace
}  // namespace court::server_test
