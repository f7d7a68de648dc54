// Belle of the Ball's heuristic bot: it plays a turn's steps greedily, looking through the rest of its own
// turn, and judges positions by the round's projected scores (what each clique would score now, less the
// risk to its single guests, plus room for gifts) and the worth of the cards left in its hand.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/bot.h"
#include "games/belle/state.h"

namespace court::belle {

// What a position is worth to `seat`: its projected total against its rivals'. Uses only facts `seat`
// may know on a copy determinized for it (gifts count one point whatever they are).
double evaluate_position(const BelleState& state, Seat seat);

std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed);

}  // namespace court::belle
