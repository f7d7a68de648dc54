// The cards in play at a Persuasion game (CardsInPlay), shared by both editions: hands, desires cards, deck, discard
// pile, the cards drawn by a reflecting player, and what each seat knows about where cards are.
// Also the one place that resamples hidden cards for determinization.
//
// Knowledge (the "suitability spreadsheet"): `known[v][t]` holds the cards seat v is certain are in
// seat t's hand now; `seen[v][t]` the cards v has seen in t's hand and not since seen elsewhere
// (seen minus known = "was there, may have left"). When a card leaves a hand, the seats that watched
// it go drop just that card; the others cannot tell which card left, so they lose certainty about
// that whole hand (it stays in `seen`).
#pragma once

#include <array>

#include "engine/types.h"
#include "engine/rng.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

inline constexpr int kMaxHand = 12;
using Hand = FixedVector<CardId, kMaxHand>;
using Pile = FixedVector<CardId, kMaxCards>;

CardSet set_of(const Hand& hand);

struct Knowledge {
  std::array<std::array<CardSet, kMaxSeats>, kMaxSeats> known{};
  std::array<std::array<CardSet, kMaxSeats>, kMaxSeats> seen{};
  std::array<CardSet, kMaxSeats> in_discard{};  // cards the viewer put in the discard pile itself

  // Seat v sees card c in seat t's hand (t may be v: it then only forgets older places of c).
  void saw(Seat v, Seat t, CardId c);
  // Card c left seat t's hand; the seats in `witnesses` saw which card it was, the others did not.
  void left(Seat t, CardId c, SeatSet witnesses, int seats);
  // Seat t's hand changed in a way only t saw (a reflection): nobody else is certain of it any more.
  void hand_changed_privately(Seat t, int seats);
};

// Maps each card to another: a permutation of the cards a seat cannot locate.
struct Relabel {
  std::array<CardId, kMaxCards> map{};
  CardId operator()(CardId c) const { return c == kNoCard ? c : map[c]; }
  CardSet operator()(CardSet set) const {
    CardSet out = 0;
    for (CardSet rest = set; rest; rest &= rest - 1) out |= card_bit(map[std::countr_zero(rest)]);
    return out;
  }
};

struct CardsInPlay {
  int seats = 0;
  std::array<Hand, kMaxSeats> hands{};
  std::array<CardId, kMaxSeats> desires{};
  Pile deck;                       // back() is the top
  Pile discard;
  FixedVector<CardId, 2> drawn;    // cards drawn by a reflecting seat, not yet kept or discarded
  std::int8_t drawn_by = -1;
  Knowledge knowledge;

  // Draws the top card; when the deck is empty the discard pile is shuffled into a new deck first.
  // Returns kNoCard when both are empty. `reshuffled` is set when a new deck was made.
  CardId draw(Rng& rng, bool* reshuffled = nullptr);
  void remove_from_hand(Seat t, CardId c);
  // An accepted proposal (both editions): `accepter` gives `given` for the proposer's `received`; the
  // two see both cards change hands, the others only that a card left each hand.
  void exchange_engagement_cards(Seat accepter, CardId given, Seat proposer, CardId received);
  // Every card in play (hands, desires, deck, discard pile, drawn cards).
  CardSet all_cards() const;
  // The cards whose place `s` knows: its hand and desires card, what it knows of other hands, its own
  // discards, and the cards it is drawing.
  CardSet located_by(Seat s) const;
  // A uniformly random permutation of the cards `s` cannot locate (the others map to themselves).
  Relabel random_relabel(Seat s, Rng& rng) const;
  // Applies `r` to every hidden place: hands, desires, deck, discard, drawn cards, and the other
  // seats' knowledge (which keeps only cards s cannot locate, relabelled, so that what others know
  // tells s nothing new). Seat s's own knowledge is unchanged.
  void relabel_for(Seat s, const Relabel& r);
  // Positions `s` cannot see, in a fixed order, all in pool 0 (exchangeable at the start).
  void hidden_items(Seat s, HiddenList& out) const;
};

}  // namespace court::persuasion
