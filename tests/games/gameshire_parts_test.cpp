// Gameshire's move parts (docs/protocol.md, "Move parts", Gameshire) and the cards in its view: what a
// table reads to draw the pieces and find the move a gesture makes. Maps as in gameshire_rules_test.cpp
// (Millbrook: crowns A3 B6 C1 D4 E5 F2, hammers E1 D2 C3 A4 B5 F6, top border "R W 2 1 6 1 W 2").
#include <set>

#include "games/gameshire_test_support.h"

namespace court::gameshire {
namespace {

using namespace testing_support;

json parts_of(const GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  EXPECT_TRUE(action.has_value()) << "'" << label << "' is not legal; legal: " << json(labels(g, seat)).dump();
  return action ? g.parts(seat, *action) : json();
}

// Every legal move of `seat` with its parts.
std::vector<std::pair<std::string, json>> legal_parts(const GameState& g, Seat seat) {
  ActionList actions;
  g.legal_actions(seat, actions);
  std::vector<std::pair<std::string, json>> out;
  for (Action a : actions) out.push_back({g.describe(seat, a), g.parts(seat, a)});
  return out;
}

// "A1=W B1=5" from a place_plan's cells: the label's squares and results, in the same order.
std::string cells_as_label(const json& cells) {
  std::string out;
  for (const auto& c : cells) {
    if (!out.empty()) out += ' ';
    out.append(c["cell"].get<std::string>()).append("=").append(c["value"].get<std::string>());
  }
  return out;
}

int card_id(const Position& t, const std::string& name) { return t.s().rules().find_card(name); }

// Market Day's plan is "W#"; with the resource "R or 5" its # is a 5. The whole shape, unturned, at A1.
TEST(GameshireParts, ASpringPlacementNamesItsCardOrientationAnchorAndEverySquareWithItsResult) {
  Position t = position(1, {{"maps", {"Millbrook"}},
                            {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                            {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "choose Market Day");
  const json expected = {{"kind", "place_plan"}, {"card", card_id(t, "Market Day")}, {"orientation", 0}, {"rotation", 0},
                         {"mirrored", false}, {"omitted", 0}, {"anchor", "A1"},
                         {"cells", {{{"cell", "A1"}, {"row", 1}, {"col", 1}, {"value", "W"}},
                                    {{"cell", "B1"}, {"row", 1}, {"col", 2}, {"value", "5"}}}}};
  EXPECT_EQ(parts_of(*t.game, 0, "A1=W B1=5"), expected);
}

// "Maintain the plan's shape, but you may rotate and/or mirror it." Plough Team (an S tetromino) fits
// the open squares C1 B2 C2 B3 only mirrored; both placements say so, anchor at the shape's top-left
// (B1), and list exactly the squares and results their labels name.
TEST(GameshireParts, EveryPlacementListsExactlyTheSquaresAndResultsItsLabelNames) {
  Position t = plough_team_fitting_only_mirrored();
  int placements = 0;
  for (const auto& [label, parts] : legal_parts(*t.game, 0)) {
    if (parts["kind"] != "place_plan") continue;
    ++placements;
    EXPECT_EQ(cells_as_label(parts["cells"]), label);
    EXPECT_EQ(parts["card"], card_id(t, "Plough Team"));
    EXPECT_EQ(parts["mirrored"], true) << label;
    EXPECT_EQ(parts["anchor"], "B1") << label;
  }
  EXPECT_EQ(placements, 2);
}

// A fresh game's every Spring placement: the cells match the label, rotation is 0-3, and the cells
// are the card's shape turned as the parts say (same count as the card's squares).
TEST(GameshireParts, PlacementsOfAFreshMapMatchTheirLabelsAndTheCardsSize) {
  Position t = position(1, {{"maps", {"Millbrook"}},
                            {"market", {{{"card", "Plough Team"}, {"resource", "G or 2"}}}},
                            {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "choose Plough Team");
  std::set<json> seen;
  for (const auto& [label, parts] : legal_parts(*t.game, 0)) {
    if (parts["kind"] != "place_plan") continue;
    EXPECT_EQ(cells_as_label(parts["cells"]), label);
    EXPECT_EQ(parts["cells"].size(), 4u);
    EXPECT_GE(parts["rotation"].get<int>(), 0);
    EXPECT_LE(parts["rotation"].get<int>(), 3);
    EXPECT_TRUE(seen.insert(parts).second) << "two placements with the same parts: " << label;
  }
  EXPECT_GT(seen.size(), 100u);
}

// Orange Peppers: the omission names the card's square (in the order the view lists its shape), and
// the placements after it say which square they leave out.
TEST(GameshireParts, OrangePeppersOmissionsNameTheCardsSquareAndThePlacementsThatFollow) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"O"}}, {"boons", 1},
                            {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                            {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "choose Market Day");
  EXPECT_EQ(parts_of(*t.game, 0, "use Orange Peppers"),
            json({{"kind", "use_skill"}, {"skill", "Orange Peppers"}, {"crop", "O"}, {"effect", "omit"}, {"cost", 1}}));
  play(*t.game, 0, "use Orange Peppers");
  EXPECT_EQ(parts_of(*t.game, 0, "omit square 2"), json({{"kind", "omit"}, {"card", card_id(t, "Market Day")}, {"square", 2}}));
  play(*t.game, 0, "omit square 2");
  const json single = parts_of(*t.game, 0, "A1=W");
  EXPECT_EQ(single["omitted"], 2);
  EXPECT_EQ(single["cells"], json({{{"cell", "A1"}, {"row", 1}, {"col", 1}, {"value", "W"}}}));
}

// White Berries and Red Radishes: the square by name and position, the result written.
TEST(GameshireParts, EraseAndWriteNameTheSquareAndTheResult) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"W", "R"}}, {"boons", 3},
                            {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                            {"unlisted_cards", "out_of_game"},
                            {"boards", {field({"W.....", "......", "......", "......", "......", "......"})}}});
  play(*t.game, 0, "use White Berries");
  EXPECT_EQ(parts_of(*t.game, 0, "erase A1"), json({{"kind", "erase"}, {"cell", "A1"}, {"row", 1}, {"col", 1}}));
  play(*t.game, 0, "erase A1");
  play(*t.game, 0, "use Red Radishes");
  EXPECT_EQ(parts_of(*t.game, 0, "write Y at E1"), json({{"kind", "write"}, {"cell", "E1"}, {"row", 1}, {"col", 5}, {"value", "Y"}}));
  EXPECT_EQ(parts_of(*t.game, 0, "write 3 at E1")["value"], "3");
}

// Purple Root names its target by market slot and card.
TEST(GameshireParts, PurpleRootNamesTheMarketCardWhoseResourceItReplaces) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"P"}}, {"boons", 1},
                            {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                            {"resource_deck", {"Y or 6"}},
                            {"unlisted_cards", "out_of_game"}});
  const json parts = parts_of(*t.game, 0, "use Purple Root on Market Day");
  EXPECT_EQ(parts["effect"], "swap_resource");
  EXPECT_EQ(parts["slot"], 0);
  EXPECT_EQ(parts["card"], card_id(t, "Market Day"));
  EXPECT_EQ(parts_of(*t.game, 0, "choose Market Day"), json({{"kind", "choose"}, {"slot", 0}, {"card", card_id(t, "Market Day")}}));
}

