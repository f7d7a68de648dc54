// The report's statistics against published values.
#include <gtest/gtest.h>

#include "sim/stats.h"

namespace court::sim {
namespace {

// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
// Medicine 17:857-872, Table I, method 3 (Wilson score interval without continuity correction).
TEST(Wilson, MatchesNewcombesTable) {
  struct Case { double k, n, low, high; };
  for (const Case& c : {Case{81, 263, 0.2553, 0.3662}, Case{15, 148, 0.0624, 0.1605}, Case{0, 20, 0.0, 0.1611},
                        Case{1, 29, 0.0061, 0.1718}}) {
    const Interval i = wilson(c.k, c.n);
    EXPECT_NEAR(i.low, c.low, 0.00006) << c.k << "/" << c.n;
    EXPECT_NEAR(i.high, c.high, 0.00006) << c.k << "/" << c.n;
  }
}

TEST(Wilson, StaysInsideZeroOne) {
  const Interval all = wilson(50, 50);
  EXPECT_LE(all.high, 1.0);
  EXPECT_NEAR(all.low, 0.9287, 0.0001);   // 50/50: n / (n + z^2)
}

TEST(Tests, NormalTailMatchesTables) {
  EXPECT_NEAR(normal_two_sided_p(1.959964), 0.05, 1e-6);
  EXPECT_NEAR(normal_two_sided_p(2.575829), 0.01, 1e-6);
  EXPECT_NEAR(normal_two_sided_p(0), 1.0, 1e-12);
}

TEST(Tests, ChiSquareTailMatchesTables) {
  // Critical values at p = 0.05: df 1 -> 3.841, df 2 -> 5.991, df 7 -> 14.067.
  EXPECT_NEAR(chi_square_upper_p(3.841, 1), 0.05, 0.004);
  EXPECT_NEAR(chi_square_upper_p(5.991, 2), 0.05, 0.002);
  EXPECT_NEAR(chi_square_upper_p(14.067, 7), 0.05, 0.001);
}

// Constructed data: a fair coin's 500 heads in 1000 is not significant, 560 is (z = 3.79).
TEST(Tests, ProportionTestOnConstructedData) {
  EXPECT_NEAR(proportion_test(500, 1000, 0.5).p_value, 1.0, 1e-9);
  const TestResult biased = proportion_test(560, 1000, 0.5);
  EXPECT_NEAR(biased.statistic, 3.7947, 0.0001);
  EXPECT_LT(biased.p_value, 0.001);
}

// Three seats, 300 games: 100/100/100 wins is perfectly balanced; 130/90/80 gives chi-square 14.0.
TEST(Tests, SeatBalanceOnConstructedData) {
  EXPECT_NEAR(chi_square_fit({100, 100, 100}, {100, 100, 100}).p_value, 1.0, 1e-9);
  const TestResult skewed = chi_square_fit({130, 90, 80}, {100, 100, 100});
  EXPECT_NEAR(skewed.statistic, 14.0, 1e-9);
  EXPECT_EQ(skewed.df, 2);
  EXPECT_NEAR(skewed.p_value, 0.000912, 0.0002);   // exact: exp(-7) = 0.000912
}

TEST(Tests, TwoProportionsOnConstructedData) {
  // 60/100 against 40/100: pooled 0.5, se 0.0707, z = 2.828, p = 0.0047.
  const TestResult t = two_proportion_test(60, 100, 40, 100);
  EXPECT_NEAR(t.statistic, 2.8284, 0.0001);
  EXPECT_NEAR(t.p_value, 0.00468, 0.0001);
  EXPECT_NEAR(two_proportion_test(50, 100, 50, 100).p_value, 1.0, 1e-9);
}

TEST(Tests, WelchOnConstructedData) {
  // Means 10 and 11, sd 2 each, 400 each: se = 0.1414, z = -7.07.
  const TestResult t = welch_test(10, 2, 400, 11, 2, 400);
  EXPECT_NEAR(t.statistic, -7.0711, 0.0001);
  EXPECT_LT(t.p_value, 1e-10);
}

TEST(Summaries, QuantilesAndHistogram) {
  std::vector<double> v;
  for (int i = 1; i <= 100; ++i) v.push_back(i);
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.mean, 50.5);
  EXPECT_NEAR(s.sd, 29.0115, 0.0001);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 100);
  EXPECT_NEAR(s.p50, 50.5, 1e-9);
  const auto bins = histogram(v, 10);
  ASSERT_EQ(bins.size(), 10u);
  std::int64_t total = 0;
  for (const auto& b : bins) { total += b.count; EXPECT_EQ(b.count, 10); }
  EXPECT_EQ(total, 100);
  EXPECT_DOUBLE_EQ(bins.front().from, 1);
}

// Whole numbers in a small range are sorted by counting, anything else plainly: the summary is the same
// either way, with negative values, shuffled input, and a half or a wide range that takes the plain sort.
TEST(Summaries, CountedAndPlainSortsAgree) {
  std::vector<double> whole;
  for (int i = 0; i < 1000; ++i) whole.push_back((i * 37) % 23 - 5);   // -5..17, shuffled
  std::vector<double> plain = whole;
  plain.push_back(0.5);                                                 // not whole: sorted plainly
  const Summary counted = summarize(whole), mixed = summarize(plain);
  std::vector<double> sorted = whole;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double v : sorted) sum += v;
  EXPECT_EQ(counted.mean, sum / 1000);
  EXPECT_EQ(counted.min, -5);
  EXPECT_EQ(counted.max, 17);
  const auto quantile = [&](double q) {   // the report's definition, on the plainly sorted values
    const double pos = q * 999;
    const auto i = static_cast<std::size_t>(pos);
    return sorted[i] * (1 - (pos - i)) + sorted[i + 1] * (pos - i);
  };
  EXPECT_EQ(counted.p10, quantile(0.1));
  EXPECT_EQ(counted.p50, quantile(0.5));
  EXPECT_EQ(counted.p90, quantile(0.9));
  EXPECT_EQ(mixed.min, -5);
  EXPECT_EQ(mixed.max, 17);
  EXPECT_EQ(mixed.count, 1001);
  std::vector<double> wide = {1e9, -1e9, 3, 2, 1};                       // a range too wide to count
  const Summary w = summarize(wide);
  EXPECT_EQ(w.min, -1e9);
  EXPECT_EQ(w.p50, 2);
}

}  // namespace
}  // namespace court::sim

#include "sim/report.h"

namespace court::sim {
namespace {

TEST(Words, RatesCarryTheirIntervalAtAUsefulPrecision) {
  EXPECT_EQ(percent_pm(0.41, 0.39, 0.43), "41% ± 2%");
  EXPECT_EQ(percent_pm(0.978, 0.9771, 0.9789), "97.8% ± 0.1%");
  EXPECT_EQ(percent_pm(0.5, 0.45, 0.56), "50% ± 6%");
}

}  // namespace
}  // namespace court::sim
