// The report from games folded as they finish (sim/aggregate.h, issue 38): a run resumed from any of its
// checkpoints ends with the document of an uninterrupted run, byte for byte, through sweeps and ladders; a
// checkpoint that does not fit the request is refused; counted values summarize as the values themselves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "engine/registry.h"
#include "sim/aggregate.h"
#include "sim/simulate.h"
#include "sim/stats.h"

namespace court::sim {
namespace {

// A sweep of two variants of Intrigue, each with a two-rung ladder: six batches.
SimRequest sweep_with_ladder(std::uint64_t batch_games) {
  SimRequest r;
  r.entry = &games().get("intrigue");
  r.players = 3;
  r.lineup = {"random", "heuristic", "random"};
  r.ladder = {"random", "heuristic"};
  for (const char* rounds : {"2", "3"}) r.configs.push_back(r.entry->make_config(3, {{"rounds", rounds}}));
  r.settings.seed = 7;
  r.settings.games = batch_games;
  r.settings.threads = 2;
  r.settings.rotate = true;
  return r;
}

TEST(Aggregate, AResumedRunEndsWithTheUninterruptedRunsDocument) {
  const SimRequest request = sweep_with_ladder(3000);
  std::vector<nlohmann::json> checkpoints;
  SimHooks hooks;
  hooks.checkpoint = [&](const nlohmann::json& c) { checkpoints.push_back(c); };
  hooks.checkpoint_ms = 0;   // after every round
  const std::string whole = simulate(request, Cluster{}, hooks).document.dump(2);
  ASSERT_GT(checkpoints.size(), 6u) << "several rounds a batch";
  // One from the first batch, one in a ladder rung, one in the second variant, and the last.
  for (std::size_t i : {std::size_t{1}, checkpoints.size() / 3, checkpoints.size() * 2 / 3, checkpoints.size() - 1}) {
    const nlohmann::json text_again = nlohmann::json::parse(checkpoints[i].dump());   // as the store keeps it
    Progress progress;
    SimHooks resume;
    resume.resume = &text_again;
    resume.progress = &progress;
    EXPECT_EQ(simulate(request, Cluster{}, resume).document.dump(2), whole) << "resumed from checkpoint " << i;
    EXPECT_EQ(progress.finished.load(), 3000u * 6) << "the resumed games count as done";
  }
}

TEST(Aggregate, ACheckpointThatDoesNotFitIsRefused) {
  const SimRequest request = sweep_with_ladder(200);
  nlohmann::json checkpoint = {{"batch", 9}, {"aggregate", nlohmann::json::object()}, {"finished", nlohmann::json::array()}};
  SimHooks hooks;
  hooks.resume = &checkpoint;
  EXPECT_THROW(simulate(request, Cluster{}, hooks), std::runtime_error);
  checkpoint = {{"batch", 0}, {"aggregate", {{"games", 3}}}, {"finished", nlohmann::json::array()}};
  EXPECT_THROW(simulate(request, Cluster{}, hooks), std::runtime_error);
}

// The summary of counted values is the summary of the values: sums taken in ascending order, quantiles
// and histogram alike, with negative, fractional, large and signed-zero values among small whole ones.
TEST(Aggregate, CountedValuesSummarizeAsTheValues) {
  std::vector<double> values;
  for (int i = 0; i < 5000; ++i) values.push_back((i * 37) % 61);
  for (double v : {-3.0, 0.25, 1e7, -0.0, 4095.0, 4096.0, 0.1, 0.1}) values.push_back(v);
  ValueCounts counts;
  for (double v : values) counts.add(v);
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double v : sorted) sum += v;
  const Summary s = summarize(counts);
  EXPECT_EQ(s.count, static_cast<double>(values.size()));
  EXPECT_EQ(s.mean, sum / s.count);
  EXPECT_EQ(s.min, -3.0);
  EXPECT_EQ(s.max, 1e7);
  const double pos = 0.5 * static_cast<double>(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(pos);
  EXPECT_EQ(s.p50, sorted[i] * (1 - (pos - i)) + sorted[i + 1] * (pos - i));
  std::int64_t binned = 0;
  for (const Bin& b : histogram(counts)) binned += b.count;
  EXPECT_EQ(binned, static_cast<std::int64_t>(values.size()));
  const auto ascending = counts.sorted();
  EXPECT_TRUE(std::is_sorted(ascending.begin(), ascending.end()));
  EXPECT_TRUE(std::signbit(std::find_if(ascending.begin(), ascending.end(), [](auto& e) { return e.first == 0; })->first))
      << "-0 comes before +0";
}

}  // namespace
}  // namespace court::sim
