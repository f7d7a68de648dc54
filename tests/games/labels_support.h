// Helpers every game's tests share: a seat's legal moves as their labels.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::test_support {

// The labels of `seat`'s legal moves, in the game's order.
inline std::vector<std::string> labels(const GameState& g, Seat seat) {
  ActionList actions;
  g.legal_actions(seat, actions);
  std::vector<std::string> out;
  for (Action a : actions) out.push_back(g.describe(seat, a));
  return out;
}

inline bool is_legal(const GameState& g, Seat seat, const std::string& label) {
  const auto all = labels(g, seat);
  return std::find(all.begin(), all.end(), label) != all.end();
}

inline bool has_label_starting(const GameState& g, Seat seat, const std::string& prefix) {
  for (const auto& l : labels(g, seat)) {
    if (l.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

}  // namespace court::test_support
