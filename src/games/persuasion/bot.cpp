// Persuasion's heuristic bot, letterbox edition. It plays like a sensible human: it shows the cards
// other players most often desire, invites the players it knows least about (or likes best),
// proposes when a candidate very likely satisfies its desires (giving the card that helps most),
// accepts a proposal on the same test, claims independence when nobody is likely to satisfy it,
// takes the extra reflection when ignored, and commits in time: it expects fewer rounds the fewer
// players are available (none at three or fewer), and does not invite when no round follows.
#include "games/persuasion/bot.h"

#include "games/persuasion/belief.h"
#include "games/persuasion/state.h"

namespace court::persuasion {
namespace {

// How sure the bot must be before proposing / accepting, by how many rounds remain.
double propose_threshold(int rounds_left) { return 0.35 + 0.07 * std::min(rounds_left, 6); }
double accept_threshold(int rounds_left) { return 0.3 + 0.05 * std::min(rounds_left, 6); }
constexpr double kAcceptedOdds = 0.6;  // a guess at how often a proposal is accepted

class LetterboxBot final : public Bot {
 public:
  explicit LetterboxBot(std::uint64_t seed) : rng_(make_rng(seed)) {}

  Action choose(GameState& game, Seat seat) override {
    ActionList actions;
    game.legal_actions(seat, actions);
    const LetterboxState* s = game.as<LetterboxState>();
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
  // The chance that seat t, after the change, satisfies `seat`'s desires.
  static double chance(const LetterboxState& s, const Beliefs& b, Seat seat, Seat t, HandChange change = {}) {
    return chance_satisfies_row(b.odds(t, change), s.deck().cards[s.table().desires[seat]]);
  }

  // The chance that nobody else satisfies `seat` (what independence would win on).
  static double nobody_satisfies(const LetterboxState& s, const Beliefs& b, Seat seat) {
    double p = 1;
    for (Seat t = 0; t < s.num_seats(); ++t) if (t != seat) p *= 1 - chance(s, b, seat, t);
    return p;
  }

  // The rounds the bot can still count on after this one: none in the final round, nor with three or
  // fewer players available (one engagement among the others would leave it alone, a certain loss);
  // otherwise about one for every two available players beyond two, within the round limit.
  static int rounds_left(const LetterboxState& s) {
    if (s.final_round()) return 0;
    const int avail = s.available_count();
    if (avail <= 3) return 0;
    return std::max(0, std::min({s.rules().max_rounds - s.round(), (avail - 2) / 2, 6}));
  }

  double value(const LetterboxState& s, const Beliefs& b, Seat seat, const MoveCode& m) {
    const int left = rounds_left(s);
    switch (m.move) {
      case Move::Show: {
        // Show the most appealing cards, first to the lowest seats still waiting.
        return b.appeal(m.card) * 10 - m.seat;
      }
      case Move::Invite: {
        // Learn about promising players we know little about; show an appealing card they have not seen.
        const double promise = chance(s, b, seat, m.seat);
        const double unknown = b.unknown_share(m.seat);
        const bool seen = has_card(s.table().knowledge.known[m.seat][seat], m.card);
        // With no round to follow, an invitation leads nowhere: commit instead.
        if (left == 0) return 0.2 + 0.1 * promise;
        return 1.0 + promise + 0.6 * unknown + 0.05 * b.appeal(m.card) - (seen ? 0.02 : 0) - (unknown < 0.01 ? 0.5 : 0);
      }
      case Move::Propose: {
        const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .unknown_leaves = true});
        if (left == 0) return 1.0 + p * kAcceptedOdds * 2;
        return p >= propose_threshold(left) ? 2.0 + p : -1;
      }
      case Move::Independence: {
        const double p = nobody_satisfies(s, b, seat);
        if (left == 0) return 1.0 + p * 2;
        double known = 0;
        int others = 0;
        for (Seat t = 0; t < s.num_seats(); ++t) if (t != seat) known += 1 - b.unknown_share(t), ++others;
        known /= others;
        return p >= 0.75 && known >= 0.35 ? 2.0 + p : p >= 0.9 ? 2.0 + p : -1;
      }
      case Move::Reflect:
        return 0.5;
      case Move::KeepNone:
        return 0;
      case Move::Swap:
        return b.appeal(m.card2) - b.appeal(m.card) - 0.1;
      case Move::ExtraReflect:
        return 1;
      case Move::Pass:
        return 0;
      case Move::Accept: {
        const Mail& mail = s.mail_from(m.seat);
        if (mail.kind == Intent::Propose) {
          const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .leaves = mail.card});
          const double bar = left == 0 ? std::max(0.15, nobody_satisfies(s, b, seat)) : accept_threshold(left);
          return p >= bar ? 2.0 + p : -1;
        }
        // Invitations: always worth the look; send an appealing card they have not seen.
        const bool seen = has_card(s.table().knowledge.known[m.seat][seat], m.card);
        return 1.0 + 0.05 * b.appeal(m.card) - (seen ? 0.02 : 0);
      }
      case Move::Reject:
        return 0;
    }
    return 0;
  }

  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_letterbox_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("heuristic", params, {});
  return std::make_unique<LetterboxBot>(seed);
}

}  // namespace court::persuasion
