// What a finished game of Belle of the Ball tells the balance report: rounds played and how each ended
// (couples threshold or empty deck), the score spread, couples, gifts, Belles and attractions, and the
// cards each seat invited or gave (for card impact).
#include <algorithm>
#include <string_view>

#include "games/belle/state.h"

namespace court::belle {

void BelleState::report(GameReport& report) const {
  report.set("rounds", rounds_scored_);
  int by_couples = 0, by_deck = 0;
  for (int r = 0; r < rounds_scored_; ++r) {
    by_couples += round_end_[r] == RoundEnd::Couples ? 1 : 0;
    by_deck += round_end_[r] == RoundEnd::Deck ? 1 : 0;
  }
  report.set("rounds_ended_by_couples", by_couples);
  report.set("rounds_ended_by_deck", by_deck);
  // The last round is cut short when the deck runs out while a new round is dealt (then no round is
  // scored for it) or during a turn.
  int high = scores_[0], low = scores_[0], sum = 0;
  for (int s = 0; s < seats_; ++s) {
    high = std::max<int>(high, scores_[s]);
    low = std::min<int>(low, scores_[s]);
    sum += scores_[s];
  }
  report.set("score_spread", high - low);
  report.set("mean_score", static_cast<double>(sum) / seats_);
  report.set("winning_score", high);
  // The events are counted here, then each figure is set once, always in this order: added event by
  // event, the figures came in the order of the game's events, which sent GameReport's lookup down its
  // slow path. A figure no event raised is not set (as before: a game without a gift reports no "gifts").
  int couples_formed = 0, belles_invited = 0, gifts = 0, from_minglers = 0, from_cliques = 0, couples_attracted = 0,
      repelled = 0, replacements = 0;
  for (const LogEvent& e : log_) {
    switch (e.kind) {
      case Event::InvitedGuest:
        report.card(e.seat, rules_->cards[e.card].name);
        couples_formed += e.a != kNoCard ? 1 : 0;
        break;
      case Event::InvitedBelle:
        report.card(e.seat, rules_->cards[e.card].name);
        ++belles_invited;
        break;
      case Event::GaveGift: ++gifts; break;
      case Event::Attracted: ++(e.a == kFromMinglers ? from_minglers : from_cliques); break;
      case Event::AttractedCouple: ++couples_attracted; break;
      case Event::Repelled: ++repelled; break;
      case Event::Replaced:
        report.card(e.seat, rules_->cards[e.card].name);
        if (e.a != kNoCard) report.card(e.seat, rules_->cards[e.a].name);
        ++replacements;
        break;
      default: break;
    }
  }
  const auto set_counted = [&](std::string_view name, int count) {
    if (count > 0) report.set(name, count);
  };
  set_counted("couples_formed", couples_formed);
  set_counted("belles_invited", belles_invited);
  set_counted("gifts", gifts);
  set_counted("attracted_from_minglers", from_minglers);
  set_counted("attracted_from_cliques", from_cliques);
  set_counted("couples_attracted_by_belles", couples_attracted);
  set_counted("repelled", repelled);
  set_counted("replacements", replacements);
}

}  // namespace court::belle

namespace court::belle {

// The public standing: each seat's total as the rules have counted it so far (docs/rules/belle.md, "End of
// a round": each round's score is added to the total, which "What each seat sees" shows everyone). A round
// in progress counts nothing until it is scored: gifts are face down, so its score is not public yet.
void BelleState::standing(std::span<double> out) const {
  for (int s = 0; s < seats_; ++s) out[s] = scores_[s];
}

}  // namespace court::belle
