// Gameshire's terminal board (src/games/gameshire/board.cpp; docs/rules/gameshire.md, "At the
// terminal"): drawn from a seat's view, the seat's map with the web table's labels, the plan being
// placed, the market, the team's gifts, skills and boons and the other maps small; a previewed move on
// the map; the shorthand of a placement; the ending. Maps as in gameshire_rules_test.cpp (Millbrook's
// top border "R W 2 1 6 1 W 2", crowns A3 B6 C1 D4 E5 F2, hammers E1 D2 C3 A4 B5 F6).
#include <set>
#include <sstream>

#include "games/gameshire/bot.h"
#include "games/gameshire_test_support.h"
#include "games/text_support.h"

namespace court::gameshire {
namespace {

using namespace testing_support;
using court::test_support::contains_all;

court::Board board_of(const GameState& g, Seat seat, const json& preview = nullptr) {
  court::Board b;
  g.info().board.draw(g.view(seat), preview, b);
  return b;
}

std::string text_of(const GameState& g, Seat seat, const json& preview = nullptr) { return board_of(g, seat, preview).plain(); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The line of the big map that starts with row `row`'s label.
std::string map_row(const std::string& text, int row) {
  const std::string label = fmt::format("{:>4} ", row);
  for (const auto& line : lines_of(text)) {
    if (line.rfind(label, 0) != 0) continue;
    std::string row = line.substr(0, 31);
    return row.substr(0, row.find_last_not_of(' ') + 1);
  }
  return "";
}

// Fails when a board is wider than the terminal or taller than `height`, or holds a control character.
void expect_fits(const court::Board& b, int height, const std::string& where) {
  const auto lines = b.lines();
  EXPECT_LE(static_cast<int>(lines.size()), height) << where << "\n" << b.plain();
  for (const auto& line : lines) {
    int columns = 0;
    for (const Span& s : line) columns += court::Board::columns(s.text);
    EXPECT_LE(columns, kBoardWidth) << where << "\n" << b.plain();
  }
  for (unsigned char c : b.plain()) ASSERT_TRUE(c >= 0x20 || c == '\n') << where;
}

json parts_of(const GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  EXPECT_TRUE(action.has_value()) << "'" << label << "' is not legal; legal: " << json(labels(g, seat)).dump();
  return action ? g.parts(seat, *action) : json();
}

std::string shorthand_of(const GameState& g, Seat seat, const std::string& label) {
  return g.info().board.shorthand(parts_of(g, seat, label));
}

json spring_table(const std::vector<std::string>& maps, const json& market) {
  return {{"maps", maps}, {"market", market}, {"unlisted_cards", "out_of_game"}};
}

json autumn_table(const std::vector<std::string>& maps, const std::vector<std::string>& gifts, const json& market) {
  return {{"maps", maps}, {"season", "autumn"}, {"gifts", gifts}, {"market", market}, {"unlisted_cards", "out_of_game"}};
}

const std::vector<std::string> kSixMaps = {"Millbrook", "Thornfield", "Ashdown Vale", "Kettle Moor", "Wyvern Hollow", "Briar Glen"};

// The web table labels the map's columns L A B C D E F R and its rows 0-7 (web/app/src/render/gameshire/
// view.ts); the board uses the same, and shows the seat's own map: Millbrook's top border and a crown
// (^) on C1 and a hammer (!) on E1.
TEST(GameshireBoard, TheSeatsMapCarriesTheWebTablesColumnLettersAndRowNumbers) {
  Position t = position(2, spring_table({"Millbrook", "Thornfield"}, {{{"card", "Market Day"}, {"resource", "R or 5"}}}));
  const std::string text = text_of(*t.game, 0);
  EXPECT_TRUE(contains_all(text, {"Your map: Millbrook", "      L  A  B  C  D  E  F  R"}));
  EXPECT_EQ(map_row(text, 0), "   0  R  W  2  1  6  1  W  2");
  EXPECT_EQ(map_row(text, 1), "   1  1  .  .  .^ .  .! .  G  o");
  for (int row = 2; row <= 7; ++row) EXPECT_FALSE(map_row(text, row).empty()) << row;
  // Seat 1's board shows Thornfield large and Millbrook's owner small.
  const std::string other = text_of(*t.game, 1);
  EXPECT_NE(other.find("Your map: Thornfield"), std::string::npos) << other;
  EXPECT_NE(other.find("Seat 0"), std::string::npos) << other;
}

// Recording: the card being recorded with its results (Market Day's plan "W#" under "R or 5" records
// W 5), the market's other cards by name with their resource cards, and whose decision it is.
TEST(GameshireBoard, ThePlanBeingRecordedAndTheMarketAppearByName) {
  Position t = position(2, spring_table({"Millbrook", "Thornfield"}, {{{"card", "Market Day"}, {"resource", "R or 5"}},
                                                                     {{"card", "Lambing"}, {"resource", "G or 2"}}}));
  play(*t.game, 0, "choose Market Day");
  const std::string text = text_of(*t.game, 0);
  EXPECT_TRUE(contains_all(text, {"Seat 0 (you) records Market Day", "Recording", "Market Day", "W 5", "R or 5",
                                  "Lambing", "G or 2", "Market: plans"}));
}

// The team's gifts sit under their columns ("[3]" delivered, "-" not chosen), with its boons, the next
// skill's cost and its skills by name.
TEST(GameshireBoard, TheTeamsGiftsSkillsAndBoonsAppear) {
  json sc = autumn_table({"Millbrook"}, {"W", "3", "O", "R", "P", "G"}, {{{"card", "Hedge Row"}, {"resource", "Y or 6"}}});
  sc["delivered"] = {"B"};
  sc["skills"] = {"W", "R"};
  sc["boons"] = 3;
  Position t = position(1, sc);
  const std::string text = text_of(*t.game, 0);
  EXPECT_TRUE(contains_all(text, {"gifts    W [3] O  R  P  G", "Team boons 3 · next skill costs 1",
                                  "White Berries (erase)", "Red Radishes (write)", "Market: demands"}));
  EXPECT_NE(text.find("at least 2 filled"), std::string::npos) << text;   // Hedge Row's requirement
}

// Only the top season card shows (its other side, by name); the cards below it and the resource
// deck's order stay hidden from the board as from the view.
TEST(GameshireBoard, TheDecksHiddenCardsNeverAppear) {
  json sc = spring_table({"Millbrook", "Thornfield"}, {{{"card", "Market Day"}, {"resource", "R or 5"}},
                                                      {{"card", "Hedge Row"}, {"resource", "W or 1"}},
                                                      {{"card", "Dairy Cart"}, {"resource", "G or 2"}}});
  sc["season_deck"] = {"Lambing", "Royal Road"};
  sc["resource_deck"] = {"Y or 6", "P or 3"};
  Position t = position(2, sc);
  for (Seat seat : {0, 1}) {
    const std::string text = text_of(*t.game, seat);
    EXPECT_NE(text.find("next: Lambing"), std::string::npos) << text;
    EXPECT_EQ(text.find("Royal Road"), std::string::npos) << text;
    EXPECT_EQ(text.find("Y or 6"), std::string::npos) << text;
    EXPECT_EQ(text.find("P or 3"), std::string::npos) << text;
  }
}

// The preview: the parts of "A1=W B1=5" draw the plan's squares on the map as [W] [5], before the move
// is confirmed; without a preview the map is as it stands.
TEST(GameshireBoard, APreviewedPlacementIsDrawnOnTheMapInBrackets) {
  Position t = position(1, spring_table({"Millbrook"}, {{{"card", "Market Day"}, {"resource", "R or 5"}}}));
  play(*t.game, 0, "choose Market Day");
  EXPECT_EQ(map_row(text_of(*t.game, 0), 1), "   1  1  .  .  .^ .  .! .  G  o");
  const std::string text = text_of(*t.game, 0, parts_of(*t.game, 0, "A1=W B1=5"));
  EXPECT_EQ(map_row(text, 1), "   1  1 [W][5] .^ .  .! .  G  o");
  EXPECT_EQ(text.find('['), text.find("[W]")) << "only the plan's squares are bracketed\n" << text;
}

// An Autumn shading previews the squares it shades, each showing what it holds (Millbrook's R W 2).
TEST(GameshireBoard, APreviewedShadingBracketsTheSquaresItShades) {
  Position t = position(1, autumn_table({"Millbrook"}, {"W", "3", "O", "R", "P", "G"}, {{{"card", "Market Day"}, {"resource", "Y or 6"}}}));
  play(*t.game, 0, "choose Market Day");
  const std::string text = text_of(*t.game, 0, parts_of(*t.game, 0, "shade L0 A0 B0"));
  EXPECT_EQ(map_row(text, 0), "   0 [R][W][2] 1  6  1  W  2");
}

// Five demand columns leave eleven columns each: Crown Fair's two-clause requirement ("at least 2
// different crops, at least 2 different cows") wraps to as many lines as the room beside the map
// allows, and is not cut.
TEST(GameshireBoard, ALongRequirementInANarrowColumnIsWrappedNotCut) {
  json sc = autumn_table({"Millbrook"}, {"W", "3", "O", "R", "P", "G"},
                         {{{"card", "Hedge Row"}, {"resource", "Y or 6"}}, {{"card", "Crown Fair"}, {"resource", "P or 3"}},
                          {{"card", "Market Day"}, {"resource", "W or 5"}}, {{"card", "Lambing"}, {"resource", "O or 2"}},
                          {{"card", "Dairy Cart"}, {"resource", "G or 4"}}});
  Position t = position(1, sc, {{"market_size", "5"}});
  play(*t.game, 0, "choose Hedge Row");
  const court::Board b = board_of(*t.game, 0);
  expect_fits(b, kBoardHeight, "five demand columns");
  const std::string text = b.plain();
  EXPECT_EQ(text.find("…"), std::string::npos) << text;
  std::size_t different = 0;
  for (std::size_t at = text.find("different"); at != std::string::npos; at = text.find("different", at + 1)) ++different;
  EXPECT_EQ(different, 3u) << text;   // Crown Fair's two clauses and Market Day's one
}

// "B3 r1 m": the square under the turned shape's first square, the quarter turns, the mirror. Plough
// Team fits C1 B2 C2 B3 only mirrored (gameshire_rules_test.cpp): its first square is C1.
TEST(GameshireBoard, TheShorthandNamesTheFirstSquareTheTurnsAndTheMirror) {
  Position t = plough_team_fitting_only_mirrored();
  std::set<std::string> shorthands;
  ActionList actions;
  t.game->legal_actions(0, actions);
  for (Action a : actions) {
    const json parts = t.game->parts(0, a);
    if (parts["kind"] != "place_plan") continue;
    const std::string s = t.game->info().board.shorthand(parts);
    EXPECT_EQ(s.substr(0, 3), "C1 ") << s;
    EXPECT_EQ(s.substr(s.size() - 2), " m") << s;
    shorthands.insert(s);
  }
  EXPECT_EQ(shorthands.size(), 2u);
  // Market Day (W then 5) unturned at A1 and turned half round (5 then W).
  Position m = position(1, spring_table({"Millbrook"}, {{{"card", "Market Day"}, {"resource", "R or 5"}}}));
  play(*m.game, 0, "choose Market Day");
  EXPECT_EQ(shorthand_of(*m.game, 0, "A1=W B1=5"), "A1 r0");
  EXPECT_EQ(shorthand_of(*m.game, 0, "A1=5 B1=W"), "A1 r2");
  EXPECT_EQ(shorthand_of(*m.game, 0, "A1=W A2=5"), "A1 r1");
}

// A gift's shading is typed as its square; choices, passes and skills have no short form.
TEST(GameshireBoard, AGiftShadingsShorthandIsItsSquareAndOtherMovesHaveNone) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"season", "autumn"}, {"gifts", {"W", "3", "O", "R", "P", "G"}},
                            {"market", {{{"card", "Hedge Row"}, {"resource", "Y or 6"}}}}, {"unlisted_cards", "out_of_game"}});
  EXPECT_EQ(t.game->info().board.shorthand(json{{"kind", "shade_gift"}, {"cell", "L3"}, {"row", 3}, {"col", 0}}), "L3");
  EXPECT_EQ(shorthand_of(*t.game, 0, "choose Hedge Row"), "");
  EXPECT_EQ(t.game->info().board.shorthand(json{{"kind", "pass"}}), "");
}

