// The bots each game offers people by name (issue 40): its levels (easy, normal, strong) and its personas,
// each a name in players' words, a title, one line on how it plays, its level and the spec it stands for.
// Registration data only (engine/game.h, OfferedBot): all_games.cpp hands each list to its game's entry.
// The specs were picked by measurement: docs/experiments/<game>.md, "Levels".
#pragma once

#include <vector>

#include "engine/game.h"

namespace court {

std::vector<OfferedBot> belle_levels();
std::vector<OfferedBot> gameshire_levels();
std::vector<OfferedBot> intrigue_levels();
std::vector<OfferedBot> persuasion_levels();          // the letterbox edition
std::vector<OfferedBot> persuasion_classic_levels();  // the character-card edition

}  // namespace court
