// Intrigue views: each seat sees exactly what it may know; determinization resamples the rest.
#include <gtest/gtest.h>

#include "bots/generic_bots.h"
#include "games/intrigue/game.h"
#include "intrigue_test_support.h"

namespace court::intrigue {
namespace {

using nlohmann::json;

// The titles of a list of card objects from a view.
json titles(const json& cards) {
  json out = json::array();
  for (const auto& c : cards) out.push_back(c["title"]);
  return out;
}

using testing_support::intrigue_entry;

std::unique_ptr<GameState> scenario_game(const std::unique_ptr<GameFactory>& factory, const json& scenario) {
  return factory->from_scenario(scenario, 3);
}

void play(GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  ASSERT_TRUE(action.has_value()) << label;
  ASSERT_FALSE(g.apply(seat, *action).has_value());
}

TEST(IntrigueView, SeatsSeeTheirOwnHandAndFaceDownCardsOnly) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  auto g = scenario_game(factory, {{"characters", {"Duke", "Princess", "Bishop"}},
                                   {"hands", json::array({json::array({"Guilds", "Zealots"}), json::array({"Loyalists", "Oracle"}),
                                                         json::array({"Spy", "Lies"})})}});
  play(*g, 0, "Guilds face-down behind Princess (B)");
  play(*g, 1, "play favor C");

  json mine = g->view(0);
  json theirs = g->view(1);
  json spectator = g->view(kSpectator);
  EXPECT_EQ(titles(mine["hand"]), json({"Zealots"}));
  EXPECT_EQ(titles(theirs["hand"]), json({"Loyalists", "Oracle"}));
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_EQ(mine["characters"][1]["stack"][0]["card"]["title"], "Guilds");
  EXPECT_EQ(mine["characters"][1]["stack"][0]["value"], 2);   // Guilds: +2 for Nobility, and the Princess has it
  EXPECT_FALSE(theirs["characters"][1]["stack"][0].contains("card"));
  EXPECT_EQ(theirs["characters"][1]["stack"][0]["played_by"], 0);
  EXPECT_FALSE(spectator["characters"][1]["stack"][0].contains("card"));
  EXPECT_EQ(theirs["favor_stack"][0]["letter"], "C");
  EXPECT_FALSE(mine["favor_stack"][0].contains("letter"));
  EXPECT_EQ(mine["players"][1]["hand_count"], 2);
  EXPECT_EQ(mine["players"][1]["favors_played"], 1);

  auto has_line = [](const json& view, const std::string& text) {
    for (const auto& line : view["log"]) if (line == text) return true;
    return false;
  };
  EXPECT_TRUE(has_line(mine, "Seat 0 played Guilds face-down behind the Princess (B)."));
  EXPECT_TRUE(has_line(theirs, "Seat 0 played a card face-down behind the Princess (B)."));
  EXPECT_TRUE(has_line(spectator, "Seat 0 played a card face-down behind the Princess (B)."));
  EXPECT_TRUE(has_line(theirs, "Seat 1 played a favor face-down (favor C)."));
  EXPECT_TRUE(has_line(mine, "Seat 1 played a favor face-down."));
  EXPECT_EQ(spectator.dump().find("Guilds"), std::string::npos);
}

// view(s) and the spectator view are unchanged by determinize(s), along whole random games.
TEST(IntrigueView, DeterminizeKeepsWhatTheSeatKnows) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  Rng rng = make_rng(99);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto g = factory->new_game(seed);
    ActionList actions;
    while (!g->terminal()) {
      for (Seat s = kSpectator; s < 3; ++s) {
        auto copy = g->clone();
        copy->determinize(s, rng);
        ASSERT_EQ(copy->view(s), g->view(s)) << "seed " << seed;
        ASSERT_EQ(copy->view(kSpectator), g->view(kSpectator)) << "seed " << seed;
      }
      Seat seat = g->to_act().lowest();
      g->legal_actions(seat, actions);
      ASSERT_FALSE(g->apply(seat, actions[uniform(rng, static_cast<std::uint32_t>(actions.size()))]).has_value());
    }
  }
}

// At the start a seat cannot see 10 cards in the others' hands, 9 in the deck, nor the order of the
// others' 3 favors each; determinize moves them around but keeps the multiset.
TEST(IntrigueView, HiddenItemsAtTheStart) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  auto g = factory->new_game(5);
  HiddenList hidden;
  g->hidden_items(0, hidden);
  EXPECT_EQ(hidden.size(), 10u + 9u + 6u);
  Rng rng = make_rng(1);
  auto copy = g->clone();
  copy->determinize(0, rng);
  HiddenList after;
  copy->hidden_items(0, after);
  auto sorted = [](const HiddenList& l) {
    std::vector<std::pair<int, int>> v;
    for (auto h : l) v.emplace_back(h.pool, h.item);
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(hidden), sorted(after));
}

TEST(IntrigueView, RevealedStacksAfterTheRoundAreShown) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  auto g = scenario_game(factory, {{"characters", {"Duke", "Princess", "Bishop"}},
                                   {"hands", {{"Guilds"}, {"Zealots"}, {"Spy"}}},
                                   {"stacks", {{"C", {{{"card", "Loyalists"}, {"seat", 1}}}}}}});
  play(*g, 0, "Guilds face-down behind Duke (A)");
  json v = g->view(kSpectator);
  ASSERT_TRUE(v.contains("last_reveal"));
  EXPECT_EQ(v["last_reveal"]["winner"], "A");
  EXPECT_EQ(titles(v["last_reveal"]["stacks"][0]["cards"]), json({"Guilds"}));
  EXPECT_EQ(titles(v["last_reveal"]["stacks"][2]["cards"]), json({"Loyalists"}));
  EXPECT_EQ(v["last_reveal"]["stacks"][2]["total"], 0);
}

TEST(IntrigueView, LabelsAreUniqueAmongLegalMoves) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  Rng rng = make_rng(7);
  ActionList actions;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto g = factory->new_game(seed);
    while (!g->terminal()) {
      Seat seat = g->to_act().lowest();
      g->legal_actions(seat, actions);
      std::set<std::string> seen;
      for (Action a : actions) ASSERT_TRUE(seen.insert(g->describe(seat, a)).second) << g->describe(seat, a);
      ASSERT_FALSE(g->apply(seat, actions[uniform(rng, static_cast<std::uint32_t>(actions.size()))]).has_value());
    }
  }
}

}  // namespace
}  // namespace court::intrigue