// Six seats: the five other maps appear small, by seat, and the board fits 100 columns and 26 lines,
// in Spring with a card being recorded and in Autumn with demands and their requirements.
TEST(GameshireBoard, AtSixSeatsTheOtherMapsAppearSmallAndTheBoardFits) {
  json spring = spring_table(kSixMaps, {{{"card", "Crown Fair"}, {"resource", "R or 5"}}, {{"card", "Fair Green"}, {"resource", "G or 2"}},
                                        {{"card", "Royal Road"}, {"resource", "W or 1"}}});
  spring["skills"] = {"W", "O", "R", "P", "G", "Y"};
  spring["boons"] = 4;
  Position t = position(6, spring);
  play(*t.game, 0, "choose Crown Fair");
  play(*t.game, 0, "use Orange Peppers");
  const court::Board b = board_of(*t.game, 0);
  expect_fits(b, kBoardHeight, "six seats, Spring");
  for (int seat = 1; seat < 6; ++seat) EXPECT_NE(b.plain().find(fmt::format("Seat {}", seat)), std::string::npos) << seat;
  EXPECT_NE(b.plain().find("W    1"), std::string::npos) << "the card's squares are numbered for an omission\n" << b.plain();

  json autumn = autumn_table(kSixMaps, {"W", "3", "O", "R", "P", "G"},
                             {{{"card", "Shepherd's Crook"}, {"resource", "Y or 6"}}, {{"card", "Tithe Barn"}, {"resource", "P or 3"}},
                              {{"card", "Fair Green"}, {"resource", "W or 5"}}, {{"card", "Stone Wall"}, {"resource", "O or 2"}},
                              {{"card", "Crown Fair"}, {"resource", "G or 4"}}});
  autumn["skills"] = {"W", "O", "R", "P", "G", "Y"};
  Position a = position(6, autumn, {{"wrinkles", "Hailstorm,Blight,Royal Decree"}});
  for (Seat seat = 0; seat < 6; ++seat) {
    expect_fits(board_of(*a.game, seat), kBoardHeight, fmt::format("six seats, Autumn, seat {}", seat));
  }
}

