// Talk at the table: who may write to whom now, under each game's rule of conversation
// (docs/protocol.md, "Talk"). A game computes it from the state (its `talk(seat)`), from public facts
// only, so every seat and the server agree on it; the server enforces it and never asks the client.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/claims.h"
#include "engine/types.h"

namespace court {

// Where `seat` may write now.
struct TalkNow {
  bool table = false;   // to the whole table
  SeatSet seats;        // privately, to each of these seats (a whisper: the others see that it happened)
  friend bool operator==(const TalkNow&, const TalkNow&) = default;
};

// A game's rule of conversation in words (GameInfo::talk), for the page and for refusals.
struct TalkRule {
  std::string name = "Open talk";   // the rulebook's name for it, e.g. "Mail Bound"
  std::string summary =             // one sentence: who may talk when
      "The table talks openly at any time, and you may whisper to any other player: the others see that you "
      "whispered, never what.";
  std::string seat_closed =         // why a private message to seat {} is refused now ("{}": that seat)
      "you may not whisper to seat {} now";
  std::string table_closed =        // why a message to the whole table is refused now
      "the table may not talk now";
  // The claims its players may make (engine/claims.h), bots and people alike; none: free text only.
  std::vector<ClaimKind> claims;
};

// Why a message from a seat that may write `now` to `to` (a seat or kToTable) is refused under `rule`, in
// the rule's words; nothing when it is allowed. The one check of the rule, for people's messages and for
// everyone's claims.
std::optional<std::string> talk_refusal(const TalkNow& now, const TalkRule& rule, Seat to);
// Why `claim` is refused at a table of `seats` where its speaker may write `now`: a kind or value outside
// the vocabulary (naming what is allowed), a bad seat, or the rule (talk_refusal); nothing when allowed.
std::optional<std::string> claim_refusal(const Claim& claim, const TalkNow& now, const TalkRule& rule, int seats);
// A claim in words: "My desires include +Title" (precondition: its kind and value are in the vocabulary).
std::string claim_words(const Claim& claim, const TalkRule& rule);

// Open talk (Intrigue, Belle of the Ball, Gameshire): the whole table, and a whisper to any other seat.
constexpr TalkNow open_talk(int seats, Seat seat) {
  TalkNow now{.table = true, .seats = SeatSet::first(seats)};
  now.seats.erase(seat);
  return now;
}

}  // namespace court
