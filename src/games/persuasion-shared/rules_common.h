// The rules both Persuasion editions share, in the rulebooks' order: Setup's deal, a round's start and
// its intentions' invitations and proposals, a game resumed at a round (scenarios), Check Availability (the end of a round), Matrimony and the end of the game, and
// the outcome. The rules are the same in both rulebooks (an engaged player wins when the fiance
// satisfies their desires card, an independent player when nobody else does, an available or
// eligible player cannot win); only what "satisfies" means differs, so each edition passes its own
// test (scoring.h: satisfies_desire_row, satisfies_two_attributes). The members of PersuasionState
// defined here are declared in state_common.h (the representation); each edition's rules.cpp
// includes this file.
#pragma once

#include <array>
#include <cstdint>

#include "engine/game.h"
#include "games/persuasion-shared/cards_in_play.h"
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/report_common.h"
#include "games/persuasion-shared/state_common.h"

namespace court::persuasion {

// --- Setup (docs/rules/persuasion.md and persuasion-classic.md, "Setup") -------------------------------

// Setup (both editions): shuffle the whole deck, deal `hand_size` traits to each seat, then one
// desires card each.
// The deck is built and shuffled in place, and the hands and desires cards are taken from its top, as
// drawing one card at a time would (the deck always covers the deal: check_deck_covers).
inline void deal_new_game(CardsInPlay& table, int deck_size, int hand_size, Rng& rng) {
  table.deck.resize(static_cast<std::size_t>(deck_size));
  CardId* cards = table.deck.data();
  for (int c = 0; c < deck_size; ++c) cards[c] = static_cast<CardId>(c);
  shuffle(cards, cards + deck_size, rng);
  int top = deck_size;
  for (Seat t = 0; t < table.seats; ++t) {
    table.hands[t].resize(static_cast<std::size_t>(hand_size));
    for (int i = 0; i < hand_size; ++i) table.hands[t][static_cast<std::size_t>(i)] = cards[--top];
  }
  for (Seat t = 0; t < table.seats; ++t) table.desires[t] = cards[--top];
  table.deck.resize(static_cast<std::size_t>(top));
}

// --- A round -------------------------------------------------------------------------------------------

// A round begins (both editions): the next round, at the edition's intentions phase, nobody has
// chosen yet and the edition's record of the last round's choices (`records`, one per seat) is
// cleared; logged for everyone.
template <class Rules, class Phase, class Status, class Ending, class Event,
          bool (*Satisfies)(const SymbolTally&, const TraitCard&)>
template <class Records>
void PersuasionState<Rules, Phase, Status, Ending, Event, Satisfies>::start_round(Phase intentions,
                                                                                Records& records) {
  ++round_;
  phase_ = intentions;
  chosen_ = SeatSet();
  for (auto& r : records) r = {};
  log_event({.kind = static_cast<std::uint8_t>(Event::RoundStart), .a = static_cast<std::int8_t>(final_round_ ? 1 : 0),
             .x = round_});
}

// --- A round: the intentions (letterbox "Mail Intentions", character cards "Share Intentions") ---------

// The invitations and proposals a seat may send: per other open seat (`targets`), an invitation with
// each card of `hand`, then a proposal with each card. Inline: legal_action asks the k-th at every
// step of a random playout.
template <class MoveCode>
void add_invitations_and_proposals(SeatSet targets, const Hand& hand, ActionList& out) {
  using Move = decltype(MoveCode::move);
  for (Seat t : targets) {
    for (CardId c : hand) out.push_back(MoveCode{Move::Invite, s8(t), c}.encode());
    for (CardId c : hand) out.push_back(MoveCode{Move::Propose, s8(t), c}.encode());
  }
}

// The k-th of add_invitations_and_proposals' moves (k < seat_count(targets) * 2 * hand.size()).
template <class MoveCode>
Action invitation_or_proposal_at(SeatSet targets, const Hand& hand, std::uint32_t k) {
  using Move = decltype(MoveCode::move);
  const auto cards = static_cast<std::uint32_t>(hand.size());
  const std::uint32_t block = 2 * cards;
  const std::uint32_t r = k % block;
  return MoveCode{r < cards ? Move::Invite : Move::Propose, s8(nth_seat(targets, k / block)),
                  hand[r < cards ? r : r - cards]}.encode();
}

// --- A round: Check Availability (the end of a round) -------------------------------------------------

// Scenarios that start at round `round`, with `open` players neither engaged nor independent:
// Matrimony at once for one or none (`few`), and false; otherwise true, and the round to start is
// the final one when exactly two are open.
template <class Rules, class Phase, class Status, class Ending, class Event,
          bool (*Satisfies)(const SymbolTally&, const TraitCard&)>
bool PersuasionState<Rules, Phase, Status, Ending, Event, Satisfies>::resume_at_round(int round, int open,
                                                                                   Ending few) {
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
template <class Rules, class Phase, class Status, class Ending, class Event,
          bool (*Satisfies)(const SymbolTally&, const TraitCard&)>
Ending PersuasionState<Rules, Phase, Status, Ending, Event, Satisfies>::ending_after_round(int open, Ending few) {
  if (final_round_) return Ending::FinalRound;
  if (open <= 1) return few;
  if (round_ >= rules_->max_rounds) return Ending::MaxRounds;
  if (open == 2) final_round_ = true;
  return Ending::NotYet;
}

// --- Matrimony (docs/rules/persuasion.md and persuasion-classic.md, "Matrimony") -----------------------

// Matrimony: whether seat s wins. `satisfies(t)` says whether seat t's hand satisfies s's desires
// card under the edition's rule.
template <class Satisfies>
bool matrimony_win(Standing standing, Seat s, Seat fiance, int seats, Satisfies&& satisfies) {
  if (standing == Standing::Engaged) return satisfies(fiance);
  if (standing != Standing::Independent) return false;
  for (Seat t = 0; t < seats; ++t) if (t != s && satisfies(t)) return false;
  return true;
}

// Matrimony for every seat: records who won in `won` and logs one public event of kind
// `matrimony_event` per seat (a = seat, b = fiance, x = 1 for a win, d = its desires card).
// `satisfies(t, desires)` is the edition's rule for whether seat t's hand satisfies `desires`.
template <class Status, std::size_t N, class Satisfies>
void resolve_matrimony(const CardsInPlay& table, const std::array<Status, kMaxSeats>& status,
                       const std::array<std::int8_t, kMaxSeats>& fiance, std::array<bool, kMaxSeats>& won,
                       EventLog<N>& log, std::uint8_t matrimony_event, Satisfies&& satisfies) {
  for (Seat s = 0; s < table.seats; ++s) {
    const CardId wants = table.desires[s];
    const bool win = matrimony_win(standing_of(status[s]), s, fiance[s], table.seats,
                                   [&](Seat t) { return satisfies(t, wants); });
    won[s] = win;
    log.push({.kind = matrimony_event, .a = static_cast<std::int8_t>(s), .b = fiance[s],
              .x = static_cast<std::uint8_t>(win ? 1 : 0), .d = wants, .see_d = kEveryone});
  }
}

// Matrimony, and the end of the game for `why`: all reveal; an engaged player wins when the fiance's
// hand satisfies their desires card, an independent player when nobody else's does, an open player
// cannot win. Every result is logged, then the end.
template <class Rules, class Phase, class Status, class Ending, class Event,
          bool (*Satisfies)(const SymbolTally&, const TraitCard&)>
void PersuasionState<Rules, Phase, Status, Ending, Event, Satisfies>::matrimony(Ending why) {
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

// --- The end of the game: the outcome ------------------------------------------------------------------

// Every winner ranks first (score 1); every other seat ranks just below all winners (score 0).
inline Outcome outcome_of_wins(const std::array<bool, kMaxSeats>& won, int seats) {
  Outcome out;
  int winners = 0;
  for (Seat s = 0; s < seats; ++s) winners += won[s] ? 1 : 0;
  for (Seat s = 0; s < seats; ++s) {
    SeatResult r;
    r.win = won[s];
    r.score = won[s] ? 1 : 0;
    r.rank = won[s] ? 1 : 1 + winners;
    out.seats.push_back(r);
  }
  return out;
}

}  // namespace court::persuasion
