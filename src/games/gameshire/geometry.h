// Gameshire's geometry: polyomino shapes, their rotations and mirror images, and placement on an 8x8
// map as 64-bit boards (bit row * 8 + col). Enumerating every placement of a pattern is a shift and a
// mask test per anchor; no heap in the hot path.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace court::gameshire {

using Bits = std::uint64_t;

inline constexpr int kGrid = 8;         // the map is 8x8: a white 6x6 field inside a grey border
inline constexpr int kCells = kGrid * kGrid;
inline constexpr int kMaxShapeCells = 6;
inline constexpr int kTransforms = 8;   // four rotations, each optionally mirrored

constexpr int cell_index(int row, int col) { return row * kGrid + col; }
constexpr Bits cell_bit(int cell) { return Bits{1} << cell; }

// The white 6x6 field: rows 1..6, columns 1..6.
constexpr Bits field_mask() {
  Bits m = 0;
  for (int r = 1; r <= 6; ++r) for (int c = 1; c <= 6; ++c) m |= cell_bit(cell_index(r, c));
  return m;
}
inline constexpr Bits kFieldMask = field_mask();
inline constexpr Bits kAllCells = ~Bits{0};

struct Cell {
  std::int8_t row = 0;
  std::int8_t col = 0;
  friend constexpr bool operator==(Cell, Cell) = default;
  friend constexpr auto operator<=>(Cell, Cell) = default;
};

// A set of cells, normalised so that the smallest row and the smallest column are 0, sorted.
// `tag` carries one small value per cell (a plan's symbol index) through transforms.
struct Shape {
  FixedVector<Cell, kMaxShapeCells> cells;
  FixedVector<std::uint8_t, kMaxShapeCells> tags;
  friend bool operator==(const Shape&, const Shape&) = default;
};

// Shape from cells (tags 0, 1, 2, ... in the given order), normalised.
Shape make_shape(const std::vector<Cell>& cells);
// Translates so min row/col are 0 and sorts the cells (tags follow their cells).
Shape normalize(Shape shape);
// Transform t in 0..7: rotate t % 4 quarter turns clockwise, then mirror left-right when t >= 4.
Shape transform(const Shape& shape, int t);
bool connected(const Shape& shape);
// Cells only (tags ignored) are equal.
bool same_cells(const Shape& a, const Shape& b);

// Squares in a set. (std::popcount is a library call on the baseline x86-64 this builds for; this
// is the same count in a dozen inline operations.)
constexpr int count_squares(Bits b) {
  b = b - ((b >> 1) & 0x5555555555555555ull);
  b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((b * 0x0101010101010101ull) >> 56);
}

// Placement patterns: a shape as a mask at the origin, its height and width, and the anchors at which
// it lies inside the map.
struct Pattern {
  Bits mask = 0;
  Bits anchors = 0;   // bit a: the shape moved to anchor a stays inside the 8x8 map
  std::uint8_t height = 0;
  std::uint8_t width = 0;
};
Pattern make_pattern(const Shape& shape);

// The anchors (top-left corners, row-major cells) of a rows x cols box inside the map.
constexpr Bits box_anchors(int height, int width) {
  Bits m = 0;
  for (int r = 0; r + height <= kGrid; ++r) for (int c = 0; c + width <= kGrid; ++c) m |= cell_bit(cell_index(r, c));
  return m;
}

// Bit a set when `p` moved to anchor a lies inside the map and only on `allowed`: one shift and AND
// per square of the shape, for all anchors at once. (Inside the map, anchor + offset never wraps a
// row, so shifting the whole board is exact.)
inline Bits fitting_anchors(const Pattern& p, Bits allowed) {
  Bits out = p.anchors;
  for (Bits m = p.mask; m; m &= m - 1) out &= allowed >> std::countr_zero(m);
  return out;
}

// Calls f(anchor, mask) for every translation of `p` that lies inside the map and only on `allowed`,
// anchors in increasing order.
template <class F>
inline void for_each_placement(const Pattern& p, Bits allowed, F&& f) {
  for (Bits a = fitting_anchors(p, allowed); a; a &= a - 1) {
    const int anchor = std::countr_zero(a);
    f(anchor, p.mask << anchor);
  }
}
inline bool fits_anywhere(const Pattern& p, Bits allowed) { return fitting_anchors(p, allowed) != 0; }
inline bool anchor_valid(const Pattern& p, int anchor) {
  return anchor >= 0 && anchor < kCells && anchor / kGrid + p.height <= kGrid && anchor % kGrid + p.width <= kGrid;
}

// The distinct orientations of `shape` (cells and tags both compared), in transform order.
std::vector<Shape> orientations(const Shape& shape);
// Every fixed polyomino of `n` cells (distinct up to translation) and every free one (up to
// translation, rotation and mirroring). For tests and tools: these allocate.
std::vector<Shape> fixed_polyominoes(int n);
std::vector<Shape> free_polyominoes(int n);

}  // namespace court::gameshire
