// Statistics for balance reports: proportions with Wilson intervals, significance tests,
// summaries and histograms. Plain functions of counts, tested against textbook values.
#pragma once

#include <cmath>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

namespace court::sim {

struct Interval {
  double low = 0;
  double high = 0;
};

// The Wilson score interval for k successes in n trials (z = 1.96 for 95%).
Interval wilson(double k, double n, double z = 1.959963984540054);

// Two-sided p-value of a standard normal statistic.
double normal_two_sided_p(double z);

// Upper-tail p-value of a chi-square statistic (Wilson-Hilferty; accurate to ~1e-3 for df >= 1).
double chi_square_upper_p(double statistic, double df);

struct TestResult {
  double statistic = 0;   // z or chi-square
  double df = 0;          // chi-square only
  double p_value = 1;
};

// Is a proportion k/n different from p0? (score test: z = (k/n - p0) / sqrt(p0 (1 - p0) / n))
TestResult proportion_test(double k, double n, double p0);
// Do two proportions differ? (pooled two-proportion z-test)
TestResult two_proportion_test(double k1, double n1, double k2, double n2);
// Are counts spread as `expected` says? (Pearson chi-square goodness of fit, df = cells - 1)
TestResult chi_square_fit(const std::vector<double>& observed, const std::vector<double>& expected);
// Do two means differ? (Welch's t-test, normal approximation for the p-value: fine for n > 30)
TestResult welch_test(double mean1, double sd1, double n1, double mean2, double sd2, double n2);

// A multiset of values: how many times each value was seen. A report's columns (lengths, scores, most
// figures) are whole numbers in a small range or take few values, so a batch's column is a few entries
// however many games it has (a Lab job folds its games into these instead of keeping every game,
// issue 38). Small whole numbers are counted in a plain array: a game adds a dozen values.
class ValueCounts {
 public:
  void add(double value, std::uint64_t times = 1) {
    if (value >= 0 && value < kDense && value == static_cast<double>(static_cast<std::uint32_t>(value)) &&
        !std::signbit(value)) {
      const auto i = static_cast<std::size_t>(value);
      if (i >= dense_.size()) dense_.resize(i + 1, 0);
      dense_[i] += times;
    } else {
      other_[value] += times;
    }
    count_ += times;
  }
  std::uint64_t count() const { return count_; }
  // Each value seen and its count, in ascending order (-0 before +0).
  std::vector<std::pair<double, std::uint64_t>> sorted() const;

 private:
  static constexpr double kDense = 4096;
  // -0 is kept apart from +0 (a plain sort keeps both; the report's sums see the sign).
  struct Less {
    bool operator()(double a, double b) const { return a < b || (a == b && std::signbit(a) && !std::signbit(b)); }
  };
  std::vector<std::uint64_t> dense_;       // whole numbers 0 .. kDense - 1, by value
  std::map<double, std::uint64_t, Less> other_;
  std::uint64_t count_ = 0;
};

// A ValueCounts as JSON, [[value, count], ...] in ascending order, and back (reports and checkpoints).
nlohmann::json counts_json(const ValueCounts& counts);
ValueCounts counts_from_json(const nlohmann::json& j);

struct Summary {
  double count = 0, mean = 0, sd = 0, min = 0, max = 0, p10 = 0, p50 = 0, p90 = 0;
  Interval mean_ci;       // 95% normal interval for the mean
};
Summary summarize(const std::vector<double>& values);
// The same summary of counted values (the sum taken in ascending order, as of the values sorted).
Summary summarize(const ValueCounts& values);

struct Bin {
  double from = 0, to = 0;   // [from, to)
  std::int64_t count = 0;
};
// Equal-width bins covering the values; integer data gets integer-aligned bins.
std::vector<Bin> histogram(const std::vector<double>& values, int max_bins = 30);
std::vector<Bin> histogram(const ValueCounts& values, int max_bins = 30);

}  // namespace court::sim
