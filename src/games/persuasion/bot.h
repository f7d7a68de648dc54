// Persuasion's heuristic bot, letterbox edition. It judges only from what its seat knows: the cards
// it has seen in each hand, and the average of the cards it has not seen for the rest.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/bot.h"

namespace court::persuasion {

std::unique_ptr<Bot> make_letterbox_heuristic_bot(const BotParams& params, std::uint64_t seed);

}  // namespace court::persuasion
