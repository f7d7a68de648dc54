// What a finished game of Intrigue tells the balance report: which character was crowned, how many
// rounds were played, whether a player fell to zero points, and the cards each seat played (for card
// impact: relationships, actions and supports alike).
#include <set>

#include "games/intrigue/state.h"

namespace court::intrigue {
namespace {

// Events in which a seat played a card from its hand.
bool is_card_play(Event kind) {
  switch (kind) {
    case Event::PlayedFaceDown:
    case Event::PlayedSupport:
    case Event::PlayedRelationship:
    case Event::PlayedOracle:
    case Event::Assassinated:
    case Event::Virtue:
    case Event::Spied:
    case Event::Manipulated:
    case Event::Misinformed:
    case Event::Lied:
      return true;
    default:
      return false;
  }
}

}  // namespace

void IntrigueState::report(GameReport& report) const {
  const auto& crowned = rules_->characters[character_[monarch_]].name;
  report.set("crowned." + crowned, 1);
  report.set("rounds", round_);
  bool fell_to_zero = false;
  for (int s = 0; s < kSeats; ++s) fell_to_zero |= points_[s] <= 0;
  report.set("ended_at_zero_points", fell_to_zero ? 1 : 0);
  for (const LogEvent& e : log_) {
    if (!is_card_play(e.kind) || e.seat < 0 || e.card == kNoCard) continue;
    report.card(e.seat, rules_->cards[e.card].title);
    if (rules_->cards[e.card].type == CardType::Relationship) report.add("relationships_played");
  }
}

}  // namespace court::intrigue

namespace court::intrigue {

// The public standing: each seat's points (docs/rules/intrigue.md, "End of a round", step 4 scores tokens
// into the points everyone sees; "End of the game" adds the favors once the stack is turned over, so a
// favor played face down is in no seat's standing until it is revealed).
void IntrigueState::standing(std::span<double> out) const {
  for (int s = 0; s < kSeats; ++s) out[s] = points_[s];
}

}  // namespace court::intrigue
