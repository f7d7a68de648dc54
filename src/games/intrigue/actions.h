// How Intrigue packs a move into an Action's 32 bits, and back.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"
#include "games/intrigue/cards.h"

namespace court::intrigue {

enum class Move : std::uint8_t {
  TakeToken = 1,        // a = token index (letter * token_count + k)
  PlayFavor,            // a = letter
  PlayFaceDown,         // card, a = letter
  PlaySupportFaceUp,    // card, a = letter
  PlayRelationship,     // card, a = edge, b = 1 when forward (left arrow on the edge's first letter)
  PlayAction,           // card, a/b by effect: letter; edge; (from edge, to edge); (my token, their token)
  Discard,              // card
};

struct MoveCode {
  Move move = Move::TakeToken;
  CardId card = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;

  Action encode() const {
    return Action{static_cast<std::uint32_t>(move) | (std::uint32_t{card} << 4) | (std::uint32_t{a} << 10) |
                  (std::uint32_t{b} << 14)};
  }
  static MoveCode decode(Action action) {
    MoveCode m;
    m.move = static_cast<Move>(action.code & 0xf);
    m.card = static_cast<CardId>((action.code >> 4) & 0x3f);
    m.a = static_cast<std::uint8_t>((action.code >> 10) & 0xf);
    m.b = static_cast<std::uint8_t>((action.code >> 14) & 0xf);
    return m;
  }
};

// The most moves one position offers: every token and favor, and for each distinct card of a full
// hand three face-down plays and at most nine more (Manipulate: three own tokens times three others').
inline constexpr std::size_t kMaxMoves = kTokens + kLetters + kMaxHand * (kLetters + 9);

// Moves gathered in a local array, then appended to the caller's list at once. Pushing them one by one
// onto the list reloads its size from memory after every store (the compiler cannot tell the size from
// the items), a chain that was most of legal_actions' time.
struct MoveBuffer {
  // Room for kMaxMoves and the slots add_if may write past the last move kept.
  std::array<Action, kMaxMoves + 8> items;  // not zeroed: only [0, size) is read
  std::size_t size = 0;

  void add(MoveCode m) { items[size++] = m.encode(); }
  // Writes the move and keeps it only when `keep`: no branch for the processor to mispredict, where
  // which moves exist depends on random play (who holds a token, what a card is).
  void add_if(MoveCode m, bool keep) {
    items[size] = m.encode();
    size += keep ? 1 : 0;
  }
  void append_to(ActionList& out) const {
    Action* slot = out.append_unwritten(size);
    for (std::size_t i = 0; i < size; ++i) slot[i] = items[i];
  }
};

}  // namespace court::intrigue
