// Reading a WebSocket message from a client (docs/protocol.md, "Messages from the client"): the
// checks every message passes before it reaches a table. No socket here, so it can be fuzzed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.h"

namespace court::server {

struct ClientMessage {
  enum class Type { Sync, Move, Say } type = Type::Sync;
  std::string token;      // a move or a say: the seat's token
  std::int64_t step = 0;  // a move: the step the client saw
  std::uint32_t action = 0;
  std::optional<Seat> to; // a say: the seat written to privately; nothing for the whole table
  std::string text;       // a say: the message (checked: see talk_text_problem in names.h)
  // A say that is a claim (engine/claims.h) instead of text: its kind's name in the game's vocabulary and its
  // value (the table checks both against the game); an empty kind for free text.
  std::string claim_kind;
  std::int64_t claim_value = 0;
};

// Parses and checks one message; ApiError (400) naming what is wrong and what is allowed.
ClientMessage read_client_message(std::string_view text);

}  // namespace court::server
