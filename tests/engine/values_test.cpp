// The engine's small value types: seat sets, fixed vectors, outcomes, seeds and shuffles.
#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <vector>

#include "engine/game.h"
#include "engine/outcome.h"
#include "engine/rng.h"
#include "engine/types.h"

namespace court {
namespace {

TEST(SeatSet, InsertEraseIterate) {
  SeatSet set = SeatSet::first(3);
  EXPECT_EQ(set.size(), 3);
  set.erase(1);
  set.insert(7);
  std::vector<Seat> seats;
  for (Seat s : set) seats.push_back(s);
  EXPECT_EQ(seats, (std::vector<Seat>{0, 2, 7}));
  EXPECT_EQ(set.lowest(), 0);
  EXPECT_FALSE(set.contains(1));
  EXPECT_FALSE(set.contains(-1));
  EXPECT_TRUE(SeatSet().empty());
  EXPECT_EQ(SeatSet().lowest(), -1);
}

// The figures of one game, as (name, value) in the order first set.
std::vector<std::pair<std::string, double>> figures_of(const GameReport& r) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& f : r) out.emplace_back(f.name, f.value);
  return out;
}

// The simulator reuses one GameReport from game to game (clear): each game's figures are its own, in
// the order it set them, whether it sets the earlier games' names in their order or not.
TEST(GameReport, EachGameHasItsOwnFiguresInTheOrderItSetThem) {
  using Figures = std::vector<std::pair<std::string, double>>;
  GameReport r;
  r.set("a", 1);
  r.add("b");
  r.add("b");
  EXPECT_EQ(figures_of(r), (Figures{{"a", 1}, {"b", 2}}));
  r.clear();
  r.set("a", 3);
  r.add("a", 2);   // in the slots' order so far, then a name already set
  r.set("b", 4);
  EXPECT_EQ(figures_of(r), (Figures{{"a", 5}, {"b", 4}}));
  r.clear();
  r.set("b", 1);   // out of order: b and a swap slots
  r.set("c", 2);
  r.add("b");
  EXPECT_EQ(figures_of(r), (Figures{{"b", 2}, {"c", 2}}));
  r.clear();
  r.set("b", 7);   // in the slots' order again; then a name left by an earlier game further on
  r.set("a", 8);
  r.add("b");
  r.add("c");
  EXPECT_EQ(figures_of(r), (Figures{{"b", 8}, {"a", 8}, {"c", 1}}));
  EXPECT_EQ(r.value("c"), 1);
  EXPECT_EQ(r.value("d"), 0);
  EXPECT_FALSE(r.has("d"));
  r.clear();
  EXPECT_EQ(r.size(), 0u);
  EXPECT_FALSE(r.has("a"));
}

TEST(FixedVector, AppendUnwrittenGrowsByNAndRefusesOverflow) {
  FixedVector<int, 4> v;
  v.push_back(7);
  int* slot = v.append_unwritten(2);
  slot[0] = 8;
  slot[1] = 9;
  EXPECT_EQ(std::vector<int>(v.begin(), v.end()), (std::vector<int>{7, 8, 9}));
  EXPECT_THROW(v.append_unwritten(2), std::length_error);
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(v.append_unwritten(0), v.end());
  EXPECT_EQ(v.size(), 3u);
}

TEST(FixedVector, KeepsOrderAndRefusesOverflow) {
  FixedVector<int, 4> v;
  v.push_back(1);
  v.push_back(2);
  v.push_back(3);
  v.erase_at(0);
  v.insert_at(1, 9);
  EXPECT_EQ(std::vector<int>(v.begin(), v.end()), (std::vector<int>{2, 9, 3}));
  EXPECT_EQ(v.index_of(3), 2);
  EXPECT_EQ(v.index_of(5), -1);
  v.push_back(4);
  EXPECT_THROW(v.push_back(5), std::length_error);
  EXPECT_EQ(v.size(), 4u);
}

