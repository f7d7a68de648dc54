#include "bots/ismcts_tree.h"

#include <bit>

namespace court {

IsmctsTree::IsmctsTree(std::size_t edges) {
  const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(16, edges * 2));
  slots_.assign(capacity, IsmctsEdge{});
  mask_ = capacity - 1;
}

void IsmctsTree::clear() {
  std::fill(slots_.begin(), slots_.end(), IsmctsEdge{});
  size_ = 0;
}

std::size_t IsmctsTree::slot(std::uint64_t node, Action action) const {
  return static_cast<std::size_t>(ismcts_key(node, action.code, 0x51ed)) & mask_;
}

IsmctsEdge* IsmctsTree::find(std::uint64_t node, Action action) {
  for (std::size_t i = slot(node, action);; i = (i + 1) & mask_) {
    IsmctsEdge& e = slots_[i];
    if (e.node == 0) return nullptr;
    if (e.node == node && e.action == action.code) return &e;
  }
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

void IsmctsTree::reserve_for_iteration() {
  if ((size_ + 1) * 2 > slots_.size()) grow();
}

void IsmctsTree::grow() {
  std::vector<IsmctsEdge> old(slots_.size() * 2);
  old.swap(slots_);
  mask_ = slots_.size() - 1;
  size_ = 0;
  for (const IsmctsEdge& e : old) {
    if (e.node == 0) continue;
    *insert(e.node, Action{e.action}) = e;
  }
}

}  // namespace court
