// Persuasion's heuristic bot, character-card edition: like the letterbox bot, judged on "at least two
// of the three desired attributes". It invites to learn, proposes and accepts when a candidate very
// likely satisfies it, claims independence when nobody likely can, and discards its least appealing
// trait when it reflects.
#include "games/persuasion-classic/bot.h"

#include "games/persuasion-classic/state.h"
#include "games/persuasion-shared/belief.h"
#include "games/persuasion-shared/bot_common.h"

namespace court::persuasion_classic {
namespace {

// The character-card bot's values of moves (bot_common.h plays the best).
struct ClassicPolicy : PolicyOdds<ClassicState, chance_two_attributes, &ClassicState::eligible_count> {
  using State = ClassicState;
  using MoveCode = persuasion_classic::MoveCode;

  // The values ask only about the three attributes on the border of the seat's desires card.
  static SymbolMask wanted(const ClassicState& s, Seat seat) {
    SymbolMask mask = 0;
    for (SignedSymbol x : s.deck().cards[s.table().desires[seat]].border) mask |= 1u << x.symbol;
    return mask;
  }

  // What a desires card asks for, as claims name it: its border attributes.
  static SignedMask desired(const TraitCard& desires) { return attribute_mask(desires); }

  static double value(const ClassicState& s, const Beliefs& b, Seat seat, const MoveCode& m, const Style& style) {
    const int left = rounds_left(s, style);
    switch (m.move) {
      case Move::Invite:
        if (left == 0) return 0.2 + 0.1 * chance(s, b, seat, m.seat);  // leads nowhere: commit instead
        return 1.0 + chance(s, b, seat, m.seat) + 0.6 * b.unknown_share(m.seat) +
               style.show_value(0.05 * b.appeal(m.card), false) - (b.unknown_share(m.seat) < 0.01 ? 0.5 : 0);
      case Move::Propose: {
        const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .unknown_leaves = true});
        if (left == 0) return 1.0 + 1.2 * p;
        if (holds_back(s, style, p)) return -1;
        return p >= style.bar(propose_bar(left)) ? 2.0 + p : -1;
      }
      case Move::Independence: {
        const double p = nobody_satisfies(s, b, seat);
        if (left == 0) return 1.0 + 2 * p;
        if (holds_back(s, style, p)) return -1;
        return p >= style.bar(0.6) ? 2.0 + p : -1;
      }
      case Move::Reveal:
        return 1.0 + style.show_value(0.05 * b.appeal(m.card), has_card(s.table().knowledge.known[m.seat][seat], m.card));
      case Move::RejectInvitation:
        return 0;
      case Move::Accept: {
        const double p = chance(s, b, seat, m.seat, HandChange{.joins = m.card, .leaves = s.mail_from(m.seat).card});
        if (left > 0 && holds_back(s, style, p)) return -1;
        const double bar = left == 0 ? std::max(0.2, nobody_satisfies(s, b, seat)) : style.bar(accept_bar(left));
        return p >= bar ? 2.0 + p : -1;
      }
      case Move::RejectAll:
        return 0;
      case Move::Discard:
        return -b.appeal(m.card);
    }
    return 0;
  }

  static double propose_bar(int left) { return std::max(0.3, 0.55 - 0.05 * (6 - std::min(left, 6))); }
  static double accept_bar(int left) { return std::max(0.3, 0.5 - 0.05 * (6 - std::min(left, 6))); }
};

}  // namespace

std::unique_ptr<Bot> make_classic_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  return make_heuristic_bot<ClassicPolicy>(params, seed);
}

}  // namespace court::persuasion_classic
