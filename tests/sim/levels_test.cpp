// Bot levels and personas (issue 40): registration data that resolves to the old bot specs, which keep
// working; and a person seated with the default bots gets a full game of Persuasion.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/bot.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/replay.h"
#include "server/limits.h"
#include "sim/decisions.h"

namespace court {
namespace {

TEST(Levels, EveryGameOffersEasyNormalStrongAndNormalIsTheDefault) {
  for (const auto& e : games().all()) {
    for (const char* level : {"easy", "normal", "strong"}) {
      const OfferedBot* o = e.find_offered(level);
      ASSERT_NE(o, nullptr) << e.info.id << " offers no " << level;
      EXPECT_EQ(o->level, level) << e.info.id;
      EXPECT_FALSE(o->title.empty() || o->line.empty()) << e.info.id << " " << level;
    }
    EXPECT_EQ(default_bot(e), "normal") << e.info.id;
  }
}

// Every offered name makes its spec's bot, within the server's default budget per move.
TEST(Levels, EveryOfferedBotResolvesToAWorkingSpecWithinTheServersBudget) {
  for (const auto& e : games().all()) {
    for (const auto& o : e.offered) {
      EXPECT_EQ(e.bots.count(o.name), 0u) << e.info.id << ": " << o.name << " hides a bot kind";
      const BotSpec spec = resolve_bot_spec(e, o.name);
      EXPECT_EQ(spec.name, BotSpec::parse(o.spec).name) << e.info.id << " " << o.name;
      EXPECT_NE(make_bot(e, o.name, 1), nullptr);
      EXPECT_NO_THROW(check_bot_cost(e, o.name, server::kBotBudget)) << e.info.id << " " << o.name;
    }
  }
}

TEST(Levels, AnOfferedNameTakesNoParametersAndAnUnknownNameListsTheOfferedOnes) {
  const GameEntry& e = games().get("persuasion");
  try {
    make_bot(e, "normal:patience=5", 1);
    FAIL() << "accepted parameters on an offered name";
  } catch (const UserError& err) {
    EXPECT_NE(std::string(err.what()).find("stands for heuristic:patience=2"), std::string::npos) << err.what();
  }
  try {
    make_bot(e, "clever", 1);
    FAIL() << "accepted an unknown bot";
  } catch (const UserError& err) {
    const std::string what = err.what();
    EXPECT_NE(what.find("easy, normal, strong, patient, bold, guarded, honest, discreet, liar"), std::string::npos) << what;
    EXPECT_NE(what.find("heuristic"), std::string::npos) << what;
  }
}

TEST(Levels, APersuasionHeuristicStyleOutOfRangeIsRefusedByName) {
  const GameEntry& e = games().get("persuasion-classic");
  EXPECT_THROW(make_bot(e, "heuristic:patience=-1", 1), UserError);
  EXPECT_THROW(make_bot(e, "heuristic:bold=2", 1), UserError);
  EXPECT_THROW(make_bot(e, "heuristic:daring=1", 1), UserError);
  EXPECT_THROW(make_bot(e, "heuristic:talk=loud", 1), UserError);
  EXPECT_NE(make_bot(e, "heuristic:patience=3,bold=1,guarded=1", 1), nullptr);
}

// Old names and specs keep their meaning: games saved by the build before levels existed (tests/sim/data,
// written by `court play GAME --seats ... --seed 40 --save`) are played again move for move by the same
// seats, so the plain `heuristic` (no style parameters) plays exactly as it did.
TEST(Levels, OldSpecsPlayTheSavedGamesOfTheBuildBeforeLevelsMoveForMove) {
  for (const char* file : {"persuasion-heuristic-4p-seed40.json", "persuasion-classic-heuristic-4p-seed40.json",
                           "intrigue-old-specs-seed40.json", "gameshire-old-specs-seed40.json"}) {
    const Replay saved = Replay::from_json(read_json_file(std::string(COURT_SOURCE_DIR) + "/tests/sim/data/" + file));
    const GameEntry& entry = games().get(saved.game);
    auto factory = std::shared_ptr<const GameFactory>(
        entry.prepare(entry.make_config(saved.players, saved.options)));
    Match match(entry, factory, saved.seed, saved.seats);
    match.run_bots();
    const Replay again = match.replay();
    ASSERT_EQ(again.actions.size(), saved.actions.size()) << file;
    for (std::size_t i = 0; i < saved.actions.size(); ++i) {
      ASSERT_EQ(again.actions[i].action.code, saved.actions[i].action.code) << file << " move " << i;
    }
    EXPECT_TRUE(match.state().terminal()) << file;
  }
}

// A person at a table of `normal` bots gets a full game of Persuasion: the median of the person's decisions
// is at least 6 at every seat count of both editions (issue 40). The person's stand-in is the normal bot
// itself (a person who plays as sensibly, and as patiently, as the table); a person who commits in the
// first round ends their own game, whatever the bots do. A small fixed sample here; the full figures
// (2,000 games each, also with `random` as the stand-in) are in docs/experiments/persuasion.md.
TEST(Levels, APersonAtATableOfNormalPersuasionBotsGetsAMedianOfSixDecisions) {
  for (const char* id : {"persuasion", "persuasion-classic"}) {
    const GameEntry& entry = games().get(id);
    for (int players = 3; players <= 8; ++players) {
      auto factory = std::shared_ptr<const GameFactory>(entry.prepare(entry.make_config(players, {})));
      const auto counts = sim::count_seat_decisions(entry, factory, "normal", "normal", 400, 40);
      const double median = sim::median({counts.decisions.begin(), counts.decisions.end()});
      EXPECT_GE(median, 6) << id << " at " << players << " players";
    }
  }
}

}  // namespace
}  // namespace court
