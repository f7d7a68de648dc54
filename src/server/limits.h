// Sizes the server refuses beyond (docs/protocol.md).
#pragma once

#include <cstddef>

namespace court::server {

inline constexpr std::size_t kMaxBody = 64 * 1024;             // HTTP request bodies and WebSocket messages
inline constexpr std::size_t kMaxFrameRead = 1024 * 1024;      // larger messages are cut off unread
inline constexpr std::size_t kMaxQueuedMessages = 256;         // unsent messages per connection

// What one bot move may cost at a table: a search budget beyond these would hold a server thread for
// long (a table's bot moves run on the server's threads, between people's messages).
inline constexpr long kMaxBotIterations = 20'000;   // ismcts:iters
inline constexpr long kMaxBotMillis = 2'000;        // ismcts:ms
inline constexpr long kMaxBotThreads = 2;           // ismcts:threads
inline constexpr long kMaxPlannerRollouts = 32;     // planner:rollouts (Gameshire)
inline constexpr long kMaxPlannerWidth = 8;         // planner:width (Gameshire)

}  // namespace court::server
