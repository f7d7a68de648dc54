// How Gameshire packs a move into an Action's code, and back: the move's kind in 4 bits, then two
// 8-bit parts (a market slot, a placement and its anchor square, a square and a value, ...).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"
#include "games/gameshire/geometry.h"

namespace court::gameshire {

enum class Move : std::uint8_t {
  Choose = 1,     // a = market slot
  Place,          // a = placement index in the card's list, b = anchor cell
  Pass,
  Omit,           // a = the card cell left out
  UseSkill,       // a = crop; b = market slot (swap_resource) or season card (return_plan)
  Erase,          // a = cell
  Write,          // a = cell, b = value
  ShadeGift,      // a = cell
  Deliver,        // a = gift column
  Discard,        // a = market slot (refresh)
  Keep,           // end the refresh
};

// Layout: move 4 bits | a 8 | b 8.
struct MoveCode {
  Move move = Move::Pass;
  std::uint8_t a = 0;
  std::uint8_t b = 0;
  Action encode() const { return Action{static_cast<std::uint32_t>(move) | (std::uint32_t{a} << 4) | (std::uint32_t{b} << 12)}; }
  static MoveCode decode(Action action) {
    return MoveCode{static_cast<Move>(action.code & 0xf), static_cast<std::uint8_t>(action.code >> 4 & 0xff),
                    static_cast<std::uint8_t>(action.code >> 12 & 0xff)};
  }
};

// Appends a placement move of list entry first + k at each anchor of anchors[k], in list then anchor
// order; written in place after one append_unwritten (a Record step lists dozens of them).
inline void push_placements(ActionList& out, std::size_t first, const Bits* anchors, std::size_t count) {
  int total = 0;
  for (std::size_t k = 0; k < count; ++k) total += count_squares(anchors[k]);
  Action* slot = out.append_unwritten(static_cast<std::size_t>(total));
  for (std::size_t k = 0; k < count; ++k) {
    const auto index = static_cast<std::uint8_t>(first + k);
    for (Bits a = anchors[k]; a; a &= a - 1) {
      *slot++ = MoveCode{Move::Place, index, static_cast<std::uint8_t>(std::countr_zero(a))}.encode();
    }
  }
}

}  // namespace court::gameshire
