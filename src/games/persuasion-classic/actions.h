// Persuasion, character-card edition: how a move is packed into an Action's 32 bits (move 8 bits |
// seat 8 | card 8), and back.
#pragma once

#include <cstdint>

#include "engine/types.h"
#include "games/persuasion-classic/cards.h"

namespace court::persuasion_classic {

enum class Move : std::uint8_t {
  Invite = 1,        // intention: invite `seat`, sharing `card`
  Propose,           // intention: propose to `seat`, sharing `card`
  Independence,      // intention: claim independence
  Reveal,            // accept `seat`'s invitation, revealing `card`
  RejectInvitation,  // reject `seat`'s invitation
  Accept,            // accept `seat`'s proposal, giving `card`
  RejectAll,         // reject every proposal received
  Discard,           // reflection: discard `card` (the drawn card included)
};

struct MoveCode {
  Move move = Move::Invite;
  std::int8_t seat = -1;
  CardId card = kNoCard;
  Action encode() const {
    return Action{static_cast<std::uint32_t>(move) | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(seat)) << 8) |
                  (static_cast<std::uint32_t>(card) << 16)};
  }
  static MoveCode decode(Action a) {
    return {static_cast<Move>(a.code & 0xff), static_cast<std::int8_t>((a.code >> 8) & 0xff),
            static_cast<CardId>((a.code >> 16) & 0xff)};
  }
};

}  // namespace court::persuasion_classic
