// Sizes the server refuses beyond (docs/protocol.md).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

#include "engine/game.h"

namespace court::server {

inline constexpr std::size_t kMaxBody = 64 * 1024;             // HTTP request bodies and WebSocket messages
inline constexpr std::size_t kMaxFrameRead = 1024 * 1024;      // larger messages are cut off unread
inline constexpr std::size_t kMaxQueuedMessages = 256;         // unsent messages per connection
inline constexpr std::size_t kMaxHeader = 16 * 1024;           // an HTTP request's start line and headers (else 431)

// Messages one WebSocket connection may send (docs/protocol.md, "Message limits"): a bucket of
// kMessageBurst that refills at kMessagesPerSecond and by one for each state the connection is sent
// (a move answers a state). A message over it is refused (too_many_messages);
// refusals count too, forgiven at the same rate, and a connection with kMaxRefusedMessages of them is
// closed (policy close 1008): a client that keeps sending after its refusals is not reading them.
inline constexpr double kMessageBurst = 50;
inline constexpr double kMessagesPerSecond = 20;
inline constexpr double kMaxRefusedMessages = 100;

// Descriptors `court serve` keeps for itself beyond its connections (the database, the Lab's jobs and
// files, logs, connections being refused): the default --max-connections is the limit less these.
inline constexpr int kReservedDescriptors = 128;
// Connections being refused at once (503) beyond the cap; more are closed without an answer.
inline constexpr int kMaxRefusing = 32;

// How long a connection may take (ServerConfig; docs/protocol.md). `header`: to send a request's headers,
// from its first byte (a client that sends half a header is closed). `ws_idle`: a WebSocket that sends
// nothing, not even the answer to the server's ping (sent at half this time), is closed.
struct ConnectionTimeouts {
  std::chrono::milliseconds header{10'000};
  std::chrono::milliseconds ws_idle{60'000};
};

// GET /api/tables/CODE/talk answers at most this many messages a page (docs/protocol.md, "Talk").
inline constexpr int kTalkPage = 200;
// Prepared games (rules for one game, seat count and options) kept for new tables, least recently used
// dropped first; a table holds its own.
inline constexpr std::size_t kMaxFactories = 64;

// Table talk (docs/protocol.md, "Talk"): a seat may write kTalkBurst messages in any kTalkWindowMs, and
// a table holds at most kMaxTalkMessages.
inline constexpr std::size_t kTalkBurst = 10;
inline constexpr std::int64_t kTalkWindowMs = 10'000;
inline constexpr int kMaxTalkMessages = 5'000;

// What one bot move may cost at a table: a search budget beyond this would hold a server thread for
// long (a table's bot moves run on the server's threads, between people's messages). Each bot checks
// its own parameters against it (BotKind::check_cost).
inline constexpr BotBudget kBotBudget{
    .iterations = 20'000,   // search iterations per move
    .millis = 2'000,        // thinking time per move
    .threads = 2,
    .rollouts = 32,         // sampling planners: playouts per candidate move
    .width = 8,             // sampling planners: candidate moves weighed
};

}  // namespace court::server
