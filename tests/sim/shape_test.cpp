// The shape of a game (sim/shape.h): the tracker's lead changes, decisiveness and drama on standings made by
// hand; decisions counted as the game asked them; the report's "shape" object only when asked for, the rest
// of the document unchanged; and a resumed shape run ends with the uninterrupted run's document.
#include <gtest/gtest.h>

#include <vector>

#include "engine/registry.h"
#include "sim/aggregate.h"
#include "sim/report.h"
#include "sim/shape.h"
#include "sim/simulate.h"

namespace court::sim {
namespace {

// An outcome where `winner` alone wins (or nobody alone, with winner -1: a shared win of seats 0 and 1).
Outcome won_by(int seats, int winner) {
  Outcome o;
  for (int s = 0; s < seats; ++s) o.seats.push_back({.win = winner < 0 ? s < 2 : s == winner, .score = 0, .rank = 1});
  return o;
}

ShapeRecord follow(int seats, const std::vector<std::vector<double>>& standings, int winner) {
  ShapeTracker t;
  t.reset(seats, true);
  for (const auto& s : standings) t.observe(s);
  GameReport report;
  return t.finish(won_by(seats, winner), report, static_cast<std::uint32_t>(standings.size() - 1));
}

// Leader: the unique top seat. A tie at the top has no leader and changes nothing: A, tie, A is no change;
// A, tie, B is one.
TEST(Shape, LeadChangesCountChangesOfTheUniqueLeader) {
  EXPECT_EQ(follow(2, {{0, 0}, {1, 0}, {1, 1}, {2, 1}}, 0).lead_changes, 0u);
  EXPECT_EQ(follow(2, {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {3, 2}}, 0).lead_changes, 2u);
  EXPECT_EQ(follow(3, {{0, 0, 0}, {0, 0, 1}, {2, 0, 1}, {2, 3, 1}, {2, 3, 4}}, 2).lead_changes, 3u);
}

// Decisiveness: the share of the game's steps before the final winner leads alone for good (0: from the
// start; 1: only after the last step). Drama: the winner's mean deficit to the top where it trailed.
TEST(Shape, DecisivenessAndDramaFollowTheFinalWinner) {
  const ShapeRecord late = follow(2, {{0, 0}, {1, 0}, {1, 1}, {1, 3}, {4, 3}}, 0);
  EXPECT_DOUBLE_EQ(late.decisive, 1.0);   // leads alone again only after step 4 of 4
  EXPECT_DOUBLE_EQ(late.drama, 2.0);      // trailed once, by 2
  const ShapeRecord early = follow(2, {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {3, 1}}, 0);
  EXPECT_DOUBLE_EQ(early.decisive, 0.25);  // leads alone from step 1 of 4
  EXPECT_DOUBLE_EQ(early.drama, 0.0);      // never behind
  const ShapeRecord comeback = follow(3, {{0, 0, 0}, {0, 3, 0}, {1, 3, 0}, {4, 3, 0}}, 0);
  EXPECT_DOUBLE_EQ(comeback.decisive, 1.0);
  EXPECT_DOUBLE_EQ(comeback.drama, 2.5);   // behind by 3, then by 2
  EXPECT_TRUE(comeback.single_winner);
  EXPECT_FALSE(comeback.undivided);
  const ShapeRecord shared = follow(2, {{0, 0}, {1, 1}}, -1);
  EXPECT_FALSE(shared.single_winner);
  EXPECT_TRUE(shared.undivided) << "both seats of two won: nobody told apart";
  EXPECT_FALSE(follow(3, {{0, 0, 0}, {1, 1, 0}}, -1).undivided) << "two of three won: a shared win, not a draw";
  EXPECT_EQ(shared.decisive, -1) << "no single winner: no decisiveness";
}

// A game's record: one decision per move a seat was asked for (Intrigue asks one seat a move), forced
// decisions among them, and the rounds the game reported.
TEST(Shape, DecisionsAreTheMovesEachSeatWasAskedFor) {
  const GameEntry& entry = games().get("intrigue");
  BatchSettings settings;
  settings.games = 40;
  settings.threads = 2;
  settings.shape = true;
  Records records = run_batch(entry, entry.prepare(entry.make_config(3, {})), {"random", "random", "random"}, settings);
  ASSERT_EQ(records.games.size(), 40u);
  for (const GameRecord& r : records.games) {
    ASSERT_NE(r.shape, nullptr);
    std::uint32_t decisions = 0;
    for (int s = 0; s < 3; ++s) {
      decisions += r.shape->decisions[s];
      EXPECT_LE(r.shape->forced[s], r.shape->decisions[s]);
      EXPECT_GE(r.shape->legal[s], r.shape->decisions[s]) << "every decision has a legal move";
    }
    EXPECT_EQ(decisions, r.length);
    EXPECT_TRUE(r.shape->has_standing);
    EXPECT_GE(r.shape->rounds, 1);
  }
  settings.shape = false;
  for (const GameRecord& r : run_batch(entry, entry.prepare(entry.make_config(3, {})), {"random", "random", "random"},
                                       settings).games) {
    EXPECT_EQ(r.shape, nullptr);
  }
}

SimRequest request(const char* id, int players, bool shape, std::uint64_t count) {
  SimRequest r;
  r.entry = &games().get(id);
  r.players = players;
  r.lineup.assign(static_cast<std::size_t>(players), "heuristic");
  r.configs.push_back(r.entry->make_config(players, {}));
  r.settings.seed = 3;
  r.settings.games = count;
  r.settings.threads = 2;
  r.settings.rotate = false;
  r.settings.shape = shape;
  return r;
}

// The "shape" object is there only when asked for, and the rest of the report is the plain run's, byte for
// byte (the same games: the shape only watches).
TEST(Shape, TheReportHasAShapeOnlyWhenAskedAndIsOtherwiseThePlainOne) {
  const nlohmann::json plain = simulate(request("intrigue", 3, false, 300), Cluster{}, {}).document;
  nlohmann::json shaped = simulate(request("intrigue", 3, true, 300), Cluster{}, {}).document;
  EXPECT_FALSE(plain.contains("shape"));
  ASSERT_TRUE(shaped.contains("shape"));
  const nlohmann::json shape = shaped["shape"];
  EXPECT_TRUE(shape["standing"].get<bool>());
  EXPECT_EQ(shape["games"].get<int>(), 300);
  EXPECT_GT(shape["legal_per_decision"].get<double>(), 1.0);
  EXPECT_TRUE(shape.contains("lead_changes"));
  shaped.erase("shape");
  EXPECT_EQ(shaped.dump(2), plain.dump(2));
  // Persuasion has no standing: the object says so and has no lead figures.
  const nlohmann::json persuasion = simulate(request("persuasion", 3, true, 200), Cluster{}, {}).document["shape"];
  EXPECT_FALSE(persuasion["standing"].get<bool>());
  EXPECT_FALSE(persuasion.contains("lead_changes"));
}

TEST(Shape, AResumedShapeRunEndsWithTheUninterruptedRunsDocument) {
  const SimRequest r = request("belle", 4, true, 1500);
  std::vector<nlohmann::json> checkpoints;
  SimHooks hooks;
  hooks.checkpoint = [&](const nlohmann::json& c) { checkpoints.push_back(c); };
  hooks.checkpoint_ms = 0;
  const std::string whole = simulate(r, Cluster{}, hooks).document.dump(2);
  ASSERT_GT(checkpoints.size(), 2u);
  ASSERT_TRUE(checkpoints[1]["aggregate"].contains("shape"));
  for (std::size_t i : {std::size_t{1}, checkpoints.size() - 1}) {
    const nlohmann::json again = nlohmann::json::parse(checkpoints[i].dump());
    SimHooks resume;
    resume.resume = &again;
    EXPECT_EQ(simulate(r, Cluster{}, resume).document.dump(2), whole) << "resumed from checkpoint " << i;
  }
}

}  // namespace
}  // namespace court::sim
