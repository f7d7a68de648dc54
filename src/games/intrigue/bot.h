// Intrigue's heuristic bot: one move of lookahead with a hand-written estimate of each seat's
// prospects (who will win the round, who will be monarch, what tokens and favors are worth).
#pragma once

#include <cstdint>
#include <memory>

#include "engine/bot.h"
#include "games/intrigue/state.h"

namespace court::intrigue {

// What a position is worth to `seat`, judged only from what `seat` may know: face-down cards played
// by others count as the average of the cards `seat` has not seen. Higher is better for `seat`.
double evaluate_position(const IntrigueState& state, Seat seat);

std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed);

}  // namespace court::intrigue
