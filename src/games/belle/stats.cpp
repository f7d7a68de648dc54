// What a finished game of Belle of the Ball tells the balance report: rounds played and how each ended
// (couples threshold or empty deck), the score spread, couples, gifts, Belles and attractions, and the
// cards each seat invited or gave (for card impact).
#include <algorithm>

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
  for (const LogEvent& e : log_) {
    switch (e.kind) {
      case Event::InvitedGuest:
        report.card(e.seat, rules_->cards[e.card].name);
        if (e.a != kNoCard) report.add("couples_formed");
        break;
      case Event::InvitedBelle:
        report.card(e.seat, rules_->cards[e.card].name);
        report.add("belles_invited");
        break;
      case Event::GaveGift:
        report.add("gifts");
        break;
      case Event::Attracted:
        report.add(e.a == kFromMinglers ? "attracted_from_minglers" : "attracted_from_cliques");
        break;
      case Event::AttractedCouple: report.add("couples_attracted_by_belles"); break;
      case Event::Repelled: report.add("repelled"); break;
      case Event::Replaced:
        report.card(e.seat, rules_->cards[e.card].name);
        if (e.a != kNoCard) report.card(e.seat, rules_->cards[e.a].name);
        report.add("replacements");
        break;
      default: break;
    }
  }
}

}  // namespace court::belle
