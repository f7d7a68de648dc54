#include "games/persuasion-shared/belief.h"

#include <algorithm>

namespace court::persuasion {
namespace {

constexpr double kStaleStays = 0.7;  // a card seen in a hand that may have left since is probably there

}  // namespace

void Hearsay::hear(const Claim& claim) {
  if (claim.from < 0 || claim.from >= kMaxSeats || claim.value >= kSignedSymbols) return;
  const auto bit = static_cast<SignedMask>(1u << claim.value);
  if (claim.kind == kHoldsSymbol) holds[claim.from] |= bit;
  if (claim.kind == kDesireIncludes) desires[claim.from] |= bit;
}

void Hearsay::check(const PersuasionDeck& deck, const CardsInPlay& table, Seat me) {
  for (Seat t = 0; t < table.seats; ++t) {
    const SignedMask open = holds[t] & ~settled[t];
    if (t == me || !open) continue;
    const CardSet sure = table.knowledge.known[me][t];
    SignedMask shown = 0;
    for (CardSet r = sure; r; r &= r - 1) for (SignedSymbol s : deck.cards[std::countr_zero(r)].border) shown |= signed_bit(s);
    const bool whole_hand = !table.hands[t].empty() && card_count(sure) >= static_cast<int>(table.hands[t].size());
    for (SignedMask r = open; r; r &= static_cast<SignedMask>(r - 1)) {
      const auto bit = static_cast<SignedMask>(r & -r);
      if (shown & bit) {
        trust[t] += (1 - trust[t]) * kConfirmed;
        settled[t] |= bit;
      } else if (whole_hand) {
        trust[t] *= kContradicted;
        settled[t] |= bit;
      }
    }
  }
}

Beliefs::Beliefs(const PersuasionDeck& deck, const CardsInPlay& table, Seat me, SymbolMask wanted, const Hearsay* hearsay)
    : deck_(deck), table_(table), me_(me), wanted_(wanted), hearsay_(hearsay) {
  const CardSet located = table.located_by(me);
  int unseen = 0;
  for (int c = 0; c < deck.size(); ++c) {
    if (has_card(located, static_cast<CardId>(c))) continue;
    ++unseen;
    for (SignedSymbol s : deck.cards[c].border) unseen_[s.symbol][s.sign > 0 ? 1 : 0] += 1;
    for (SignedSymbol s : deck.cards[c].desire) desire_weight_[s.symbol][s.sign > 0 ? 1 : 0] += 1;
  }
  for (auto& row : unseen_) for (double& v : row) v = unseen ? v / unseen : 0;
  for (auto& row : desire_weight_) for (double& v : row) v = unseen ? 2.0 * v / (2.0 * unseen) * kSymbols : 0;
}

DominanceOdds Beliefs::odds(Seat t, HandChange change) const {
  // A joining card only shifts each symbol's total by its sign, so the distributions before it
  // joins are computed once per seat and kind of leaving, and shifted per card.
  const int kind = change.leaves != kNoCard || change.unknown_leaves ? 1 : 0;
  Totals& totals = totals_[t][kind];
  if (!totals.valid || totals.leaves != change.leaves || totals.unknown_leaves != change.unknown_leaves) {
    compute_totals(t, change.leaves, change.unknown_leaves, totals);
  }
  DominanceOdds out;
  for (int s = 0; s < kSymbols; ++s) {
    if (!(wanted_ >> s & 1)) continue;
    int shift = 0;
    if (change.joins != kNoCard) {
      for (SignedSymbol x : deck_.cards[change.joins].border) if (x.symbol == s) shift += x.sign;
    }
    out.p[s] = totals.symbol[s].sign_odds(shift);
  }
  return out;
}

void Beliefs::compute_totals(Seat t, CardId leaves, bool unknown_leaves, Totals& out) const {
  const int size = static_cast<int>(table_.hands[t].size());
  CardSet sure = t == me_ ? set_of(table_.hands[t]) : table_.knowledge.known[me_][t];
  CardSet stale = t == me_ ? 0 : table_.knowledge.seen[me_][t] & ~sure;
  int slots = size;
  if (leaves != kNoCard && has_card(sure, leaves)) sure &= ~card_bit(leaves), --slots;
  if (unknown_leaves) --slots;
  int n_sure = card_count(sure);
  while (n_sure > slots) sure &= sure - 1, --n_sure;
  while (card_count(stale) > slots - n_sure) stale &= stale - 1;
  const int unknown = slots - n_sure - card_count(stale);

  out.valid = true;
  out.leaves = leaves;
  out.unknown_leaves = unknown_leaves;
  for (int s = 0; s < kSymbols; ++s) {
    if (!(wanted_ >> s & 1)) continue;
    // Start at a fixed total from the sure cards, then mix in the uncertain ones.
    int fixed = 0;
    for (CardSet r = sure; r; r &= r - 1) {
      for (SignedSymbol x : deck_.cards[std::countr_zero(r)].border) if (x.symbol == s) fixed += x.sign;
    }
    SumDistribution& dist = out.symbol[s];
    dist = SumDistribution();
    for (int k = 0; k < std::abs(fixed); ++k) dist.add(fixed < 0 ? 1 : 0, fixed > 0 ? 1 : 0);
    const double um = unseen_[s][0], up = unseen_[s][1];
    for (CardSet r = stale; r; r &= r - 1) {
      int v = 0;
      for (SignedSymbol x : deck_.cards[std::countr_zero(r)].border) if (x.symbol == s) v = x.sign;
      dist.add(kStaleStays * (v < 0) + (1 - kStaleStays) * um, kStaleStays * (v > 0) + (1 - kStaleStays) * up);
    }
    int left = unknown;
    if (hearsay_ && t != me_) left -= add_claimed(t, static_cast<Symbol>(s), sure, left, um, up, dist);
    for (int k = 0; k < left; ++k) dist.add(um, up);
  }
}

// A claim that t holds a card with +s (or -s), weighed by the trust in t, stands for one of its unknown
// cards: that card shows the symbol with the chance of the trust, and is an average unseen card otherwise.
// Not when a sure card shows it already (the claim adds nothing) or no card is unknown. Returns how many
// unknown cards it stood for.
int Beliefs::add_claimed(Seat t, Symbol s, CardSet sure, int unknown, double um, double up, SumDistribution& dist) const {
  int used = 0;
  for (const std::int8_t sign : {std::int8_t{1}, std::int8_t{-1}}) {
    const SignedSymbol claimed{.symbol = s, .sign = sign};
    if (used == unknown || !(hearsay_->holds[t] & signed_bit(claimed))) continue;
    bool shown = false;
    for (CardSet r = sure; r; r &= r - 1) {
      for (SignedSymbol x : deck_.cards[std::countr_zero(r)].border) shown = shown || x == claimed;
    }
    if (shown) continue;
    const double w = hearsay_->trust[t];
    dist.add((1 - w) * um + (sign < 0 ? w : 0), (1 - w) * up + (sign > 0 ? w : 0));
    ++used;
  }
  return used;
}

double Beliefs::appeal(CardId c) const {
  double v = 0;
  for (SignedSymbol s : deck_.cards[c].border) v += desire_weight(s);
  return v;
}

double Beliefs::unknown_share(Seat t) const {
  const int size = static_cast<int>(table_.hands[t].size());
  if (size == 0) return 0;
  return 1.0 - static_cast<double>(std::min(size, card_count(table_.knowledge.known[me_][t]))) / size;
}

double chance_satisfies_row(const DominanceOdds& odds, const TraitCard& desires) {
  return odds.has(desires.desire[0]) * odds.has(desires.desire[1]);
}

double chance_two_attributes(const DominanceOdds& odds, const TraitCard& desires) {
  const double a = odds.has(desires.border[0]), b = odds.has(desires.border[1]), c = odds.has(desires.border[2]);
  return a * b + a * c + b * c - 2 * a * b * c;
}

}  // namespace court::persuasion
