// Gameshire rules, one scenario per rule. Maps (data/gameshire/maps.toml): Millbrook has crowns A3 B6
// C1 D4 E5 F2 and hammers E1 D2 C3 A4 B5 F6, top border "R W 2 1 6 1 W 2"; Thornfield crowns B1 A2 C3
// D4 F5 E6, hammers E1 B2 D3 C4 A5 F6; Ashdown Vale crowns F1 B2 E3 C4 D5 A6; Kettle Moor crowns A1 F2
// C3 D4 B5 E6. Docs: docs/rules/gameshire.md.
#include <bit>
#include <set>

#include "engine/conformance.h"
#include "games/gameshire_test_support.h"

namespace court::gameshire {
namespace {

using namespace testing_support;

std::set<std::string> placement_labels(const GameState& g, Seat seat) {
  std::set<std::string> out;
  for (const auto& l : labels(g, seat)) {
    if (l.find('=') != std::string::npos || l.rfind("shade ", 0) == 0) out.insert(l);
  }
  return out;
}

// The game is over and the team lost, for `cause` (Outcome::loss_cause).
testing::AssertionResult lost_for(const GameState& g, const std::string& cause) {
  if (!g.terminal()) return testing::AssertionFailure() << "the game is not over";
  const Outcome o = g.outcome();
  if (o.team_win) return testing::AssertionFailure() << "the team won";
  if (o.loss_cause == nullptr) return testing::AssertionFailure() << "the loss has no cause";
  if (o.loss_cause != cause) return testing::AssertionFailure() << "lost for " << o.loss_cause;
  return testing::AssertionSuccess();
}

// "Maintain the plan's shape, but you may rotate and/or mirror it." Plough Team's plan is an S
// tetromino (4 / R G / 1 with R the rainbow); the only open squares C1, B2, C2, B3 form its mirror
// image, which no rotation can cover. The two placements are the mirror and the mirror turned round.
TEST(GameshireRules, APlanThatFitsOnlyWhenMirrored) {
  Position t = plough_team_fitting_only_mirrored();
  EXPECT_EQ(placement_labels(*t.game, 0), (std::set<std::string>{"C1=4 B2=G C2=R B3=1", "C1=1 B2=R C2=G B3=4"}));
}

// "#": the cow of the paired resource card; rainbow: its crop.
TEST(GameshireRules, HashTakesTheResourceCowAndRainbowItsCrop) {
  Position t = position(1, {{"maps", {"Millbrook"}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}, {{"card", "Lambing"}, {"resource", "G or 2"}}}},
                      {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "choose Market Day");
  EXPECT_TRUE(is_legal(*t.game, 0, "A1=W B1=5"));
  EXPECT_TRUE(is_legal(*t.game, 0, "A1=5 B1=W"));
  play(*t.game, 0, "A1=W B1=5");
  play(*t.game, 0, "choose Lambing");
  play(*t.game, 0, "A2=3 B2=G");
  const Board& b = t.s().board(0);
  EXPECT_EQ(b.value(cell("A1")), crop_value(0));
  EXPECT_EQ(b.value(cell("B1")), cow_value(5));
  EXPECT_EQ(b.value(cell("A2")), cow_value(3));
  EXPECT_EQ(b.value(cell("B2")), crop_value(4));   // G
  EXPECT_TRUE(log_contains(*t.game, "Seat 0 recorded Market Day at A1 B1."));
}

// "When a player records a crop in a box with a hammer, your family learns a skill ... cows do not
// yield skills." A 3 on the hammer E1 teaches nothing; an O on the hammer D2 teaches Orange Peppers.
TEST(GameshireRules, ACropOnAHammerTeachesASkillButACowDoesNot) {
  Position t = position(1, {{"maps", {"Millbrook"}},
                      {"market", {{{"card", "Lambing"}, {"resource", "G or 2"}}, {{"card", "Hedge Row"}, {"resource", "O or 2"}}}},
                      {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "choose Lambing");
  play(*t.game, 0, "E1=3 F1=G");
  EXPECT_EQ(t.s().pool(0).skills, 0);
  play(*t.game, 0, "choose Hedge Row");
  play(*t.game, 0, "D2=O D3=R");
  EXPECT_EQ(t.s().pool(0).skills, 1 << 1);
  EXPECT_TRUE(log_contains(*t.game, "Orange Peppers learned"));
}

// "Plans are recorded in player order. So if one player chooses a gift, the next player may record a
// different value on that column's crown space": seat 0 covers its column C crown (C1) with W first;
// seat 1 then covers its own column C crown (C3) with 5, which chooses nothing.
TEST(GameshireRules, AGiftIsChosenInTurnOrderWhenTwoPlayersCoverTheSameColumn) {
  Position t = position(2, {{"maps", {"Millbrook", "Thornfield"}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "C1=W D1=5");
  ASSERT_EQ(t.game->to_act(), SeatSet::of(1));
  play(*t.game, 1, "C3=5 C4=W");
  const Pool& p = t.s().pool(0);
  EXPECT_EQ(p.chosen, 1 << 2);
  EXPECT_EQ(p.gift[2], crop_value(0));
  EXPECT_EQ(t.s().board(0).gifts_chosen, 1);
  EXPECT_EQ(t.s().board(1).gifts_chosen, 0);
  EXPECT_EQ(t.s().board(0).gift_circles, 1 << 2);
  EXPECT_EQ(t.s().board(1).gift_circles, 0);
  EXPECT_TRUE(log_contains(*t.game, "Seat 0 chose gift C: W."));
}

// The rulings' quotas; with four players the first two in turn order choose two gifts, the others one,
// and covering a crown beyond your quota chooses nothing.
TEST(GameshireRules, FourPlayerQuotasAndCrownsBeyondTheQuota) {
  EXPECT_EQ(gift_quotas(1)[0], 6);
  EXPECT_EQ(gift_quotas(2), (std::array<std::uint8_t, kMaxSeats>{3, 3}));
  EXPECT_EQ(gift_quotas(3), (std::array<std::uint8_t, kMaxSeats>{2, 2, 2}));
  EXPECT_EQ(gift_quotas(4), (std::array<std::uint8_t, kMaxSeats>{2, 2, 1, 1}));
  EXPECT_EQ(gift_quotas(5), (std::array<std::uint8_t, kMaxSeats>{2, 1, 1, 1, 1}));
  EXPECT_EQ(gift_quotas(6), (std::array<std::uint8_t, kMaxSeats>{1, 1, 1, 1, 1, 1}));
  Position t = position(4, {{"maps", {"Millbrook", "Thornfield", "Ashdown Vale", "Kettle Moor"}},
                      {"active", 2},
                      {"boards", {json::object(), json::object(), {{"gifts_chosen", 1}}, json::object()}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"}});
  for (int s = 0; s < 4; ++s) EXPECT_EQ(t.s().quota(s), s < 2 ? 2 : 1);
  play(*t.game, 2, "choose Market Day");
  play(*t.game, 2, "E1=5 F1=W");        // Ashdown Vale's crown F1: seat 2 has its one gift already
  play(*t.game, 3, "A1=W B1=5");        // Kettle Moor's crown A1: seat 3's gift
  EXPECT_EQ(t.s().pool(0).chosen, 1 << 0);
  EXPECT_EQ(t.s().pool(0).gift[0], crop_value(0));
  EXPECT_EQ(t.s().board(2).gifts_chosen, 1);
  EXPECT_EQ(t.s().board(3).gifts_chosen, 1);
  EXPECT_EQ(t.game->to_act(), SeatSet::of(0));   // then seats 0 and 1, in turn order
}

// "When you fill all six white spaces in a row or column, you earn a boon": A1 and B1 complete row 1
// and column A at once.
TEST(GameshireRules, ABoonForAFullRowAndForAFullColumn) {
  Position t = position(1, {{"maps", {"Millbrook"}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"},
                      {"boards", {field({"..WWWW", "W.....", "W.....", "W.....", "W.....", "W....."})}}});
  EXPECT_EQ(t.s().pool(0).boons, 0);
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "A1=W B1=5");
  EXPECT_EQ(t.s().pool(0).boons, 2);
  EXPECT_EQ(t.s().board(0).boon_lines, (1 << 0) | (1 << 6));   // row 1, column A
  EXPECT_TRUE(log_contains(*t.game, "completed 2 lines and earned 2 boons"));
}

// "The first skill costs the group 1 boon, the second costs 2, the third costs 3."
TEST(GameshireRules, SkillsCostOneThenTwoThenThreeBoons) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"G"}}, {"boons", 6},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}}});
  ASSERT_EQ(t.s().market().size(), 3u);
  EXPECT_EQ(t.s().skill_cost(0), 1);
  play(*t.game, 0, "use Green Grapes");
  EXPECT_EQ(t.s().pool(0).boons, 5);
  EXPECT_EQ(t.s().market().size(), 4u);
  play(*t.game, 0, "use Green Grapes");
  EXPECT_EQ(t.s().pool(0).boons, 3);
  play(*t.game, 0, "use Green Grapes");
  EXPECT_EQ(t.s().pool(0).boons, 0);
  EXPECT_EQ(t.s().pool(0).track_used, 3);
  EXPECT_EQ(t.s().market().size(), 6u);
  EXPECT_EQ(t.s().skill_cost(0), 4);
  EXPECT_FALSE(is_legal(*t.game, 0, "use Green Grapes"));
  EXPECT_TRUE(log_contains(*t.game, "Seat 0 used Green Grapes for 3 boons."));
}

json autumn_table(const std::vector<std::string>& maps, const std::vector<std::string>& gifts, const json& market) {
  return {{"maps", maps}, {"season", "autumn"}, {"gifts", gifts}, {"market", market}, {"unlisted_cards", "out_of_game"}};
}

// "The player who chose the demand must meet the requirements, but other players may shade in any
// matching area that does not contain any previously shaded spaces." Market Day needs at least two
// different crops in a line of three: seat 0's blank field cannot give them, its top border R W 2 can;
// seat 1 shades three blank squares.
TEST(GameshireRules, TheActivePlayerMeetsTheDemandWhileAnotherShadesElsewhere) {
  Position t = position(2, autumn_table({"Millbrook", "Thornfield"}, {"O", "R", "P", "G", "Y", "6"},
                                  {{{"card", "Market Day"}, {"resource", "W or 1"}}, {{"card", "Lambing"}, {"resource", "W or 3"}}}));
  play(*t.game, 0, "choose Market Day");
  EXPECT_FALSE(is_legal(*t.game, 0, "shade A1 B1 C1"));
  play(*t.game, 0, "shade L0 A0 B0");
  EXPECT_TRUE(is_legal(*t.game, 1, "shade A1 B1 C1"));
  play(*t.game, 1, "shade A1 B1 C1");
  EXPECT_EQ(t.s().board(0).shaded, cell_bit(cell("L0")) | cell_bit(cell("A0")) | cell_bit(cell("B0")));
  EXPECT_EQ(t.s().board(1).shaded, cell_bit(cell("A1")) | cell_bit(cell("B1")) | cell_bit(cell("C1")));
  // No gift matches W or 1: the active player may refresh the market instead.
  EXPECT_EQ(t.s().step(), Step::Refresh);
  play(*t.game, 0, "keep the market");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
}

// "If the resource card matches two gifts, you may only choose one of the gifts to deliver."
TEST(GameshireRules, OnlyOneOfTwoMatchingGiftsIsDelivered) {
  Position t = position(1, autumn_table({"Millbrook"}, {"W", "3", "O", "R", "P", "G"},
                                  {{{"card", "Hedge Row"}, {"resource", "W or 3"}}}));
  play(*t.game, 0, "choose Hedge Row");
  play(*t.game, 0, "shade L0 A0");
  EXPECT_EQ(placement_labels(*t.game, 0).size(), 0u);
  EXPECT_EQ(labels(*t.game, 0), (std::vector<std::string>{"deliver gift A (W)", "deliver gift B (3)"}));
  play(*t.game, 0, "deliver gift B (3)");
  EXPECT_EQ(t.s().pool(0).delivered, 1 << 1);
  EXPECT_FALSE(t.game->terminal());
}

// "Deliver all six gifts to win": the last gift's resource comes up and the team wins.
TEST(GameshireRules, DeliveringTheSixthGiftWins) {
  json sc = autumn_table({"Millbrook"}, {"O", "R", "P", "G", "Y", "W"}, {{{"card", "Hedge Row"}, {"resource", "W or 1"}}});
  sc["delivered"] = {"A", "B", "C", "D", "E"};
  Position t = position(1, sc);
  play(*t.game, 0, "choose Hedge Row");
  play(*t.game, 0, "shade L0 A0");
  ASSERT_TRUE(t.game->terminal());
  const Outcome o = t.game->outcome();
  EXPECT_TRUE(o.cooperative);
  EXPECT_TRUE(o.team_win);
  EXPECT_TRUE(o.seats[0].win);
  EXPECT_TRUE(log_contains(*t.game, "the team wins"));
}

// "In the Spring, you lose if any player passes before they have chosen their gifts": seat 1's field is
// full, so it cannot record the plan and must pass with no gift chosen.
TEST(GameshireRules, SpringLossWhenAPlayerPassesBeforeTheirQuota) {
  const std::vector<std::string> full(6, "WWWWWW");
  Position t = position(2, {{"maps", {"Millbrook", "Thornfield"}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"},
                      {"boards", {json::object(), field(full)}}});
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "A1=W B1=5");
  EXPECT_EQ(labels(*t.game, 1), (std::vector<std::string>{"pass"}));
  play(*t.game, 1, "pass");
  ASSERT_TRUE(lost_for(*t.game, "spring_pass_before_quota"));
}

// A player who has chosen their share may pass in Spring without losing; the others play on.
TEST(GameshireRules, PassingAfterTheQuotaIsNoLoss) {
  const std::vector<std::string> full(6, "WWWWWW");
  json boards = {json::object(), field(full)};
  boards[1]["gifts_chosen"] = 3;
  Position t = position(2, {{"maps", {"Millbrook", "Thornfield"}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}, {{"card", "Lambing"}, {"resource", "G or 2"}}}},
                      {"unlisted_cards", "out_of_game"},
                      {"boards", boards}});
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "A1=W B1=5");
  play(*t.game, 1, "pass");
  EXPECT_FALSE(t.game->terminal());
  EXPECT_TRUE(t.s().board(1).passed);
  EXPECT_EQ(t.game->to_act(), SeatSet::of(0));   // seat 1 sits out the rest of Spring
}

