// What a seat can estimate about other hands from what it knows (shared by both editions' bots):
// for each other seat, the chance that each symbol is dominant + or -, from the cards it is sure of,
// the cards it saw that may have left since, and the average of the cards it has not seen.
#pragma once

#include <algorithm>
#include <array>

#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/claims.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion-shared/cards_in_play.h"

namespace court::persuasion {

// Totals run over at most kMaxHand + 2 cards either way; index kZero is a total of 0.
inline constexpr int kZero = kMaxHand + 2;
inline constexpr int kRange = 2 * kZero + 1;

// Distribution of a symbol's total over cards, each -1 / 0 / +1 with its own chances.
// Only totals in [lo_, hi_] can be non-zero, and only those are touched.
class SumDistribution {
 public:
  SumDistribution() { p_[kZero] = 1; }
  void add(double minus, double plus) {
    const double zero = 1 - minus - plus;
    const int lo = std::max(lo_, 1), hi = std::min(hi_, kRange - 2);
    std::array<double, kRange> next{};
    for (int v = lo; v <= hi; ++v) {
      if (p_[v] == 0) continue;
      next[v - 1] += p_[v] * minus;
      next[v] += p_[v] * zero;
      next[v + 1] += p_[v] * plus;
    }
    lo_ = std::max(lo - 1, 0), hi_ = std::min(hi + 1, kRange - 1);
    p_ = next;
  }
  // The chances of a negative, zero and positive total, after adding `shift` to every total.
  std::array<double, 3> sign_odds(int shift = 0) const {
    std::array<double, 3> out{};
    for (int v = 0; v < kRange; ++v) out[v + shift < kZero ? 0 : v + shift == kZero ? 1 : 2] += p_[v];
    return out;
  }

 private:
  std::array<double, kRange> p_{};
  int lo_ = kZero, hi_ = kZero;
};

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

// A set of symbols, bit s for symbol s.
using SymbolMask = unsigned;
inline constexpr SymbolMask kAllSymbols = (1u << kSymbols) - 1;

// What a bot has heard the other seats claim (claims.h) and how far it trusts each of them: a trust per
// speaker that starts at kPrior, rises when what the bot later sees confirms one of the speaker's claims
// and falls when it contradicts one. Only "holds" claims can be checked during play (a desires card is
// seen at Matrimony, when it no longer matters): one is confirmed when a card the bot is sure the speaker
// holds shows the symbol, contradicted when the bot is sure of the speaker's whole hand and none does.
struct Hearsay {
  static constexpr double kPrior = 0.6;
  static constexpr double kConfirmed = 0.3;      // a confirmed claim takes trust this share of the way to 1
  static constexpr double kContradicted = 0.3;   // a contradicted one multiplies it by this

  std::array<SignedMask, kMaxSeats> holds{};     // per speaker: the signed symbols it claimed a card with
  std::array<SignedMask, kMaxSeats> desires{};   // per speaker: the signed symbols it claimed to desire
  std::array<SignedMask, kMaxSeats> settled{};   // its holds claims already confirmed or contradicted
  std::array<double, kMaxSeats> trust{kPrior, kPrior, kPrior, kPrior, kPrior, kPrior, kPrior, kPrior};

  bool empty() const {
    for (int t = 0; t < kMaxSeats; ++t) if (holds[t] | desires[t]) return false;
    return true;
  }
  // Keeps a claim heard (its speaker's; about_to_propose is not weighed).
  void hear(const Claim& claim);
  // Confirms or contradicts the unsettled holds claims by what `me` is now sure of (table.knowledge).
  void check(const PersuasionDeck& deck, const CardsInPlay& table, Seat me);
};

class Beliefs {
 public:
  // `wanted`: the symbols the caller will ask odds of (the others are left at zero, which saves
  // most of the work: a bot only asks about the symbols its desires card names).
  // `hearsay`: the claims `me` has heard and its trust in each speaker; none (nullptr) for a bot that heard
  // none, whose beliefs are then exactly those from the cards.
  Beliefs(const PersuasionDeck& deck, const CardsInPlay& table, Seat me, SymbolMask wanted = kAllSymbols,
          const Hearsay* hearsay = nullptr);
  const Hearsay* hearsay() const { return hearsay_; }

  // The odds of t's dominant symbols after `change` (the unchanged odds are computed once per seat).
  DominanceOdds odds(Seat t, HandChange change = {}) const;
  // How often other players are likely to desire `s` (desire rows of the cards `me` has not located).
  double desire_weight(SignedSymbol s) const { return desire_weight_[s.symbol][s.sign > 0 ? 1 : 0]; }
  // How attractive a trait card looks to a typical other player.
  double appeal(CardId c) const;
  // The share of t's hand `me` is not sure of.
  double unknown_share(Seat t) const;

 private:
  const PersuasionDeck& deck_;
  const CardsInPlay& table_;
  Seat me_;
  SymbolMask wanted_;
  const Hearsay* hearsay_;
  // Per seat, the symbol totals before a joining card: [0] with no card leaving, [1] for the last
  // kind of leaving asked about.
  struct Totals {
    bool valid = false;
    CardId leaves = kNoCard;
    bool unknown_leaves = false;
    std::array<SumDistribution, kSymbols> symbol{};
  };
  mutable std::array<std::array<Totals, 2>, kMaxSeats> totals_{};
  void compute_totals(Seat t, CardId leaves, bool unknown_leaves, Totals& out) const;
  int add_claimed(Seat t, Symbol s, CardSet sure, int unknown, double um, double up, SumDistribution& dist) const;
  std::array<std::array<double, 2>, kSymbols> unseen_{};         // per symbol: P(-), P(+) on an unseen card
  std::array<std::array<double, 2>, kSymbols> desire_weight_{};  // [symbol][sign: 0 -, 1 +]
};

// Letterbox: the chance a hand with `odds` has both underlined symbols of `desires`.
double chance_satisfies_row(const DominanceOdds& odds, const TraitCard& desires);
// Character-card edition: the chance that at least two of the desires card's border attributes hold.
double chance_two_attributes(const DominanceOdds& odds, const TraitCard& desires);

}  // namespace court::persuasion