// Seeded games at every seat count: every seat's board, and the board with each legal move of the seat
// to act previewed, fits the terminal; no two legal moves share a shorthand.
TEST(GameshireBoard, SeededGamesFitTheTerminalWithEveryPreviewAtEverySeatCount) {
  for (int seats = 1; seats <= 6; ++seats) {
    auto factory = entry().prepare(entry().make_config(seats, {{"wrinkles", "green:1,yellow:1,red:1"}}));
    auto g = factory->new_game(static_cast<std::uint64_t>(seats) * 11);
    Rng rng = make_rng(static_cast<std::uint64_t>(seats));
    for (int step = 0; !g->terminal() && step < 4000; ++step) {
      const Seat seat = g->to_act().lowest();
      ActionList legal;
      g->legal_actions(seat, legal);
      std::set<std::string> seen;
      for (std::size_t k = 0; k < legal.size(); k += 7) {
        expect_fits(board_of(*g, seat, g->parts(seat, legal[k])), kBoardHeight, fmt::format("{} seats step {}", seats, step));
      }
      for (Action a : legal) {
        const std::string s = g->info().board.shorthand(g->parts(seat, a));
        EXPECT_TRUE(s.empty() || seen.insert(s).second) << s;
      }
      const Action a = rng() % 3 ? greedy_action(*g->as<GameshireState>(), legal) : legal[rng() % legal.size()];
      g->apply_legal(seat, a);
    }
    ASSERT_TRUE(g->terminal());
    for (Seat seat = 0; seat < seats; ++seat) expect_fits(board_of(*g, seat), kEndingHeight, fmt::format("{} seats, the end", seats));
  }
}

