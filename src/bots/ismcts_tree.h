// The statistics store of information-set MCTS: one open-addressing table of edges keyed on
// (information-set key, action). No strings, no per-node objects: a node is just its key.
#pragma once

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
  // The edge, or nullptr when it was never expanded.
  IsmctsEdge* find(std::uint64_t node, Action action);
  // A new edge (precondition: not present). Never invalidates pointers during an iteration: the
  // table grows only in reserve_for_iteration().
  IsmctsEdge* insert(std::uint64_t node, Action action);
  // Makes sure one more iteration can insert its edge without growing.
  void reserve_for_iteration();
  std::size_t size() const { return size_; }

 private:
  std::size_t slot(std::uint64_t node, Action action) const;
  void grow();
  std::vector<IsmctsEdge> slots_;
  std::size_t mask_ = 0;
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

}  // namespace court
