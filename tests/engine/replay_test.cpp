// Replay documents re-run exactly, and a tampered or malformed one is refused with a clear reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "bots/generic_bots.h"
#include "conformance/fixture_game.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/replay.h"

namespace court {
namespace {

using Duel = fixture::DuelGame<fixture::Flaw::None>;

// A registry holding the fixture duel, and games of it played to replays.
struct DuelFixture {
  GameRegistry registry;
  const GameEntry* entry;
  DuelFixture() {
    registry.add(game_entry<Duel>());
    entry = registry.find("fixture-duel");
  }
  Replay play(std::uint64_t seed) const {
    Match match(*entry, entry->prepare(entry->make_config(2, {})), seed, {"random", "random"});
    match.run_bots();
    EXPECT_TRUE(match.state().terminal());
    return match.replay();
  }
};

std::string rerun_error(const Replay& replay, const GameRegistry& registry) {
  try {
    rerun(replay, registry);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(Replay, RoundTripsThroughJsonAndRerunsExactly) {
  DuelFixture table;
  Replay replay = table.play(5);
  ASSERT_TRUE(replay.outcome);
  Replay loaded = Replay::from_json(nlohmann::json::parse(replay.to_json().dump()));
  auto state = rerun(loaded, table.registry);
  EXPECT_TRUE(state->terminal());
  EXPECT_EQ(state->outcome().to_json(), *replay.outcome);
  EXPECT_EQ(loaded.seats, (std::vector<std::string>{"random", "random"}));
  EXPECT_EQ(loaded.actions.size(), replay.actions.size());
}

TEST(Replay, SameSeedSameGameDifferentSeedDifferentGame) {
  DuelFixture table;
  EXPECT_EQ(table.play(9).to_json(), table.play(9).to_json());
  EXPECT_NE(table.play(9).to_json()["actions"], table.play(10).to_json()["actions"]);
}

TEST(Replay, IllegalStepIsNamed) {
  DuelFixture table;
  Replay replay = table.play(5);
  replay.actions[2].action.code = 99;
  EXPECT_NE(rerun_error(replay, table.registry).find("replay step 3"), std::string::npos)
      << rerun_error(replay, table.registry);
}

TEST(Replay, ChangedOutcomeIsRefused) {
  DuelFixture table;
  Replay replay = table.play(5);
  (*replay.outcome)["seats"][0]["score"] = 99;
  EXPECT_NE(rerun_error(replay, table.registry).find("outcome differs"), std::string::npos);
}

TEST(Replay, ChangedLabelMeansTheRulesChanged) {
  DuelFixture table;
  Replay replay = table.play(5);
  replay.actions[0].label = "play 42";
  EXPECT_NE(rerun_error(replay, table.registry).find("rules or data changed"), std::string::npos);
}

// Replay::from_json's refusal of `doc`, or "" when it reads it.
std::string error_of(const nlohmann::json& doc) {
  try {
    Replay::from_json(doc);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(Replay, MalformedDocumentsNameTheField) {
  DuelFixture table;
  nlohmann::json doc = table.play(5).to_json();
  auto without_seed = doc;
  without_seed.erase("seed");
  EXPECT_EQ(error_of(without_seed), "replay: missing field 'seed'");
  auto bad_action = doc;
  bad_action["actions"][0] = "play 3";
  EXPECT_EQ(error_of(bad_action),
            "replay: actions[0] must be {seat, code, move} (seat and code whole numbers, code from 0 to 4294967295)");
  auto bad_type = doc;
  bad_type["players"] = "two";
  EXPECT_EQ(error_of(bad_type), "replay: field 'players' must be a whole number from -2147483648 to 2147483647");
  EXPECT_EQ(error_of(nlohmann::json::array()), "replay: not a JSON object");
}

// A replay of another version may mean other things by the same fields: refused, not guessed at.
TEST(Replay, UnknownVersionsAreRefused) {
  DuelFixture table;
  const nlohmann::json doc = table.play(5).to_json();
  EXPECT_EQ(error_of(doc), "");
  const std::string only = "; this Court reads replay version 1 only";
  for (const auto& [version, shown] : std::vector<std::pair<nlohmann::json, std::string>>{
           {2, "2"}, {0, "0"}, {-1, "-1"}, {1.0, "1.0"}, {"1", "\"1\""}}) {
    auto other = doc;
    other["court_replay"] = version;
    EXPECT_EQ(error_of(other), "replay: field 'court_replay' is " + shown + only);
  }
  auto missing = doc;
  missing.erase("court_replay");
  EXPECT_EQ(error_of(missing), "replay: field 'court_replay' is missing" + only);
}

// Found by the fuzz_replay campaign: a float or a too large number where a whole number belongs was cast
// without a check (2.2e64 as an int is undefined behaviour). Each is refused, naming the field.
TEST(Replay, NumbersOutOfRangeAreRefusedNotCast) {
  DuelFixture table;
  const nlohmann::json doc = table.play(5).to_json();
  auto refused = [](nlohmann::json d) {
    try {
      Replay::from_json(d);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  for (const nlohmann::json& players : {nlohmann::json(2.22222e64), nlohmann::json(2.0), nlohmann::json(std::int64_t{1} << 40)}) {
    auto d = doc;
    d["players"] = players;
    EXPECT_NE(refused(d).find("field 'players' must be a whole number"), std::string::npos) << players;
  }
  auto seed = doc;
  seed["seed"] = -1;
  EXPECT_NE(refused(seed).find("field 'seed' must be a whole number from 0"), std::string::npos);
  for (const nlohmann::json& bad : {nlohmann::json(1.5e30), nlohmann::json(std::int64_t{1} << 40)}) {
    auto seat = doc;
    seat["actions"][0]["seat"] = bad;
    EXPECT_NE(refused(seat).find("actions[0] must be"), std::string::npos) << bad;
    auto code = doc;
    code["actions"][0]["code"] = bad;
    EXPECT_NE(refused(code).find("actions[0] must be"), std::string::npos) << bad;
  }
  EXPECT_EQ(refused(doc), "accepted") << "the untouched replay still loads";
}

// Found by fuzz_ws (the same parser): a number too large for a double is not a syntax error to the
// JSON library (out_of_range), and escaped as an internal error. It is a clear refusal of the file.
TEST(Replay, ANumberTooLargeIsInvalidJson) {
  const std::string path = ::testing::TempDir() + "court_huge_number.json";
  std::ofstream(path) << R"({"game": "intrigue", "seed": 1e99999})";
  try {
    read_json_file(path);
    FAIL() << "accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
  }
}

TEST(Match, RejectedMoveIsNotRecordedAndSaysWhatIsAllowed) {
  DuelFixture table;
  Match match(*table.entry, table.entry->prepare(table.entry->make_config(2, {})), 3, {"human", "human"});
  auto error = match.play(0, Action{77});
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("legal moves: 'play "), std::string::npos) << *error;
  EXPECT_EQ(match.steps(), 0u);
  EXPECT_EQ(match.next_bot(), -1);
}

TEST(Match, UnknownBotListsTheAvailableOnes) {
  DuelFixture table;
  try {
    Match match(*table.entry, table.entry->prepare(table.entry->make_config(2, {})), 3, {"human", "genius"});
    FAIL() << "an unknown bot was accepted";
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), "unknown bot 'genius' for fixture-duel; available: ismcts, probe, random");
  }
}

TEST(Match, WrongSeatCountIsRefused) {
  DuelFixture table;
  EXPECT_THROW(Match(*table.entry, table.entry->prepare(table.entry->make_config(2, {})), 3, {"human"}), UserError);
  EXPECT_THROW(table.entry->make_config(4, {}), UserError);
}

// A Match started over (how the simulator's workers play game after game) plays exactly the game a new
// Match with that seed and those seats plays: every game, random bots (kept and reseeded) and heuristic
// ones (made anew), with the seats changing between games as a rotating batch changes them.
TEST(Match, RestartPlaysTheGameANewMatchPlays) {
  for (const GameEntry& entry : games().all()) {
    const std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(entry.info.min_seats, {}));
    std::vector<std::string> seats(static_cast<std::size_t>(entry.info.min_seats), "random");
    seats[0] = "heuristic";
    Match reused(entry, factory, 1, seats);
    reused.run_bots();
    for (std::uint64_t seed = 2; seed <= 6; ++seed) {
      std::rotate(seats.begin(), seats.begin() + 1, seats.end());
      reused.restart(seed, seats);
      reused.run_bots();
      Match fresh(entry, factory, seed, seats);
      fresh.run_bots();
      EXPECT_EQ(reused.replay().to_json().dump(), fresh.replay().to_json().dump()) << entry.info.id << " seed " << seed;
      EXPECT_EQ(reused.steps(), fresh.steps());
    }
  }
}

// A bot that needs no state (random) reads its legal moves through LegalMoves: the moves legal_actions
// lists, in its order, whether the game names the k-th itself (HasLegalAt: nothing is listed) or not.
TEST(LegalMoves, AreTheListedMovesWhetherTheGameCountsThemOrNot) {
  for (const GameEntry& entry : games().all()) {
    const std::vector<std::string> people(static_cast<std::size_t>(entry.info.min_seats), "human");
    Match match(entry, entry.prepare(entry.make_config(entry.info.min_seats, {})), 5, people);
    Rng rng = make_rng(5);
    for (int step = 0; step < 60 && !match.state().terminal(); ++step) {
      const Seat seat = match.state().to_act().lowest();
      ActionList listed, buffer;
      match.state().legal_actions(seat, listed);
      const LegalMoves legal(match.state(), seat, buffer);
      ASSERT_EQ(legal.size(), listed.size()) << entry.info.id << " step " << step;
      for (std::uint32_t k = 0; k < legal.size(); ++k) EXPECT_EQ(legal[k], listed[k]) << entry.info.id << " k " << k;
      EXPECT_EQ(buffer.empty(), match.state().legal_count(seat).has_value()) << entry.info.id;
      EXPECT_THROW(legal[legal.size()], std::logic_error);
      ASSERT_FALSE(match.play(seat, listed[uniform(rng, legal.size())]));
    }
  }
}

// A bot that answers past the end of its legal moves is a bug in Court: the harness says which bot it
// was and plays nothing, whether or not it records the replay (the simulator does not).
TEST(LegalMoves, ABotPickingPastTheEndIsNamedAndPlaysNothing) {
  struct PastTheEnd final : Bot {
    Action choose(GameState&, Seat) override { return Action{}; }
    bool needs_state() const override { return false; }
    std::uint32_t choose_from_legal(const LegalMoves& legal, Seat) override { return legal.size(); }
  };
  GameEntry entry = game_entry<Duel>();
  entry.bots["past_the_end"] = BotKind([](const BotParams&, std::uint64_t) { return std::make_unique<PastTheEnd>(); });
  for (bool replay : {true, false}) {
    Match match(entry, entry.prepare(entry.make_config(2, {})), 3, {"past_the_end", "past_the_end"});
    if (!replay) match.skip_replay();
    try {
      match.play_bot(match.next_bot());
      ADD_FAILURE() << "no error";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find("bot past_the_end at seat 0 chose move"), std::string::npos) << e.what();
    }
    EXPECT_EQ(match.steps(), 0u);
  }
}

TEST(BotSpec, ParsesNameAndParameters) {
  BotSpec spec = BotSpec::parse("ismcts:iters=2000,c=0.7");
  EXPECT_EQ(spec.name, "ismcts");
  EXPECT_EQ(spec.params, (BotParams{{"iters", "2000"}, {"c", "0.7"}}));
  EXPECT_EQ(BotSpec::parse("random").params.size(), 0u);
  EXPECT_THROW(BotSpec::parse(":x=1"), UserError);
  EXPECT_THROW(BotSpec::parse("ismcts:iters"), UserError);
}

TEST(BotSpec, RandomBotRefusesParameters) {
  DuelFixture table;
  EXPECT_THROW(make_bot(*table.entry, "random:depth=3", 1), UserError);
}

TEST(Scenario, TomlFilesBecomeJson) {
  const std::string path = testing::TempDir() + "scenario_test.toml";
  {
    std::ofstream out(path);
    out << "start = 2\nhands = [[1, 2], [3]]\n[characters]\nA = \"Duke\"\nflag = true\n";
  }
  nlohmann::json j = load_scenario_file(path);
  EXPECT_EQ(j["start"], 2);
  EXPECT_EQ(j["hands"], nlohmann::json::parse("[[1,2],[3]]"));
  EXPECT_EQ(j["characters"]["A"], "Duke");
  EXPECT_EQ(j["characters"]["flag"], true);
  std::remove(path.c_str());
}

// The fuzzer's finding (fuzz/corpus/fuzz_scenario_gameshire/toml-float-to-integer): a float too large for
// an integer was cast to one (undefined behaviour, reported by UBSan); a float stays a float, a whole
// float (3.0) too, and the scenario's reader then refuses it where it wants an integer.
TEST(Scenario, TomlFloatsStayFloatsWhateverTheirSize) {
  const std::string path = testing::TempDir() + "floats.toml";
  {
    std::ofstream out(path);
    out << "huge = 555555555555555555555.5\nwhole = 3.0\nsmall = -0.5\nbig_integer = 9223372036854775807\n";
  }
  nlohmann::json j = load_scenario_file(path);
  EXPECT_TRUE(j["huge"].is_number_float());
  EXPECT_DOUBLE_EQ(j["huge"].get<double>(), 555555555555555555555.5);
  EXPECT_TRUE(j["whole"].is_number_float());
  EXPECT_DOUBLE_EQ(j["whole"].get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(j["small"].get<double>(), -0.5);
  EXPECT_TRUE(j["big_integer"].is_number_integer());
  EXPECT_EQ(j["big_integer"].get<std::int64_t>(), 9223372036854775807);
  std::remove(path.c_str());
}

TEST(Scenario, TomlSyntaxErrorNamesFileAndLine) {
  const std::string path = testing::TempDir() + "broken.toml";
  {
    std::ofstream out(path);
    out << "a = 1\nb = [1, 2\n";
  }
  try {
    load_scenario_file(path);
    FAIL() << "a broken TOML file was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace court
