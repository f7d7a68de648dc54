// Registers Gameshire and its bots (called from src/games/all_games.cpp).
#pragma once

#include "engine/registry.h"

namespace court {

void register_gameshire(GameRegistry& registry);

}  // namespace court
