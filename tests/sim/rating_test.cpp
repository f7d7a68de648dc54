// Bot ratings (sim/rating.h, issue 40): the Bradley-Terry fit recovers known strengths, a tie counts half,
// intervals shrink with more games, the round-robin's lineups, and bad requests refused before play.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/registry.h"
#include "engine/rng.h"
#include "sim/rating.h"

namespace court::sim {
namespace {

// `games` meetings per pair of bots whose strengths are `p` (P(i beats j) = p_i / (p_i + p_j)), one comparison
// each, drawn with `seed`; one lineup per pair.
std::vector<std::vector<Meeting>> synthetic(const std::vector<double>& p, int games, std::uint64_t seed) {
  Rng rng = make_rng(seed);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<std::vector<Meeting>> out;
  for (std::size_t a = 0; a < p.size(); ++a) {
    for (std::size_t b = a + 1; b < p.size(); ++b) {
      auto& lineup = out.emplace_back();
      for (int g = 0; g < games; ++g) {
        const bool a_won = uniform(rng) < p[a] / (p[a] + p[b]);
        lineup.push_back({.a = a, .b = b, .a_wins = a_won ? 1.0 : 0.0, .b_wins = a_won ? 0.0 : 1.0});
      }
    }
  }
  return out;
}

double elo_gap(double p_high, double p_low) { return 400 * std::log10(p_high / p_low); }

TEST(Rating, TheFitRecoversKnownStrengthsInOrderAndValue) {
  const std::vector<double> p = {1, 3, 2, 6};   // anchor 0 at 1500; the others 191, 120 and 311 above it
  const Fit fit = fit_ratings(synthetic(p, 10000, 7), p.size(), {.anchor = 0, .resamples = 0, .seed = 1});
  EXPECT_DOUBLE_EQ(fit.rating[0], 1500);
  for (std::size_t i = 1; i < p.size(); ++i) EXPECT_NEAR(fit.rating[i], 1500 + elo_gap(p[i], p[0]), 15) << i;
  EXPECT_LT(fit.rating[0], fit.rating[2]);
  EXPECT_LT(fit.rating[2], fit.rating[1]);
  EXPECT_LT(fit.rating[1], fit.rating[3]);
}

TEST(Rating, ExactWinCountsGiveTheStrengthsTheyCameFrom) {
  const std::vector<double> p = {1, 2, 8};
  WinMatrix wins(3, std::vector<double>(3, 0));
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) if (i != j) wins[i][j] = 1e6 * p[i] / (p[i] + p[j]);
  }
  const auto rating = elo_scale(bradley_terry(wins), 1);
  EXPECT_NEAR(rating[0], 1500 - elo_gap(2, 1), 0.01);
  EXPECT_DOUBLE_EQ(rating[1], 1500);
  EXPECT_NEAR(rating[2], 1500 + elo_gap(8, 2), 0.01);
}

TEST(Rating, ATieCountsHalfToEachSide) {
  const Meeting m = meeting_of(0, 1, {0, 1}, {1, 1});
  EXPECT_DOUBLE_EQ(m.a_wins, 0.5);
  EXPECT_DOUBLE_EQ(m.b_wins, 0.5);
  // Two ties are worth one win and one loss: equal ratings.
  const auto tied = elo_scale(bradley_terry(tally({m, m}, 2)), 0);
  const auto split = elo_scale(bradley_terry(tally({meeting_of(0, 1, {0, 1}, {1, 2}), meeting_of(0, 1, {0, 1}, {2, 1})}, 2)), 0);
  EXPECT_NEAR(tied[1], 1500, 1e-9);
  EXPECT_NEAR(split[1], tied[1], 1e-9);
}

TEST(Rating, EverySeatOfOneBotMeetsEverySeatOfTheOtherByRank) {
  // Seats a b a b with ranks 1 2 3 2: a's first seat beats both b seats, a's second loses to both.
  const Meeting m = meeting_of(4, 7, {0, 1, 0, 1}, {1, 2, 3, 2});
  EXPECT_EQ(m.a, 4u);
  EXPECT_EQ(m.b, 7u);
  EXPECT_DOUBLE_EQ(m.a_wins, 2);
  EXPECT_DOUBLE_EQ(m.b_wins, 2);
}

