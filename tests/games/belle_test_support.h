// Shared set-up for Belle of the Ball's tests: tables from scenarios, moves by label, card lookups.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bots/generic_bots.h"
#include "games/labels_support.h"
#include "games/belle/bot.h"
#include "games/belle/game.h"

namespace court::belle::testing_support {

using court::test_support::has_label_starting;
using court::test_support::is_legal;
using court::test_support::labels;

using nlohmann::json;

inline const GameEntry& belle_entry() {
  static const GameEntry e = game_entry<BelleGame>({.heuristic = make_heuristic_bot});
  return e;
}

// A game set up at a position (usually from a scenario), and its factory.
struct Position {
  std::unique_ptr<GameFactory> factory;
  std::unique_ptr<GameState> game;
  const BelleState& s() const { return *game->as<BelleState>(); }
};

inline Position position(int players, const json& scenario, const std::map<std::string, std::string>& options = {},
                   std::uint64_t seed = 7) {
  Position t;
  t.factory = belle_entry().prepare(belle_entry().make_config(players, options));
  t.game = t.factory->from_scenario(scenario, seed);
  return t;
}

// Plays the legal move whose label starts with `prefix` (labels of invitations carry the card's summary).
inline void play(GameState& g, Seat seat, const std::string& prefix) {
  ActionList actions;
  g.legal_actions(seat, actions);
  for (Action a : actions) {
    if (g.describe(seat, a).rfind(prefix, 0) == 0) {
      auto error = g.apply(seat, a);
      ASSERT_FALSE(error.has_value()) << *error;
      return;
    }
  }
  FAIL() << "no legal move of seat " << seat << " starts with '" << prefix << "'; legal: " << json(labels(g, seat)).dump();
}

// Plays the legal move whose label starts with `prefix` and contains `part`.
inline void play_with(GameState& g, Seat seat, const std::string& prefix, const std::string& part) {
  ActionList actions;
  g.legal_actions(seat, actions);
  for (Action a : actions) {
    const std::string label = g.describe(seat, a);
    if (label.rfind(prefix, 0) == 0 && label.find(part) != std::string::npos) {
      auto error = g.apply(seat, a);
      ASSERT_FALSE(error.has_value()) << *error;
      return;
    }
  }
  FAIL() << "no legal move of seat " << seat << " starts with '" << prefix << "' and contains '" << part
         << "'; legal: " << json(labels(g, seat)).dump();
}

inline std::vector<std::string> names(const BelleState& s, const FixedVector<CardId, kMaxHand>& cards) {
  std::vector<std::string> out;
  for (CardId c : cards) out.push_back(s.rules().cards[c].name);
  return out;
}

// Seat `seat`'s clique as "Top" for singles and "Top/Bottom+gifts" for couples, in order.
inline std::vector<std::string> clique(const BelleState& s, Seat seat) {
  std::vector<std::string> out;
  for (const Unit& u : s.units()) {
    if (u.owner != seat) continue;
    std::string entry = s.rules().cards[u.top].name;
    if (u.couple()) entry.append("/").append(s.rules().cards[u.bottom].name);
    if (u.gift_count) entry.append("+").append(std::to_string(u.gift_count));
    out.push_back(entry);
  }
  return out;
}

inline bool log_contains(const GameState& g, Seat viewer, const std::string& text) {
  const json view = g.view(viewer);
  for (const auto& line : view["log"]) {
    if (line.get<std::string>().find(text) != std::string::npos) return true;
  }
  return false;
}

inline bool discarded(const BelleState& s, const std::string& name) {
  for (CardId c : s.discard_pile()) if (s.rules().cards[c].name == name) return true;
  return false;
}

}  // namespace court::belle::testing_support
