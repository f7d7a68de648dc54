// The conformance suite can fail: each flawed fixture game is caught by the check meant for it,
// and the correct fixture passes every check.
#include <gtest/gtest.h>

#include "bots/generic_bots.h"
#include "conformance/fixture_game.h"
#include "engine/conformance.h"

namespace court::fixture {
namespace {

template <Flaw F>
std::unique_ptr<GameFactory> prepare(int seats) {
  auto entry = game_entry<DuelGame<F>>();
  return entry.prepare(entry.make_config(seats, {}));
}

std::string joined(const std::vector<std::string>& failures) {
  std::string out;
  for (const auto& f : failures) out += f + "\n";
  return out;
}

testing::AssertionResult mentions(const std::vector<std::string>& failures, const std::string& text) {
  for (const auto& f : failures) if (f.find(text) != std::string::npos) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "no failure mentions \"" << text << "\":\n" << joined(failures);
}

// The flaw F is caught: `playouts` random playouts with `seats` seats report a failure naming `text`.
template <Flaw F>
testing::AssertionResult playouts_catch(int seats, int playouts, const std::string& text) {
  return mentions(check_playouts(*prepare<F>(seats), 1, playouts), text);
}

TEST(ConformanceFixture, CorrectGamePassesEveryCheck) {
  for (int seats : {2, 3}) {
    auto factory = prepare<Flaw::None>(seats);
    auto playout_failures = check_playouts(*factory, 1, 20);
    EXPECT_TRUE(playout_failures.empty()) << joined(playout_failures);
    auto fairness_failures = check_determinization_fairness(*factory, 1, 4000);
    EXPECT_TRUE(fairness_failures.empty()) << joined(fairness_failures);
  }
}

TEST(ConformanceFixture, LeakyViewIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::LeakyView>(2, 3, "changed view("));
}

TEST(ConformanceFixture, NondeterministicRuleIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::Nondeterministic>(2, 5, "not deterministic"));
}

TEST(ConformanceFixture, AcceptedIllegalMoveIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::AcceptsIllegal>(2, 3, "illegal move accepted"));
}

TEST(ConformanceFixture, SearchThatSeesASecretChoiceIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::VisibleChoice>(3, 5, "observe: seat"));
}

TEST(ConformanceFixture, AnIllegalPlayoutMoveIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::IllegalPlayout>(3, 3, "playout() chose code 99"));
}

TEST(ConformanceFixture, SearchMovesOutsideTheLegalListAreCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::IllegalSearchMoves>(3, 3, "search_moves() kept code 99"));
}

TEST(ConformanceFixture, MovesWithEqualPartsAreCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::AmbiguousParts>(2, 3, "have equal parts"));
}

TEST(ConformanceFixture, PartsThatNameAHiddenCardAreCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::LeakyParts>(2, 5, "changed the parts of seat"));
}

TEST(ConformanceFixture, ABoardWiderThanTheTerminalIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::SprawlingBoard>(2, 3, "columns wide, more than 100"));
}

TEST(ConformanceFixture, AShorthandNamingTwoMovesIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::AmbiguousShorthand>(2, 3, "have the shorthand 'c'"));
}

TEST(ConformanceFixture, OneSidedTalkIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::OneSidedTalk>(2, 3, "talk is not symmetric"));
}

TEST(ConformanceFixture, TalkThatDependsOnAHiddenCardIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::LeakyTalk>(3, 5, "changed who may talk with whom"));
}

TEST(ConformanceFixture, ATableSilentAtTheEndIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::SilentEnd>(2, 3, "may not write to the table at the end"));
}

// A public standing (engine/game.h, HasStanding) that reads a hidden card changes when a seat's unknowns are
// resampled; one that is not a number is named.
TEST(ConformanceFixture, AStandingThatReadsAHiddenCardIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::LeakyStanding>(2, 5, "changed the public standing"));
}

TEST(ConformanceFixture, AStandingThatIsNotANumberIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::NonFiniteStanding>(2, 3, "not a finite number"));
}

// A report that names cards from the state, not the rules, is caught: the simulator keeps the names by
// reference and plays its next game in the same state.
TEST(ConformanceFixture, ReportNamesKeptInTheStateAreCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::ReportNamesInState>(2, 10, "report's card names must be the rules'"));
}

// A view whose log window keeps the oldest lines (not the most recent, as the server's state after a move
// needs) is caught.
TEST(ConformanceFixture, ALogWindowWithTheWrongLinesIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::LogWindowKeepsOldest>(2, 3, "log lines is not its whole view"));
}

// Random playouts pick the k-th of the counted moves (HasLegalAt): a count or an order that differs from
// legal_actions would change the games a seed plays.
TEST(ConformanceFixture, ALegalCountUnlikeTheListIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::MiscountedLegalAt>(2, 3, "legal_count(0) is 4 but legal_actions lists 3 moves"));
}

TEST(ConformanceFixture, ALegalActionOutOfOrderIsCaught) {
  EXPECT_TRUE(playouts_catch<Flaw::MisorderedLegalAt>(2, 3, "legal_action(0, 0) is code"));
}

TEST(ConformanceFixture, UnfairDeterminizationIsCaught) {
  auto factory = prepare<Flaw::UnfairDeterminize>(2);
  // The flawed sampler keeps views and the unseen multiset right: only the fairness check sees it.
  EXPECT_TRUE(check_playouts(*factory, 1, 3).empty());
  auto failures = check_determinization_fairness(*factory, 1, 4000);
  EXPECT_TRUE(mentions(failures, "unfair determinization"));
}

TEST(ConformanceFixture, ChiSquarePValueMatchesTables) {
  // Textbook critical values: chi-square(10) = 18.307 at p = 0.05; chi-square(1) = 6.635 at p = 0.01.
  EXPECT_NEAR(chi_square_p_value(18.307, 10), 0.05, 0.003);
  EXPECT_NEAR(chi_square_p_value(6.635, 1), 0.01, 0.003);
  EXPECT_NEAR(chi_square_p_value(10, 10), 0.44, 0.01);
}

}  // namespace
}  // namespace court::fixture
