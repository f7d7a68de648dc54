// Persuasion's heuristic bot, character-card edition: like the letterbox bot, judged on "at least two
// of the three desired attributes". It invites to learn, proposes and accepts when a candidate very
// likely satisfies it, claims independence when nobody likely can, and discards its least appealing
// trait when it reflects.
#include "games/persuasion-classic/state.h"
#include "games/persuasion/belief.h"
#include "games/persuasion/bot.h"

namespace court::persuasion {
namespace {

using persuasion_classic::ClassicState;
using persuasion_classic::Intent;
using persuasion_classic::Move;
using persuasion_classic::MoveCode;

class ClassicBot final : public Bot {
 public:
  explicit ClassicBot(std::uint64_t seed) : rng_(make_rng(seed)) {}

  Action choose(GameState& game, Seat seat) override {
    ActionList actions;
    game.legal_actions(seat, actions);
    const ClassicState* s = game.as<ClassicState>();
    if (!s || actions.size() == 1) return actions[0];
    const Beliefs beliefs(s->deck(), s->table(), seat);
    Action best = actions[0];
    double best_value = -1e18;
    for (Action a : actions) {
      double v = value(*s, beliefs, seat, MoveCode::decode(a)) + 1e-7 * uniform(rng_, 1000);
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

 private:
  static double chance(const ClassicState& s, const Beliefs& b, Seat seat, Seat t, HandChange change = {}) {
    return chance_two_attributes(b.odds(t, change), s.deck().cards[s.table().desires[seat]]);
  }
  static double nobody_satisfies(const ClassicState& s, const Beliefs& b, Seat seat) {
    double p = 1;
    for (Seat t = 0; t < s.num_seats(); ++t) if (t != seat) p *= 1 - chance(s, b, seat, t);
    return p;
  }
  // As in the letterbox bot: none in the last round or with three or fewer eligible players (one
  // engagement among the others would leave it alone); else about one per two eligible beyond two.
  static int rounds_left(const ClassicState& s) {
    if (s.final_round()) return 0;
    const int eligible = s.eligible_count();
    if (eligible <= 3) return 0;
    return std::max(0, std::min({s.rules().max_rounds - s.round(), (eligible - 2) / 2, 6}));
  }

  double value(const ClassicState& s, const Beliefs& b, Seat seat, const MoveCode& m) {
    const int left = rounds_left(s);
    const double propose_bar = std::max(0.3, 0.55 - 0.05 * (6 - std::min(left, 6)));
    const double accept_bar = std::max(0.3, 0.5 - 0.05 * (6 - std::min(left, 6)));
    switch (m.move) {
      case Move::Invite:
        if (left == 0) return 0.2 + 0.1 * chance(s, b, seat, m.seat);  // leads nowhere: commit instead
        return 1.0 + chance(s, b, seat, m.seat) + 0.6 * b.unknown_share(m.seat) + 0.05 * b.appeal(m.card) -
               (b.unknown_share(m.seat) < 0.01 ? 0.5 : 0);
      case Move::Propose: {
        const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .unknown_leaves = true});
        if (left == 0) return 1.0 + 1.2 * p;
        return p >= propose_bar ? 2.0 + p : -1;
      }
      case Move::Independence: {
        const double p = nobody_satisfies(s, b, seat);
        if (left == 0) return 1.0 + 2 * p;
        return p >= 0.6 ? 2.0 + p : -1;
      }
      case Move::Reveal:
        return 1.0 + 0.05 * b.appeal(m.card) -
               (has_card(s.table().knowledge.known[m.seat][seat], m.card) ? 0.02 : 0);
      case Move::RejectInvitation:
        return 0;
      case Move::Accept: {
        const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .leaves = s.mail_from(m.seat).card});
        const double bar = left == 0 ? std::max(0.2, nobody_satisfies(s, b, seat)) : accept_bar;
        return p >= bar ? 2.0 + p : -1;
      }
      case Move::RejectAll:
        return 0;
      case Move::Discard:
        return -b.appeal(m.card);
    }
    return 0;
  }

  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_classic_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("heuristic", params, {});
  return std::make_unique<ClassicBot>(seed);
}

}  // namespace court::persuasion
