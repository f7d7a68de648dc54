// Registers Belle of the Ball and its heuristic bot (called from src/games/all_games.cpp).
#pragma once

#include "engine/registry.h"

namespace court {

void register_belle(GameRegistry& registry);

}  // namespace court
