// How Belle of the Ball packs a move into an Action's 32 bits, and back.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"
#include "games/belle/cards.h"

namespace court::belle {

enum class Move : std::uint8_t {
  InviteGuest = 1,   // card; couple = 1: on top of single guest `unit`
  InviteBelle,       // card
  PowerMingler,      // index = mingling card (dismiss or welcome, by the invited guest's power)
  SkipPower,         // decline the invited guest's power
  Gift,              // card, unit = a couple of the player's clique
  NoGift,
  AttractMingler,    // index = mingling guest
  AttractGuest,      // unit = a single guest of another clique
  AttractCouple,     // unit = a couple of another clique (Belles)
  Repel,             // unit = a single guest of the player's clique; to = seat, or discard = 1
  DeclineReach,      // only with the option optional_reach
  ReplaceSingle,     // card
  ReplaceCouple,     // card = top, card2 = bottom
  NoReplace,
  UsePower,          // the invited guest's power that takes no target: draw its cards
};
inline constexpr int kLastMove = static_cast<int>(Move::UsePower);

// Layout: move 4 bits | card 7 | card2 7 | to 4 | index 7 | flag 1. Bit 31 marks an observed code.
struct MoveCode {
  Move move = Move::InviteGuest;
  std::uint8_t card = 0;
  std::uint8_t card2 = 0;
  std::uint8_t to = 0;
  std::uint8_t index = 0;   // a unit of the table, or a mingler position
  bool flag = false;        // InviteGuest: as a couple; Repel: to the discard pile

  Action encode() const {
    return Action{static_cast<std::uint32_t>(move) | (std::uint32_t{card} & 0x7f) << 4 |
                  (std::uint32_t{card2} & 0x7f) << 11 | (std::uint32_t{to} & 0xf) << 18 |
                  (std::uint32_t{index} & 0x7f) << 22 | std::uint32_t{flag} << 29};
  }
  static MoveCode decode(Action action) {
    MoveCode m;
    m.move = static_cast<Move>(action.code & 0xf);
    m.card = static_cast<std::uint8_t>((action.code >> 4) & 0x7f);
    m.card2 = static_cast<std::uint8_t>((action.code >> 11) & 0x7f);
    m.to = static_cast<std::uint8_t>((action.code >> 18) & 0xf);
    m.index = static_cast<std::uint8_t>((action.code >> 22) & 0x7f);
    m.flag = ((action.code >> 29) & 1u) != 0;
    return m;
  }
};

// Moves written straight into the caller's list, their count kept here and added to the list's size
// once at the end (commit). Pushing them one by one onto the list reloads its size from memory after
// every store (the compiler cannot tell the size from the items), a chain that was most of
// legal_actions' time; gathering them in a local array first cost a copy of every move.
class MoveWriter {
 public:
  explicit MoveWriter(ActionList& out) : out_(out), first_(out.end()), room_(out.capacity() - out.size()) {}

  void add(MoveCode m) { add_if(m, true); }
  // Writes the move and keeps it only when `keep`: no branch for the processor to mispredict, where
  // which moves exist depends on random play (whose guest is where, what it shows).
  void add_if(MoveCode m, bool keep) {
    if (size_ == room_) {  // the list is full: only a move kept overflows it
      if (keep) fixed_vector_overflow(ActionList::capacity());
      return;
    }
    first_[size_] = m.encode();
    size_ += keep ? 1 : 0;
  }
  bool empty() const { return size_ == 0; }
  // The moves written become part of the list.
  void commit() { out_.append_unwritten(size_); }

 private:
  ActionList& out_;
  Action* first_;      // the list's first unwritten slot
  std::size_t room_;   // slots left in the list
  std::size_t size_ = 0;
};

}  // namespace court::belle
