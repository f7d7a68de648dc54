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

namespace {

double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(pos);
  const double frac = pos - static_cast<double>(i);
  return i + 1 < sorted.size() ? sorted[i] * (1 - frac) + sorted[i + 1] * frac : sorted[i];
}

// Sorts `values`: whole numbers in a small range (lengths, scores, counts: most of a report's columns,
// each as long as the batch) by counting them, the rest with std::sort. The same order either way.
void sort_values(std::vector<double>& values) {
  constexpr double kMaxRange = 1 << 16;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double low = *lo;
  const bool countable = hi != values.end() && *hi - low <= kMaxRange &&
                         std::all_of(values.begin(), values.end(), [](double v) {
                           return v == std::floor(v) && !(v == 0 && std::signbit(v));   // -0 would come back as 0
                         });
  if (!countable) {
    std::sort(values.begin(), values.end());
    return;
  }
  std::vector<std::size_t> counts(static_cast<std::size_t>(*hi - low) + 1, 0);
  for (double v : values) ++counts[static_cast<std::size_t>(v - low)];
  auto out = values.begin();
  for (std::size_t k = 0; k < counts.size(); ++k) out = std::fill_n(out, counts[k], low + static_cast<double>(k));
}

}  // namespace

Summary summarize(std::vector<double> values) {
  Summary s;
  if (values.empty()) return s;
  sort_values(values);
  s.count = static_cast<double>(values.size());
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / s.count;
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.sd = values.size() > 1 ? std::sqrt(squares / (s.count - 1)) : 0;
  s.min = values.front();
  s.max = values.back();
  s.p10 = quantile(values, 0.1);
  s.p50 = quantile(values, 0.5);
  s.p90 = quantile(values, 0.9);
  const double half = 1.959963984540054 * s.sd / std::sqrt(s.count);
  s.mean_ci = {s.mean - half, s.mean + half};
  return s;
}

std::vector<Bin> histogram(const std::vector<double>& values, int max_bins) {
  std::vector<Bin> bins;
  if (values.empty()) return bins;
  auto [lo_it, hi_it] = std::minmax_element(values.begin(), values.end());
  double lo = *lo_it, hi = *hi_it;
  bool integers = std::all_of(values.begin(), values.end(), [](double v) { return v == std::floor(v); });
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
  for (double v : values) {
    int b = static_cast<int>((v - lo) / width);
    bins[std::clamp(b, 0, count - 1)].count++;
  }
  return bins;
}

}  // namespace court::sim