// "In the Autumn, you lose if everyone has to pass before the six gifts have been delivered."
TEST(GameshireRules, AutumnLossWhenEveryonePasses) {
  json sc = autumn_table({"Millbrook", "Thornfield"}, {"O", "R", "P", "G", "Y", "W"},
                         {{{"card", "Hedge Row"}, {"resource", "W or 1"}}});
  sc["boards"] = {{{"shaded", all_cells_but({})}}, {{"shaded", all_cells_but({})}}};
  Position t = position(2, sc);
  EXPECT_EQ(labels(*t.game, 0), (std::vector<std::string>{"pass"}));
  play(*t.game, 0, "pass");
  EXPECT_FALSE(t.game->terminal());
  play(*t.game, 1, "pass");
  ASSERT_TRUE(lost_for(*t.game, "autumn_all_passed"));
}

// A wrinkle drawn with a resource card takes effect at once, and another resource card is drawn.
TEST(GameshireRules, AWrinkleDrawnWhenRefillingTakesEffectAtOnce) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"boons", 2},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}, {{"card", "Lambing"}, {"resource", "G or 2"}}}},
                      {"season_deck", {"Hedge Row"}},
                      {"resource_deck", {"Stern Steward", "O or 2"}},
                      {"unlisted_cards", "out_of_game"}});
  EXPECT_EQ(t.s().pool(0).boons, 1);
  ASSERT_EQ(t.s().market().size(), 3u);
  EXPECT_EQ(t.s().rules().cards[t.s().market()[2].card].name, "Hedge Row");
  EXPECT_TRUE(log_contains(*t.game, "Wrinkle drawn: Stern Steward."));
  EXPECT_TRUE(log_contains(*t.game, "Hedge Row (O or 2) joins the market."));
}

