// Registers Intrigue and its heuristic bot (called from src/games/all_games.cpp).
#pragma once

#include "engine/registry.h"

namespace court {

void register_intrigue(GameRegistry& registry);

}  // namespace court
