// The public log of a Persuasion game: a ring of small structured events inside the state. Each
// event may name up to two cards, each visible only to a set of seats; views render the event in
// words for one viewer, and determinization forgets the cards the determinizing seat may not see.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

#include "engine/types.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

struct LogEvent {
  std::uint8_t kind = 0;       // the edition's event enum
  std::int8_t a = -1;          // usually the acting seat
  std::int8_t b = -1;          // usually the other seat
  std::uint8_t x = 0;          // a small detail (an intention kind, a reason, a count)
  CardId c = kNoCard;
  CardId d = kNoCard;
  std::uint16_t see_c = 0;     // seats that may read card c (bit per seat); 0xffff = everyone
  std::uint16_t see_d = 0;
};

// A LogEvent's kind from an edition's Event, and a seat as a LogEvent holds it.
template <class Event>
constexpr std::uint8_t ev(Event e) { return static_cast<std::uint8_t>(e); }
constexpr std::int8_t s8(Seat s) { return static_cast<std::int8_t>(s); }

inline constexpr std::uint16_t kEveryone = 0xffff;
constexpr std::uint16_t seats_mask(Seat a, Seat b = -1) {
  return static_cast<std::uint16_t>((a >= 0 ? 1u << a : 0u) | (b >= 0 ? 1u << b : 0u));
}
constexpr bool may_see(std::uint16_t mask, Seat viewer) { return viewer >= 0 && ((mask >> viewer) & 1u); }

// Keeps the most recent N events; `total()` counts every event ever logged. Only the events logged are
// ever written, read or copied: a new state does not zero N events and a copy moves only those in use
// (both were about a third of a Persuasion playout: issue 22).
template <std::size_t N>
class EventLog {
 public:
  EventLog() = default;
  EventLog(const EventLog& other) : total_(other.total_) { copy_used(other); }
  EventLog& operator=(const EventLog& other) {
    if (this != &other) {
      total_ = other.total_;
      copy_used(other);
    }
    return *this;
  }

  void push(const LogEvent& e) {
    std::memcpy(slot(total_), &e, sizeof e);
    ++total_;
  }
  std::uint32_t total() const { return total_; }
  std::uint32_t first() const { return total_ > N ? total_ - static_cast<std::uint32_t>(N) : 0; }
  // first() <= i < total()
  const LogEvent& at(std::uint32_t i) const {
    return *std::launder(reinterpret_cast<const LogEvent*>(raw_ + (i % N) * sizeof(LogEvent)));
  }
  // Cards `viewer` may not read are forgotten (for determinization).
  void forget_hidden(Seat viewer) {
    for (std::uint32_t i = first(); i < total_; ++i) {
      LogEvent& e = *std::launder(reinterpret_cast<LogEvent*>(slot(i)));
      if (e.see_c != kEveryone && !may_see(e.see_c, viewer)) e.c = kNoCard;
      if (e.see_d != kEveryone && !may_see(e.see_d, viewer)) e.d = kNoCard;
    }
  }

 private:
  static_assert(std::is_trivially_copyable_v<LogEvent>);
  unsigned char* slot(std::uint32_t i) { return raw_ + (i % N) * sizeof(LogEvent); }
  void copy_used(const EventLog& other) {
    std::memcpy(raw_, other.raw_, std::min<std::size_t>(other.total_, N) * sizeof(LogEvent));
  }

  // Events as bytes (LogEvent is trivially copyable): slots [0, min(total_, N)) hold events, the rest
  // is never read, so it is left uninitialized.
  alignas(LogEvent) unsigned char raw_[N * sizeof(LogEvent)];
  std::uint32_t total_ = 0;
};

}  // namespace court::persuasion
