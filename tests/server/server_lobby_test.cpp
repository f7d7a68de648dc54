// The REST lobby over real sockets: games, creating, listing and joining tables, static files.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <sqlite3.h>

#include "engine/data.h"
#include "server/lobby.h"
#include "server/server_test_support.h"
#include "server/api_error.h"
#include "server/storage.h"
#include "server/table.h"

namespace court::server_test {
namespace {

bool listed(std::uint16_t port, const std::string& code) {
  for (const auto& t : http(port, "GET", "/api/tables").json()) if (t.at("code") == code) return true;
  return false;
}

TEST(ServerLobby, ListsGamesWithOptionsAndBots) {
  InProcessServer server(temp_db("lobby_games"));
  auto reply = http(server.port(), "GET", "/api/games");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.content_type, "application/json");
  bool found = false;
  for (const auto& g : reply.json()) {
    EXPECT_TRUE(g.contains("options") && g.at("options").is_array());
    EXPECT_GE(g.at("max_seats").get<int>(), g.at("min_seats").get<int>());
    if (g.at("id") != "persuasion") continue;
    found = true;
    EXPECT_EQ(g.at("min_seats"), 3);
    auto bots = g.at("bots").get<std::vector<std::string>>();
    EXPECT_NE(std::find(bots.begin(), bots.end(), "random"), bots.end());
    EXPECT_NE(std::find(bots.begin(), bots.end(), "heuristic"), bots.end());
    // The levels and personas a person picks from, in players' words (docs/protocol.md, "Games").
    EXPECT_EQ(g.at("default_bot"), "normal");
    std::vector<std::string> offered;
    for (const auto& o : g.at("offered_bots")) {
      offered.push_back(o.at("name"));
      EXPECT_FALSE(o.at("title").get<std::string>().empty() || o.at("line").get<std::string>().empty());
    }
    EXPECT_EQ(offered, (std::vector<std::string>{"easy", "normal", "strong", "patient", "bold", "guarded", "honest", "discreet", "liar"}));
    EXPECT_EQ(g.at("offered_bots")[1].at("spec"), "heuristic:patience=2");
  }
  EXPECT_TRUE(found);
}

// A table's seats may name an offered bot; left out, they are the default `normal`.
TEST(ServerLobby, ATablesSeatsTakeOfferedBotsAndDefaultToNormal) {
  InProcessServer server(temp_db("lobby_levels"));
  auto made = http(server.port(), "POST", "/api/tables", R"({"game":"persuasion","players":3})");
  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_EQ(made.json().at("seats")[1].at("bot"), "normal") << made.body;
  made = http(server.port(), "POST", "/api/tables", R"({"game":"persuasion","seats":["human","patient","strong"]})");
  EXPECT_EQ(made.status, 201) << made.body;
  made = http(server.port(), "POST", "/api/tables", R"({"game":"persuasion","seats":["human","normal:patience=9","easy"]})");
  EXPECT_EQ(made.status, 400) << made.body;
  EXPECT_NE(made.body.find("stands for heuristic:patience=2"), std::string::npos) << made.body;
}

// The table's "How to play" panel reads the game's rules page from the server.
TEST(ServerLobby, ServesEachGamesRulesPage) {
  InProcessServer server(temp_db("lobby_rules"));
  for (const auto& g : http(server.port(), "GET", "/api/games").json()) {
    const std::string id = g.at("id");
    auto reply = http(server.port(), "GET", "/api/games/" + id + "/rules");
    ASSERT_EQ(reply.status, 200) << id;
    EXPECT_EQ(reply.json().at("id"), id);
    EXPECT_EQ(reply.json().at("markdown"), rules_page(id));
    EXPECT_GT(reply.json().at("markdown").get<std::string>().size(), 500u) << id;
  }
  auto unknown = http(server.port(), "GET", "/api/games/chess/rules");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json().at("code"), "unknown_game");
}

TEST(ServerLobby, CreateListJoinAndStart) {
  InProcessServer server(temp_db("lobby_join"));
  const auto port = server.port();
  auto table = create_table(port, {{"game", "persuasion"}, {"players", 3}, {"seats", {"human", "human", "random"}}});
  const std::string code = table.at("code");
  EXPECT_EQ(code.size(), 6u);
  EXPECT_EQ(table.at("status"), "waiting");
  EXPECT_EQ(table.at("seats")[2].at("kind"), "bot");
  EXPECT_EQ(table.at("seats")[2].at("bot"), "random");
  EXPECT_FALSE(table.at("seats")[0].at("taken"));
  EXPECT_TRUE(listed(port, code));

  auto ada = join_table(port, code, {{"seat", 1}, {"name", "Ada"}});
  EXPECT_EQ(ada.at("seat"), 1);
  EXPECT_EQ(ada.at("code"), code);
  EXPECT_EQ(ada.at("token").get<std::string>().size(), 64u);
  auto taken = http(port, "POST", "/api/tables/" + code + "/join", R"({"seat":1})");
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(taken.json().at("code"), "seat_taken");
  auto bot_seat = http(port, "POST", "/api/tables/" + code + "/join", R"({"seat":2})");
  EXPECT_EQ(bot_seat.status, 409);
  EXPECT_EQ(bot_seat.json().at("code"), "seat_is_bot");

  auto first_free = join_table(port, code);   // no seat named: the first free human seat
  EXPECT_EQ(first_free.at("seat"), 0);
  EXPECT_NE(first_free.at("token"), ada.at("token"));
  auto full = http(port, "POST", "/api/tables/" + code + "/join", "{}");
  EXPECT_EQ(full.status, 409);
  EXPECT_EQ(full.json().at("code"), "table_full");

  auto summary = http(port, "GET", "/api/tables/" + code.substr(0, 3) + "" + code.substr(3)).json();
  EXPECT_EQ(summary.at("status"), "playing");
  EXPECT_EQ(summary.at("seats")[1].at("name"), "Ada");
  EXPECT_EQ(summary.at("seats")[0].at("name"), "Player 1");
  EXPECT_TRUE(summary.at("seats")[0].at("taken"));
  EXPECT_FALSE(summary.dump().find(ada.at("token").get<std::string>()) != std::string::npos);
  // Codes are read case-insensitively (people type them).
  std::string lower = code;
  for (char& c : lower) c = static_cast<char>(std::tolower(c));
  EXPECT_EQ(http(port, "GET", "/api/tables/" + lower).status, 200);
}

