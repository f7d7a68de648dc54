// Scaffolding shared by both Persuasion editions' rule tests: the game factory, scenarios with
// consecutive card numbers, and a game started from a scenario that plays encoded moves.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/match.h"
#include "engine/registry.h"
#include "games/random_steps_support.h"
#include "games/persuasion-shared/cards.h"

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

// The seats to act that `State` keeps after every move (to_act) are the ones worked out afresh
// (to_act_now), at every step of random games of game `id` at every table size; none at the end.
template <class State>
void expect_kept_to_act_is_computed(const std::string& id) {
  check_every_step_of_random_games(id, 20, [](const GameState& g, const std::string& where) {
    const State& s = *g.as<State>();
    ASSERT_EQ(s.to_act(), s.to_act_now()) << where;
    if (g.terminal()) {
      EXPECT_TRUE(s.to_act_now().empty()) << where;
    }
  });
}

// The codes of the moves search weighs for `seat` (search_moves), checked to be distinct.
inline std::set<std::uint32_t> searched_codes(const GameState& game, Seat seat) {
  ActionList moves;
  game.legal_actions(seat, moves);
  game.search_moves(seat, moves);
  std::set<std::uint32_t> codes;
  for (Action a : moves) codes.insert(a.code);
  EXPECT_EQ(codes.size(), moves.size());
  return codes;
}

// The card of `hand` that search gives a fiance for a giver who wants `wanted`: the most wanted
// symbols with their sign on its border (+1 each, -1 for the other sign), then the least appealing,
// then the first.
template <class Hand, std::size_t N>
CardId card_to_give(const PersuasionDeck& d, const Hand& hand, const std::array<SignedSymbol, N>& wanted) {
  auto fit = [&](CardId c) {
    int f = 0;
    for (SignedSymbol x : d.cards[c].border) {
      for (SignedSymbol w : wanted) if (x.symbol == w.symbol) f += x.sign == w.sign ? 1 : -1;
    }
    return f;
  };
  CardId give = hand[0];
  for (CardId c : hand) {
    if (fit(c) > fit(give) || (fit(c) == fit(give) && d.appeal[c] < d.appeal[give])) give = c;
  }
  return give;
}

// A view as text in which every card object ({"id": 7, "symbols": [...]}) also reads as its label
// ("#07 +Title -Mystery +Romance"), so a privacy test can look for a card by its label.
inline void add_card_labels(const PersuasionDeck& d, const nlohmann::json& node, std::string& out) {
  if (node.is_object() && node.contains("id") && node.contains("symbols")) {
    out += " " + d.trait_label(static_cast<CardId>(node["id"].get<int>() - 1));
  }
  if (node.is_structured()) {
    for (const auto& child : node) add_card_labels(d, child, out);
  }
}

inline std::string view_with_labels(const PersuasionDeck& d, const nlohmann::json& view) {
  std::string out = view.dump();
  add_card_labels(d, view, out);
  return out;
}

// The report of a game, its flag `capped` and values checked against `want` (a key it lacks reads as 0).
inline GameReport checked_report(const GameState& game, bool capped,
                                 const std::vector<std::pair<std::string, double>>& want) {
  GameReport r;
  game.report(r);
  EXPECT_EQ(r.capped, capped);
  for (const auto& [key, value] : want) EXPECT_DOUBLE_EQ(r.value(key), value) << key;
  return r;
}

// The seats among `seats` that won, in order.
template <class State>
std::vector<Seat> winners_among(const State& s, std::initializer_list<Seat> seats) {
  std::vector<Seat> out;
  for (Seat t : seats) if (s.won(t)) out.push_back(t);
  return out;
}

template <class Game>
Game scenario_game_for(const std::string& id, int seats, const nlohmann::json& scenario,
                       std::map<std::string, std::string> options = {}) {
  Game game{factory_for(id, seats, options), nullptr};
  game.g = game.f->from_scenario(scenario, 7);
  return game;
}

}  // namespace court::persuasion::test_support
