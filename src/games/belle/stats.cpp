// What a finished game of Belle of the Ball tells the balance report: rounds played and how each ended
// (couples threshold or empty deck), the score spread, couples, gifts, Belles and attractions, and the
// cards each seat invited or gave (for card impact).
#include <algorithm>

#include "games/belle/state.h"

namespace court::belle {

void BelleState::report(GameReport& report) const {
  report.values["rounds"] = rounds_scored_;
  int by_couples = 0, by_deck = 0;
  for (int r = 0; r < rounds_scored_; ++r) {
    by_couples += round_end_[r] == RoundEnd::Couples ? 1 : 0;
    by_deck += round_end_[r] == RoundEnd::Deck ? 1 : 0;
  }
  report.values["rounds_ended_by_couples"] = by_couples;
  report.values["rounds_ended_by_deck"] = by_deck;
  // The last round is cut short when the deck runs out while a new round is dealt (then no round is
  // scored for it) or during a turn.
  int high = scores_[0], low = scores_[0], sum = 0;
  for (int s = 0; s < seats_; ++s) {
    high = std::max<int>(high, scores_[s]);
    low = std::min<int>(low, scores_[s]);
    sum += scores_[s];
  }
  report.values["score_spread"] = high - low;
  report.values["mean_score"] = static_cast<double>(sum) / seats_;
  report.values["winning_score"] = high;
  for (const LogEvent& e : log_) {
    switch (e.kind) {
      case Event::InvitedGuest:
        report.cards[e.seat].push_back(rules_->cards[e.card].name);
        if (e.a != kNoCard) report.values["couples_formed"] += 1;
        break;
      case Event::InvitedBelle:
        report.cards[e.seat].push_back(rules_->cards[e.card].name);
        report.values["belles_invited"] += 1;
        break;
      case Event::GaveGift:
        report.values["gifts"] += 1;
        break;
      case Event::Attracted:
        report.values[e.a == kFromMinglers ? "attracted_from_minglers" : "attracted_from_cliques"] += 1;
        break;
      case Event::AttractedCouple: report.values["couples_attracted_by_belles"] += 1; break;
      case Event::Repelled: report.values["repelled"] += 1; break;
      case Event::Replaced:
        report.cards[e.seat].push_back(rules_->cards[e.card].name);
        if (e.a != kNoCard) report.cards[e.seat].push_back(rules_->cards[e.a].name);
        report.values["replacements"] += 1;
        break;
      default: break;
    }
  }
}

}  // namespace court::belle
