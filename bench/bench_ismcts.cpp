// Information-set MCTS iterations per second on one core, for every registered game at its smallest
// and largest table: one 1,000-iteration search from a position a quarter of the way through a random
// game. `ismcts/...` uses random rollouts (the comparison point with OpenSpiel's IS-MCTS, which rolls
// out at random); `ismcts_policy/...` the game's playout policy, for the games that have one.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "engine/bot.h"
#include "engine/registry.h"

namespace court {
namespace {

constexpr int kIterations = 1000;

// A position some random moves into the game of `seed`, with a seat to act that has a choice among the
// moves search weighs (search_moves).
std::unique_ptr<GameState> early_position(const GameFactory& factory, std::uint64_t seed, Seat& seat) {
  auto probe = factory.new_game(seed);
  Rng rng = make_rng(seed);
  ActionList legal;
  std::size_t length = 0;
  for (; !probe->terminal(); ++length) {
    Seat s = probe->to_act().lowest();
    probe->legal_actions(s, legal);
    probe->apply_legal(s, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
  }
  auto state = factory.new_game(seed);
  rng = make_rng(seed);
  for (std::size_t i = 0; !state->terminal(); ++i) {
    seat = state->to_act().lowest();
    state->legal_actions(seat, legal);
    if (i >= length / 4) {
      ActionList searched = legal;
      state->search_moves(seat, searched);
      if (searched.size() > 1) return state;
    }
    state->apply_legal(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
  }
  return nullptr;
}

void register_game(const GameEntry& entry, int seats, const char* rollout) {
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(seats, {}));
  const std::string name = fmt::format("{}/{}/{}p", rollout == std::string("random") ? "ismcts" : "ismcts_policy",
                                       entry.info.id, seats);
  benchmark::RegisterBenchmark(name.c_str(), [factory, &entry, rollout](benchmark::State& state) {
    std::uint64_t seed = 1;
    for (auto _ : state) {
      state.PauseTiming();
      Seat seat = 0;
      std::unique_ptr<GameState> position;
      while (!position) position = early_position(*factory, seed++, seat);
      auto bot = make_bot(entry, fmt::format("ismcts:iters={},rollout={}", kIterations, rollout), seed);
      state.ResumeTiming();
      benchmark::DoNotOptimize(bot->choose(*position, seat));
    }
    state.counters["iterations/s"] = benchmark::Counter(static_cast<double>(state.iterations()) * kIterations,
                                                        benchmark::Counter::kIsRate);
  })->Unit(benchmark::kMillisecond);
}

const bool kRegistered = [] {
  for (const auto& entry : games().all()) {
    auto probe = entry.prepare(entry.make_config(entry.info.min_seats, {}))->new_game(1);
    ActionList legal;
    probe->legal_actions(probe->to_act().lowest(), legal);
    Rng rng = make_rng(1);
    const bool has_policy = probe->playout(probe->to_act().lowest(), legal, rng).has_value();
    for (const char* rollout : {"random", "policy"}) {
      if (rollout == std::string("policy") && !has_policy) continue;
      register_game(entry, entry.info.min_seats, rollout);
      if (entry.info.max_seats != entry.info.min_seats) register_game(entry, entry.info.max_seats, rollout);
    }
  }
  return true;
}();

}  // namespace
}  // namespace court
