// Generic checks every game must pass (the conformance suite in tests/ runs them over every
// registered game and seat count). Each returns the failures it found: empty means conforming.
// Each failure names the check, the seed and step, and what was seen.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"

namespace court {

// Random playouts from `playouts` seeds derived from `seed`, checking at every step: the game ends
// within info().max_steps; some seat acts until the end; every acting seat has a legal action;
// labels are unique and parse back; illegal moves (wrong seat, codes outside the legal list) are
// rejected with a reason and leave every view unchanged; determinize(s) leaves view(s), the
// spectator view, to_act, s's legal moves and the public standing (GameState::standing, when the game has
// one: finite at every step and at the end) unchanged; the playout policy (if any) picks a legal move
// on such a copy; clones are independent; observe() tells
// apart no two moves that leave the observer's view the same; and the same seed and moves reproduce
// identical views and outcome.
std::vector<std::string> check_playouts(const GameFactory& factory, std::uint64_t seed, int playouts);

// At the initial state, for each seat: determinizes `samples` times and tests (chi-square, with a
// Bonferroni-corrected significance level `alpha`) that every hidden position listed by
// hidden_items is uniform over the unseen items of its pool, and that the multiset of unseen items
// is kept.
std::vector<std::string> check_determinization_fairness(const GameFactory& factory, std::uint64_t seed, int samples,
                                                        double alpha = 1e-4);

// The "## Options" table of a game's rules page (docs/rules/<game>.md) against the game's option specs
// (game.cpp, the one source): the same options in the same order, each row's range (Int "min..max",
// Bool "bool" or "true/false", Choice its values in backticks, Text anything) and its default. A game
// without options may leave the section out. Each failure names the option and what differs.
std::vector<std::string> check_options_table(std::string_view page, const std::vector<OptionSpec>& specs);

// Upper tail probability of the chi-square distribution (Wilson-Hilferty approximation).
double chi_square_p_value(double statistic, double degrees_of_freedom);

}  // namespace court
