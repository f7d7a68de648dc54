// The rule-based bots' speed: for every registered game that has a `heuristic` bot (and Gameshire's
// `greedy`), at its smallest and largest table, whole games with that bot in every seat; reports the
// bot's decisions per second (the bot is asked only when a seat has a real choice). The cost of a
// heuristic decision is what `ismcts:rollout=heuristic` pays per rollout step.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "engine/bot.h"
#include "engine/registry.h"

namespace court {
namespace {

void register_game(const GameEntry& entry, int seats, const std::string& bot_name) {
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(seats, {}));
  const std::string name = fmt::format("bot/{}/{}/{}p", bot_name, entry.info.id, seats);
  benchmark::RegisterBenchmark(name.c_str(), [factory, &entry, bot_name, seats](benchmark::State& state) {
    std::uint64_t seed = 1;
    std::size_t decisions = 0;
    ActionList legal;
    for (auto _ : state) {
      state.PauseTiming();
      auto game = factory->new_game(seed);
      std::vector<std::unique_ptr<Bot>> bots;
      for (int s = 0; s < seats; ++s) bots.push_back(make_bot(entry, bot_name, mix_seed(seed, s)));
      ++seed;
      state.ResumeTiming();
      while (!game->terminal()) {
        const Seat seat = game->to_act().lowest();
        game->legal_actions(seat, legal);
        Action a = legal[0];
        if (legal.size() > 1) a = bots[seat]->choose(*game, seat), ++decisions;
        game->apply_legal(seat, a);
      }
    }
    state.counters["decisions/s"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  })->Unit(benchmark::kMillisecond);
}

const bool kRegistered = [] {
  for (const auto& entry : games().all()) {
    for (const char* bot : {"heuristic", "greedy"}) {
      if (!entry.bots.count(bot)) continue;
      register_game(entry, entry.info.min_seats, bot);
      if (entry.info.max_seats != entry.info.min_seats) register_game(entry, entry.info.max_seats, bot);
    }
  }
  return true;
}();

}  // namespace
}  // namespace court
