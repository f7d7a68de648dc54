// Claims: table talk in a small structured vocabulary that bots can say and read (issue 40;
// docs/architecture.md, "Claims"). A claim is a value: who says it, to whom (a seat or the table), its
// kind and value in the game's vocabulary. Whether it is true is the speaker's choice; nothing in it tells.
// A claim may be made exactly when a message may (engine/talk.h: the game's `talk(seat)`, talk_refusal).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/types.h"

namespace court {

// A claim's or a message's `to` when it is said to the whole table.
inline constexpr Seat kToTable = -1;

struct Claim {
  Seat from = 0;
  Seat to = kToTable;       // a seat, or kToTable
  std::uint8_t kind = 0;    // the index of its kind in the game's vocabulary (TalkRule::claims)
  std::uint8_t value = 0;   // the index of its value among the kind's values, or a seat for a kind about seats
  friend constexpr bool operator==(const Claim&, const Claim&) = default;
};

// The claims the bots of a table make at once (no heap: the simulator asks at every change of the talk
// rule). A bot stops when the list is full (ClaimList::full), and says the rest when next asked.
using ClaimList = FixedVector<Claim, 256>;

// One kind of claim of a game's vocabulary, with its words for people.
struct ClaimKind {
  std::string name;                  // "holds_symbol": how the protocol names it
  std::string words;                 // "I hold a card with {}": "{}" is the value's words
  std::vector<std::string> values;   // each value's words ("+Wealth"); empty: the value is a seat ("seat 2")
};

}  // namespace court