TEST(Rating, ABotThatNeverWonStillHasAFiniteRatingBelowTheOthers) {
  std::vector<Meeting> meetings(20, Meeting{.a = 0, .b = 1, .a_wins = 0, .b_wins = 1});
  const auto rating = elo_scale(bradley_terry(tally(meetings, 2)), 1);
  EXPECT_TRUE(std::isfinite(rating[0]));
  EXPECT_LT(rating[0], 1500 - 400);
}

TEST(Rating, IntervalsShrinkWithMoreGamesAndHoldTheFit) {
  const std::vector<double> p = {1, 2, 4};
  const auto width = [&](int games) {
    const Fit fit = fit_ratings(synthetic(p, games, 3), p.size(), {.anchor = 0, .resamples = 200, .seed = 5});
    for (std::size_t i = 0; i < p.size(); ++i) {
      EXPECT_LE(fit.low[i], fit.rating[i]);
      EXPECT_GE(fit.high[i], fit.rating[i]);
    }
    EXPECT_DOUBLE_EQ(fit.low[0], 1500);   // the anchor is 1500 in every resample
    EXPECT_DOUBLE_EQ(fit.high[0], 1500);
    return fit.high[2] - fit.low[2];
  };
  const double few = width(100), many = width(1600);
  EXPECT_GT(many, 0);
  EXPECT_LT(many, few / 2.5);   // about a quarter: the width goes as one over the root of the games
}

TEST(Rating, ThePairsLineupsFillSeatsAlternatelyAndGiveEachBotHalfTheSeats) {
  EXPECT_EQ(pair_lineups(2), (std::vector<std::vector<int>>{{0, 1}}));
  EXPECT_EQ(pair_lineups(3), (std::vector<std::vector<int>>{{0, 1, 0}, {1, 0, 1}}));
  EXPECT_EQ(pair_lineups(4), (std::vector<std::vector<int>>{{0, 1, 0, 1}}));
}

RateRequest request_of(const char* game, int players, std::vector<std::string> bots) {
  RateRequest r;
  r.entry = &games().get(game);
  r.config = r.entry->make_config(players, {});
  r.bots = std::move(bots);
  r.games = 6;
  r.threads = 1;
  r.resamples = 20;
  return r;
}

void expect_refused(const RateRequest& r, const std::string& words) {
  try {
    check_rate_request(r);
    FAIL() << "accepted a request that should say: " << words;
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(Rating, BadRequestsAreRefusedNamingWhatIsWrong) {
  expect_refused(request_of("intrigue", 3, {"normal"}), "at least two bots");
  expect_refused(request_of("intrigue", 3, {"normal", "easy", "normal"}), "'normal' is listed twice");
  expect_refused(request_of("intrigue", 3, {"normal", "clever"}), "unknown bot 'clever'");
  expect_refused(request_of("intrigue", 3, {"normal", "human"}), "bots only");
}

TEST(Rating, ACooperativeGameIsRefusedWithItsCompetitiveModeNamed) {
  try {
    rate_bots(request_of("gameshire", 2, {"easy", "normal"}));
    FAIL() << "rated team results";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("mode=competitive"), std::string::npos) << e.what();
  }
}

TEST(Rating, TheRoundRobinPlaysEveryPairInEveryArrangementAndAnchorsAtNormal) {
  const RateResult result = rate_bots(request_of("intrigue", 3, {"easy", "normal", "heuristic"}));
  EXPECT_EQ(result.lineups, 6u);   // three pairs, two arrangements at three seats
  EXPECT_EQ(result.games, 36u);
  EXPECT_EQ(result.anchor, "normal");
  EXPECT_DOUBLE_EQ(result.bots[1].rating, 1500);
  EXPECT_EQ(result.bots[0].title, "Easy");
  EXPECT_EQ(result.bots[2].title, "heuristic");
  for (const auto& b : result.bots) EXPECT_EQ(b.games, 24u) << b.bot;   // two pairs of 12 games each
}

}  // namespace
}  // namespace court::sim
