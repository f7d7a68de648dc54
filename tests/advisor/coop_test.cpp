// Cooperative play (advisor/coop.cpp): the team's win rate, its loss causes and when each loss became
// unavoidable, on real Gameshire games; nothing for a competitive game.
#include <gtest/gtest.h>

#include <algorithm>

#include "advisor/parts.h"
#include "engine/registry.h"

namespace court::advisor {
namespace {

StudyInput input(const std::string& game, int seats, std::uint64_t n, const std::string& data = "",
                 std::map<std::string, std::string> set = {}) {
  StudyInput in;
  in.subject.entry = &games().get(game);
  in.subject.config = in.subject.entry->make_config(seats, set, data);
  for (const auto& [k, v] : set) in.subject.set_args.push_back(k + "=" + v);
  in.baseline = "heuristic";
  in.strong = "heuristic";
  in.games = n;
  in.seed = 7;
  return in;
}

const Finding* find(const PartResult& r, const std::string& code) {
  const auto it = std::find_if(r.findings.begin(), r.findings.end(), [&](const Finding& f) { return f.code == code; });
  return it == r.findings.end() ? nullptr : &*it;
}

// The shipped solo game is won most of the time (court sim: 86% of 200 games at seed 1): neither unwinnable
// nor trivial, and its losses are counted by cause.
TEST(Cooperative, TheShippedSoloGameIsWonMostOfTheTime) {
  const PartResult r = study_cooperative(input("gameshire", 1, 60));
  const nlohmann::json& wins = r.section["team_wins"];
  EXPECT_GT(wins["rate"].get<double>(), 0.6) << r.section.dump(1);
  EXPECT_LT(wins["rate"].get<double>(), 1.0) << r.section.dump(1);
  EXPECT_EQ(find(r, "unwinnable"), nullptr);
  EXPECT_EQ(find(r, "trivial_win"), nullptr);
  std::uint64_t losses = 0;
  for (const auto& [name, c] : r.section["causes"].items()) losses += c["losses"]["count"].get<std::uint64_t>();
  EXPECT_EQ(losses, r.section["losses"].get<std::uint64_t>());
  EXPECT_EQ(losses + wins["count"].get<std::uint64_t>(), r.section["games"].get<std::uint64_t>());
}

// Four green wrinkles that each blight ten squares and take ten boons (tests/advisor/flaws/gameshire-unwinnable):
// the team never wins; the finding says so with its interval and the command, and names the cause that
// dominates, which becomes unavoidable inside the game.
TEST(Cooperative, APlantedWrinkleMakesTheGameUnwinnable) {
  const PartResult r = study_cooperative(input(
      "gameshire", 1, 200, std::string(COURT_SOURCE_DIR) + "/tests/advisor/flaws/gameshire-unwinnable", {{"wrinkles", "green:4"}}));
  const Finding* f = find(r, "unwinnable");
  ASSERT_NE(f, nullptr) << r.section.dump(1);
  EXPECT_EQ(f->severity, Severity::Critical);
  EXPECT_LT(f->evidence["team_wins"]["ci95"][1].get<double>(), 0.05);
  EXPECT_NE(f->command.find("court sim gameshire --players 1 --seats heuristic"), std::string::npos) << f->command;
  EXPECT_NE(f->command.find("--set wrinkles=green:4"), std::string::npos) << f->command;
  const Finding* cause = find(r, "loss_cause");
  ASSERT_NE(cause, nullptr) << r.section.dump(1);
  EXPECT_EQ(cause->evidence["cause"], "spring_pass_before_quota");
  const nlohmann::json& c = r.section["causes"]["spring_pass_before_quota"];
  EXPECT_GT(c["searched"].get<int>(), 0);
  EXPECT_LE(c["unavoidable_fraction_median"].get<double>(), 1.0);
  EXPECT_FALSE(c["unavoidable_usually"].get<std::string>().empty());
}

// A competitive game has no team result: no section, no finding; nor has Gameshire's competitive mode.
TEST(Cooperative, ACompetitiveGameHasNothingToSay) {
  const PartResult persuasion = study_cooperative(input("persuasion", 3, 20));
  EXPECT_TRUE(persuasion.section.is_null());
  EXPECT_TRUE(persuasion.findings.empty());
  const PartResult competitive = study_cooperative(input("gameshire", 2, 20, "", {{"mode", "competitive"}}));
  EXPECT_TRUE(competitive.section.is_null());
}

}  // namespace
}  // namespace court::advisor