// Orange Peppers: "All players may omit (skip) one square when recording this card."
TEST(GameshireRules, OrangePeppersLeavesOutOneSquare) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"O"}}, {"boons", 1},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"}});
  EXPECT_FALSE(is_legal(*t.game, 0, "use Orange Peppers"));   // only while a card is being recorded
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "use Orange Peppers");
  play(*t.game, 0, "omit square 2");
  EXPECT_TRUE(is_legal(*t.game, 0, "A1=W"));
  EXPECT_FALSE(is_legal(*t.game, 0, "A1=W B1=5"));
  play(*t.game, 0, "A1=W");
  EXPECT_EQ(t.s().board(0).written, cell_bit(cell("A1")));
}

// White Berries lets every player erase one recorded square; Red Radishes lets every player write a
// result of their choice in a blank square (a crop on a hammer still teaches its skill).
TEST(GameshireRules, WhiteBerriesErasesAndRedRadishesWrites) {
  Position t = position(2, {{"maps", {"Millbrook", "Thornfield"}}, {"skills", {"W", "R"}}, {"boons", 3},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"},
                      {"boards", {field({"W.....", "......", "......", "......", "......", "......"}), json::object()}}});
  play(*t.game, 0, "use White Berries");
  EXPECT_TRUE(t.s().board(1).erase_token);
  play(*t.game, 0, "erase A1");
  EXPECT_EQ(t.s().board(0).written, 0u);
  play(*t.game, 0, "use Red Radishes");
  EXPECT_EQ(t.s().pool(0).boons, 0);
  play(*t.game, 0, "write Y at E1");   // E1 is a hammer
  EXPECT_EQ(t.s().pool(0).skills & (1 << 5), 1 << 5);
  EXPECT_FALSE(t.s().board(0).write_token);
  EXPECT_TRUE(t.s().board(1).write_token);
}

