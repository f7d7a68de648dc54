// Persuasion's claims (engine/claims.h), both editions: the vocabulary, its words, and whether a claim is
// true of a position. Bots say and read them (bot_common.h); people make the same ones with buttons.
//   desire_includes SYMBOL  "My desires include +Title"   (letterbox: the desire row; character cards: the
//                                                           desires card's border attributes)
//   holds_symbol SYMBOL     "I hold a card with -Danger"  (a trait card in the speaker's hand shows it)
//   about_to_propose SEAT   "I am about to propose to seat 2" (the speaker's intention this round)
// A SYMBOL value is a signed symbol, 2 * symbol + (1 when minus): 0 +Wealth, 1 -Wealth, 2 +Title, ...
#pragma once

#include <cstdint>
#include <vector>

#include "engine/claims.h"
#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/cards_in_play.h"
#include "games/persuasion-shared/scoring.h"

namespace court::persuasion {

enum ClaimKindId : std::uint8_t { kDesireIncludes = 0, kHoldsSymbol = 1, kAboutToPropose = 2 };

// A set of signed symbols, bit claim_value(s) for s.
using SignedMask = std::uint16_t;
inline constexpr int kSignedSymbols = 2 * kSymbols;

constexpr std::uint8_t claim_value(SignedSymbol s) {
  return static_cast<std::uint8_t>(2 * s.symbol + (s.sign < 0 ? 1 : 0));
}
constexpr SignedSymbol claimed_symbol(std::uint8_t value) {
  return {.symbol = static_cast<Symbol>(value / 2), .sign = static_cast<std::int8_t>(value % 2 ? -1 : 1)};
}
constexpr SignedMask signed_bit(SignedSymbol s) { return static_cast<SignedMask>(1u << claim_value(s)); }

// The vocabulary both editions give their TalkRule (the words name the shipped deck's symbols).
std::vector<ClaimKind> persuasion_claims();

// The signed symbols on the borders of `cards` (what "I hold a card with" may truly name).
template <class Cards>
SignedMask border_mask(const PersuasionDeck& deck, const Cards& cards) {
  SignedMask out = 0;
  for (CardId c : cards) for (SignedSymbol s : deck.cards[c].border) out |= signed_bit(s);
  return out;
}
// The signed symbols dominant in a hand of that tally.
inline SignedMask dominant_mask(const SymbolTally& tally) {
  SignedMask out = 0;
  for (Symbol s = 0; s < kSymbols; ++s) {
    if (const int d = tally.dominant(s)) out |= signed_bit({.symbol = s, .sign = static_cast<std::int8_t>(d)});
  }
  return out;
}
// Letterbox: the desire row of a desires card; character cards: its border attributes.
inline SignedMask desire_row_mask(const TraitCard& desires) {
  return static_cast<SignedMask>(signed_bit(desires.desire[0]) | signed_bit(desires.desire[1]));
}
inline SignedMask attribute_mask(const TraitCard& desires) {
  SignedMask out = 0;
  for (SignedSymbol s : desires.border) out |= signed_bit(s);
  return out;
}

// Whether `claim` is true of `table` (the true cards), where its speaker desires `desired` and, for
// about_to_propose, `proposing_to` is the seat it means to propose to this round (-1: none).
inline bool claim_true(const PersuasionDeck& deck, const CardsInPlay& table, const Claim& claim, SignedMask desired,
                       Seat proposing_to) {
  switch (claim.kind) {
    case kDesireIncludes: return (desired >> claim.value) & 1u;
    case kHoldsSymbol: return (border_mask(deck, table.hands[claim.from]) >> claim.value) & 1u;
    case kAboutToPropose: return proposing_to == claim.value;
    default: return false;
  }
}

}  // namespace court::persuasion
