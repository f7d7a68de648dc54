// Agency by move kind (advisor/agency.cpp): on a bounded sample of the baseline's decisions, the legal moves a
// seat has, the forced share, and how often the strong bot's choice is of another kind than a random move's.
// Real games of the shipped rules.
#include <gtest/gtest.h>

#include "advisor/parts.h"
#include "engine/registry.h"

namespace court::advisor {
namespace {

StudyInput input(const std::string& game, int seats, const std::string& strong, std::uint64_t n,
                 const std::string& data = "", std::map<std::string, std::string> set = {}) {
  StudyInput in;
  in.subject.entry = &games().get(game);
  in.subject.config = in.subject.entry->make_config(seats, set, data);
  in.baseline = "heuristic";
  in.strong = strong;
  in.games = n;
  in.seed = 7;
  return in;
}

std::uint64_t count(const nlohmann::json& rate) { return rate["count"].get<std::uint64_t>(); }

// The sample is bounded, and every unforced decision is counted once for the strong bot's kind and once for
// the random move's.
TEST(Agency, TheSampleIsBoundedAndEveryUnforcedDecisionIsCountedOnce) {
  const PartResult r = study_agency(input("gameshire", 1, "heuristic", 200));
  const nlohmann::json& s = r.section;
  const auto decisions = s["decisions"].get<std::uint64_t>();
  EXPECT_GT(decisions, 50u);
  EXPECT_LE(decisions, 300u);
  EXPECT_LE(s["games"].get<std::uint64_t>(), 200u);
  const std::uint64_t unforced = decisions - count(s["forced"]);
  std::uint64_t strong = 0, random = 0;
  for (const auto& [kind, k] : s["kinds"].items()) {
    strong += count(k["strong_took"]);
    random += count(k["random_took"]);
    EXPECT_LE(count(k["strong_took"]), k["legal_at"].get<std::uint64_t>()) << kind;
  }
  EXPECT_EQ(strong, unforced);
  EXPECT_EQ(random, unforced);
  EXPECT_GE(s["legal_moves_mean"].get<double>(), 1.0);
  const auto ci = s["forced"]["ci95"];
  EXPECT_LE(ci[0].get<double>(), s["forced"]["rate"].get<double>());
  EXPECT_GE(ci[1].get<double>(), s["forced"]["rate"].get<double>());
}

// The same seed gives the same sample, decision for decision.
TEST(Agency, TheSameSeedGivesTheSameSection) {
  const StudyInput in = input("persuasion", 4, "heuristic", 40);
  EXPECT_EQ(study_agency(in).section, study_agency(in).section);
}

// When independence always wins (tests/advisor/flaws/persuasion-independence: no trait card carries Danger,
// every desire wants +Danger), the heuristic claims it wherever it can: its choice is independence far more
// often than a random legal move's, and it never picks a kind that leads away from it when it may claim.
TEST(Agency, TheStrongBotTakesTheWinningKindFarMoreThanChance) {
  const StudyInput in = input("persuasion", 4, "heuristic", 60,
                              std::string(COURT_SOURCE_DIR) + "/tests/advisor/flaws/persuasion-independence");
  const nlohmann::json kinds = study_agency(in).section["kinds"];
  ASSERT_TRUE(kinds.contains("independence")) << kinds.dump(1);
  const nlohmann::json& k = kinds["independence"];
  EXPECT_GT(k["strong_took"]["rate"].get<double>(), 0.9) << k.dump(1);
  EXPECT_LT(k["random_took"]["rate"].get<double>(), 0.5) << k.dump(1);
}

// A strong bot that is itself random differs from another random move only by chance, and raises no finding.
TEST(Agency, ARandomStrongBotRaisesNothing) {
  const PartResult r = study_agency(input("belle", 2, "random", 40));
  EXPECT_TRUE(r.findings.empty());
  EXPECT_GT(count(r.section["strong_differs"]), 0u);
}

}  // namespace
}  // namespace court::advisor