// Purple Root: replace the resource card under a market card with the next one.
TEST(GameshireRules, PurpleRootSwapsAResourceCard) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"P"}}, {"boons", 1},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"resource_deck", {"Y or 6"}},
                      {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "use Purple Root on Market Day");
  ASSERT_EQ(t.s().market().size(), 1u);
  EXPECT_EQ(t.s().rules().resources[t.s().market()[0].res].crop, 5);
  EXPECT_EQ(t.s().rules().resources[t.s().market()[0].res].cows, 6);
}

// Setup: a different map per player; three plans in the market; only the deck order is hidden, and
// the top season card's other side is public.
TEST(GameshireRules, SetupDealsDifferentMapsAndAMarketOfThree) {
  auto factory = entry().prepare(entry().make_config(6, {{"wrinkles", "green:2,red:1"}}));
  auto g = factory->new_game(11);
  const auto& s = *g->as<GameshireState>();
  std::set<int> maps;
  for (int p = 0; p < 6; ++p) maps.insert(s.board(p).map);
  EXPECT_EQ(maps.size(), 6u);
  EXPECT_EQ(s.market().size(), 3u);
  EXPECT_EQ(s.wrinkles_in_game().size(), 3u);
  EXPECT_EQ(s.resource_deck().size(), 18u - 3u + 3u);
  const json v = g->view(kSpectator);
  EXPECT_TRUE(v["decks"].contains("top_card"));
  EXPECT_EQ(v["players"].size(), 6u);
  EXPECT_NE(v["players"][0]["grid"].get<std::string>().find('\n'), std::string::npos);
}