// The ending of a won game: the team wins, its score is the gifts delivered, and it says so.
TEST(GameshireBoard, TheEndingOfAWinNamesTheTeamAndItsScore) {
  json sc = autumn_table({"Millbrook", "Thornfield"}, {"O", "R", "P", "G", "Y", "W"}, {{{"card", "Hedge Row"}, {"resource", "W or 1"}}});
  sc["delivered"] = {"A", "B", "C", "D", "E"};
  Position t = position(2, sc);
  play(*t.game, 0, "choose Hedge Row");
  play(*t.game, 0, "shade L0 A0");
  play(*t.game, 1, "shade L0 A0");
  ASSERT_TRUE(t.game->terminal());
  const court::Board b = board_of(*t.game, 1);
  expect_fits(b, kEndingHeight, "a won game");
  const std::string text = b.plain();
  EXPECT_TRUE(contains_all(text, {"The team wins!", "Score: 6 of 6 gifts delivered", "Your map: Thornfield"}));
  EXPECT_NE(text.find("Seat 0"), std::string::npos) << text;   // the other map, small
}

// The ending of a Spring loss names its cause and, among the last events, the seat that passed.
TEST(GameshireBoard, TheEndingOfALossNamesItsCause) {
  const std::vector<std::string> full(6, "WWWWWW");
  Position t = position(2, {{"maps", {"Millbrook", "Thornfield"}},
                            {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                            {"unlisted_cards", "out_of_game"},
                            {"boards", {json::object(), {{"field", full}}}}});
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "A1=W B1=5");
  play(*t.game, 1, "pass");
  ASSERT_TRUE(t.game->terminal());
  const std::string text = text_of(*t.game, 0);
  EXPECT_TRUE(contains_all(text, {"The team loses: a player passed in Spring before choosing their share of the gifts.",
                                  "Score: 0 of 6 gifts delivered", "Seat 1 passed"}));
}

