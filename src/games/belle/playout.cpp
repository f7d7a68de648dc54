// Belle of the Ball's quick playout policy (for search: ismcts rollout=policy): a one-glance greedy
// player. It values each legal move by the popularity points it gains or costs at once (a guest's
// points, a couple protecting a better top card, a gift's point, taking a rival's guest), plays the best
// (ties at random) and one move in six at random, so that search sees varied but sensible futures.
// It allocates nothing and copies no state.
#include "games/belle/state.h"

namespace court::belle {
namespace {

// A rough worth of a card in play: its points, plus a little for what it can still do.
double worth(const CardInfo& c) {
  if (c.is_belle()) return 1.0 + 0.5 * c.bonus.points;
  return c.points + (c.reach == Reach::Attract ? 0.5 * c.reach_count : 0.0) + 0.3 * c.bonus.points +
         (c.power != InvitePower::None ? 0.3 : 0.0);
}

}  // namespace

Action BelleState::playout(Seat seat, const ActionList& legal, Rng& rng) const {
  if (legal.size() == 1 || uniform(rng, 6) == 0) return legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))];
  const auto& cards = rules_->cards;
  auto points = [&](CardId c) { return static_cast<double>(cards[c].points); };
  auto value = [&](const MoveCode& m) -> double {
    switch (m.move) {
      case Move::InviteGuest:
        // As a couple the single beneath stops counting, but the pair is safe and takes gifts.
        return m.flag ? worth(cards[m.card]) - points(units_[m.index].top) + 1.0 : worth(cards[m.card]);
      case Move::InviteBelle:
        return worth(cards[m.card]) - (belle_[seat] != kNoCard ? worth(cards[belle_[seat]]) : 0.0);
      case Move::UsePower:
        return 0.3 * cards[invited_card_].power_count;   // more cards to choose from
      case Move::PowerMingler:
        return power_pending_ == InvitePower::WelcomeMingler ? points(minglers_[m.index]) : 0.1;
      case Move::Gift:
        return 1.0 - 0.3 * worth(cards[m.card]);
      case Move::AttractMingler:
        return points(minglers_[m.index]);
      case Move::AttractGuest:
        return 2.0 * points(units_[m.index].top);  // we gain it, a rival loses it
      case Move::AttractCouple:
        return 2.0 * points(units_[m.index].top) + 2.0 * units_[m.index].gift_count;
      case Move::Repel:
        // Away from us costs its points; to a rival also gives them (good for a negative guest).
        return m.flag ? -points(units_[m.index].top) : -2.0 * points(units_[m.index].top);
      case Move::ReplaceSingle:
        return worth(cards[m.card]);
      case Move::ReplaceCouple:
        return worth(cards[m.card]) + 0.5;
      case Move::SkipPower:
      case Move::NoGift:
      case Move::DeclineReach:
      case Move::NoReplace:
        return 0.0;
    }
    return 0.0;
  };
  Action best = legal[0];
  double best_value = -1e9;
  std::uint32_t ties = 0;
  for (Action a : legal) {
    const double v = value(MoveCode::decode(a));
    if (v > best_value) {
      best_value = v, best = a, ties = 1;
    } else if (v == best_value && uniform(rng, ++ties) == 0) {
      best = a;
    }
  }
  return best;
}

}  // namespace court::belle
