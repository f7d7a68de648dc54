#include "bots/ismcts_tree.h"

#include <algorithm>
#include <array>
#include <bit>

namespace court {

IsmctsTree::IsmctsTree(std::size_t edges) {
  resize(std::bit_ceil(std::max<std::size_t>(16, edges * 2)));
}

void IsmctsTree::resize(std::size_t capacity) {
  slots_.assign(capacity, IsmctsEdge{});
  mask_ = capacity - 1;
  shift_ = 64 - std::countr_zero(capacity);
  size_ = 0;
}

void IsmctsTree::clear() {
  if (size_ == 0) return;   // a fresh table is clear already
  std::fill(slots_.begin(), slots_.end(), IsmctsEdge{});
  size_ = 0;
}

IsmctsEdge* IsmctsTree::insert(std::uint64_t node, Action action) {
  for (std::size_t i = slot(node, action);; i = (i + 1) & mask_) {
    IsmctsEdge& e = slots_[i];
    if (e.node == 0) {
      e.node = node;
      e.action = action.code;
      ++size_;
      return &e;
    }
  }
}

void IsmctsTree::grow() {
  std::vector<IsmctsEdge> old;
  old.swap(slots_);
  resize(old.size() * 2);
  for (const IsmctsEdge& e : old) {
    if (e.node == 0) continue;
    *insert(e.node, Action{e.action}) = e;
  }
}

const double* ucb_log_table() {
  static const std::array<double, kUcbLogTable> table = [] {
    std::array<double, kUcbLogTable> t{};
    for (std::uint32_t n = 0; n < kUcbLogTable; ++n) t[n] = std::log(static_cast<double>(n));
    return t;
  }();
  return table.data();
}

}  // namespace court
