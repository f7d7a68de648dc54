#include "sim/rating.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "engine/bot.h"
#include "engine/match.h"
#include "sim/simulate.h"

namespace court::sim {
namespace {

constexpr double kPrior = 0.5;   // each side's share of the one drawn comparison of prior per pair that met

// The comparisons of i and j, with the prior when they met.
double met(const WinMatrix& wins, std::size_t i, std::size_t j) {
  const double n = wins[i][j] + wins[j][i];
  return n > 0 ? n + 2 * kPrior : 0;
}

// One MM step (Hunter 2004, eq. 3): p_i = W_i / sum_j N_ij / (p_i + p_j).
std::vector<double> mm_step(const WinMatrix& wins, const std::vector<double>& p) {
  const std::size_t k = p.size();
  std::vector<double> next(k, 1.0);
  for (std::size_t i = 0; i < k; ++i) {
    double won = 0, denominator = 0;
    for (std::size_t j = 0; j < k; ++j) {
      if (j == i || met(wins, i, j) == 0) continue;
      won += wins[i][j] + kPrior;
      denominator += met(wins, i, j) / (p[i] + p[j]);
    }
    if (denominator > 0) next[i] = won / denominator;
  }
  return next;
}

void to_geometric_mean_one(std::vector<double>& p) {
  double log_sum = 0;
  for (double x : p) log_sum += std::log(x);
  const double scale = std::exp(log_sum / static_cast<double>(p.size()));
  for (double& x : p) x /= scale;
}

// The q-quantile of `values` (sorted in place), by the nearest rank.
double quantile(std::vector<double>& values, double q) {
  std::sort(values.begin(), values.end());
  const auto last = static_cast<double>(values.size() - 1);
  return values[static_cast<std::size_t>(std::lround(q * last))];
}

std::vector<double> ratings_of(const std::vector<std::vector<Meeting>>& by_lineup, std::size_t bots,
                               std::size_t anchor) {
  std::vector<Meeting> all;
  for (const auto& lineup : by_lineup) all.insert(all.end(), lineup.begin(), lineup.end());
  return elo_scale(bradley_terry(tally(all, bots)), anchor);
}

// The meetings resampled with replacement within each lineup.
std::vector<std::vector<Meeting>> resample(const std::vector<std::vector<Meeting>>& by_lineup, Rng& rng) {
  std::vector<std::vector<Meeting>> out;
  for (const auto& lineup : by_lineup) {
    auto& drawn = out.emplace_back();
    const auto n = static_cast<std::uint32_t>(lineup.size());
    for (std::uint32_t i = 0; i < n; ++i) drawn.push_back(lineup[rng(n)]);
  }
  return out;
}

}  // namespace

WinMatrix tally(const std::vector<Meeting>& meetings, std::size_t bots) {
  WinMatrix wins(bots, std::vector<double>(bots, 0.0));
  for (const auto& m : meetings) {
    wins[m.a][m.b] += m.a_wins;
    wins[m.b][m.a] += m.b_wins;
  }
  return wins;
}

std::vector<double> bradley_terry(const WinMatrix& wins) {
  std::vector<double> p(wins.size(), 1.0);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::vector<double> next = mm_step(wins, p);
    to_geometric_mean_one(next);
    double change = 0;
    for (std::size_t i = 0; i < p.size(); ++i) change = std::max(change, std::abs(std::log(next[i] / p[i])));
    p = std::move(next);
    if (change < 1e-12) break;
  }
  return p;
}

std::vector<double> elo_scale(const std::vector<double>& strengths, std::size_t anchor) {
  std::vector<double> out;
  for (double p : strengths) out.push_back(1500 + 400 * std::log10(p / strengths[anchor]));
  return out;
}

std::vector<std::vector<int>> pair_lineups(int players) {
  std::vector<std::vector<int>> out(players % 2 == 1 ? 2 : 1);
  for (int s = 0; s < players; ++s) {
    out[0].push_back(s % 2);
    if (out.size() == 2) out[1].push_back(1 - s % 2);
  }
  return out;
}

Meeting meeting_of(std::size_t a, std::size_t b, const std::vector<int>& which, const std::vector<int>& ranks) {
  Meeting m{.a = a, .b = b};
  for (std::size_t s = 0; s < which.size(); ++s) {
    for (std::size_t t = 0; t < which.size(); ++t) {
      if (which[s] != 0 || which[t] != 1) continue;
      if (ranks[s] == ranks[t]) {
        m.a_wins += 0.5;
        m.b_wins += 0.5;
      } else {
        (ranks[s] < ranks[t] ? m.a_wins : m.b_wins) += 1;
      }
    }
  }
  return m;
}