// --- Issue 16: where Court differed from the rulebook ---------------------------------------------

const std::vector<std::string> kFullField(6, "WWWWWW");

// "Using Skills", Orange Peppers: "All players may omit (skip) one square when recording this card",
// and "Choose one of the plans in the market ... You must be able to fit it on your map." With one
// blank square left, Market Day (two squares) fits only with a square left out: a chooser who can pay
// for Orange Peppers may choose it (and must not pass); without the boons, passing is all there is.
TEST(GameshireRules, OrangePeppersLetsTheChooserTakeAPlanThatFitsWithASquareLeftOut) {
  json sc = {{"maps", {"Millbrook"}}, {"skills", {"O"}}, {"boons", 1},
             {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
             {"unlisted_cards", "out_of_game"},
             {"boards", {field({".WWWWW", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW"})}}};
  Position t = position(1, sc);
  EXPECT_FALSE(is_legal(*t.game, 0, "pass"));
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "use Orange Peppers");
  EXPECT_TRUE(is_legal(*t.game, 0, "omit square 1"));
  play(*t.game, 0, "omit square 2");
  play(*t.game, 0, "A1=W");
  EXPECT_FALSE(t.game->terminal());
  sc["boons"] = 0;
  Position poor = position(1, sc);
  EXPECT_EQ(labels(*poor.game, 0), (std::vector<std::string>{"pass"}));
}

// An omission is offered only when it leaves a placement. Autumn: the chooser's open squares are L0 A0
// B0 (R W 2); Market Day needs two different crops. Leaving out square 1 or 3 leaves a pair that can
// cover R W; leaving out the middle leaves R and 2, which cannot meet the demand, so it is not offered.
TEST(GameshireRules, AnOmitThatStrandsTheAutumnChooserIsNotOffered) {
  json sc = autumn_table({"Millbrook"}, {"O", "R", "P", "G", "Y", "6"}, {{{"card", "Market Day"}, {"resource", "W or 1"}}});
  sc["skills"] = {"O"};
  sc["boons"] = 1;
  sc["boards"] = {{{"shaded", all_cells_but({"L0", "A0", "B0"})}}};
  Position t = position(1, sc);
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "use Orange Peppers");
  EXPECT_TRUE(is_legal(*t.game, 0, "omit square 1"));
  EXPECT_TRUE(is_legal(*t.game, 0, "omit square 3"));
  EXPECT_FALSE(is_legal(*t.game, 0, "omit square 2"));
}

// Rulebook note: "Each row or column of six white squares that is sown, cowed, or shaded in the Spring
// earns the player who did so one boon." F1 was lost to a blight: recording A1 and B1 completes row 1
// (with F1) and column A, two boons. Option shaded_boons=false: only recorded squares count, one boon.
TEST(GameshireRules, BoonsCountSquaresShadedInSpring) {
  json sc = {{"maps", {"Millbrook"}}, {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
             {"unlisted_cards", "out_of_game"},
             {"boards", {{{"field", {"..WWW.", "W.....", "W.....", "W.....", "W.....", "W....."}}, {"shaded", {"F1"}}}}}};
  Position t = position(1, sc);
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "A1=W B1=5");
  EXPECT_EQ(t.s().pool(0).boons, 2);
  Position strict = position(1, sc, {{"shaded_boons", "false"}});
  play(*strict.game, 0, "choose Market Day");
  play(*strict.game, 0, "A1=W B1=5");
  EXPECT_EQ(strict.s().pool(0).boons, 1);
}

// A solo Millbrook table at whose first refill `wrinkle` is drawn (then "O or 2"), with `field`.
Position wrinkle_drawn_at_start(const std::string& wrinkle, const std::vector<std::string>& field_rows, std::uint64_t seed = 7) {
  json sc = {{"maps", {"Millbrook"}},
             {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}, {{"card", "Lambing"}, {"resource", "G or 2"}}}},
             {"season_deck", {"Hedge Row"}},
             {"resource_deck", {wrinkle, "O or 2"}},
             {"unlisted_cards", "out_of_game"}};
  if (!field_rows.empty()) sc["boards"] = {field(field_rows)};
  return position(1, sc, {}, seed);
}

// The same note: a blight that shades the last blank square of a row and a column fills both; the two
// boons are earned at once. (Hailstorm takes up to two squares; only F1 is left.)
TEST(GameshireRules, ABlightThatFillsALineEarnsItsBoons) {
  Position t = wrinkle_drawn_at_start("Hailstorm", {"WWWWW.", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW"});
  EXPECT_EQ(t.s().board(0).shaded, cell_bit(cell("F1")));
  EXPECT_EQ(t.s().pool(0).boons, 2);
  EXPECT_TRUE(log_contains(*t.game, "earned 2 boons"));
}

// Light Rain, a green wrinkle, blighted any blank square, crowns too: a blighted crown can leave a gift
// unchoosable and end a solo game at once, which made it harsher than a yellow wrinkle. Re-tuned, it
// takes one square of the grey border (used in Autumn only), whatever the seed.
TEST(GameshireRules, LightRainTakesOneBorderSquare) {
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const Bits shaded = wrinkle_drawn_at_start("Light Rain", {}, seed).s().board(0).shaded;
    EXPECT_EQ(std::popcount(shaded), 1) << "seed " << seed;
    EXPECT_EQ(shaded & kFieldMask, 0u) << "seed " << seed;
  }
}

// Hailstorm and Royal Decree blight squares but never a crown: with C1 (a crown) and D1 blank, D1 is
// lost, whatever the seed.
TEST(GameshireRules, HailstormNeverBlightsACrown) {
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    Position t = wrinkle_drawn_at_start("Hailstorm", {"WW..WW", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW"}, seed);
    EXPECT_EQ(t.s().board(0).shaded, cell_bit(cell("D1"))) << "seed " << seed;
  }
}

// Wrinkles, step 2: "Review the selected cards with the group. Skip this step to add an extra
// challenge!" With review_wrinkles=false a wrinkle chosen at random is shown by its colour until drawn,
// and determinization draws its name again (a bot cannot know it); one drawn is named.
TEST(GameshireRules, SkippingTheReviewHidesTheWrinklesUntilDrawn) {
  auto factory = entry().prepare(entry().make_config(2, {{"wrinkles", "green:2"}, {"review_wrinkles", "false"}}));
  auto g = factory->new_game(5);
  const json before = g->view(0);
  EXPECT_EQ(before["wrinkles"], json({"a green wrinkle, not yet drawn", "a green wrinkle, not yet drawn"}));
  Rng rng = make_rng(9);
  std::set<std::vector<int>> seen;
  for (int i = 0; i < 60; ++i) {
    auto copy = g->clone();
    copy->determinize(0, rng);
    EXPECT_EQ(copy->view(0), before);
    std::vector<int> names;
    for (std::uint8_t w : copy->as<GameshireState>()->wrinkles_in_game()) names.push_back(w);
    std::sort(names.begin(), names.end());
    seen.insert(names);
  }
  EXPECT_GT(seen.size(), 2u);   // six pairs of the four green wrinkles are possible
  auto reviewed = entry().prepare(entry().make_config(2, {{"wrinkles", "green:2"}}))->new_game(5);
  for (const auto& name : reviewed->view(0)["wrinkles"]) EXPECT_EQ(name.get<std::string>().find("not yet drawn"), std::string::npos);

  Position drawn = position(1, {{"maps", {"Millbrook"}}, {"boons", 2},
                          {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}, {{"card", "Lambing"}, {"resource", "G or 2"}}}},
                          {"season_deck", {"Hedge Row"}},
                          {"resource_deck", {"Stern Steward", "O or 2"}},
                          {"unlisted_cards", "out_of_game"}},
                      {{"review_wrinkles", "false"}});
  EXPECT_EQ(drawn.game->view(0)["wrinkles"], json({"Stern Steward"}));
}

// The generic checks (views unchanged by determinization, fair sampling of what is hidden) hold with
// the wrinkles' names hidden too.
TEST(GameshireRules, HiddenWrinklesPassTheGenericChecks) {
  auto factory = entry().prepare(entry().make_config(3, {{"wrinkles", "green:2,yellow:2,red:1"}, {"review_wrinkles", "false"}}));
  std::string all;
  for (const auto& f : check_playouts(*factory, 31, 3)) all += f + "\n";
  for (const auto& f : check_determinization_fairness(*factory, 31, 400)) all += f + "\n";
  EXPECT_TRUE(all.empty()) << all;
}

// "End of Spring: 1. Once all six gifts have been chosen, Spring ends." Red Radishes writes on the
// crown F2 before any card is chosen and chooses the sixth gift: Autumn begins at once.
TEST(GameshireRules, SpringEndsTheMomentTheSixthGiftIsChosen) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"R"}}, {"boons", 1},
                      {"gifts", {"W", "W", "W", "W", "W", ""}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"},
                      {"boards", {{{"field", {"WWWWWW", "WWWWW.", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW"}}, {"gifts_chosen", 5}}}}});
  play(*t.game, 0, "use Red Radishes");
  play(*t.game, 0, "write Y at F2");
  EXPECT_EQ(t.s().pool(0).chosen, 0x3f);
  EXPECT_EQ(t.s().season(), Season::Autumn);
  EXPECT_FALSE(t.game->terminal());
}

// "Using Skills": a skill is a bonus; it is offered only when it can do something. Red Radishes needs a
// blank square on some map, White Berries a square to erase (in Autumn one shaded for a demand), Purple
// Root a resource card to draw.
TEST(GameshireRules, ASkillIsOfferedOnlyWhenItCanDoSomething) {
  Position full = position(1, {{"maps", {"Millbrook"}}, {"skills", {"R"}}, {"boons", 3},
                         {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                         {"unlisted_cards", "out_of_game"}, {"boards", {field(kFullField)}}});
  EXPECT_FALSE(is_legal(*full.game, 0, "use Red Radishes"));
  Position shared = position(2, {{"maps", {"Millbrook", "Thornfield"}}, {"skills", {"R"}}, {"boons", 3},
                           {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                           {"unlisted_cards", "out_of_game"}, {"boards", {field(kFullField), json::object()}}});
  EXPECT_TRUE(is_legal(*shared.game, 0, "use Red Radishes"));   // "all players": seat 1 has blank squares

  json autumn = autumn_table({"Millbrook"}, {"O", "R", "P", "G", "Y", "6"}, {{{"card", "Market Day"}, {"resource", "W or 1"}}});
  autumn["skills"] = {"W"};
  autumn["boons"] = 3;
  Position nothing_shaded = position(1, autumn);
  EXPECT_FALSE(is_legal(*nothing_shaded.game, 0, "use White Berries"));

  Position no_resources = position(1, {{"maps", {"Millbrook"}}, {"skills", {"P"}}, {"boons", 1},
                                 {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                                 {"unlisted_cards", "out_of_game"}});
  EXPECT_FALSE(is_legal(*no_resources.game, 0, "use Purple Root on Market Day"));
}

// White Berries: "erase one recorded square". A token not used in Spring carries into Autumn, where it
// un-shades a square shaded for a demand, never one shaded for a gift or lost to a blight.
TEST(GameshireRules, AnUnusedEraseNeverUnshadesGiftOrBlightedSquares) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"W"}}, {"boons", 1},
                      {"gifts", {"W", "W", "W", "W", "W", ""}},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"unlisted_cards", "out_of_game"},
                      {"boards", {{{"field", {"WWWWW.", "WWWW..", "WWWWWW", "WWWWWW", "WWWWWW", "WWWWWW"}},
                                   {"shaded", {"F1"}}, {"gifts_chosen", 5}}}}});
  play(*t.game, 0, "use White Berries");
  play(*t.game, 0, "choose Market Day");
  play(*t.game, 0, "E2=W F2=5");          // F2 is the crown of column F: the sixth gift
  ASSERT_EQ(t.s().season(), Season::Autumn);
  while (t.s().step() == Step::GiftShade) play_any(*t.game);
  ASSERT_TRUE(t.s().board(0).erase_token);
  ASSERT_NE(t.s().board(0).shaded & ~cell_bit(cell("F1")), 0u);   // the gift squares
  for (const auto& label : labels(*t.game, 0)) EXPECT_NE(label.rfind("unshade", 0), 0u) << label;
}

// Purple Root: "discard one resource card ..., then draw a replacement." When the draw finds only a
// wrinkle and then nothing, the card keeps its resource card, which is not also discarded (no copy).
TEST(GameshireRules, PurpleRootNeverDuplicatesAResourceCard) {
  Position t = position(1, {{"maps", {"Millbrook"}}, {"skills", {"P"}}, {"boons", 2},
                      {"market", {{{"card", "Market Day"}, {"resource", "R or 5"}}}},
                      {"resource_deck", {"Stern Steward"}},
                      {"unlisted_cards", "out_of_game"}});
  const ResId before = t.s().market()[0].res;
  play(*t.game, 0, "use Purple Root on Market Day");
  ASSERT_EQ(t.s().market().size(), 1u);
  EXPECT_EQ(t.s().market()[0].res, before);
  EXPECT_FALSE(t.s().resource_discard().contains(before));
}

}  // namespace
}  // namespace court::gameshire
