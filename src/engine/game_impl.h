// Template definitions for game.h: the erased state, the factory, and game registration.
#pragma once

#include <fmt/format.h>

namespace court {

std::string illegal_action_message(const GameState& state, Seat seat, Action action);
void add_standard_view_fields(nlohmann::json& view, Seat seat, SeatSet to_act, bool terminal);
// Throws UserError when a scenario's first position leaves the game stuck: not over, yet nobody to act
// or a seat to act without a legal move (named, with the view's "phase" when it has one).
void check_scenario_start(const GameState& state);

template <class G>
std::optional<std::string> ErasedState<G>::check(Seat seat, Action action) const {
  bool legal = false;
  if (state_.to_act().contains(seat)) {
    if constexpr (HasValidate<State>) {
      legal = state_.validate(seat, action) == nullptr;
    } else {
      ActionList actions;
      state_.legal_actions(seat, actions);
      legal = actions.contains(action);
    }
  }
  if (!legal) return illegal_action_message(*this, seat, action);
  return std::nullopt;
}

template <class G>
std::optional<std::string> ErasedState<G>::apply(Seat seat, Action action) {
  if (auto error = check(seat, action)) return error;
  state_.apply(seat, action);
  return std::nullopt;
}

template <class G>
nlohmann::json ErasedState<G>::view(Seat seat, LogWindow window) const {
  nlohmann::json v = state_.view(seat, window);
  add_standard_view_fields(v, seat, state_.to_act(), state_.terminal());
  return v;
}

namespace detail {

template <class G>
concept HasScenarios = requires(const typename G::Rules& rules, const nlohmann::json& j, std::uint64_t seed) {
  { G::from_scenario(rules, j, seed) } -> std::same_as<typename G::State>;
};

// One uniformly random legal action for `seat`: legal[uniform(rng, n)] of its n legal actions. A game
// that counts its moves and names the k-th (HasLegalAt) gives the same move without listing them.
template <class State>
Action random_legal_action(const State& state, Seat seat, Rng& rng, ActionList& scratch) {
  if constexpr (HasLegalAt<State>) {
    return state.legal_action(seat, uniform(rng, state.legal_count(seat)));
  } else {
    scratch.clear();
    state.legal_actions(seat, scratch);
    return scratch[uniform(rng, static_cast<std::uint32_t>(scratch.size()))];
  }
}

// One uniformly random legal action per acting seat, in seat order, until the game ends.
template <class State>
std::size_t random_steps(State& state, Rng& rng, std::size_t limit) {
  ActionList actions;
  std::size_t steps = 0;
  while (steps < limit && !state.terminal()) {
    for (Seat seat : state.to_act()) {
      if (!state.to_act().contains(seat)) continue;
      state.apply(seat, random_legal_action(state, seat, rng, actions));
      ++steps;
      if (state.terminal()) break;
    }
  }
  return steps;
}

template <class G>
class FactoryModel final : public GameFactory {
 public:
  FactoryModel(const GameInfo* info, GameConfig config)
      : info_(info), config_(std::move(config)), rules_(std::make_shared<typename G::Rules>(G::prepare(config_))) {}

  const GameInfo& info() const override { return *info_; }
  const GameConfig& config() const override { return config_; }
  std::unique_ptr<GameState> new_game(std::uint64_t seed) const override {
    return std::make_unique<ErasedState<G>>(rules_, info_, G::setup(*rules_, seed));
  }
  bool has_scenarios() const override { return HasScenarios<G>; }
  std::unique_ptr<GameState> from_scenario(const nlohmann::json& scenario, std::uint64_t seed) const override {
    if constexpr (HasScenarios<G>) {
      auto state = std::make_unique<ErasedState<G>>(rules_, info_, G::from_scenario(*rules_, scenario, seed));
      check_scenario_start(*state);
      return state;
    } else {
      throw UserError(fmt::format("game {} does not support scenario files", info_->id));
    }
  }
  Playout random_playout(std::uint64_t seed) const override {
    auto state = G::setup(*rules_, seed);
    Rng rng = make_rng(mix_seed(seed, 1));
    Playout result;
    result.steps = random_steps(state, rng, static_cast<std::size_t>(info_->max_steps));
    result.finished = state.terminal();
    return result;
  }
  std::size_t clone_many(std::uint64_t seed, std::size_t n) const override {
    auto state = mid_game(seed);
    std::size_t checksum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      auto copy = state;
      checksum += copy.to_act().bits();
      asm volatile("" : : "r,m"(copy) : "memory");  // keep the copy
    }
    return checksum;
  }
  std::size_t determinize_many(std::uint64_t seed, std::size_t n) const override {
    auto state = mid_game(seed);
    Rng rng = make_rng(mix_seed(seed, 2));
    std::size_t checksum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      auto copy = state;
      copy.determinize(0, rng);
      checksum += copy.to_act().bits();
    }
    return checksum;
  }

 private:
  // The state half-way through the random game of `seed` (the same moves, stopped at half length).
  typename G::State mid_game(std::uint64_t seed) const {
    auto probe = G::setup(*rules_, seed);
    Rng probe_rng = make_rng(mix_seed(seed, 1));
    const std::size_t length = random_steps(probe, probe_rng, static_cast<std::size_t>(info_->max_steps));
    auto state = G::setup(*rules_, seed);
    Rng rng = make_rng(mix_seed(seed, 1));
    random_steps(state, rng, length / 2);
    return state;
  }

  const GameInfo* info_;
  GameConfig config_;
  std::shared_ptr<const typename G::Rules> rules_;
};

}  // namespace detail

// The registry entry for game G: its description and how to prepare it, with no bots yet (the
// registration in src/games/all_games.cpp adds the game's own and the generic ones).
template <class G>
GameEntry make_game_entry() {
  GameEntry entry;
  entry.info = G::info();
  entry.prepare = [](const GameConfig& config) -> std::unique_ptr<GameFactory> {
    // The GameInfo lives in the registry entry; a function-local static gives it a stable address.
    static const GameInfo info = G::info();
    return std::make_unique<detail::FactoryModel<G>>(&info, config);
  };
  return entry;
}

}  // namespace court
