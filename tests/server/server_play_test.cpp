// Playing over WebSockets: every message a seat receives carries exactly that seat's view (the
// engine's view(seat) at that step, re-computed here from the replay), legal moves only when the seat
// must act, and waiting_for = the seats still to choose. Replays and their step views.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "engine/registry.h"
#include "engine/replay.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

struct Seen {
  std::vector<nlohmann::json> messages;
};

// Plays `token`'s seat with its first legal move while another thread plays the other person.
void check_messages(const std::vector<nlohmann::json>& messages, const std::vector<std::unique_ptr<GameState>>& states,
                    const nlohmann::json& expected_seat) {
  ASSERT_FALSE(messages.empty());
  bool first = true;   // a connection's first state carries the whole log
  for (const auto& m : messages) {
    ASSERT_EQ(m.at("type"), "state");
    EXPECT_EQ(m.at("seat"), expected_seat);
    const auto step = m.at("step").get<std::size_t>();
    ASSERT_LT(step, states.size());
    const GameState& state = *states[step];
    const Seat seat = expected_seat.is_string() ? kSpectator : expected_seat.get<Seat>();
    // The whole view is the engine's view for this seat: nothing of another seat's hand can be in it.
    expect_engine_view(m.at("view"), state.view(seat), first, step);
    first = false;
    nlohmann::json waiting = nlohmann::json::array();
    if (m.at("status") == "playing") for (Seat s : state.to_act()) waiting.push_back(s);
    EXPECT_EQ(m.at("waiting_for"), waiting);
    nlohmann::json legal = nlohmann::json::array();
    if (m.at("status") == "playing" && seat != kSpectator && state.to_act().contains(seat)) {
      ActionList actions;
      state.legal_actions(seat, actions);
      for (Action a : actions) {
        legal.push_back({{"action", a.code}, {"label", state.describe(seat, a)}, {"parts", state.parts(seat, a)}});
      }
    }
    EXPECT_EQ(m.at("legal"), legal) << "step " << step;
    // Every legal entry carries its move's parts, with their kind (docs/protocol.md, "Move parts").
    for (const auto& entry : m.at("legal")) {
      EXPECT_TRUE(entry.at("parts").is_object() && entry.at("parts").at("kind").is_string()) << entry.dump();
    }
    // Only these fields: nothing else can carry hidden facts.
    for (const auto& [key, value] : m.items()) {
      static const std::set<std::string> kFields = {"type", "code", "game", "step", "seat", "status", "view",
                                                    "legal", "waiting_for", "seats", "talk", "outcome"};
      EXPECT_TRUE(kFields.count(key)) << key;
    }
  }
}

void play_two_people_and_a_spectator(const std::string& game, int players) {
  InProcessServer server(temp_db("play_" + game));
  const auto port = server.port();
  std::vector<std::string> seats(static_cast<std::size_t>(players), "heuristic");
  seats[0] = "human";
  seats[1] = "human";
  const std::string code = create_table(port, {{"game", game}, {"seats", seats}}).at("code");
  WsClient spectator(port, ws_target(code));
  auto first = spectator.read_json();
  EXPECT_EQ(first.at("status"), "waiting");
  const std::string token0 = join_table(port, code, {{"seat", 0}, {"name", "Ada"}}).at("token");
  const std::string token1 = join_table(port, code, {{"seat", 1}, {"name", "Ben"}}).at("token");
  std::vector<nlohmann::json> seat1;
  std::thread other([&] { seat1 = play_to_end(port, code, token1); });
  auto seat0 = play_to_end(port, code, token0);
  other.join();
  std::vector<nlohmann::json> watched{first};
  watched.push_back(spectator.read_state_until([](const nlohmann::json& m) {
    return m.at("status") == "finished";
  }));

  auto replay = http(port, "GET", "/api/tables/" + code + "/replay");
  ASSERT_EQ(replay.status, 200) << replay.body;
  const auto doc = replay.json();
  EXPECT_NO_THROW(court::rerun(court::Replay::from_json(doc), court::games()));   // what `court replay` does
  EXPECT_EQ(doc.at("seats"), nlohmann::json(seats));
  const auto states = replay_states(doc);
  ASSERT_TRUE(states.back()->terminal());
  check_messages(seat0, states, 0);
  check_messages(seat1, states, 1);
  check_messages(watched, states, "spectator");
  EXPECT_EQ(seat0.back().at("outcome"), states.back()->outcome().to_json());

  // Step views of the finished table, from a seat and from the spectator.
  const std::size_t mid = states.size() / 2;
  for (const std::string who : {"0", "1", "spectator"}) {
    auto view = http(port, "GET", "/api/tables/" + code + "/replay/view?step=" + std::to_string(mid) + "&seat=" + who);
    ASSERT_EQ(view.status, 200) << view.body;
    const Seat seat = who == "spectator" ? kSpectator : std::stoi(who);
    EXPECT_EQ(view.json().at("view"), states[mid]->view(seat));
    EXPECT_EQ(view.json().at("steps"), states.size() - 1);
  }
  EXPECT_EQ(http(port, "GET", "/api/tables/" + code + "/replay/view?step=99999").status, 400);
  EXPECT_EQ(http(port, "GET", "/api/tables/" + code + "/replay/view?step=1&seat=9").status, 400);
}

TEST(ServerPlay, PersuasionSeatsSeeOnlyTheirOwnViews) { play_two_people_and_a_spectator("persuasion", 4); }

TEST(ServerPlay, IntrigueSeatsSeeOnlyTheirOwnViews) { play_two_people_and_a_spectator("intrigue", 3); }

