// What a finished game of Gameshire tells the balance report: how long each season lasted, gifts
// delivered, boons earned, skills used, wrinkles drawn, and the plans each seat chose (card impact).
#include "games/gameshire/state.h"

namespace court::gameshire {

void GameshireState::report(GameReport& report) const {
  report.set("spring_turns", turns_[0]);
  report.set("autumn_turns", turns_[1]);
  report.set("gifts_delivered", std::popcount(static_cast<unsigned>(pools_[0].delivered)));
  report.set("reached_autumn", turns_[1] > 0 ? 1 : 0);
  // A round of Gameshire is a season (docs/rules/gameshire.md, "Rounds"): only a Spring loss (a player who
  // cannot record) ends the game in its first; every other end comes in Autumn.
  report.set("rounds", loss_ == LossCause::SpringPass ? 1 : 2);
  int boons = 0, uses = 0, wrinkles = 0, passes = 0;
  const int pools = rules_->competitive() ? seats_ : 1;
  for (int p = 0; p < pools; ++p) { boons += pools_[p].boons_earned; uses += pools_[p].skill_uses; }
  for (const LogEvent& e : log_) {
    if (e.kind == Event::Wrinkle) { ++wrinkles; report.add("wrinkle." + rules_->wrinkles[e.a].name); }
    if (e.kind == Event::UsedSkill) report.add("skill." + rules_->skills[e.a].name);
    if (e.kind == Event::Passed) ++passes;
    if (e.kind == Event::Chose && e.seat >= 0) report.card(e.seat, rules_->cards[e.card].name);
  }
  report.set("boons_earned", boons);
  report.set("skills_used", uses);
  report.set("wrinkles_drawn", wrinkles);
  report.set("passes", passes);
}

// The public standing (docs/rules/gameshire.md, "Competitive variant": "3 points per gift you delivered
// plus 1 per demand you met as the active player", all on the table for everyone). Cooperative: the team
// wins or loses together, so every seat has the team's standing, 3 per gift delivered plus 1 per boon
// earned (gifts and boons are public; boons are progress toward the skills that deliver gifts).
void GameshireState::standing(std::span<double> out) const {
  for (int s = 0; s < seats_; ++s) {
    out[s] = rules_->competitive() ? score(s) : 3.0 * count_squares(pools_[0].delivered) + pools_[0].boons_earned;
  }
}

}  // namespace court::gameshire
