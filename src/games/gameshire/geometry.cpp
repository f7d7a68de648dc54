// Gameshire's geometry (geometry.h): shapes made and normalized, their rotations and mirror images,
// a placement's pattern on the 8x8 map, and every polyomino of n cells (the geometry tests count them).
#include "games/gameshire/geometry.h"

#include <algorithm>
#include <set>

namespace court::gameshire {

Shape make_shape(const std::vector<Cell>& cells) {
  Shape s;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    s.cells.push_back(cells[i]);
    s.tags.push_back(static_cast<std::uint8_t>(i));
  }
  return normalize(s);
}

Shape normalize(Shape shape) {
  if (shape.cells.empty()) return shape;
  int min_r = 127, min_c = 127;
  for (Cell c : shape.cells) { min_r = std::min<int>(min_r, c.row); min_c = std::min<int>(min_c, c.col); }
  std::array<std::pair<Cell, std::uint8_t>, kMaxShapeCells> items{};
  const std::size_t n = shape.cells.size();
  for (std::size_t i = 0; i < n; ++i) {
    items[i] = {Cell{static_cast<std::int8_t>(shape.cells[i].row - min_r), static_cast<std::int8_t>(shape.cells[i].col - min_c)},
                shape.tags[i]};
  }
  std::sort(items.begin(), items.begin() + static_cast<long>(n));
  Shape out;
  for (std::size_t i = 0; i < n; ++i) { out.cells.push_back(items[i].first); out.tags.push_back(items[i].second); }
  return out;
}

Shape transform(const Shape& shape, int t) {
  Shape s = shape;
  for (int k = 0; k < t % 4; ++k) {
    for (Cell& c : s.cells) c = Cell{c.col, static_cast<std::int8_t>(-c.row)};   // quarter turn clockwise
  }
  if (t >= 4) for (Cell& c : s.cells) c.col = static_cast<std::int8_t>(-c.col);
  return normalize(s);
}

bool connected(const Shape& shape) {
  const std::size_t n = shape.cells.size();
  if (n == 0) return false;
  std::uint32_t seen = 1, frontier = 1;
  while (frontier) {
    std::uint32_t next = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (!(frontier >> i & 1)) continue;
      for (std::size_t j = 0; j < n; ++j) {
        if (seen >> j & 1) continue;
        const int d = std::abs(shape.cells[i].row - shape.cells[j].row) + std::abs(shape.cells[i].col - shape.cells[j].col);
        if (d == 1) { seen |= 1u << j; next |= 1u << j; }
      }
    }
    frontier = next;
  }
  return seen == (1u << n) - 1;
}

bool same_cells(const Shape& a, const Shape& b) { return a.cells == b.cells; }

Pattern make_pattern(const Shape& shape) {
  Pattern p;
  for (Cell c : shape.cells) {
    p.mask |= cell_bit(cell_index(c.row, c.col));
    p.height = static_cast<std::uint8_t>(std::max<int>(p.height, c.row + 1));
    p.width = static_cast<std::uint8_t>(std::max<int>(p.width, c.col + 1));
  }
  p.anchors = shape.cells.empty() ? 0 : box_anchors(p.height, p.width);
  return p;
}

std::vector<Shape> orientations(const Shape& shape) {
  std::vector<Shape> out;
  for (int t = 0; t < kTransforms; ++t) {
    Shape s = transform(shape, t);
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

namespace {

std::vector<Cell> cells_of(const Shape& s) { return {s.cells.begin(), s.cells.end()}; }

}  // namespace

std::vector<Shape> fixed_polyominoes(int n) {
  std::set<std::vector<Cell>> current;
  if (n <= 0 || n > kMaxShapeCells) return {};
  current.insert({Cell{0, 0}});
  for (int size = 1; size < n; ++size) {
    std::set<std::vector<Cell>> grown;
    for (const auto& cells : current) {
      for (Cell c : cells) {
        const Cell around[4] = {{static_cast<std::int8_t>(c.row + 1), c.col}, {static_cast<std::int8_t>(c.row - 1), c.col},
                                {c.row, static_cast<std::int8_t>(c.col + 1)}, {c.row, static_cast<std::int8_t>(c.col - 1)}};
        for (Cell d : around) {
          if (std::find(cells.begin(), cells.end(), d) != cells.end()) continue;
          auto next = cells;
          next.push_back(d);
          grown.insert(cells_of(make_shape(next)));
        }
      }
    }
    current = std::move(grown);
  }
  std::vector<Shape> out;
  for (const auto& cells : current) out.push_back(make_shape(cells));
  return out;
}

std::vector<Shape> free_polyominoes(int n) {
  std::set<std::vector<Cell>> canonical;
  for (const Shape& s : fixed_polyominoes(n)) {
    std::vector<Cell> best;
    for (int t = 0; t < kTransforms; ++t) {
      auto cells = cells_of(transform(s, t));
      if (best.empty() || cells < best) best = cells;
    }
    canonical.insert(best);
  }
  std::vector<Shape> out;
  for (const auto& cells : canonical) out.push_back(make_shape(cells));
  return out;
}

}  // namespace court::gameshire
