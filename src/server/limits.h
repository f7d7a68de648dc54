// Sizes the server refuses beyond (docs/protocol.md).
#pragma once

#include <cstddef>

namespace court::server {

inline constexpr std::size_t kMaxBody = 64 * 1024;             // HTTP request bodies and WebSocket messages
inline constexpr std::size_t kMaxFrameRead = 1024 * 1024;      // larger messages are cut off unread
inline constexpr std::size_t kMaxQueuedMessages = 256;         // unsent messages per connection

}  // namespace court::server
