// Matrimony scoring, shared by both editions: a hand's symbol tally, its dominant symbols, and
// whether a hand satisfies a desire.
#pragma once

#include <array>

#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

// The sum of +1 / -1 for each symbol over the borders of a hand's trait cards.
struct SymbolTally {
  std::array<int, kSymbols> total{};
  void add(const TraitCard& card, int times = 1) {
    for (SignedSymbol s : card.border) total[s.symbol] += s.sign * times;
  }
  // +1 when more +s than -s, -1 when more -s, 0 when they cancel (no dominant symbol).
  int dominant(Symbol s) const { return total[s] > 0 ? 1 : total[s] < 0 ? -1 : 0; }
  bool has(SignedSymbol s) const { return dominant(s.symbol) == s.sign; }
};

template <class Cards>
SymbolTally tally_of(const PersuasionDeck& deck, const Cards& cards) {
  SymbolTally t;
  for (CardId c : cards) t.add(deck.cards[c]);
  return t;
}

inline SymbolTally tally_of_set(const PersuasionDeck& deck, CardSet set) {
  SymbolTally t;
  for (CardSet rest = set; rest; rest &= rest - 1) t.add(deck.cards[std::countr_zero(rest)]);
  return t;
}

// Letterbox edition (Matrimony, step 3): the fiance must have both underlined symbols of the desires
// card as dominant symbols, each with its sign.
inline bool satisfies_desire_row(const SymbolTally& fiance, const TraitCard& desires) {
  return fiance.has(desires.desire[0]) && fiance.has(desires.desire[1]);
}

// Character-card edition ("Satisfies"): how many of the desires card's border attributes (Court's
// ruling: its three signed symbols) are dominant attributes of the hand.
inline int matching_attributes(const SymbolTally& hand, const TraitCard& desires) {
  int n = 0;
  for (SignedSymbol s : desires.border) n += hand.has(s) ? 1 : 0;
  return n;
}

inline bool satisfies_two_attributes(const SymbolTally& hand, const TraitCard& desires) {
  return matching_attributes(hand, desires) >= 2;
}

}  // namespace court::persuasion