TEST(Outcome, TiesShareVictoryAndRank) {
  const double scores[] = {5, 7, 7, 1};
  Outcome o = Outcome::from_scores(scores, 4);
  EXPECT_FALSE(o.seats[0].win);
  EXPECT_TRUE(o.seats[1].win);
  EXPECT_TRUE(o.seats[2].win);
  EXPECT_EQ(o.seats[1].rank, 1);
  EXPECT_EQ(o.seats[2].rank, 1);
  EXPECT_EQ(o.seats[0].rank, 3);
  EXPECT_EQ(o.seats[3].rank, 4);
}

TEST(Rng, SeedsAreReproducibleAndDistinct) {
  Rng a = make_rng(42), b = make_rng(42), c = make_rng(43);
  EXPECT_EQ(a(), b());
  EXPECT_NE(make_rng(42)(), c());
  EXPECT_NE(mix_seed(1, 0), mix_seed(1, 1));
  EXPECT_NE(mix_seed(1, 0), mix_seed(2, 0));
}

// `uniform` takes its threshold and remainder from a table for n up to kSmallBound instead of dividing:
// the values and the number of draws must be pcg's own (`rng(n)`), or every seed would deal another game.
TEST(Rng, UniformDrawsWhatPcgDraws) {
  Rng a = make_rng(5), b = make_rng(5);
  for (int round = 0; round < 300; ++round) {
    for (std::uint32_t n = 1; n <= kSmallBound + 3; ++n) ASSERT_EQ(uniform(a, n), b(n)) << "n = " << n;
    for (std::uint32_t n : {4095u, 65537u, 1u << 31, 0xFFFFFFFFu, 3000000019u}) ASSERT_EQ(uniform(a, n), b(n)) << n;
  }
  EXPECT_EQ(a, b) << "both generators drew the same number of values";
}

// The remainder without division is the remainder, at every bound of the table, for draws at the edges
// (0, around each multiple of n and the rejection threshold, the largest) and between them.
TEST(Rng, SmallRemainderIsTheRemainder) {
  Rng rng = make_rng(11);
  for (std::uint32_t n = 1; n <= kSmallBound; ++n) {
    const std::uint32_t threshold = (0u - n) % n;
    EXPECT_EQ(kSmallBounds[n].threshold, threshold);
    std::vector<std::uint32_t> draws{0u, 1u, n - 1, n, n + 1, threshold, threshold - 1, 0xFFFFFFFFu, 0xFFFFFFFEu};
    const std::uint32_t top = 0xFFFFFFFFu / n * n;   // the largest multiple of n
    for (std::uint32_t m : {top, top - n, top / 2 / n * n}) draws.insert(draws.end(), {m - 1, m, m + 1});
    for (int i = 0; i < 200; ++i) draws.push_back(rng());
    for (std::uint32_t r : draws) ASSERT_EQ(small_remainder(r, n), r % n) << r << " % " << n;
  }
}

// The shuffle is Fisher-Yates drawing pcg's bounded values, as it always was: the same seed deals the same.
TEST(Rng, ShuffleIsPcgFisherYates) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    for (int n : {0, 1, 2, 7, 60, 64, 300, 1500}) {
      std::vector<int> mine(static_cast<std::size_t>(n)), oracle(static_cast<std::size_t>(n));
      std::iota(mine.begin(), mine.end(), 0);
      std::iota(oracle.begin(), oracle.end(), 0);
      Rng a = make_rng(seed), b = make_rng(seed);
      shuffle(mine.begin(), mine.end(), a);
      for (auto i = static_cast<std::uint32_t>(n); i > 1; --i) std::swap(oracle[i - 1], oracle[b(i)]);
      ASSERT_EQ(mine, oracle) << "seed " << seed << ", " << n << " items";
      ASSERT_EQ(a, b);
    }
  }
}

TEST(Rng, ShuffleIsUniformOverPermutations) {
  // 3 items: 6 permutations, 60000 shuffles: each expected 10000 times; sd ~91, allow 6 sd.
  Rng rng = make_rng(7);
  std::map<std::array<int, 3>, int> counts;
  for (int i = 0; i < 60000; ++i) {
    std::array<int, 3> p{0, 1, 2};
    shuffle(p.begin(), p.end(), rng);
    ++counts[p];
  }
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [perm, n] : counts) EXPECT_NEAR(n, 10000, 550);
}

}  // namespace
}  // namespace court