json autumn_table(const std::vector<std::string>& maps, const std::vector<std::string>& gifts, const json& market) {
  return {{"maps", maps}, {"season", "autumn"}, {"gifts", gifts}, {"market", market}, {"unlisted_cards", "out_of_game"}};
}

// Autumn: choosing a demand marks the squares where it can be met. Market Day needs two different
// crops in a line of three; on Millbrook's blank field only the border can give them. The shading
// names its squares without results; the gift to deliver names its column and value.
TEST(GameshireParts, AnAutumnChoiceMarksTheSquaresThatMeetTheDemand) {
  Position t = position(1, autumn_table({"Millbrook"}, {"W", "3", "O", "R", "P", "G"},
                                        {{{"card", "Market Day"}, {"resource", "G or 1"}}, {{"card", "Hedge Row"}, {"resource", "W or 3"}}}));
  const json choose = parts_of(*t.game, 0, "choose Market Day");
  std::set<std::string> meets;
  for (const auto& c : choose["meets"]) meets.insert(c.get<std::string>());
  EXPECT_TRUE(meets.count("L0") && meets.count("A0") && meets.count("B0"));   // R W 2
  for (const auto& name : meets) EXPECT_TRUE(name[0] == 'L' || name[0] == 'R' || name[1] == '0' || name[1] == '7') << name;
  play(*t.game, 0, "choose Hedge Row");
  EXPECT_EQ(parts_of(*t.game, 0, "shade L0 A0")["cells"],
            json({{{"cell", "L0"}, {"row", 0}, {"col", 0}}, {{"cell", "A0"}, {"row", 0}, {"col", 1}}}));
  EXPECT_EQ(parts_of(*t.game, 0, "shade L0 A0")["kind"], "shade_plan");
  play(*t.game, 0, "shade L0 A0");
  EXPECT_EQ(parts_of(*t.game, 0, "deliver gift B (3)"), json({{"kind", "deliver"}, {"column", "B"}, {"value", "3"}}));
}

// The view carries cards as objects: id, name, the resource card, and the side in play with each
// square's result (Spring) or the requirement (Autumn); the deck's top card shows its other side.
TEST(GameshireParts, TheViewCarriesCardsAsObjects) {
  Position t = position(1, {{"maps", {"Millbrook"}},
                            {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                            {"season_deck", {"Lambing"}},
                            {"unlisted_cards", "out_of_game"}});
  const json v = t.game->view(0);
  const json& card = v["market"][0];
  EXPECT_EQ(card["id"], card_id(t, "Market Day"));
  EXPECT_EQ(card["name"], "Market Day");
  EXPECT_EQ(card["side"], "plan");
  EXPECT_EQ(card["resource"], json({{"crop", "R"}, {"cows", 5}, {"text", "R or 5"}}));
  EXPECT_EQ(card["shape"], json({{{"row", 0}, {"col", 0}, {"symbol", "W"}, {"value", "W"}},
                                 {{"row", 0}, {"col", 1}, {"symbol", "#"}, {"value", "5"}}}));
  EXPECT_EQ(v["decks"]["top_card"]["name"], "Lambing");
  EXPECT_EQ(v["decks"]["top_card"]["side"], "demand");
  EXPECT_TRUE(v["decks"]["top_card"].contains("requires"));
  EXPECT_EQ(v["team"]["gifts"][0], json({{"column", "A"}, {"value", nullptr}, {"delivered", false}}));
}

}  // namespace
}  // namespace court::gameshire
