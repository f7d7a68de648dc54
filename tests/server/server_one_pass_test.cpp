// One pass per move at a table (issue 37): a person's move is checked, labelled and applied once (the Match
// prepares it on its copy of the state, the table stores it, then commits it), and so is a bot's move and a
// stored move replayed on recovery. Counted on the fixture game Duel with counters in its state. A move the
// database refuses leaves the table as it was, and the same move is taken once the database takes it.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "bots/generic_bots.h"
#include "conformance/fixture_game.h"
#include "server/api_error.h"
#include "server/lobby.h"
#include "server/secrets.h"
#include "server/server_test_support.h"
#include "server/storage.h"
#include "server/table.h"

namespace court::server_test {
namespace {

// How often the game was asked to check, label and apply a move.
struct Counts {
  int checks = 0;
  int labels = 0;
  int applies = 0;
};
Counts counts;

// Duel whose state counts the calls the table's one pass is about.
struct CountingDuel {
  using Base = fixture::DuelGame<fixture::Flaw::None>;
  using Rules = Base::Rules;
  struct State : Base::State {
    State() = default;
    explicit State(const Base::State& s) : Base::State(s) {}
    const char* validate(Seat seat, Action a) const {
      ++counts.checks;
      return Base::State::validate(seat, a);
    }
    std::string describe(Seat seat, Action a) const {
      ++counts.labels;
      return Base::State::describe(seat, a);
    }
    void apply(Seat seat, Action a) {
      ++counts.applies;
      Base::State::apply(seat, a);
    }
  };
  static GameInfo info() {
    GameInfo info = Base::info();
    info.id = "fixture-counting-duel";
    return info;
  }
  static Rules prepare(const GameConfig& config) { return Base::prepare(config); }
  static State setup(const Rules& rules, std::uint64_t seed) { return State(Base::setup(rules, seed)); }
};

const std::string kToken = "token-of-seat-0";

// A table of the counting game, stored, with a person at seat 0 (token kToken) and `other` at seat 1.
struct CountingTable {
  explicit CountingTable(const std::string& name, const std::string& other)
      : db(temp_db(name)), storage(db), entry(game_entry<CountingDuel>()), factory(entry.prepare(entry.make_config(2, {}))) {
    record.code = "CNT2AB";
    record.game = entry.info.id;
    record.players = 2;
    record.seed = 5;
    record.seats = {{kHuman, "Ada", server::sha256_hex(kToken)}, {other, other == kHuman ? "Bo" : "", ""}};
    if (other == kHuman) record.seats[1].token_hash = server::sha256_hex("token-of-seat-1");
    record.status = server::kPlaying;
    storage.create_table(record);
  }
  std::shared_ptr<server::Table> open() {
    return std::make_shared<server::Table>(entry, factory, record, storage, boost::asio::make_strand(games));
  }
  std::string db;
  server::Storage storage;
  GameEntry entry;
  std::shared_ptr<const GameFactory> factory;
  server::TableRecord record;
  boost::asio::io_context games;
};

// The first card in seat 0's hand (what the table's legal list would offer first).
std::uint32_t a_card_of_seat_0(const server::Table& table) {
  const Replay replay = table.replay();
  auto entry = game_entry<CountingDuel>();
  auto state = entry.prepare(entry.make_config(2, {}))->new_game(replay.seed);
  for (const auto& a : replay.actions) state->apply_legal(a.seat, a.action);
  ActionList legal;
  state->legal_actions(0, legal);
  return legal[0].code;
}

TEST(ServerOnePass, APersonsMoveIsCheckedLabelledAndAppliedOnce) {
  CountingTable t("one_pass_person", kHuman);
  auto table = t.open();
  const std::uint32_t card = a_card_of_seat_0(*table);
  counts = {};
  table->move(0, kToken, 0, card);
  EXPECT_EQ(counts.checks, 1);
  EXPECT_EQ(counts.labels, 1);
  EXPECT_EQ(counts.applies, 1);
  EXPECT_EQ(table->steps(), 1u);
  ASSERT_EQ(t.storage.load(t.record.code)->actions.size(), 1u);
  EXPECT_EQ(t.storage.load(t.record.code)->actions[0].label, "play " + std::to_string(card));

  // Recovery replays the stored move once, and its label is read once to compare it with the stored one.
  counts = {};
  auto stored = t.storage.load(t.record.code);
  auto resumed = std::make_shared<server::Table>(t.entry, t.factory, *stored, t.storage,
                                                 boost::asio::make_strand(t.games));
  EXPECT_EQ(resumed->steps(), 1u);
  EXPECT_EQ(counts.checks, 1);
  EXPECT_EQ(counts.labels, 1);
  EXPECT_EQ(counts.applies, 1);
}

TEST(ServerOnePass, ABotsMoveIsCheckedLabelledAndAppliedOnce) {
  CountingTable t("one_pass_bot", "random");
  auto table = t.open();
  counts = {};
  table->start();
  t.games.run();   // the bot at seat 1 chooses its card of the first round, and waits for the person
  ASSERT_EQ(table->steps(), 1u);
  EXPECT_EQ(counts.checks, 1);
  EXPECT_EQ(counts.labels, 1);
  EXPECT_EQ(counts.applies, 1);
  EXPECT_EQ(t.storage.load(t.record.code)->actions.size(), 1u);
}

std::string refusal_code(const std::function<void()>& f) {
  try {
    f();
  } catch (const server::ApiError& e) {
    return e.code();
  }
  return "";
}

TEST(ServerOnePass, APersonsMoveTheDatabaseRefusesLeavesTheTableAsItWas) {
  CountingTable t("one_pass_refused", kHuman);
  auto table = t.open();
  const std::uint32_t card = a_card_of_seat_0(*table);
  const nlohmann::json before = table->replay().to_json();
  sqlite3* other = nullptr;   // another connection makes the database refuse every stored move
  ASSERT_EQ(sqlite3_open(t.db.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "CREATE TRIGGER refuse BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'refused'); END;",
                         nullptr, nullptr, nullptr), SQLITE_OK);
  EXPECT_EQ(refusal_code([&] { table->move(0, kToken, 0, card); }), "storage");
  EXPECT_EQ(table->steps(), 0u);
  EXPECT_EQ(table->replay().to_json(), before);
  EXPECT_TRUE(t.storage.load(t.record.code)->actions.empty());

  ASSERT_EQ(sqlite3_exec(other, "DROP TRIGGER refuse;", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  table->move(0, kToken, 0, card);   // the same move, taken now
  EXPECT_EQ(table->steps(), 1u);
  EXPECT_EQ(t.storage.load(t.record.code)->actions.size(), 1u);
  EXPECT_EQ(refusal_code([&] { table->move(0, kToken, 1, card); }), "not_your_turn");
}

}  // namespace
}  // namespace court::server_test
