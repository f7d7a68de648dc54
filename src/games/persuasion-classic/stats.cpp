// Persuasion, character-card edition: the simulator's report hook (the figures are persuasion-shared/report_common.h).
#include "games/persuasion-classic/state.h"
#include "games/persuasion-shared/matrimony.h"

namespace court::persuasion_classic {

void ClassicState::report(GameReport& r) const {
  persuasion::fill_report(r, deck(), table_, standings_of(status_, num_seats()), won_, end_kind_of(ending_), round_);
}

}  // namespace court::persuasion_classic
