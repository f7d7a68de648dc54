// What both editions' positions hold and answer alike: the cards in play and what each seat knows
// (CardsInPlay), the round and why the game ended, each seat's standing and fiance, who has made this
// round's secret choice, who reflects, who won at Matrimony, the log and the position's own generator.
// Each edition's state derives from PersuasionState with its own rules and enums (its Status names
// the open standing Available or Eligible, its Ending the end for want of players FewAvailable or
// FewEligible; both have Phase::GameOver, Event::Matrimony and Event::GameEnds) and its rule of what
// satisfies a desires card (scoring.h), and adds its rounds.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/cards_in_play.h"
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/matrimony.h"
#include "games/persuasion-shared/scoring.h"

namespace court::persuasion {

inline constexpr int kLogCapacity = 768;

// How many seats `set` holds, by table: SeatSet::size's std::popcount is a library call on the
// default x86-64 target, and the legal-move counts of a random playout ask it at every step.
inline constexpr std::array<std::uint8_t, 256> kSeatCounts = [] {
  std::array<std::uint8_t, 256> out{};
  for (int bits = 1; bits < 256; ++bits) out[bits] = static_cast<std::uint8_t>(out[bits >> 1] + (bits & 1));
  return out;
}();
constexpr std::uint32_t seat_count(SeatSet set) {
  static_assert(kMaxSeats <= 8);
  return kSeatCounts[set.bits() & 0xff];
}

// `Satisfies(tally, desires)`: whether a hand with that symbol tally satisfies the desires card.
template <class Rules, class Phase, class Status, class Ending, class Event,
          bool (*Satisfies)(const SymbolTally&, const TraitCard&)>
class PersuasionState {
 public:
  // --- StateModel: what both editions answer alike (each edition's state.h declares the rest) ------
  int num_seats() const { return table_.seats; }
  bool terminal() const { return phase_ == Phase::GameOver; }
  void hidden_items(Seat seat, HiddenList& out) const { table_.hidden_items(seat, out); }
  Outcome outcome() const { return outcome_of_wins(won_, num_seats()); }

  // --- Building (scenarios) -------------------------------------------------------------------------
  void set_commitments(const std::vector<std::pair<Seat, Seat>>& engaged, const std::vector<Seat>& independent) {
    set_commitments_of(status_, fiance_, engaged, independent);
  }
  CardsInPlay& table() { return table_; }
  Rng& rng() { return rng_; }

  // --- Read access (views, bots, tests) -------------------------------------------------------------
  const Rules& rules() const { return *rules_; }
  const PersuasionDeck& deck() const { return rules_->deck; }
  const CardsInPlay& table() const { return table_; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  bool final_round() const { return final_round_; }
  Ending ending() const { return ending_; }
  Status status(Seat s) const { return status_[s]; }
  Seat fiance(Seat s) const { return fiance_[s]; }
  bool has_chosen(Seat s) const { return chosen_.contains(s); }
  Seat reflecting_seat() const { return reflecting_; }
  bool won(Seat s) const { return won_[s]; }
  const EventLog<kLogCapacity>& log() const { return log_; }
  // Whether seat s's hand now satisfies `desires` (a true-state question: tests and Matrimony only).
  bool hand_satisfies(Seat s, CardId desires) const {
    return Satisfies(tally_of(deck(), table_.hands[s]), deck().cards[desires]);
  }

 protected:
  // An empty table for the rules' seats, with its own generator: each edition's `blank`.
  template <class State>
  static State blank_of(const Rules& rules, std::uint64_t seed) {
    State s;
    s.rules_ = &rules;
    s.rng_ = make_rng(seed);
    s.table_.seats = rules.seats;
    return s;
  }
  void log_event(const LogEvent& e) { log_.push(e); }

  // The lowest seat still to reflect, taken from the queue; -1 when none is left.
  Seat next_to_reflect() {
    if (reflect_queue_.empty()) return -1;
    const Seat r = reflect_queue_.lowest();
    reflect_queue_.erase(r);
    return r;
  }

  // Scenarios that start at round `round`, with `open` players neither engaged nor independent:
  // Matrimony at once for one or none (`few`), and false; otherwise true, and the round to start is
  // the final one when exactly two are open.
  bool resume_at_round(int round, int open, Ending few) {
    round_ = static_cast<std::uint8_t>(round - 1);
    if (open <= 1) {
      matrimony(few);
      return false;
    }
    if (open == 2) final_round_ = true;
    return true;
  }

  // Check Availability, after a round: why the game goes to Matrimony (after the final round; with
  // one or no open player left, `few`; after max_rounds, Court's limit), or Ending::NotYet for another
  // round, the final one when exactly two players are open (`open`: neither engaged nor independent).
  Ending ending_after_round(int open, Ending few) {
    if (final_round_) return Ending::FinalRound;
    if (open <= 1) return few;
    if (round_ >= rules_->max_rounds) return Ending::MaxRounds;
    if (open == 2) final_round_ = true;
    return Ending::NotYet;
  }

  // Matrimony, and the end of the game for `why`: all reveal; an engaged player wins when the fiance's
  // hand satisfies their desires card, an independent player when nobody else's does, an open player
  // cannot win (matrimony.h). Every result is logged, then the end.
  void matrimony(Ending why) {
    ending_ = why;
    phase_ = Phase::GameOver;
    reflecting_ = -1;
    // Each hand's tally once: an independent player's win asks about every other hand.
    std::array<SymbolTally, kMaxSeats> tallies;
    for (Seat t = 0; t < num_seats(); ++t) tallies[t] = tally_of(deck(), table_.hands[t]);
    resolve_matrimony(table_, status_, fiance_, won_, log_, static_cast<std::uint8_t>(Event::Matrimony),
                      [&](Seat t, CardId wants) { return Satisfies(tallies[t], deck().cards[wants]); });
    log_event({.kind = static_cast<std::uint8_t>(Event::GameEnds), .x = static_cast<std::uint8_t>(why)});
  }

  const Rules* rules_ = nullptr;
  Rng rng_;
  CardsInPlay table_;
  Phase phase_{};                       // the edition's first phase
  std::uint8_t round_ = 0;
  bool final_round_ = false;
  Ending ending_ = Ending::NotYet;
  std::array<Status, kMaxSeats> status_{};
  std::array<std::int8_t, kMaxSeats> fiance_{-1, -1, -1, -1, -1, -1, -1, -1};
  SeatSet chosen_;                      // seats whose simultaneous choice is made this round
  SeatSet reflect_queue_;               // seats still to reflect
  std::int8_t reflecting_ = -1;         // the seat now deciding a reflection
  std::array<bool, kMaxSeats> won_{};
  EventLog<kLogCapacity> log_;
};

}  // namespace court::persuasion
