// Intrigue's figures for the balance report follow from the game that was played.
#include <gtest/gtest.h>

#include "engine/match.h"
#include "engine/registry.h"
#include "games/intrigue/state.h"

namespace court::intrigue {
namespace {

TEST(IntrigueStats, ReportNamesTheMonarchAndEveryCardPlayed) {
  const GameEntry& entry = games().get("intrigue");
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Match match(entry, entry.prepare(entry.make_config(3, {})), seed, {"random", "random", "random"});
    match.run_bots();
    const auto* state = match.state().as<IntrigueState>();
    ASSERT_NE(state, nullptr);
    GameReport report;
    match.state().report(report);
    // Exactly one character crowned, and it is the monarch's.
    int crowned = 0;
    for (const auto& f : report) crowned += f.name.rfind("crowned.", 0) == 0 ? f.value : 0;
    EXPECT_EQ(crowned, 1);
    const auto& monarch = state->rules().characters[state->character(state->monarch())].name;
    EXPECT_EQ(report.value("crowned." + monarch), 1);
    EXPECT_EQ(report.value("rounds"), state->round());
    // Each card play in the log is in its player's list, and nothing else is.
    std::size_t plays = 0;
    for (const auto& e : state->log()) {
      if (e.kind == Event::PlayedFaceDown || e.kind == Event::PlayedSupport || e.kind == Event::PlayedRelationship) {
        ++plays;
      }
    }
    std::size_t listed = 0;
    for (int s = 0; s < 3; ++s) listed += report.cards(s).size();
    EXPECT_GE(listed, plays) << "seed " << seed;
    EXPECT_GT(listed, 0u);
    bool zero = state->points(0) <= 0 || state->points(1) <= 0 || state->points(2) <= 0;
    EXPECT_TRUE(report.has("ended_at_zero_points"));
    EXPECT_EQ(report.value("ended_at_zero_points"), zero ? 1 : 0);
  }
}

}  // namespace
}  // namespace court::intrigue
