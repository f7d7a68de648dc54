// Shared helpers for the Gameshire tests: tables from scenarios, moves by label.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bots/generic_bots.h"
#include "games/labels_support.h"
#include "games/gameshire/game.h"

namespace court::gameshire::testing_support {

using court::test_support::has_label_starting;
using court::test_support::is_legal;
using court::test_support::labels;

using nlohmann::json;

// A game set up at a position (usually from a scenario), and its factory.
struct Position {
  std::unique_ptr<GameFactory> factory;
  std::unique_ptr<GameState> game;
  const GameshireState& s() const { return *game->as<GameshireState>(); }
};

inline const GameEntry& entry() {
  static const GameEntry e = game_entry<GameshireGame>();
  return e;
}

inline Position position(int seats, const json& scenario, const std::map<std::string, std::string>& options = {}, std::uint64_t seed = 7) {
  Position t;
  t.factory = entry().prepare(entry().make_config(seats, options));
  t.game = t.factory->from_scenario(scenario, seed);
  return t;
}

inline void play(GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  ASSERT_TRUE(action.has_value()) << "'" << label << "' is not legal for seat " << seat << "; legal: " << json(labels(g, seat)).dump();
  auto error = g.apply(seat, *action);
  ASSERT_FALSE(error.has_value()) << *error;
}

// Plays the first legal placement (or a pass) for the seat to act.
inline void play_any(GameState& g) {
  const Seat seat = g.to_act().lowest();
  ActionList actions;
  g.legal_actions(seat, actions);
  ASSERT_FALSE(actions.empty());
  ASSERT_FALSE(g.apply(seat, actions[0]).has_value());
}

inline bool log_contains(const GameState& g, const std::string& text) {
  const json view = g.view(kSpectator);
  for (const auto& line : view["log"]) if (line.get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

inline int cell(const std::string& name) {
  static const std::string kCols = "LABCDEFR";
  return cell_index(name[1] - '0', static_cast<int>(kCols.find(name[0])));
}

inline std::vector<std::string> all_cells_but(const std::vector<std::string>& keep) {
  std::vector<std::string> out;
  for (int c = 0; c < kCells; ++c) {
    if (std::find(keep.begin(), keep.end(), cell_name(c)) == keep.end()) out.push_back(cell_name(c));
  }
  return out;
}

// One board's squares, row by row, for a scenario's "boards".
inline json field(const std::vector<std::string>& rows) { return {{"field", rows}}; }

// One seat on Millbrook has chosen Plough Team (under "R or 5"), an S tetromino; the only open squares,
// C1 B2 C2 B3, form its mirror image, so it fits only mirrored.
inline Position plough_team_fitting_only_mirrored() {
  Position t = position(1, {{"maps", {"Millbrook"}},
                            {"market", {{{"card", "Plough Team"}, {"resource", "R or 5"}}}},
                            {"unlisted_cards", "out_of_game"},
                            {"boards", {field({"WW.WWW", "W..WWW", "W.WWWW", "WWWWWW", "WWWWWW", "WWWWWW"})}}});
  play(*t.game, 0, "choose Plough Team");
  return t;
}

}  // namespace court::gameshire::testing_support
