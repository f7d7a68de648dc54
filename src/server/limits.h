// Sizes the server refuses beyond (docs/protocol.md).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/game.h"

namespace court::server {

inline constexpr std::size_t kMaxBody = 64 * 1024;             // HTTP request bodies and WebSocket messages
inline constexpr std::size_t kMaxFrameRead = 1024 * 1024;      // larger messages are cut off unread
inline constexpr std::size_t kMaxQueuedMessages = 256;         // unsent messages per connection

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
