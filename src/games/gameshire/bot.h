// Gameshire's bots.
//   greedy   scores every legal move by a hand-written judgement of the maps (fill, holes, crowns still
//            reachable, gift timing, skills and boons in Spring; what is left to shade with in Autumn)
//            and plays the best one. It uses a skill only when the alternative is to pass. The baseline.
//   planner  looks ahead by Monte Carlo search: for each candidate (every card it may choose, the best
//            few placements, the skills it may use) it plays the game out several times on copies of
//            the state, each with the hidden decks reshuffled, all seats following the greedy policy,
//            and plays the candidate with the best average result (a win counts 1, a loss by the gifts
//            delivered). Parameters: rollouts=N (futures per candidate, default 4), width=K
//            (placements searched, default 3), common=1 (every candidate meets the same sampled
//            futures, common random numbers; default 0, each playout its own). The strong level is
//            rollouts=8,width=5,common=1. Another player's Autumn shading, gift shading and
//            deliveries use the greedy judgement.
//   heuristic  the same as planner (generic tools expect every game to have one).
#pragma once

#include <cstdint>
#include <memory>

#include "engine/bot.h"
#include "games/gameshire/state.h"

namespace court::gameshire {

// The greedy policy's move for the seat to act (no skills): the best-judged of `legal` (its legal
// moves), or of all its legal moves.
Action greedy_action(const GameshireState& state, const ActionList& legal);
Action greedy_action(const GameshireState& state);
// The greedy judgement of a legal move of the seat to act (higher is better).
double greedy_score(const GameshireState& state, Action action);
// Plays `state` to the end with the greedy policy for every seat.
void greedy_playout(GameshireState& state);

std::unique_ptr<Bot> make_greedy_bot(const BotParams& params, std::uint64_t seed);
std::unique_ptr<Bot> make_planner_bot(const BotParams& params, std::uint64_t seed);
// The planner as a kind of bot: made by make_planner_bot, its cost per move bounded by the budget's
// rollouts and width.
BotKind planner_bot();

}  // namespace court::gameshire
