// What a seat can estimate about other hands from what it knows (shared by both editions' bots):
// for each other seat, the chance that each symbol is dominant + or -, from the cards it is sure of,
// the cards it saw that may have left since, and the average of the cards it has not seen.
#pragma once

#include <array>

#include "games/persuasion/cards.h"
#include "games/persuasion/scoring.h"
#include "games/persuasion/table.h"

namespace court::persuasion {

// Per symbol: the chance of dominant -, none, +.
struct DominanceOdds {
  std::array<std::array<double, 3>, kSymbols> p{};
  double has(SignedSymbol s) const { return p[s.symbol][s.sign > 0 ? 2 : 0]; }
};

// Changes to a hand to consider: a card that joins it, a known card that leaves, or an unknown one
// that leaves (the card a fiance gives away).
struct HandChange {
  CardId joins = kNoCard;
  CardId leaves = kNoCard;
  bool unknown_leaves = false;
};

class Beliefs {
 public:
  Beliefs(const PersuasionDeck& deck, const Table& table, Seat me);

  DominanceOdds odds(Seat t, HandChange change = {}) const;
  // How often other players are likely to desire `s` (desire rows of the cards `me` has not located).
  double desire_weight(SignedSymbol s) const { return desire_weight_[s.symbol][s.sign > 0 ? 1 : 0]; }
  // How attractive a trait card looks to a typical other player.
  double appeal(CardId c) const;
  // The share of t's hand `me` is not sure of.
  double unknown_share(Seat t) const;

 private:
  const PersuasionDeck& deck_;
  const Table& table_;
  Seat me_;
  std::array<std::array<double, 2>, kSymbols> unseen_{};         // per symbol: P(-), P(+) on an unseen card
  std::array<std::array<double, 2>, kSymbols> desire_weight_{};  // [symbol][sign: 0 -, 1 +]
};

// Letterbox: the chance a hand with `odds` has both underlined symbols of `desires`.
double chance_satisfies_row(const DominanceOdds& odds, const TraitCard& desires);
// Character-card edition: the chance that at least two of the desires card's border attributes hold.
double chance_two_attributes(const DominanceOdds& odds, const TraitCard& desires);

}  // namespace court::persuasion
