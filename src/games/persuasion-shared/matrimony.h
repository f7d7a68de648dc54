// Matrimony and the end of the game, shared by both editions. The rule is the same in both rulebooks
// (an engaged player wins when the fiance satisfies their desires card, an independent player when
// nobody else does, an available or eligible player cannot win); only what "satisfies" means differs,
// so each edition passes its own test (scoring.h: satisfies_desire_row, satisfies_two_attributes).
#pragma once

#include <array>
#include <cstdint>

#include "engine/game.h"
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/report_common.h"
#include "games/persuasion-shared/cards_in_play.h"

namespace court::persuasion {

// An edition's Status (Available or Eligible, Engaged, Independent) as the common Standing.
template <class Status>
Standing standing_of(Status status) {
  return status == Status::Engaged       ? Standing::Engaged
         : status == Status::Independent ? Standing::Independent
                                         : Standing::Available;
}

template <class Status>
std::array<Standing, kMaxSeats> standings_of(const std::array<Status, kMaxSeats>& status, int seats) {
  std::array<Standing, kMaxSeats> out{};
  for (Seat s = 0; s < seats; ++s) out[s] = standing_of(status[s]);
  return out;
}

// An edition's Ending (FewAvailable or FewEligible, FinalRound, MaxRounds) as the common EndKind.
template <class Ending>
EndKind end_kind_of(Ending ending) {
  return ending == Ending::FinalRound ? EndKind::FinalRound
         : ending == Ending::MaxRounds ? EndKind::MaxRounds
                                       : EndKind::FewLeft;
}

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

// Scenarios: the given pairs are engaged to each other, the given seats independent.
template <class Status>
void set_commitments_of(std::array<Status, kMaxSeats>& status, std::array<std::int8_t, kMaxSeats>& fiance,
                        const std::vector<std::pair<Seat, Seat>>& engaged, const std::vector<Seat>& independent) {
  for (auto [a, b] : engaged) {
    status[a] = status[b] = Status::Engaged;
    fiance[a] = static_cast<std::int8_t>(b);
    fiance[b] = static_cast<std::int8_t>(a);
  }
  for (Seat s : independent) status[s] = Status::Independent;
}

// The end of determinization (both editions): the state's own generator is reseeded from `rng`.
inline Rng reseeded(Rng& rng) {
  std::uint64_t high = rng();
  return make_rng((high << 32) | rng());
}

}  // namespace court::persuasion
