// Persuasion's heuristic bot, letterbox edition. It plays like a sensible human: it shows the cards
// other players most often desire, invites the players it knows least about (or likes best),
// proposes when a candidate very likely satisfies its desires (giving the card that helps most),
// accepts a proposal on the same test, claims independence when nobody is likely to satisfy it,
// takes the extra reflection when ignored, and commits in time: it expects fewer rounds the fewer
// players are available (none at three or fewer), and does not invite when no round follows.
#include "games/persuasion/bot.h"

#include "games/persuasion-shared/belief.h"
#include "games/persuasion-shared/bot_common.h"
#include "games/persuasion/state.h"

namespace court::persuasion {
namespace {

// How sure the bot must be before proposing / accepting, by how many rounds remain.
double propose_threshold(int rounds_left) { return 0.35 + 0.07 * std::min(rounds_left, 6); }
double accept_threshold(int rounds_left) { return 0.3 + 0.05 * std::min(rounds_left, 6); }
constexpr double kAcceptedOdds = 0.6;  // a guess at how often a proposal is accepted

// The letterbox bot's values of moves (bot_common.h plays the best).
struct LetterboxPolicy : PolicyOdds<LetterboxState, chance_satisfies_row, &LetterboxState::available_count> {
  using State = LetterboxState;
  using MoveCode = persuasion::MoveCode;

  // The values ask only about the two symbols of the seat's desire row.
  static SymbolMask wanted(const LetterboxState& s, Seat seat) {
    const TraitCard& desires = s.deck().cards[s.table().desires[seat]];
    return 1u << desires.desire[0].symbol | 1u << desires.desire[1].symbol;
  }

  // What a desires card asks for, as claims name it: its desire row.
  static SignedMask desired(const TraitCard& desires) { return desire_row_mask(desires); }

  static double value(const LetterboxState& s, const Beliefs& b, Seat seat, const MoveCode& m, const Style& style) {
    const int left = rounds_left(s, style);
    switch (m.move) {
      case Move::Show:
        // Show the most appealing cards (a guarded bot the least), first to the lowest seats still waiting.
        return style.show_value(b.appeal(m.card) * 10, false) - m.seat;
      case Move::Invite: {
        // Learn about promising players we know little about; show an appealing card they have not seen.
        const double promise = chance(s, b, seat, m.seat);
        const double unknown = b.unknown_share(m.seat);
        // With no round to follow, an invitation leads nowhere: commit instead.
        if (left == 0) return 0.2 + 0.1 * promise;
        return 1.0 + promise + 0.6 * unknown + style.show_value(0.05 * b.appeal(m.card), seen_by(s, m.seat, seat, m.card)) -
               (unknown < 0.01 ? 0.5 : 0);
      }
      case Move::Propose:
        return propose_value(s, b, seat, m, style, left);
      case Move::Independence:
        return independence_value(s, b, seat, style, left);
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
      case Move::Accept:
        return accept_value(s, b, seat, m, style, left);
      case Move::Reject:
        return 0;
    }
    return 0;
  }

  // Propose where a match is likely; a player who claimed desires this hand lacks is less worth it.
  static double propose_value(const LetterboxState& s, const Beliefs& b, Seat seat, const MoveCode& m, const Style& style,
                              int left) {
    const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .unknown_leaves = true});
    const bool heard = b.hearsay() && b.hearsay()->desires[m.seat];
    const double accepted = heard ? accept_odds(b, m.seat, tally_without(s, seat, m.card), kAcceptedOdds) : kAcceptedOdds;
    if (left == 0) return 1.0 + p * accepted * 2;
    if (holds_back(s, style, p)) return -1;
    if (p < style.bar(propose_threshold(left))) return -1;
    return heard ? 2.0 + p * accepted / kAcceptedOdds : 2.0 + p;
  }

  // The tally of `seat`'s hand without `card` (the one it would give away).
  static SymbolTally tally_without(const LetterboxState& s, Seat seat, CardId card) {
    SymbolTally t = tally_of(s.deck(), s.table().hands[seat]);
    t.add(s.deck().cards[card], -1);
    return t;
  }

  static bool seen_by(const LetterboxState& s, Seat viewer, Seat owner, CardId card) {
    return has_card(s.table().knowledge.known[viewer][owner], card);
  }

  static double independence_value(const LetterboxState& s, const Beliefs& b, Seat seat, const Style& style, int left) {
    const double p = nobody_satisfies(s, b, seat);
    if (left == 0) return 1.0 + p * 2;
    if (holds_back(s, style, p)) return -1;
    double known = 0;
    int others = 0;
    for (Seat t = 0; t < s.num_seats(); ++t) if (t != seat) known += 1 - b.unknown_share(t), ++others;
    known /= others;
    return p >= style.bar(0.75) && known >= 0.35 ? 2.0 + p : p >= style.bar(0.9) ? 2.0 + p : -1;
  }

  static double accept_value(const LetterboxState& s, const Beliefs& b, Seat seat, const MoveCode& m, const Style& style,
                             int left) {
    const Mail& mail = s.mail_from(m.seat);
    if (mail.kind == Intent::Propose) {
      const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .leaves = mail.card});
      if (left > 0 && holds_back(s, style, p)) return -1;
      const double bar = left == 0 ? std::max(0.15, nobody_satisfies(s, b, seat)) : style.bar(accept_threshold(left));
      return p >= bar ? 2.0 + p : -1;
    }
    // Invitations: always worth the look; send an appealing card they have not seen.
    return 1.0 + style.show_value(0.05 * b.appeal(m.card), seen_by(s, m.seat, seat, m.card));
  }
};

}  // namespace

std::unique_ptr<Bot> make_letterbox_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  return make_heuristic_bot<LetterboxPolicy>(params, seed);
}

}  // namespace court::persuasion
