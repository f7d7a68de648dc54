// The statistics store of information-set MCTS: one open-addressing table of edges keyed on
// (information-set key, action). No strings, no per-node objects: a node is just its key.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace court {

struct IsmctsEdge {
  std::uint64_t node = 0;      // the information-set key of the node (0 = empty slot)
  std::uint32_t action = 0;
  std::uint32_t visits = 0;
  std::uint32_t available = 0; // times the action was legal when its node was visited
  float reward = 0;            // sum of the acting seat's rewards through this edge
};

class IsmctsTree {
 public:
  // Room for about `edges` edges before the table grows (growing happens between iterations).
  explicit IsmctsTree(std::size_t edges = 1 << 12);
  void clear();
  // The edge, or nullptr when it was never expanded. Inline: selection asks for every legal action.
  IsmctsEdge* find(std::uint64_t node, Action action) {
    for (std::size_t i = slot(node, action);; i = (i + 1) & mask_) {
      IsmctsEdge& e = slots_[i];
      if (e.node == node && e.action == action.code) return &e;
      if (e.node == 0) return nullptr;
    }
  }
  // A new edge (precondition: not present). Never invalidates pointers during an iteration: the
  // table grows only in reserve_for_iteration().
  IsmctsEdge* insert(std::uint64_t node, Action action);
  // Makes sure one more iteration can insert its edge without growing.
  void reserve_for_iteration() {
    if ((size_ + 1) * 2 > slots_.size()) grow();
  }
  std::size_t size() const { return size_; }

 private:
  // Node keys are already mixed (ismcts_key), so one multiplication spreads (node, action) over the
  // table: its top bits are the slot. (Where an edge sits never changes which move is chosen.)
  std::size_t slot(std::uint64_t node, Action action) const {
    return static_cast<std::size_t>(((node ^ action.code * 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull) >> shift_);
  }
  void grow();
  void resize(std::size_t capacity);
  std::vector<IsmctsEdge> slots_;
  std::size_t mask_ = 0;
  int shift_ = 64;
  std::size_t size_ = 0;
};

// Mixes one observation into an information-set key (never 0).
constexpr std::uint64_t ismcts_key(std::uint64_t key, std::uint64_t actor, std::uint64_t observation) {
  std::uint64_t z = key ^ (actor + 1) * 0x9e3779b97f4a7c15ull ^ observation * 0xd6e8feb86659fd93ull;
  z = (z ^ (z >> 32)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 29)) * 0x94d049bb133111ebull;
  z ^= z >> 32;
  return z | 1;
}

// std::log(n) for UCB's availability counts: a table for the counts below kUcbLogTable, filled
// once by std::log itself, so every value (and so every choice) is bit for bit the call's.
inline constexpr std::uint32_t kUcbLogTable = 1 << 14;
const double* ucb_log_table();
inline double ucb_log(const double* table, std::uint32_t n) {
  return n < kUcbLogTable ? table[n] : std::log(static_cast<double>(n));
}

}  // namespace court
