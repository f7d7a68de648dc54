// What a finished game of Gameshire tells the balance report: how long each season lasted, gifts
// delivered, boons earned, skills used, wrinkles drawn, and the plans each seat chose (card impact).
#include "games/gameshire/state.h"

namespace court::gameshire {

void GameshireState::report(GameReport& report) const {
  report.set("spring_turns", turns_[0]);
  report.set("autumn_turns", turns_[1]);
  report.set("gifts_delivered", std::popcount(static_cast<unsigned>(pools_[0].delivered)));
  report.set("reached_autumn", turns_[1] > 0 ? 1 : 0);
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

}  // namespace court::gameshire
