// court_decisions: how many decisions a person gets at a table of bots (issue 40). One seat is played by
// a stand-in bot, the others by the bots under test; the watched seat moves round the table.
//   court_decisions GAME PLAYERS STAND_IN OTHERS [GAMES] [SEED]
//   court_decisions persuasion 3 heuristic normal 2000 1
// prints the watched seat's decisions per game (median, quartiles, mean), its real choices (two or more
// legal moves) and, for games that report them, the rounds played.
#include <cstdio>
#include <exception>
#include <fmt/format.h>
#include <numeric>
#include <string>

#include "engine/registry.h"
#include "sim/decisions.h"

namespace {

void print_line(const char* what, const std::vector<double>& v) {
  if (v.empty()) return;
  const double mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
  fmt::print("  {:<10} median {:>5.1f}  quartiles {:>4.0f}-{:<4.0f} 10th pct {:>4.0f}  mean {:.2f}\n", what,
             court::sim::median(v), court::sim::quantile(v, 0.25), court::sim::quantile(v, 0.75),
             court::sim::quantile(v, 0.10), mean);
}

std::vector<double> as_doubles(const std::vector<int>& v) { return {v.begin(), v.end()}; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: court_decisions GAME PLAYERS STAND_IN OTHERS [GAMES=2000] [SEED=1]\n");
    return 2;
  }
  try {
    const court::GameEntry& entry = court::games().get(argv[1]);
    const int players = std::stoi(argv[2]);
    const std::uint64_t games = argc > 5 ? std::stoull(argv[5]) : 2000;
    const std::uint64_t seed = argc > 6 ? std::stoull(argv[6]) : 1;
    auto factory = std::shared_ptr<const court::GameFactory>(entry.prepare(entry.make_config(players, {})));
    const auto counts = court::sim::count_seat_decisions(entry, factory, argv[3], argv[4], seed, games);
    fmt::print("{} {} players, stand-in {}, others {}, {} games from seed {}\n", entry.info.id, players, argv[3],
               argv[4], games, seed);
    print_line("decisions", as_doubles(counts.decisions));
    print_line("choices", as_doubles(counts.choices));
    print_line("rounds", counts.rounds);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "court_decisions: %s\n", e.what());
    return 1;
  }
  return 0;
}
