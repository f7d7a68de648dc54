// Scaffolding shared by both Persuasion editions' rule tests: the game factory, scenarios with
// consecutive card numbers, and a game started from a scenario that plays encoded moves.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "engine/match.h"
#include "engine/registry.h"
#include "games/persuasion/cards.h"

namespace court::persuasion::test_support {

inline std::shared_ptr<const GameFactory> factory_for(const std::string& id, int seats,
                                                      std::map<std::string, std::string> options = {}) {
  const GameEntry& entry = games().get(id);
  return entry.prepare(entry.make_config(seats, options));
}

// Seat t holds `hand` cards numbered from 1 + t * hand; the desires cards follow. Each edition adds
// its own keys (the deck, skipping introductions).
inline nlohmann::json consecutive_scenario(int seats, int hand) {
  nlohmann::json hands = nlohmann::json::array(), desires = nlohmann::json::array();
  int next = 1;
  for (int t = 0; t < seats; ++t) {
    nlohmann::json h = nlohmann::json::array();
    for (int i = 0; i < hand; ++i) h.push_back(next++);
    hands.push_back(h);
  }
  for (int t = 0; t < seats; ++t) desires.push_back(next++);
  return {{"hands", hands}, {"desires", desires}};
}

// A game of one edition (`State`, whose moves are `MoveCode`s).
template <class State, class MoveCode>
struct ScenarioGame {
  std::shared_ptr<const GameFactory> f;
  std::unique_ptr<GameState> g;
  const State& s() const { return *g->as<State>(); }
  void play(Seat seat, MoveCode m) {
    auto error = g->apply(seat, m.encode());
    ASSERT_FALSE(error) << *error;
  }
  CardId card(Seat seat, int i) const { return s().table().hands[seat][i]; }
};

template <class Game>
Game scenario_game_for(const std::string& id, int seats, const nlohmann::json& scenario,
                       std::map<std::string, std::string> options = {}) {
  Game game{factory_for(id, seats, options), nullptr};
  game.g = game.f->from_scenario(scenario, 7);
  return game;
}

}  // namespace court::persuasion::test_support
