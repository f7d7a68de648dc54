// Shared set-up for Intrigue's tests: the game's registry entry.
#pragma once

#include "bots/generic_bots.h"
#include "games/intrigue/game.h"

namespace court::intrigue::testing_support {

inline const GameEntry& intrigue_entry() {
  static const GameEntry e = game_entry<IntrigueGame>();
  return e;
}

}  // namespace court::intrigue::testing_support
