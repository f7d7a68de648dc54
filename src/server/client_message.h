// Reading a WebSocket message from a client (docs/protocol.md, "Messages from the client"): the
// checks every message passes before it reaches a table. No socket here, so it can be fuzzed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace court::server {

struct ClientMessage {
  enum class Type { Sync, Move } type = Type::Sync;
  std::string token;      // a move: the seat's token
  std::int64_t step = 0;  // a move: the step the client saw
  std::uint32_t action = 0;
};

// Parses and checks one message; ApiError (400) naming what is wrong and what is allowed.
ClientMessage read_client_message(std::string_view text);

}  // namespace court::server