TEST(ServerLobby, ListsWaitingTablesBeforeTablesInPlay) {
  InProcessServer server(temp_db("lobby_order"));
  const auto port = server.port();
  const std::string playing = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).at("code");
  join_table(port, playing);
  const std::string older = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).at("code");
  const std::string newer = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).at("code");
  auto list = http(port, "GET", "/api/tables").json();
  std::vector<std::string> codes;
  for (const auto& t : list) codes.push_back(t.at("code"));
  auto at = [&](const std::string& c) { return std::find(codes.begin(), codes.end(), c) - codes.begin(); };
  ASSERT_EQ(codes.size(), 3u);
  EXPECT_LT(at(newer), at(playing));
  EXPECT_LT(at(older), at(playing));
  // created in the same millisecond they may tie; otherwise the newer comes first
  EXPECT_EQ(list[static_cast<std::size_t>(at(playing))].at("status"), "playing");
}

// A finished table nobody holds leaves memory when the next table is made, and is read back from the
// database when asked for; so a long-running server's table limit counts only tables in play.
TEST(ServerLobby, FinishedTablesLeaveMemoryAndAreReadBack) {
  court::server::Storage storage(temp_db("lobby_evict"));
  boost::asio::io_context games;
  court::server::Lobby lobby(storage, games.get_executor());
  std::string code;
  nlohmann::json outcome;
  {
    auto table = lobby.create({{"game", "intrigue"}, {"seats", {"random", "random", "random"}}, {"seed", 3}});
    code = table->code();
  }
  games.run();  // the bots play the table to its end
  {
    auto table = lobby.find(code);
    ASSERT_TRUE(table);
    ASSERT_EQ(table->status(), court::server::kFinished);
    outcome = table->summary().at("outcome");
    EXPECT_EQ(lobby.held(), 1u);
    lobby.create({{"game", "intrigue"}, {"seats", {"human", "random", "random"}}});
    EXPECT_EQ(lobby.held(), 2u);   // still held here, so it stays
  }
  lobby.create({{"game", "intrigue"}, {"seats", {"human", "random", "random"}}});
  EXPECT_EQ(lobby.held(), 2u);     // the finished table left; the two waiting ones stay
  auto again = lobby.find(code);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status(), court::server::kFinished);
  EXPECT_EQ(again->summary().at("outcome"), outcome);
}

struct Inbox : court::server::Subscriber {
  std::vector<std::string> received;
  void send(std::string text, bool) override { received.push_back(std::move(text)); }
};

// The ApiError code `f` throws ("" when it throws none).
template <class F>
std::string refusal(F f) {
  try {
    f();
  } catch (const court::server::ApiError& e) {
    return e.code();
  }
  return "";
}

// Bots' moves are stored in one transaction at the end of their task (docs/protocol.md, "Storage"). When
// the database refuses them the table stops, and the moves it played but could not store are told to
// nobody: not to a page that connects afterwards, nor to one that asks for the state again.
TEST(ServerLobby, BotMovesTheDatabaseRefusedAreShownToNobody) {
  const std::string db = temp_db("lobby_refused");
  court::server::Storage storage(db);
  boost::asio::io_context games;
  court::server::Lobby lobby(storage, games.get_executor());
  auto table = lobby.create({{"game", "intrigue"}, {"seats", {"random", "random", "random"}}, {"seed", 3}});
  auto before = std::make_shared<Inbox>();
  ASSERT_EQ(table->attach(before, std::nullopt), court::kSpectator);
  table->detach(before.get());
  ASSERT_EQ(before->received.size(), 1u);   // the state at step 0, before any move

  sqlite3* other = nullptr;   // another connection makes the database refuse every stored move
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "CREATE TRIGGER refuse BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'refused'); END;",
                         nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  games.run();   // the bots play their first task, which cannot be stored: the table stops

  EXPECT_EQ(table->summary().at("steps"), 0);
  EXPECT_EQ(table->status(), court::server::kPlaying);
  auto after = std::make_shared<Inbox>();
  EXPECT_EQ(refusal([&] { table->attach(after, std::nullopt); }), "broken");
  EXPECT_EQ(refusal([&] { table->sync(*after, court::kSpectator); }), "broken");
  EXPECT_TRUE(after->received.empty());
  EXPECT_EQ(storage.load(table->code())->actions.size(), 0u);
}

TEST(ServerLobby, ServesTheBrowserClient) {
  InProcessServer server(temp_db("lobby_static"));
  auto index = http(server.port(), "GET", "/");
  ASSERT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_NE(index.body.find("<"), std::string::npos);
  auto script = http(server.port(), "GET", "/app.js");
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(http(server.port(), "GET", "/no-such-file.js").status, 404);
  EXPECT_EQ(http(server.port(), "GET", "/../etc/passwd").status, 404);
}

}  // namespace
}  // namespace court::server_test
