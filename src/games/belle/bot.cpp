// Belle of the Ball's heuristic bot. It plays like a sensible human: it invites its best guests, puts a
// valuable guest on top of a weak single to protect it as a couple, attracts the best guest in reach
// (from a rival if that hurts the rival more), gives its least useful card as a gift to a couple, repels
// to the discard pile (or dumps a negative guest on the leader), picks Belles whose end-of-round effect
// fits its clique, and replaces lost guests with its best cards.
#include "games/belle/bot.h"

#include <algorithm>

namespace court::belle {
namespace {

// How likely a single guest is to be attracted away before the round is scored, per rival (most guests
// attract, so singles with symbols are stolen often), and at most.
constexpr double kSingleRisk = 0.15;
constexpr double kMaxSingleRisk = 0.5;
// The same for a couple (only Belles take couples).
constexpr double kCoupleRisk = 0.015;
// A free gift place on a couple: a point that a later turn can collect.
constexpr double kGiftRoom = 0.3;

// What holding a card is worth for later turns.
double card_potential(const BelleState& s, Seat seat, CardId c) {
  const CardInfo& info = s.rules().cards[c];
  if (info.is_belle()) {
    // A Belle is worth her effect on the clique as it stands, and she may bring a couple.
    BonusEffect b = info.bonus;
    double v = 0.8;
    int count = 0;
    for (const Unit& u : s.units()) {
      if (u.owner != seat) continue;
      const CardInfo& top = s.rules().cards[u.top];
      switch (b.kind) {
        case Bonus::PerSymbol: count += top.has(static_cast<Symbol>(b.param)) ? 1 : 0; break;
        case Bonus::PerFamily: count += top.family == b.param ? 1 : 0; break;
        case Bonus::PerCouple: count += u.couple() ? 1 : 0; break;
        case Bonus::PerSingle: count += u.couple() ? 0 : 1; break;
        case Bonus::PerGift: count += u.gift_count; break;
        default: count += 1; break;
      }
    }
    return v + 0.4 * count * b.points;
  }
  double v = 0.35 * info.points;
  if (info.reach == Reach::Attract) v += 0.6 * info.reach_count;
  if (info.power != InvitePower::None) v += 0.3;
  if (info.bonus.kind != Bonus::None) v += 0.3 * info.bonus.points;
  return v;
}

// The round's projected points of `seat`'s clique: its score now (`now`), less what single guests may
// lose, plus room for gifts.
double projected_round(const BelleState& s, Seat seat, int now) {
  double v = now;
  const int rivals = s.num_seats() - 1;
  for (const Unit& u : s.units()) {
    if (u.owner != seat) continue;
    const int points = s.rules().cards[u.top].points + u.gift_count;
    if (points <= 0) continue;
    if (u.couple()) {
      v -= kCoupleRisk * rivals * points;
      v += kGiftRoom * (kGiftsPerCouple - u.gift_count);
    } else if (s.rules().cards[u.top].symbols) {
      v -= std::min(kMaxSingleRisk, kSingleRisk * rivals) * points;
    }
  }
  return v;
}

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(make_rng(seed)) {}

  Action choose(GameState& game, Seat seat) override {
    ActionList actions;
    game.legal_actions(seat, actions);
    const BelleState* state = game.as<BelleState>();
    if (!state || actions.size() == 1) return actions[0];
    Action best = actions[0];
    double best_value = -1e18;
    for (Action a : actions) {
      BelleState next = *state;
      next.apply(seat, a);
      const double v = finish_own_turn(next, seat, state->turn_seat(), 3) + 1e-6 * uniform(rng_, 1000);
      if (v > best_value) {
        best_value = v;
        best = a;
      }
    }
    return best;
  }

 private:
  // Plays the rest of `seat`'s own choices in this turn greedily (up to `depth` more), then judges.
  double finish_own_turn(BelleState& s, Seat seat, Seat active, int depth) {
    if (depth == 0 || s.terminal() || !s.to_act().contains(seat) || s.turn_seat() != active ||
        s.phase() == Phase::Invite) {
      return evaluate_position(s, seat);
    }
    ActionList actions;
    s.legal_actions(seat, actions);
    double best = -1e18;
    BelleState best_state;
    for (Action a : actions) {
      BelleState next = s;
      next.apply(seat, a);
      const double v = evaluate_position(next, seat);
      if (v > best) {
        best = v;
        best_state = next;
      }
    }
    return finish_own_turn(best_state, seat, active, depth - 1);
  }

  Rng rng_;
};

}  // namespace

double evaluate_position(const BelleState& s, Seat seat) {
  const int n = s.num_seats();
  double mine = 0, best_rival = -1e18, rivals = 0;
  const auto cliques = s.clique_scores();  // every seat's at once (one pass over the units)
  for (Seat t = 0; t < n; ++t) {
    const double v = s.score(t) + (s.terminal() ? 0.0 : projected_round(s, t, cliques[t].total()));
    if (t == seat) {
      mine = v;
    } else {
      best_rival = std::max(best_rival, v);
      rivals += v;
    }
  }
  double hand = 0;
  if (!s.terminal()) for (CardId c : s.hand(seat)) hand += card_potential(s, seat, c);
  return mine + 0.5 * hand - 0.5 * best_rival - 0.5 * rivals / (n - 1);
}

std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("heuristic", params, {});
  return std::make_unique<HeuristicBot>(seed);
}

}  // namespace court::belle
