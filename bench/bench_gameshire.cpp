// Gameshire: placements enumerated per second (every orientation of every season card over a map,
// as bitboard shifts and masks), legal-move generation at a Record step, and whole games per second
// with the greedy policy for every seat, and the planner's decisions per second (one core).
#include <benchmark/benchmark.h>

#include "games/gameshire/bot.h"
#include "games/gameshire/game.h"

namespace court::gameshire {
namespace {

const GameshireRules& rules(int seats) {
  static std::map<int, GameshireRules> cache;
  auto it = cache.find(seats);
  if (it == cache.end()) {
    static const GameEntry entry = make_game_entry<GameshireGame>();
    it = cache.emplace(seats, load_gameshire_rules(entry.make_config(seats, {}))).first;
  }
  return it->second;
}

// A third of the map taken, in a fixed pseudo-random pattern: placements must dodge it.
constexpr Bits kTaken = 0x2491'2449'9224'4992ull;

void BM_EnumeratePlacements(benchmark::State& state) {
  const GameshireRules& r = rules(1);
  const Bits allowed = ~kTaken;
  std::size_t placements = 0;
  for (auto _ : state) {
    for (const SeasonCard& c : r.cards) {
      for (const Placed& p : c.autumn) {
        for_each_placement(p.pattern, allowed, [&](int anchor, Bits mask) {
          benchmark::DoNotOptimize(mask);
          ++placements;
          (void)anchor;
        });
      }
    }
  }
  state.counters["placements/s"] = benchmark::Counter(static_cast<double>(placements), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EnumeratePlacements);

void BM_GreedyGames(benchmark::State& state) {
  const int seats = static_cast<int>(state.range(0));
  const GameshireRules& r = rules(seats);
  std::uint64_t seed = 1;
  int wins = 0;
  for (auto _ : state) {
    GameshireState s = GameshireState::new_game(r, seed++);
    greedy_playout(s);
    wins += s.won();
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["win_rate"] = static_cast<double>(wins) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_GreedyGames)->Arg(1)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

// The strong level (src/games/levels.cpp) in every seat: its decisions per second, where a seat has
// a real choice (the time per decision at a table is the inverse).
void BM_PlannerDecisions(benchmark::State& state) {
  static const BotParams kStrong = {{"rollouts", "8"}, {"width", "5"}, {"common", "1"}};
  const int seats = static_cast<int>(state.range(0));
  static const GameEntry entry = make_game_entry<GameshireGame>();
  const auto factory = entry.prepare(entry.make_config(seats, {}));
  std::uint64_t seed = 1;
  std::size_t decisions = 0;
  ActionList legal;
  for (auto _ : state) {
    auto game = factory->new_game(seed);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int k = 0; k < seats; ++k) bots.push_back(make_planner_bot(kStrong, mix_seed(seed, static_cast<std::uint64_t>(k))));
    ++seed;
    while (!game->terminal()) {
      const Seat seat = game->to_act().lowest();
      game->legal_actions(seat, legal);
      Action a = legal[0];
      if (legal.size() > 1) a = bots[seat]->choose(*game, seat), ++decisions;
      game->apply_legal(seat, a);
    }
  }
  state.counters["decisions/s"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlannerDecisions)->Arg(1)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_RandomGames(benchmark::State& state) {
  const int seats = static_cast<int>(state.range(0));
  const GameshireRules& r = rules(seats);
  std::uint64_t seed = 1;
  Rng rng = make_rng(99);
  ActionList actions;
  std::size_t steps = 0;
  for (auto _ : state) {
    GameshireState s = GameshireState::new_game(r, seed++);
    while (!s.terminal()) {
      actions.clear();
      s.legal_actions(s.actor(), actions);
      s.apply(s.actor(), actions[uniform(rng, static_cast<std::uint32_t>(actions.size()))]);
      ++steps;
    }
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["actions/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGames)->Arg(1)->Arg(4);

}  // namespace
}  // namespace court::gameshire
