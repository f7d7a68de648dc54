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

bool mentions(const std::vector<std::string>& failures, const std::string& text) {
  for (const auto& f : failures) if (f.find(text) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<std::string>& failures) {
  std::string out;
  for (const auto& f : failures) out += f + "\n";
  return out;
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
  auto failures = check_playouts(*prepare<Flaw::LeakyView>(2), 1, 3);
  EXPECT_TRUE(mentions(failures, "changed view(")) << joined(failures);
}

TEST(ConformanceFixture, NondeterministicRuleIsCaught) {
  auto failures = check_playouts(*prepare<Flaw::Nondeterministic>(2), 1, 5);
  EXPECT_TRUE(mentions(failures, "not deterministic")) << joined(failures);
}

TEST(ConformanceFixture, AcceptedIllegalMoveIsCaught) {
  auto failures = check_playouts(*prepare<Flaw::AcceptsIllegal>(2), 1, 3);
  EXPECT_TRUE(mentions(failures, "illegal move accepted")) << joined(failures);
}

TEST(ConformanceFixture, SearchThatSeesASecretChoiceIsCaught) {
  auto failures = check_playouts(*prepare<Flaw::VisibleChoice>(3), 1, 5);
  EXPECT_TRUE(mentions(failures, "observe: seat")) << joined(failures);
}

TEST(ConformanceFixture, AnIllegalPlayoutMoveIsCaught) {
  auto failures = check_playouts(*prepare<Flaw::IllegalPlayout>(3), 1, 3);
  EXPECT_TRUE(mentions(failures, "playout() chose code 99")) << joined(failures);
}

TEST(ConformanceFixture, SearchMovesOutsideTheLegalListAreCaught) {
  auto failures = check_playouts(*prepare<Flaw::IllegalSearchMoves>(3), 1, 3);
  EXPECT_TRUE(mentions(failures, "search_moves() kept code 99")) << joined(failures);
}

TEST(ConformanceFixture, MovesWithEqualPartsAreCaught) {
  auto failures = check_playouts(*prepare<Flaw::AmbiguousParts>(2), 1, 3);
  EXPECT_TRUE(mentions(failures, "have equal parts")) << joined(failures);
}

TEST(ConformanceFixture, PartsThatNameAHiddenCardAreCaught) {
  auto failures = check_playouts(*prepare<Flaw::LeakyParts>(2), 1, 5);
  EXPECT_TRUE(mentions(failures, "changed the parts of seat")) << joined(failures);
}

TEST(ConformanceFixture, ABoardWiderThanTheTerminalIsCaught) {
  auto failures = check_playouts(*prepare<Flaw::SprawlingBoard>(2), 1, 3);
  EXPECT_TRUE(mentions(failures, "columns wide, more than 100")) << joined(failures);
}

TEST(ConformanceFixture, AShorthandNamingTwoMovesIsCaught) {
  auto failures = check_playouts(*prepare<Flaw::AmbiguousShorthand>(2), 1, 3);
  EXPECT_TRUE(mentions(failures, "have the shorthand 'c'")) << joined(failures);
}

TEST(ConformanceFixture, UnfairDeterminizationIsCaught) {
  auto factory = prepare<Flaw::UnfairDeterminize>(2);
  // The flawed sampler keeps views and the unseen multiset right: only the fairness check sees it.
  EXPECT_TRUE(check_playouts(*factory, 1, 3).empty());
  auto failures = check_determinization_fairness(*factory, 1, 4000);
  EXPECT_TRUE(mentions(failures, "unfair determinization")) << joined(failures);
}

TEST(ConformanceFixture, ChiSquarePValueMatchesTables) {
  // Textbook critical values: chi-square(10) = 18.307 at p = 0.05; chi-square(1) = 6.635 at p = 0.01.
  EXPECT_NEAR(chi_square_p_value(18.307, 10), 0.05, 0.003);
  EXPECT_NEAR(chi_square_p_value(6.635, 1), 0.01, 0.003);
  EXPECT_NEAR(chi_square_p_value(10, 10), 0.44, 0.01);
}

}  // namespace
}  // namespace court::fixture