// An Autumn loss: everyone passed.
TEST(GameshireBoard, TheEndingOfAnAutumnLossSaysEveryonePassed) {
  json sc = autumn_table({"Millbrook", "Thornfield"}, {"O", "R", "P", "G", "Y", "W"}, {{{"card", "Hedge Row"}, {"resource", "W or 1"}}});
  sc["boards"] = {{{"shaded", all_cells_but({})}}, {{"shaded", all_cells_but({})}}};
  Position t = position(2, sc);
  play(*t.game, 0, "pass");
  play(*t.game, 1, "pass");
  ASSERT_TRUE(t.game->terminal());
  const std::string text = text_of(*t.game, 0);
  EXPECT_NE(text.find("everyone passed in Autumn before all six gifts were delivered"), std::string::npos) << text;
}

// The competitive ending names the winner with their points and lists every seat's score.
TEST(GameshireBoard, TheCompetitiveEndingNamesTheWinnerAndEveryScore) {
  auto factory = entry().prepare(entry().make_config(3, {{"mode", "competitive"}}));
  auto g = factory->new_game(5);
  greedy_playout(*g->as<GameshireState>());
  ASSERT_TRUE(g->terminal());
  const auto& s = *g->as<GameshireState>();
  int best = 0;
  for (Seat seat = 0; seat < 3; ++seat) best = std::max(best, s.score(seat));
  const court::Board b = board_of(*g, 0);
  expect_fits(b, kEndingHeight, "competitive ending");
  const std::string text = b.plain();
  EXPECT_NE(text.find(fmt::format("with {} points", best)), std::string::npos) << text;
  for (Seat seat = 0; seat < 3; ++seat) EXPECT_NE(text.find(fmt::format("{} pts", s.score(seat))), std::string::npos) << text;
}

// A spectator's board shows the active seat's map large.
TEST(GameshireBoard, ASpectatorSeesTheActiveSeatsMap) {
  Position t = position(2, spring_table({"Millbrook", "Thornfield"}, {{{"card", "Market Day"}, {"resource", "R or 5"}}}));
  const std::string text = text_of(*t.game, kSpectator);
  EXPECT_NE(text.find("Seat 0's map: Millbrook"), std::string::npos) << text;
}

}  // namespace
}  // namespace court::gameshire
