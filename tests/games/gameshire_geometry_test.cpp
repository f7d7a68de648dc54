// Gameshire geometry: polyomino counts, transforms, and placement enumeration on 8x8 bitboards.
#include <gtest/gtest.h>

#include "games/gameshire/geometry.h"

namespace court::gameshire {
namespace {

// Known counts (OEIS A000105 free, A001168 fixed) for sizes 1-5.
TEST(GameshireGeometry, PolyominoCountsMatchTheKnownSequences) {
  const int free_counts[] = {1, 1, 2, 5, 12};
  const int fixed_counts[] = {1, 2, 6, 19, 63};
  for (int n = 1; n <= 5; ++n) {
    EXPECT_EQ(static_cast<int>(free_polyominoes(n).size()), free_counts[n - 1]) << "free, size " << n;
    EXPECT_EQ(static_cast<int>(fixed_polyominoes(n).size()), fixed_counts[n - 1]) << "fixed, size " << n;
  }
}

TEST(GameshireGeometry, OrientationsOfEachFreePentominoAddUpToTheFixedCount) {
  int total = 0;
  for (const Shape& s : free_polyominoes(5)) {
    EXPECT_TRUE(connected(s));
    Shape plain = s;
    for (auto& tag : plain.tags) tag = 0;   // compare cells only
    total += static_cast<int>(orientations(plain).size());
  }
  EXPECT_EQ(total, 63);
}

TEST(GameshireGeometry, RotationAndMirrorAreNormalised) {
  // The S tetromino: X. / XX / .X
  const Shape s = make_shape({{0, 0}, {1, 0}, {1, 1}, {2, 1}});
  EXPECT_EQ(transform(s, 0), s);
  EXPECT_EQ(transform(transform(s, 1), 3).cells, s.cells);   // four quarter turns
  const Shape mirrored = transform(s, 4);
  EXPECT_EQ(mirrored.cells, (make_shape({{0, 1}, {1, 0}, {1, 1}, {2, 0}}).cells));
  for (int t = 0; t < 4; ++t) EXPECT_FALSE(same_cells(transform(s, t), mirrored)) << "rotation " << t;
  EXPECT_FALSE(connected(make_shape({{0, 0}, {1, 1}})));
}

TEST(GameshireGeometry, PlacementsStayOnTheMapAndOnAllowedSquares) {
  const Pattern domino = make_pattern(make_shape({{0, 0}, {0, 1}}));
  int everywhere = 0, field = 0;
  for_each_placement(domino, kAllCells, [&](int, Bits) { ++everywhere; });
  for_each_placement(domino, kFieldMask, [&](int anchor, Bits mask) {
    ++field;
    EXPECT_EQ(mask & ~kFieldMask, 0u) << anchor;
  });
  EXPECT_EQ(everywhere, 8 * 7);
  EXPECT_EQ(field, 6 * 5);
  EXPECT_TRUE(fits_anywhere(domino, cell_bit(cell_index(3, 3)) | cell_bit(cell_index(3, 4))));
  EXPECT_FALSE(fits_anywhere(domino, cell_bit(cell_index(3, 7)) | cell_bit(cell_index(4, 0))));   // no wrap-around
  EXPECT_EQ(std::popcount(kFieldMask), 36);
}

}  // namespace
}  // namespace court::gameshire
