// The bots that play every game: `random` (and, later, information-set MCTS).
#pragma once

#include <map>
#include <string>

#include "engine/game.h"

namespace court {

const std::map<std::string, BotMaker>& generic_bots();

}  // namespace court
