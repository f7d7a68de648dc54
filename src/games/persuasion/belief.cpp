#include "games/persuasion/belief.h"

namespace court::persuasion {
namespace {

constexpr double kStaleStays = 0.7;  // a card seen in a hand that may have left since is probably there
// Totals run over at most kMaxHand + 2 cards either way; index kZero is a total of 0.
constexpr int kZero = kMaxHand + 2;
constexpr int kRange = 2 * kZero + 1;

// Distribution of a symbol's total over cards, each -1 / 0 / +1 with its own chances.
class SumDistribution {
 public:
  SumDistribution() { p_[kZero] = 1; }
  void add(double minus, double plus) {
    std::array<double, kRange> next{};
    const double zero = 1 - minus - plus;
    for (int v = 1; v + 1 < kRange; ++v) {
      if (p_[v] == 0) continue;
      next[v - 1] += p_[v] * minus;
      next[v] += p_[v] * zero;
      next[v + 1] += p_[v] * plus;
    }
    p_ = next;
  }
  // The chances of a negative, zero and positive total.
  std::array<double, 3> sign_odds() const {
    std::array<double, 3> out{};
    for (int v = 0; v < kRange; ++v) out[v < kZero ? 0 : v == kZero ? 1 : 2] += p_[v];
    return out;
  }

 private:
  std::array<double, kRange> p_{};
};

}  // namespace

Beliefs::Beliefs(const PersuasionDeck& deck, const Table& table, Seat me) : deck_(deck), table_(table), me_(me) {
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
  const int size = static_cast<int>(table_.hands[t].size());
  CardSet sure = t == me_ ? set_of(table_.hands[t]) : table_.knowledge.known[me_][t];
  CardSet stale = t == me_ ? 0 : table_.knowledge.seen[me_][t] & ~sure;
  int slots = size;
  if (change.leaves != kNoCard && has_card(sure, change.leaves)) sure &= ~card_bit(change.leaves), --slots;
  if (change.unknown_leaves) --slots;
  int n_sure = card_count(sure);
  while (n_sure > slots) sure &= sure - 1, --n_sure;
  while (card_count(stale) > slots - n_sure) stale &= stale - 1;
  const int unknown = slots - n_sure - card_count(stale);

  DominanceOdds out;
  for (int s = 0; s < kSymbols; ++s) {
    // Start at a fixed total from the sure cards, then mix in the uncertain ones.
    int fixed = 0;
    for (CardSet r = sure; r; r &= r - 1) {
      for (SignedSymbol x : deck_.cards[std::countr_zero(r)].border) if (x.symbol == s) fixed += x.sign;
    }
    if (change.joins != kNoCard) {
      for (SignedSymbol x : deck_.cards[change.joins].border) if (x.symbol == s) fixed += x.sign;
    }
    SumDistribution dist;
    for (int k = 0; k < std::abs(fixed); ++k) dist.add(fixed < 0 ? 1 : 0, fixed > 0 ? 1 : 0);
    const double um = unseen_[s][0], up = unseen_[s][1];
    for (CardSet r = stale; r; r &= r - 1) {
      int v = 0;
      for (SignedSymbol x : deck_.cards[std::countr_zero(r)].border) if (x.symbol == s) v = x.sign;
      dist.add(kStaleStays * (v < 0) + (1 - kStaleStays) * um, kStaleStays * (v > 0) + (1 - kStaleStays) * up);
    }
    for (int k = 0; k < unknown; ++k) dist.add(um, up);
    out.p[s] = dist.sign_odds();
  }
  return out;
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
