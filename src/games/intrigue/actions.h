// How Intrigue packs a move into an Action's 32 bits, and back.
#pragma once

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

}  // namespace court::intrigue
