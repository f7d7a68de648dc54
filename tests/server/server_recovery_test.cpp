// Restart recovery from the SQLite file: a `court serve` process killed with SIGKILL (and one stopped
// with SIGTERM) comes back with every table exactly where it was; people reconnect with their tokens
// and finish; bots carry on; the replays re-run.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <map>

#include "engine/registry.h"
#include "engine/replay.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

// Makes `moves` moves for the seat of `token` (its first legal move each time); returns the first
// state after them in which only this seat must act (so nothing moves until it does). A move with a
// wrong token after the last one is a marker: its refusal comes after every state that followed the
// last move, so a state read after it cannot predate that move.
nlohmann::json play_some(std::uint16_t port, const std::string& code, const std::string& token, int moves) {
  WsClient client(port, ws_target(code, token));
  std::int64_t sent = -1;
  bool marker_seen = false;
  nlohmann::json last;
  auto settled = [](const nlohmann::json& m) { return m.at("waiting_for").size() == 1 && !m.at("legal").empty(); };
  for (;;) {
    auto m = client.read_json();
    if (m.at("type") == "error") {
      if (m.at("code") != "bad_token") continue;
      marker_seen = true;
      if (settled(last)) return last;
      continue;
    }
    last = m;
    if (m.at("status") == "finished") return m;
    if (moves == 0) {
      if (marker_seen && settled(m)) return m;
      continue;
    }
    if (m.at("legal").empty() || m.at("step").get<std::int64_t>() <= sent) continue;
    sent = m.at("step");
    client.send(move_message(token, sent, m.at("legal")[0].at("action")));
    if (--moves == 0) client.send(move_message(std::string(64, '0'), 0, 0));
  }
}

void restart_and_finish(bool hard) {
  const std::string db = temp_db(hard ? "recover_kill" : "recover_term");
  std::string person, waiting, token;
  nlohmann::json before, waiting_before;
  {
    ServeProcess serve(db);
    const auto port = serve.port();
    person = create_table(port, {{"game", "persuasion"}, {"seats", {"human", "heuristic", "random", "heuristic"}},
                                 {"seed", 21}}).at("code");
    token = join_table(port, person, {{"name", "Ada"}}).at("token");
    waiting = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "human", "random"}}}).at("code");
    join_table(port, waiting, {{"seat", 1}, {"name", "Ben"}});
    before = play_some(port, person, token, 4);
    ASSERT_EQ(before.at("status"), "playing");
    waiting_before = http(port, "GET", "/api/tables/" + waiting).json();
    if (hard) {
      serve.kill_hard();
      EXPECT_TRUE(WIFSIGNALED(serve.exit_status()) && WTERMSIG(serve.exit_status()) == SIGKILL);
    } else {
      serve.terminate();
      EXPECT_TRUE(WIFEXITED(serve.exit_status()) && WEXITSTATUS(serve.exit_status()) == 0);
    }
  }
  ServeProcess serve(db);
  const auto port = serve.port();
  EXPECT_EQ(serve.resumed(), 2);
  // The person reconnects with the token and sees exactly the state they left.
  {
    WsClient client(port, ws_target(person, token));
    auto again = client.read_json();
    EXPECT_EQ(again.at("step"), before.at("step"));
    EXPECT_EQ(again.at("view"), before.at("view"));
    EXPECT_EQ(again.at("legal"), before.at("legal"));
    EXPECT_EQ(again.at("seats"), before.at("seats"));
  }
  EXPECT_EQ(http(port, "GET", "/api/tables/" + waiting).json(), waiting_before);
  // Finishing the game: the bots carry on after the restart.
  auto seen = play_to_end(port, person, token);
  ASSERT_EQ(seen.back().at("status"), "finished");
  EXPECT_GT(seen.back().at("step").get<std::int64_t>(), before.at("step").get<std::int64_t>());
  auto replay = http(port, "GET", "/api/tables/" + person + "/replay");
  ASSERT_EQ(replay.status, 200);
  EXPECT_NO_THROW(court::rerun(court::Replay::from_json(replay.json()), court::games()));
  const auto states = replay_states(replay.json());
  EXPECT_EQ(states[before.at("step").get<std::size_t>()]->view(0), before.at("view"));
  // The seat that was waiting is still free, the taken one still taken.
  auto joined = join_table(port, waiting);
  EXPECT_EQ(joined.at("seat"), 0);
}

TEST(ServerRecovery, KilledProcessResumesEveryTable) { restart_and_finish(true); }

TEST(ServerRecovery, StoppedProcessResumesEveryTable) { restart_and_finish(false); }

// Bots-only tables killed in the middle carry on by themselves after the restart and finish with a
// replay that re-runs.
TEST(ServerRecovery, BotTablesKilledMidGameFinishAfterRestart) {
  const std::string db = temp_db("recover_bots");
  std::vector<std::string> codes;
  {
    // 12 tables of bots only from one address: more than --max-client-bot-tables allows while they play.
    ServeProcess serve(db, {"--max-client-bot-tables", "0"});
    for (int i = 0; i < 12; ++i) {
      codes.push_back(create_table(serve.port(), {{"game", i % 2 ? "persuasion" : "persuasion-classic"},
                                                  {"seats", {"heuristic", "heuristic", "heuristic", "heuristic",
                                                             "heuristic", "heuristic"}}}).at("code"));
    }
    serve.kill_hard();
  }
  std::map<std::string, nlohmann::json> outcomes;
  {
    ServeProcess serve(db);
    // How many were still in play at the kill depends on timing; each of them must finish now.
    std::printf("bot tables resumed after SIGKILL: %d of %zu\n", serve.resumed(), codes.size());
    for (const auto& code : codes) {
      WsClient watcher(serve.port(), ws_target(code));
      auto last = watcher.read_state_until([](const nlohmann::json& m) { return m.at("status") == "finished"; });
      auto replay = http(serve.port(), "GET", "/api/tables/" + code + "/replay");
      ASSERT_EQ(replay.status, 200) << code;
      EXPECT_NO_THROW(court::rerun(court::Replay::from_json(replay.json()), court::games()));
      EXPECT_EQ(replay.json().at("actions").size(), last.at("step").get<std::size_t>());
      outcomes[code] = last.at("outcome");
    }
  }
  // The table's row is written with the game's last move only (moves before it leave it `playing`): read
  // back by a third server, every table is finished with its outcome, and none is resumed.
  ServeProcess again(db);
  EXPECT_EQ(again.resumed(), 0);
  for (const auto& code : codes) {
    const auto summary = http(again.port(), "GET", "/api/tables/" + code).json();
    EXPECT_EQ(summary.at("status"), "finished") << code;
    EXPECT_EQ(summary.at("outcome"), outcomes[code]) << code;
  }
}

}  // namespace
}  // namespace court::server_test
