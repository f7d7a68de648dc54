// Intrigue's heuristic bot. It plays like a sensible human: takes the big token of a character it can
// push to victory, backs the characters it holds tokens on, plays negative cards and relationships
// (Blackmail, Feud, Debt) against the characters it bets against, discards its weakest card, and plays
// a favor once the likely monarch is clear enough for the stage of the game.
#include "games/intrigue/bot.h"

#include <cmath>

namespace court::intrigue {
namespace {

// How far ahead each character is in the priority order (0 = lowest of the three).
std::array<int, kLetters> priority_ranks(const IntrigueState& s) {
  std::array<int, kLetters> rank{};
  for (int l = 0; l < kLetters; ++l) {
    for (int k = 0; k < kLetters; ++k) {
      if (s.rules().characters[s.character(k)].priority < s.rules().characters[s.character(l)].priority) ++rank[l];
    }
  }
  return rank;
}

std::array<double, kLetters> softmax(const std::array<double, kLetters>& x, double temperature) {
  double top = std::max({x[0], x[1], x[2]});
  std::array<double, kLetters> p{};
  double sum = 0;
  for (int l = 0; l < kLetters; ++l) sum += p[l] = std::exp((x[l] - top) / temperature);
  for (double& v : p) v /= sum;
  return p;
}

struct Estimate {
  std::array<double, kLetters> round_win{};   // chance each letter wins this round
  std::array<double, kLetters> monarch{};     // chance each letter ends as monarch
};

// Support totals as `seat` can judge them: seen cards at their value, unseen ones at the average of
// the cards `seat` has not seen.
std::array<double, kLetters> estimated_totals(const IntrigueState& s, Seat seat) {
  const IntrigueRules& rules = s.rules();
  std::array<double, kLetters> unseen_sum{};
  int unseen = 0;
  auto add_unseen = [&](CardId c) {
    ++unseen;
    for (int l = 0; l < kLetters; ++l) unseen_sum[l] += rules.support_value(c, s.character(l));
  };
  for (int t = 0; t < kSeats; ++t) if (t != seat) for (CardId c : s.hand(t)) add_unseen(c);
  for (CardId c : s.deck()) add_unseen(c);
  for (int l = 0; l < kLetters; ++l) {
    for (const StackCard& c : s.stack(l)) if (!c.face_up && c.owner != seat) add_unseen(c.card);
  }
  std::array<double, kLetters> totals{};
  std::array<double, kLetters> down_value{};
  std::array<int, kLetters> down_count{};
  for (int l = 0; l < kLetters; ++l) {
    double mean = unseen ? unseen_sum[l] / unseen : 0.0;
    for (const StackCard& c : s.stack(l)) {
      double v = c.face_up || c.owner == seat ? rules.support_value(c.card, s.character(l)) : mean;
      totals[l] += v;
      if (!c.face_up) { down_value[l] += v; ++down_count[l]; }
    }
  }
  for (int e = 0; e < kEdges; ++e) {
    const Relationship& r = s.edge(e);
    if (r.empty()) continue;
    const CardInfo& info = rules.cards[r.card];
    int first = r.forward ? e : (e + 1) % kLetters;
    int second = r.forward ? (e + 1) % kLetters : e;
    if (info.kind == RelationshipKind::Arrows) {
      totals[first] += info.left;
      totals[second] += info.right;
    } else if (info.kind == RelationshipKind::Debt && down_count[first] > 0) {
      double moved = down_value[first] / down_count[first];
      totals[first] -= moved;
      totals[second] += moved;
    }
  }
  return totals;
}

Estimate estimate(const IntrigueState& s, Seat seat) {
  Estimate est;
  const auto ranks = priority_ranks(s);
  auto totals = estimated_totals(s, seat);
  // The fewer cards the shortest hand holds, the sooner the round ends and the surer the leader.
  int shortest = kMaxHand;
  for (int t = 0; t < kSeats; ++t) shortest = std::min(shortest, static_cast<int>(s.hand(t).size()));
  double spread = 0.7 + 0.6 * std::sqrt(static_cast<double>(shortest));
  for (int l = 0; l < kLetters; ++l) totals[l] += 0.2 * ranks[l];
  auto p = softmax(totals, spread);
  // Blackmail hands the victim's chances to the blackmailer.
  for (int e = 0; e < kEdges; ++e) {
    const Relationship& r = s.edge(e);
    if (r.empty() || s.rules().cards[r.card].kind != RelationshipKind::Blackmail) continue;
    int blackmailer = r.forward ? e : (e + 1) % kLetters;
    int victim = r.forward ? (e + 1) % kLetters : e;
    p[blackmailer] += p[victim];
    p[victim] = 0;
    break;
  }
  est.round_win = p;

  const bool over = s.terminal();
  const int rounds_after = over ? 0 : s.rules().rounds - s.round();
  std::array<double, kLetters> standing{};
  for (int l = 0; l < kLetters; ++l) {
    standing[l] = s.votes(l) + (over ? 0.0 : p[l]) + rounds_after / 3.0 + 0.05 * ranks[l];
  }
  est.monarch = over ? std::array<double, kLetters>{} : softmax(standing, 0.35 + 0.6 * rounds_after);
  if (over) est.monarch[s.monarch()] = 1.0;
  return est;
}

// Expected points of `seat` from the tokens it holds, when this round is scored.
double token_value(const IntrigueState& s, const Estimate& est, Seat seat) {
  double v = 0;
  for (int t = 0; t < s.token_count(); ++t) {
    if (!((s.tokens_held(seat) >> t) & 1)) continue;
    Letter l = s.token_letter(t);
    v += est.round_win[l] * s.token_value(t) - (1 - est.round_win[l]) * s.rules().losing_token_penalty;
  }
  return v;
}

// Expected points from `seat`'s favors already on the stack (unknown favors of others count as one
// of the three letters at random when judging who is first).
double favor_value(const IntrigueState& s, const Estimate& est, Seat seat) {
  if (s.terminal()) return 0;
  const IntrigueRules& rules = s.rules();
  std::array<double, kLetters> none_before{1, 1, 1};
  std::array<int, kSeats> slot{};
  double v = 0;
  for (const FavorPlay& f : s.favor_stack()) {
    int k = slot[f.seat]++;
    if (f.seat == seat) {
      Letter l = s.favor_letter(seat, k);
      double bonus = none_before[l] * rules.favor_first_bonus + (1 - none_before[l]) * rules.favor_later_bonus;
      v += est.monarch[l] * bonus - (1 - est.monarch[l]) * rules.favor_wrong_penalty;
      none_before[l] = 0;
    } else {
      for (double& q : none_before) q *= 2.0 / 3.0;
    }
  }
  return v;
}

// What holding a card is worth: the support it can add, and a little for the choices it leaves.
double card_value(const IntrigueState& s, CardId c) {
  const CardInfo& info = s.rules().cards[c];
  int best = 0;
  for (int l = 0; l < kLetters; ++l) best = std::max(best, s.rules().support_value(c, s.character(l)));
  double v = 0.35 + 0.15 * best;
  if (info.type != CardType::Support) v += 0.15;
  return v;
}

double seat_value(const IntrigueState& s, const Estimate& est, Seat seat) {
  double v = s.points(seat) + token_value(s, est, seat) + favor_value(s, est, seat);
  if (!s.terminal()) for (CardId c : s.hand(seat)) v += card_value(s, c);
  return v;
}

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(make_rng(seed)) {}