Fit fit_ratings(const std::vector<std::vector<Meeting>>& by_lineup, std::size_t bots, const FitSettings& settings) {
  Fit fit{.rating = ratings_of(by_lineup, bots, settings.anchor)};
  std::vector<std::vector<double>> draws(bots);
  Rng rng = make_rng(settings.seed);
  for (int r = 0; r < settings.resamples; ++r) {
    const std::vector<double> again = ratings_of(resample(by_lineup, rng), bots, settings.anchor);
    for (std::size_t i = 0; i < bots; ++i) draws[i].push_back(again[i]);
  }
  for (std::size_t i = 0; i < bots; ++i) {
    fit.low.push_back(draws[i].empty() ? fit.rating[i] : quantile(draws[i], 0.025));
    fit.high.push_back(draws[i].empty() ? fit.rating[i] : quantile(draws[i], 0.975));
  }
  return fit;
}

void check_rate_request(const RateRequest& request) {
  if (request.bots.size() < 2) {
    throw UserError(fmt::format("a rating needs at least two bots to compare; got {} (e.g. --bots easy,normal)",
                                request.bots.size()));
  }
  std::set<std::string> seen;
  for (const auto& bot : request.bots) {
    if (!seen.insert(bot).second) throw UserError(fmt::format("bot '{}' is listed twice; list each bot once", bot));
    if (bot == kHuman) throw UserError("a rating plays bots only; 'human' cannot sit at a simulated table");
    make_bot(*request.entry, bot, 0);   // an unknown bot or parameter fails now, naming what is allowed
  }
}

namespace {

std::string title_of(const GameEntry& entry, const std::string& bot) {
  const OfferedBot* offered = entry.find_offered(bot);
  return offered ? offered->title : bot;
}

std::size_t anchor_of(const std::vector<std::string>& bots) {
  const auto it = std::find(bots.begin(), bots.end(), kDefaultBot);
  return it == bots.end() ? 0 : static_cast<std::size_t>(it - bots.begin());
}

// The meetings of bots a and b in one lineup (0: a, 1: b per seat), its games played by sim::simulate.
std::vector<Meeting> play_lineup(const RateRequest& request, std::size_t a, std::size_t b, const std::vector<int>& which) {
  SimRequest sim;
  sim.entry = request.entry;
  sim.players = request.config.seats;
  for (int w : which) sim.lineup.push_back(request.bots[w == 0 ? a : b]);
  sim.configs = {request.config};
  sim.settings = {.seed = request.seed, .games = request.games, .threads = request.threads, .rotate = true};
  const SimResult result = simulate(sim, Cluster{}, {.keep_records = true});
  std::vector<Meeting> out;
  for (const GameRecord& game : result.records.at(0).games) {
    if (game.cooperative) {
      throw UserError(fmt::format("{}'s games here end in team results: every seat wins or loses together, so no bot "
                                  "beats another; rate a competitive mode if it has one (`court games` lists its "
                                  "options, e.g. --set mode=competitive)", request.entry->info.id));
    }
    std::vector<int> seat_which, ranks;
    for (int s = 0; s < sim.players; ++s) {
      seat_which.push_back(which[static_cast<std::size_t>((s + game.rotation) % sim.players)]);
      ranks.push_back(game.seats[static_cast<std::size_t>(s)].rank);
    }
    out.push_back(meeting_of(a, b, seat_which, ranks));
  }
  return out;
}

}  // namespace

RateResult rate_bots(const RateRequest& request,
                     const std::function<void(std::size_t, std::size_t, const std::string&, const std::string&)>& on_lineup) {
  check_rate_request(request);
  const std::size_t k = request.bots.size();
  const auto arrangements = pair_lineups(request.config.seats);
  const std::size_t total = k * (k - 1) / 2 * arrangements.size();
  std::vector<std::vector<Meeting>> by_lineup;
  std::vector<std::uint64_t> games(k, 0);
  for (std::size_t a = 0; a < k; ++a) {
    for (std::size_t b = a + 1; b < k; ++b) {
      for (const auto& which : arrangements) {
        if (on_lineup) on_lineup(by_lineup.size(), total, request.bots[a], request.bots[b]);
        by_lineup.push_back(play_lineup(request, a, b, which));
        games[a] += by_lineup.back().size();
        games[b] += by_lineup.back().size();
      }
    }
  }
  const std::size_t anchor = anchor_of(request.bots);
  const Fit fit = fit_ratings(by_lineup, k, {.anchor = anchor, .resamples = request.resamples, .seed = request.seed});
  RateResult result{.lineups = by_lineup.size(), .anchor = request.bots[anchor]};
  for (const auto& lineup : by_lineup) result.games += lineup.size();
  for (std::size_t i = 0; i < k; ++i) {
    result.bots.push_back({request.bots[i], title_of(*request.entry, request.bots[i]), fit.rating[i], fit.low[i],
                           fit.high[i], games[i]});
  }
  return result;
}

}  // namespace court::sim
