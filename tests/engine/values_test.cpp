// The engine's small value types: seat sets, fixed vectors, outcomes, seeds and shuffles.
#include <gtest/gtest.h>

#include <map>

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
