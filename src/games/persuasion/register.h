// Registers both Persuasion editions and their heuristic bots (called from src/games/all_games.cpp).
#pragma once

#include "engine/registry.h"

namespace court {

void register_persuasion(GameRegistry& registry);
void register_persuasion_classic(GameRegistry& registry);

}  // namespace court
