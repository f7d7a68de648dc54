// Persuasion's own shuffle (persuasion-shared/shuffle.h) must deal exactly what engine/rng.h's would: the
// same seed gives the same games before and after it (issue 22).
#include <gtest/gtest.h>

#include <array>
#include <numeric>

#include "engine/rng.h"
#include "games/persuasion-shared/shuffle.h"

namespace court::persuasion {
namespace {

TEST(PersuasionShuffle, UniformSmallDrawsWhatRngDraws) {
  Rng a = make_rng(5);
  Rng b = make_rng(5);
  for (int round = 0; round < 2000; ++round) {
    for (std::uint32_t n = 1; n <= kMaxCards; ++n) {
      ASSERT_EQ(uniform_small(a, n), uniform(b, n)) << "n = " << n << ", round " << round;
    }
  }
  EXPECT_EQ(a, b) << "both generators drew the same number of values";
}

TEST(PersuasionShuffle, ShuffleSmallGivesTheEngineShufflesOrder) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    for (std::uint32_t n : {0u, 1u, 2u, 7u, 40u, 60u, 64u}) {
      std::array<CardId, kMaxCards> mine{}, engine{};
      std::iota(mine.begin(), mine.begin() + n, CardId{0});
      std::iota(engine.begin(), engine.begin() + n, CardId{0});
      Rng a = make_rng(seed);
      Rng b = make_rng(seed);
      shuffle_small(mine.data(), n, a);
      shuffle(engine.begin(), engine.begin() + n, b);
      ASSERT_EQ(mine, engine) << "seed " << seed << ", " << n << " cards";
      ASSERT_EQ(a, b);
    }
  }
}

}  // namespace
}  // namespace court::persuasion
