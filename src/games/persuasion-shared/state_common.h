// What both editions' positions hold and answer alike: the cards in play and what each seat knows
// (CardsInPlay), the round and why the game ended, each seat's standing and fiance, who has made this
// round's secret choice, who reflects, who won at Matrimony, the log and the position's own generator.
// Each edition's state derives from PersuasionState with its own rules and enums (its Status names
// the open standing Available or Eligible, its Ending the end for want of players FewAvailable or
// FewEligible; both have Phase::GameOver, Event::Matrimony and Event::GameEnds) and its rule of what
// satisfies a desires card (scoring.h), and adds its rounds. This is the representation; the rules both
// editions share (Check Availability, Matrimony, the outcome) are rules_common.h.
//
// What each edition's state declares beside (engine/game.h's StateModel), and where it is defined:
//   rules.cpp (the rules page's order): `new_game` (Setup), `apply` (each move to its rule), `to_act_now`
//     (who acts, worked out from the phase and the mail; to_act() keeps it up to date after every
//     change, refresh_to_act, as random playouts ask it several times a step: tests compare the two),
//     `outcome` and `talk` (the seats `seat` may talk with now, and whether the table may);
//   state.cpp: `legal_actions` (the rules' move writers, by phase), `legal_count` and `legal_action`
//     (the number of legal moves and the k-th of them in legal_actions' order, without listing them:
//     HasLegalAt, a random playout lists none) and `determinize`;
//   view.cpp: `observe` (what `viewer` learns of `actor`'s move, for information-set search: nothing
//     but "has chosen" in a simultaneous choice; a card only when it goes to `viewer`), `describe`,
//     `parts` (docs/protocol.md "Move parts": its kind and the cards and seats it names) and `view`;
//   search_moves.cpp: `search_moves` (search_moves.h: one move per kind of move and other player).
// Both editions' `report` (the simulator's figures) is PersuasionState's own.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/cards_in_play.h"
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/report_common.h"
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

// The i-th seat of `set` in ascending order (i < set.size()): legal_action's k-th move.
inline Seat nth_seat(SeatSet set, std::uint32_t i) {
  for (Seat t : set) if (i-- == 0) return t;
  return -1;
}

// The seats u < `seats` for which `test(u)` holds, asked without branches (which mail is undecided
// is a coin toss): `test` should combine its conditions with & rather than &&.
template <class Test>
SeatSet seats_where(int seats, Test&& test) {
  std::uint32_t bits = 0;
  for (Seat u = 0; u < seats; ++u) bits |= static_cast<std::uint32_t>(test(u)) << u;
  SeatSet out;
  for (; bits != 0; bits &= bits - 1) out.insert(std::countr_zero(bits));
  return out;
}

// The end of determinization (both editions): the state's own generator is reseeded from `rng`.
inline Rng reseeded(Rng& rng) {
  std::uint64_t high = rng();
  return make_rng((high << 32) | rng());
}

// A seat's letter this round as both editions mail it (one per sender): the kind of intention
// (Invite or Propose; the edition's Intent), to whom, the card, and what became of it (the edition's
// MailState). Each edition's Mail adds what else it keeps.
template <class Intent, class MailState>
struct Letter {
  Intent kind = Intent::None;
  std::int8_t to = -1;
  CardId card = kNoCard;
  MailState state = MailState::None;
};

// `Satisfies(tally, desires)`: whether a hand with that symbol tally satisfies the desires card.
template <class Rules, class Phase, class Status, class Ending, class Event,
          bool (*Satisfies)(const SymbolTally&, const TraitCard&)>
class PersuasionState {
 public:
  // --- StateModel: what both editions answer alike (each edition's state.h declares the rest) ------
  int num_seats() const { return table_.seats; }
  bool terminal() const { return phase_ == Phase::GameOver; }
  void hidden_items(Seat seat, HiddenList& out) const { table_.hidden_items(seat, out); }
  // The simulator's figures of a finished game (report_common.h): the same in both editions.
  void report(GameReport& r) const {
    fill_report(r, deck(), table_, standings_of(status_, num_seats()), won_, end_kind_of(ending_), round_);
  }
  // No public standing (engine/game.h, HasStanding), in either edition: whether a seat wins depends on the
  // desires cards, hidden until Matrimony, so there is no public score to estimate; the shape of a game
  // (sim/shape.h) then reports "standing": false rather than lead changes made up from hidden facts.

  // --- Building (scenarios) -------------------------------------------------------------------------
  // The given pairs are engaged to each other, the given seats independent.
  void set_commitments(const std::vector<std::pair<Seat, Seat>>& engaged, const std::vector<Seat>& independent) {
    for (auto [a, b] : engaged) {
      status_[a] = status_[b] = Status::Engaged;
      fiance_[a] = static_cast<std::int8_t>(b);
      fiance_[b] = static_cast<std::int8_t>(a);
    }
    for (Seat s : independent) status_[s] = Status::Independent;
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

  // The seats whose standing is open, neither engaged nor independent: each Status's first value
  // (Available, Eligible). Who may be invited or proposed to at the intentions; how many they are.
  SeatSet open_seats() const {
    SeatSet out;
    for (Seat t = 0; t < num_seats(); ++t) if (status_[t] == Status{}) out.insert(t);
    return out;
  }
  int open_count() const { return open_seats().size(); }
  // Who acts (to_act_now): the seats still to make this round's secret choice, among all seats or
  // (`open_only`) the open ones; or the one seat `s` deciding alone (none when -1).
  SeatSet still_choosing(bool open_only) const {
    SeatSet out;
    for (Seat t = 0; t < num_seats(); ++t) {
      if ((!open_only || status_[t] == Status{}) && !chosen_.contains(t)) out.insert(t);
    }
    return out;
  }
  static SeatSet only(Seat s) { return s >= 0 ? SeatSet::of(s) : SeatSet(); }

  // The rules both editions share (rules_common.h, where each is described): a round's start, a game
  // resumed at a round, the end of a round (Check Availability), and Matrimony with the end of the game.
  template <class Records>
  void start_round(Phase intentions, Records& records);
  bool resume_at_round(int round, int open, Ending few);
  Ending ending_after_round(int open, Ending few);
  void matrimony(Ending why);

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
