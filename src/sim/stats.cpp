#include "sim/stats.h"

#include <algorithm>
#include <cmath>

namespace court::sim {

Interval wilson(double k, double n, double z) {
  if (n <= 0) return {0, 1};
  const double p = k / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double normal_two_sided_p(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

double chi_square_upper_p(double statistic, double df) {
  if (df <= 0) return 1.0;
  if (statistic <= 0) return 1.0;
  const double h = 2.0 / (9.0 * df);
  const double z = (std::cbrt(statistic / df) - (1.0 - h)) / std::sqrt(h);
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

TestResult proportion_test(double k, double n, double p0) {
  TestResult r;
  if (n <= 0 || p0 <= 0 || p0 >= 1) return r;
  r.statistic = (k / n - p0) / std::sqrt(p0 * (1 - p0) / n);
  r.p_value = normal_two_sided_p(r.statistic);
  return r;
}

TestResult two_proportion_test(double k1, double n1, double k2, double n2) {
  TestResult r;
  if (n1 <= 0 || n2 <= 0) return r;
  const double pooled = (k1 + k2) / (n1 + n2);
  const double se = std::sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se <= 0) return r;
  r.statistic = (k1 / n1 - k2 / n2) / se;
  r.p_value = normal_two_sided_p(r.statistic);
  return r;
}

TestResult chi_square_fit(const std::vector<double>& observed, const std::vector<double>& expected) {
  TestResult r;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    if (expected[i] > 0) r.statistic += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
  }
  r.df = static_cast<double>(observed.size()) - 1;
  r.p_value = chi_square_upper_p(r.statistic, r.df);
  return r;
}

TestResult welch_test(double mean1, double sd1, double n1, double mean2, double sd2, double n2) {
  TestResult r;
  if (n1 < 2 || n2 < 2) return r;
  const double se = std::sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2);
  if (se <= 0) {
    r.p_value = mean1 == mean2 ? 1.0 : 0.0;
    return r;
  }
  r.statistic = (mean1 - mean2) / se;
  r.p_value = normal_two_sided_p(r.statistic);
  return r;
}

std::vector<std::pair<double, std::uint64_t>> ValueCounts::sorted() const {
  std::vector<std::pair<double, std::uint64_t>> out;
  auto other = other_.begin();
  const auto take_other_below = [&](double limit) {   // the counted values that sort before `limit`
    for (; other != other_.end() && Less{}(other->first, limit); ++other) out.emplace_back(*other);
  };
  for (std::size_t i = 0; i < dense_.size(); ++i) {
    if (dense_[i] == 0) continue;
    take_other_below(static_cast<double>(i));
    out.emplace_back(static_cast<double>(i), dense_[i]);
  }
  for (; other != other_.end(); ++other) out.emplace_back(*other);
  return out;
}

nlohmann::json counts_json(const ValueCounts& counts) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [value, count] : counts.sorted()) out.push_back({value, count});
  return out;
}

ValueCounts counts_from_json(const nlohmann::json& j) {
  ValueCounts counts;
  for (const auto& e : j) counts.add(e.at(0).get<double>(), e.at(1).get<std::uint64_t>());
  return counts;
}

namespace {

using Sorted = std::vector<std::pair<double, std::uint64_t>>;

// The value at place `i` of the values in ascending order.
double value_at(const Sorted& sorted, std::uint64_t i) {
  for (const auto& [value, count] : sorted) {
    if (i < count) return value;
    i -= count;
  }
  return sorted.back().first;
}

double quantile(const Sorted& sorted, std::uint64_t n, double q) {
  const double pos = q * static_cast<double>(n - 1);
  const auto i = static_cast<std::uint64_t>(pos);
  const double frac = pos - static_cast<double>(i);
  return i + 1 < n ? value_at(sorted, i) * (1 - frac) + value_at(sorted, i + 1) * frac : value_at(sorted, i);
}

// The sum of the values added one by one in ascending order (the last digits depend on the order). While
// the value and the sum are whole and far below 2^53 every partial sum is exact, so `count` times a
// value is added at once.
double sum_in_order(const Sorted& sorted) {
  constexpr double kExact = 9007199254740992.0;   // 2^53
  double sum = 0;
  for (const auto& [value, count] : sorted) {
    const double times = static_cast<double>(count);
    if (value == std::floor(value) && sum == std::floor(sum) && std::fabs(sum) + std::fabs(value) * times < kExact) {
      sum += value * times;
    } else {
      for (std::uint64_t k = 0; k < count; ++k) sum += value;
    }
  }
  return sum;
}

ValueCounts counted(const std::vector<double>& values) {
  ValueCounts counts;
  for (double v : values) counts.add(v);
  return counts;
}

}  // namespace

Summary summarize(const std::vector<double>& values) { return summarize(counted(values)); }

Summary summarize(const ValueCounts& values) {
  Summary s;
  if (values.count() == 0) return s;
  const Sorted sorted = values.sorted();
  const std::uint64_t n = values.count();
  s.count = static_cast<double>(n);
  s.mean = sum_in_order(sorted) / s.count;
  double squares = 0;
  for (const auto& [value, count] : sorted) {
    for (std::uint64_t k = 0; k < count; ++k) squares += (value - s.mean) * (value - s.mean);
  }
  s.sd = n > 1 ? std::sqrt(squares / (s.count - 1)) : 0;
  s.min = sorted.front().first;
  s.max = sorted.back().first;
  s.p10 = quantile(sorted, n, 0.1);
  s.p50 = quantile(sorted, n, 0.5);
  s.p90 = quantile(sorted, n, 0.9);
  const double half = 1.959963984540054 * s.sd / std::sqrt(s.count);
  s.mean_ci = {s.mean - half, s.mean + half};
  return s;
}

std::vector<Bin> histogram(const std::vector<double>& values, int max_bins) { return histogram(counted(values), max_bins); }

std::vector<Bin> histogram(const ValueCounts& values, int max_bins) {
  std::vector<Bin> bins;
  if (values.count() == 0) return bins;
  const Sorted sorted = values.sorted();
  double lo = sorted.front().first, hi = sorted.back().first;
  bool integers = std::all_of(sorted.begin(), sorted.end(), [](const auto& e) { return e.first == std::floor(e.first); });
  double width;
  if (integers) {
    width = std::max(1.0, std::ceil((hi - lo + 1) / max_bins));
    hi = lo + width * std::ceil((hi - lo + 1) / width);
  } else {
    width = hi > lo ? (hi - lo) / max_bins : 1.0;
    hi = lo + width * max_bins;
  }
  const int count = std::max(1, static_cast<int>(std::lround((hi - lo) / width)));
  for (int b = 0; b < count; ++b) bins.push_back({lo + b * width, lo + (b + 1) * width, 0});
  for (const auto& [value, times] : sorted) {
    int b = static_cast<int>((value - lo) / width);
    bins[std::clamp(b, 0, count - 1)].count += static_cast<std::int64_t>(times);
  }
  return bins;
}

}  // namespace court::sim
