// Persuasion, letterbox edition: the simulator's report hook (the figures are persuasion-shared/report_common.h).
#include "games/persuasion-shared/matrimony.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

void LetterboxState::report(GameReport& r) const {
  fill_report(r, deck(), table_, standings_of(status_, num_seats()), won_, end_kind_of(ending_), round_);
}

}  // namespace court::persuasion
