// The message limit of one WebSocket connection (limits.h, docs/protocol.md "Message limits"): a token
// bucket for the messages it sends, refilled with time and by each state it is sent (a client that
// answers states with moves is never held back, however fast it plays), and a count of its refusals
// that drains at the bucket's rate.
#pragma once

#include <algorithm>
#include <chrono>

#include "server/limits.h"

namespace court::server {

class MessageRate {
 public:
  enum class Verdict { Accept, Refuse, Close };
  using Clock = std::chrono::steady_clock;

  // A state was sent: one more message may follow it.
  void credit() { tokens_ = std::min(kMessageBurst, tokens_ + 1); }

  // What to do with one more message arriving at `now`.
  Verdict take(Clock::time_point now) {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min(kMessageBurst, tokens_ + seconds * kMessagesPerSecond);
    refused_ = std::max(0.0, refused_ - seconds * kMessagesPerSecond);
    if (tokens_ >= 1) {
      tokens_ -= 1;
      return Verdict::Accept;
    }
    refused_ += 1;
    return refused_ >= kMaxRefusedMessages ? Verdict::Close : Verdict::Refuse;
  }

 private:
  double tokens_ = kMessageBurst;
  double refused_ = 0;
  Clock::time_point last_ = Clock::now();
};

}  // namespace court::server