TEST(ServerPlay, ClassicSeatsSeeOnlyTheirOwnViews) { play_two_people_and_a_spectator("persuasion-classic", 3); }

TEST(ServerPlay, BelleSeatsSeeOnlyTheirOwnViews) { play_two_people_and_a_spectator("belle", 3); }

TEST(ServerPlay, GameshireSeatsSeeOnlyTheirOwnViews) { play_two_people_and_a_spectator("gameshire", 2); }

TEST(ServerPlay, ATokenReachesOnlyItsOwnSeat) {
  InProcessServer server(temp_db("play_token_seat"));
  const auto port = server.port();
  const std::string code = create_table(port, {{"game", "persuasion"}, {"seats", {"human", "human", "random"}}}).at("code");
  const std::string token0 = join_table(port, code, {{"seat", 0}}).at("token");
  const std::string token1 = join_table(port, code, {{"seat", 1}}).at("token");
  WsClient c0(port, ws_target(code, token0));
  WsClient c1(port, ws_target(code, token1));
  EXPECT_EQ(c0.read_json().at("seat"), 0);
  EXPECT_EQ(c1.read_json().at("seat"), 1);
  // Another table's token is not a token here.
  const std::string other = create_table(port, {{"game", "persuasion"}, {"seats", {"human", "random", "random"}}}).at("code");
  WsClient wrong(port, ws_target(other, token0));
  auto refused = wrong.read_json();
  EXPECT_EQ(refused.at("type"), "error");
  EXPECT_EQ(refused.at("code"), "bad_token");
  EXPECT_FALSE(wrong.read());
}

// docs/protocol.md, "state": bots that choose within 10 ms answer a person's move in the same task, so
// the state after the move already asks the person again (or ends the game) instead of showing the move
// alone and then the bots' (twice the states to build and send, one stale at once). Only the first
// bot moves, before the bots were ever timed, and a machine that stops the server for 10 ms may split them.
TEST(ServerPlay, QuickBotsAnswerAPersonsMoveInTheSameState) {
  InProcessServer server(temp_db("play_quick_bots"));
  const auto port = server.port();
  int moves = 0, states_without_a_choice = 0;
  for (int game = 0; game < 20 && moves < 40; ++game) {   // games with random bots can be short
    const std::string code =
        create_table(port, {{"game", "persuasion"}, {"seats", {"human", "random", "random", "random"}}}).at("code");
    const std::string token = join_table(port, code, {{"seat", 0}}).at("token");
    WsClient client(port, ws_target(code, token));
    bool moved = false;
    for (;;) {
      auto message = client.read_json();
      if (message.at("type") == "error" && message.at("code") == "stale") continue;   // sent for an older state
      ASSERT_EQ(message.at("type"), "state") << message.dump();
      if (message.at("status") == "finished") break;
      if (moved && message.at("legal").empty()) ++states_without_a_choice;
      moved = !message.at("legal").empty();
      if (moved) {
        ++moves;
        client.send(move_message(token, message.at("step"), message.at("legal")[0].at("action")));
      }
    }
  }
  ASSERT_GE(moves, 40);
  EXPECT_LE(states_without_a_choice, 2 + moves / 10) << "of " << moves << " moves";
}

// The other side of the same rule: a bot that thinks longer than 10 ms (a search bot with a time budget)
// moves in a task of its own, and the person first gets the state that shows their move alone.
TEST(ServerPlay, SlowBotsLetThePersonSeeTheMoveFirst) {
  InProcessServer server(temp_db("play_slow_bots"));
  const auto port = server.port();
  const std::string code =
      create_table(port, {{"game", "intrigue"}, {"seats", {"human", "ismcts:ms=30", "ismcts:ms=30"}}}).at("code");
  const std::string token = join_table(port, code, {{"seat", 0}}).at("token");
  WsClient client(port, ws_target(code, token));
  int moves = 0, shown_alone = 0;
  std::int64_t sent = -1;
  while (moves < 6) {
    auto message = client.read_json();
    ASSERT_EQ(message.at("type"), "state") << message.dump();
    if (message.at("status") == "finished") break;
    const std::int64_t step = message.at("step");
    if (sent >= 0 && step > sent) {
      if (step == sent + 1) ++shown_alone;
      sent = -1;
    }
    if (sent < 0 && !message.at("legal").empty()) {
      ++moves;
      sent = step;
      client.send(move_message(token, step, message.at("legal")[0].at("action")));
    }
  }
  EXPECT_GE(moves, 4);
  EXPECT_EQ(shown_alone, moves - (sent >= 0 ? 1 : 0)) << "of " << moves << " moves";
}

TEST(ServerPlay, BotsOnlyTableFinishesAndReplays) {
  InProcessServer server(temp_db("play_bots_only"));
  const auto port = server.port();
  const std::string code = create_table(port, {{"game", "persuasion"}, {"seats", {"heuristic", "random", "heuristic"}}}).at("code");
  WsClient spectator(port, ws_target(code));
  auto last = spectator.read_state_until([](const nlohmann::json& m) { return m.at("status") == "finished"; });
  EXPECT_TRUE(last.contains("outcome"));
  EXPECT_TRUE(last.at("legal").empty());
  auto replay = http(port, "GET", "/api/tables/" + code + "/replay");
  ASSERT_EQ(replay.status, 200);
  EXPECT_NO_THROW(court::rerun(court::Replay::from_json(replay.json()), court::games()));
  EXPECT_EQ(replay.json().at("actions").size(), last.at("step").get<std::size_t>());
}

}  // namespace
}  // namespace court::server_test