  Action choose(GameState& game, Seat seat) override {
    const IntrigueState* state = game.as<IntrigueState>();
    ActionList actions;
    game.legal_actions(seat, actions);
    if (!state || actions.size() == 1) return actions[0];
    const Estimate now = estimate(*state, seat);
    // Favors wait until the likely monarch is clear enough for the stage of the game.
    const int rounds_after = state->rules().rounds - state->round();
    const double favor_threshold = 0.4 + 0.12 * rounds_after;

    Action best = actions[0];
    double best_value = -1e9;
    for (Action a : actions) {
      const MoveCode m = MoveCode::decode(a);
      if (m.move == Move::PlayFavor && now.monarch[m.a] < favor_threshold) continue;
      IntrigueState next = *state;
      next.apply(seat, a);
      double v = evaluate_position(next, seat) + 1e-6 * uniform(rng_, 1000);
      if (v > best_value) { best_value = v; best = a; }
    }
    return best;
  }

 private:
  Rng rng_;
};

}  // namespace

double evaluate_position(const IntrigueState& state, Seat seat) {
  const Estimate est = estimate(state, seat);
  double mine = 0, others = 0;
  for (int t = 0; t < kSeats; ++t) {
    double v = seat_value(state, est, t);
    if (t == seat) mine = v; else others += v;
  }
  return mine - others / (kSeats - 1);
}

std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("heuristic", params, {});
  return std::make_unique<HeuristicBot>(seed);
}

}  // namespace court::intrigue
