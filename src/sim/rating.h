// One rating scale for a game's bots (`court rate GAME`, issue 40): a round-robin in which every pair of
// bots meets in every seat arrangement that matters, played through sim::simulate; each game's ranks give
// pairwise results (a seat of one bot against a seat of the other: the better rank wins, equal ranks tie for
// half); a Bradley-Terry model fitted by the MM algorithm (Hunter 2004) turns them into strengths, reported on
// an Elo-like scale (400 points: 10 to 1 odds) anchored at `normal` = 1500, with 95% intervals from a seeded
// bootstrap over games. docs/report.md, "Bot ratings".
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::sim {

// What one game said about two bots: the comparisons of a seat of `a` with a seat of `b` that each won
// (by rank; equal ranks give each half).
struct Meeting {
  std::size_t a = 0, b = 0;
  double a_wins = 0, b_wins = 0;
};

// wins[i][j]: bot i's wins over bot j, ties counted half.
using WinMatrix = std::vector<std::vector<double>>;

// The meetings summed into a matrix of `bots` bots.
WinMatrix tally(const std::vector<Meeting>& meetings, std::size_t bots);

// Bradley-Terry strengths (P(i beats j) = p_i / (p_i + p_j)) fitted to `wins` by the MM algorithm, with
// geometric mean 1. Every pair that met also gets one drawn comparison of prior, so a bot that never won
// (or never lost) has a finite strength; pairs that never met get none.
std::vector<double> bradley_terry(const WinMatrix& wins);

// Strengths on the Elo-like scale: 1500 + 400 log10(p_i / p_anchor).
std::vector<double> elo_scale(const std::vector<double>& strengths, std::size_t anchor);

// The seat arrangements of a pair of bots at `players` seats, as lineups of 0 (the first bot) and 1 (the
// second): the seats filled alternately (0,1,0,1,...), and with an odd number of seats also (1,0,1,...), so
// each bot has as many seats as the other over the pair's games. Seats rotate game by game in each lineup.
std::vector<std::vector<int>> pair_lineups(int players);

// The meeting of bots `a` and `b` in one game: seat s played by which[s] (0: a, 1: b), ranks[s] its rank.
Meeting meeting_of(std::size_t a, std::size_t b, const std::vector<int>& which, const std::vector<int>& ranks);

// One bot's place on the scale.
struct BotRating {
  std::string bot;     // as given: an offered name or a spec
  std::string title;   // the offered bot's title, else the spec
  double rating = 0;
  double low = 0, high = 0;   // the 95% interval
  std::uint64_t games = 0;    // games it played
};

// Ratings from meetings grouped by the lineup they were played in (the bootstrap resamples games within each
// lineup, so every resample keeps the round-robin's design). `anchor` is rated 1500 in every resample, so its
// interval is [1500, 1500] and the others' intervals are of their distance from it.
struct FitSettings {
  std::size_t anchor = 0;
  int resamples = 200;
  std::uint64_t seed = 1;
};
struct Fit {
  std::vector<double> rating, low, high;
};
Fit fit_ratings(const std::vector<std::vector<Meeting>>& by_lineup, std::size_t bots, const FitSettings& settings);

// A round-robin as `court rate` plays it.
struct RateRequest {
  const GameEntry* entry = nullptr;
  GameConfig config;                  // seats and options
  std::vector<std::string> bots;      // at least two, all different
  std::uint64_t games = 20;           // per lineup
  std::uint64_t seed = 1;             // every lineup plays the same deals (games seeded by index)
  int threads = 0;
  int resamples = 200;
};

struct RateResult {
  std::vector<BotRating> bots;        // in the request's order
  std::size_t lineups = 0;
  std::uint64_t games = 0;            // in all
  std::string anchor;
};

// The bots exist, differ and are at least two (UserError otherwise, naming what was wrong).
void check_rate_request(const RateRequest& request);

// Plays the round-robin and fits it. `on_lineup(k, total, a, b)` is told before lineup k is played. Throws
// UserError when the games end in team results (a cooperative game: no bot beats another at its table).
RateResult rate_bots(const RateRequest& request,
                     const std::function<void(std::size_t, std::size_t, const std::string&, const std::string&)>&
                         on_lineup = {});

}  // namespace court::sim
