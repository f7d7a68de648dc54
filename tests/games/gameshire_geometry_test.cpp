// Gameshire geometry: polyomino counts, transforms, and placement enumeration on 8x8 bitboards.
#include <gtest/gtest.h>

#include <random>

#include "games/gameshire/cards.h"
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

// Every shape of 1-5 squares in every orientation: the anchors found for all anchors at once (one
// shift per square) are the translations a square-by-square walk finds, on random allowed squares.
TEST(GameshireGeometry, FittingAnchorsMatchAWalkOverEveryTranslation) {
  std::mt19937_64 gen(5);
  for (int n = 1; n <= 5; ++n) {
    for (const Shape& s : fixed_polyominoes(n)) {
      const Pattern p = make_pattern(s);
      for (int trial = 0; trial < 20; ++trial) {
        const Bits allowed = trial == 0 ? kAllCells : gen() | gen();   // about three squares in four
        Bits walked = 0;
        for (int r = 0; r + p.height <= kGrid; ++r) {
          for (int c = 0; c + p.width <= kGrid; ++c) {
            if (((p.mask << cell_index(r, c)) & ~allowed) == 0) walked |= cell_bit(cell_index(r, c));
          }
        }
        ASSERT_EQ(fitting_anchors(p, allowed), walked) << "size " << n << ", trial " << trial;
      }
    }
  }
}

// Demands judged bit-sliced for all anchors agree with `meets` on the values under each placement:
// every requirement kind with n from 0 past its largest possible count, alone and two together.
TEST(GameshireGeometry, MeetingAnchorsAgreeWithMeetsAtEveryAnchor) {
  std::mt19937_64 gen(11);
  std::vector<Requirement> kinds;
  for (ReqKind kind : {ReqKind::DistinctCrops, ReqKind::DistinctCows, ReqKind::Crops, ReqKind::Cows,
                       ReqKind::SameCrop, ReqKind::CowTotal, ReqKind::Crop, ReqKind::Filled}) {
    for (int n = 0; n <= (kind == ReqKind::CowTotal ? 31 : 6); ++n) {
      kinds.push_back({kind, static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n % kCrops)});
    }
  }
  for (int n = 2; n <= 5; ++n) {
    for (const Shape& s : free_polyominoes(n)) {
      const Pattern p = make_pattern(s);
      for (int trial = 0; trial < 6; ++trial) {
        std::array<Value, kCells> values{};
        // Trials 0-1 draw from few values (crowded counts), the rest from all thirteen.
        for (Value& v : values) v = static_cast<Value>(gen() % (trial < 2 ? 4 : 13) + (trial == 1 ? 7 : 0)) % 13;
        const ValueSets sets = value_sets(values);
        for (std::size_t k = 0; k < kinds.size(); ++k) {
          const std::vector<Requirement> require = {kinds[k], kinds[(k * 7 + trial) % kinds.size()]};
          for (const auto& req : {std::vector<Requirement>{kinds[k]}, require}) {
            const Bits found = meeting_anchors(req, p, sets, p.anchors);
            for (Bits a = p.anchors; a; a &= a - 1) {
              const int anchor = std::countr_zero(a);
              std::array<Value, kMaxShapeCells> under{};
              int count = 0;
              for (Bits m = p.mask << anchor; m; m &= m - 1) under[count++] = values[std::countr_zero(m)];
              ASSERT_EQ((found >> anchor & 1) != 0, meets(req, under.data(), count))
                  << "kind " << static_cast<int>(req[0].kind) << " n " << int{req[0].n} << " anchor " << anchor;
            }
          }
        }
      }
    }
  }
}

// The boon lines found a byte and a bit at a time are the lines whose six squares are all filled.
TEST(GameshireGeometry, FullLinesAreTheLinesWhoseSixSquaresAreFilled) {
  std::mt19937_64 gen(3);
  for (int trial = 0; trial < 2000; ++trial) {
    // Mostly filled boards, so that lines complete; every tenth trial the whole field.
    Bits filled = trial % 10 == 0 ? kFieldMask : gen() | gen() | gen();
    if (trial % 7 == 0) filled &= kFieldMask;
    std::uint16_t expected = 0;
    for (int line = 0; line < kLines; ++line) {
      if ((filled & boon_line_mask(line)) == boon_line_mask(line)) expected |= static_cast<std::uint16_t>(1u << line);
    }
    ASSERT_EQ(full_lines(filled), expected) << "trial " << trial;
  }
  EXPECT_EQ(full_lines(kFieldMask), 0xfff);
}

}  // namespace
}  // namespace court::gameshire
