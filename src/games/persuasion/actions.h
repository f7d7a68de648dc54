// Persuasion, letterbox edition: how a move is packed into an Action's 32 bits (move 8 bits | seat 8 |
// card 8 | card2 8), and back.
#pragma once

#include <cstdint>

#include "engine/types.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

enum class Move : std::uint8_t {
  Show = 1,        // introductions: show `card` to `seat`
  Invite,          // intention: invite `seat` with `card`
  Propose,         // intention: propose to `seat` with `card`
  Independence,    // intention: claim independence
  Reflect,         // intention: reflection
  Swap,            // reflection: put `card` (yours) on the discard pile and keep drawn `card2`
  KeepNone,        // reflection: keep none of the drawn cards
  Accept,          // correspondence: accept `seat`'s mail, sending / giving `card`
  Reject,          // correspondence: reject `seat`'s mail
  ExtraReflect,    // await postman: reflect because nothing reached you this round
  Pass,            // await postman: do not reflect
};

struct MoveCode {
  Move move = Move::Show;
  std::int8_t seat = -1;
  CardId card = kNoCard;
  CardId card2 = kNoCard;
  Action encode() const {
    return Action{static_cast<std::uint32_t>(move) | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(seat)) << 8) |
                  (static_cast<std::uint32_t>(card) << 16) | (static_cast<std::uint32_t>(card2) << 24)};
  }
  static MoveCode decode(Action a) {
    return {static_cast<Move>(a.code & 0xff), static_cast<std::int8_t>((a.code >> 8) & 0xff),
            static_cast<CardId>((a.code >> 16) & 0xff), static_cast<CardId>(a.code >> 24)};
  }
};

}  // namespace court::persuasion
