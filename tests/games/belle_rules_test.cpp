// Belle of the Ball rules, one scenario per rule (docs/rules/belle.md; the rulebook's section in each
// test's comment). Cards used (data/belle/guests.toml):
//   Lady Hortensia Goatsbury       Flirting, Dancing, 2, attracts Flirting
//   Lord Barnaby Goatsbury         Flirting, Drinking, 3, attracts Dancing
//   Lord Fitzwilliam Richminster   Flirting, Eating, 4, repels Flirting/Snubbing
//   The Honourable Cecily Richminster, Duchess Evangeline Richminster (Eating), Sir Oswald Dundifax,
//   Sir Dietrich Lordhurtz ...     no attraction
//   Belle Amaranth                 attracts a Dancing couple; +2 per Dancing guest
#include "belle_test_support.h"
#include "games/random_steps_support.h"

namespace court::belle {
namespace {

using namespace testing_support;

// Guests that do nothing when placed by a scenario and never match "flirting".
const std::vector<std::string> kQuietHand = {"The Honourable Cecily Richminster", "Duchess Evangeline Richminster",
                                             "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz", "Lady Octavia Richminster"};
const std::vector<std::string> kQuietHand2 = {"Mistress Hilda Boarbottom", "Lady Matilda Boarbottom", "Sir Gideon Boarbottom",
                                              "Granny Mabel Dundifax", "Auntie Gertrude Dundifax"};
const std::vector<std::string> kQuietHand3 = {"Herr Augustus Lordhurtz", "Count Leopold Lordhurtz", "Sir Vincent Crawhole"};
const std::vector<std::string> kQuietMinglers = {"Sir Peregrine Richminster", "Lord Konrad Lordhurtz",
                                                 "Mister Humphrey Dundifax", "Master Wilfred Dundifax",
                                                 "Squire Thaddeus Boarbottom"};

// Rulebook "On your turn" 2: an attracting guest brings a single guest with one of its symbols from the
// minglers into your clique; the row is then refilled to five (step 4, fewer than five: no discard).
TEST(BelleRules, AttractFromTheMinglers) {
  Position t = position(2, {{"hands", {{"Lady Hortensia Goatsbury", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                                  "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                 kQuietHand2}},
                      {"minglers", {"Miss Violetta Goatsbury", "Sir Peregrine Richminster", "Young Cuthbert Dundifax",
                                    "Lady Octavia Richminster", "Captain Horace Goatsbury"}}});
  play(*t.game, 0, "invite Lady Hortensia Goatsbury (");
  EXPECT_EQ(t.s().phase(), Phase::Reach);
  auto options = labels(*t.game, 0);
  std::sort(options.begin(), options.end());
  EXPECT_EQ(options, (std::vector<std::string>{"attract Miss Violetta Goatsbury from the minglers",
                                               "attract Young Cuthbert Dundifax from the minglers"}));
  play(*t.game, 0, "attract Miss Violetta Goatsbury from the minglers");
  EXPECT_EQ(clique(t.s(), 0), (std::vector<std::string>{"Lady Hortensia Goatsbury", "Miss Violetta Goatsbury"}));
  EXPECT_EQ(t.s().minglers().size(), 5u);
  EXPECT_TRUE(t.s().discard_pile().empty());   // four left, so one was drawn and none drifted out
  EXPECT_EQ(t.s().hand(0).size(), 5u);
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
}

// "When your guest attracts, choose a single guest card that is outside of your clique ... in another
// player's clique ... Guests cannot attract couples." Step 2a: the loser may replace it from hand and
// draws back up to five.
TEST(BelleRules, AttractFromAnotherCliqueButNeverACouple) {
  Position t = position(3, {{"hands", {{"Lady Hortensia Goatsbury", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                                  "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                 {"Lady Matilda Boarbottom", "Mistress Hilda Boarbottom", "Belle Primrose"},
                                 {"Sir Gideon Boarbottom"}}},
                      {"cliques", {json::array(),
                                   {"Young Tobias Goatsbury",
                                    {{"top", "Miss Henrietta Dundifax"}, {"bottom", "Granny Mabel Dundifax"}}},
                                   {"Fraulein Adelheid Lordhurtz"}}},
                      {"minglers", kQuietMinglers}});
  play(*t.game, 0, "invite Lady Hortensia Goatsbury (");
  auto options = labels(*t.game, 0);
  std::sort(options.begin(), options.end());
  EXPECT_EQ(options, (std::vector<std::string>{"attract Fraulein Adelheid Lordhurtz from seat 2",
                                               "attract Young Tobias Goatsbury from seat 1"}));
  play(*t.game, 0, "attract Young Tobias Goatsbury from seat 1");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(t.s().phase(), Phase::Replace);
  auto replace = labels(*t.game, 1);
  std::sort(replace.begin(), replace.end());
  EXPECT_EQ(replace, (std::vector<std::string>{"no replacement", "replace with Lady Matilda Boarbottom",
                                               "replace with Mistress Hilda Boarbottom"}));  // not the Belle
  play(*t.game, 1, "replace with Lady Matilda Boarbottom");
  EXPECT_EQ(clique(t.s(), 0), (std::vector<std::string>{"Lady Hortensia Goatsbury", "Young Tobias Goatsbury"}));
  EXPECT_EQ(clique(t.s(), 1),
            (std::vector<std::string>{"Miss Henrietta Dundifax/Granny Mabel Dundifax", "Lady Matilda Boarbottom"}));
  EXPECT_EQ(t.s().hand(1).size(), 5u);   // drew back up to a full hand
  EXPECT_EQ(t.s().hand(0).size(), 5u);
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(t.s().phase(), Phase::Invite);
  EXPECT_TRUE(log_contains(*t.game, 2, "Seat 0 attracted Young Tobias Goatsbury from seat 1."));
  EXPECT_TRUE(log_contains(*t.game, 2, "Seat 1 replaced the lost guest with Lady Matilda Boarbottom and drew 3 cards."));
}

// "If no matching guests are available to attract, then ignore this power."
TEST(BelleRules, NoMatchingGuestIgnoresTheAttraction) {
  Position t = position(2, {{"hands", {{"Lady Hortensia Goatsbury", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                                  "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                 kQuietHand2}},
                      {"cliques", {json::array(), {{{"top", "Miss Henrietta Dundifax"}, {"bottom", "Lady Eudora Goatsbury"}}}}},
                      {"minglers", kQuietMinglers}});
  play(*t.game, 0, "invite Lady Hortensia Goatsbury (");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(t.s().phase(), Phase::Invite);
  EXPECT_EQ(clique(t.s(), 0), std::vector<std::string>{"Lady Hortensia Goatsbury"});
}

// "When your guest repels, choose a single guest that is in your clique and has one of the noted symbols.
// Place that card in another player's clique or place it in the discard pile. Guests cannot repel couples."
// The repelling guest never sends itself away.
TEST(BelleRules, RepelToAnotherCliqueOrTheDiscardPile) {
  const json scenario = {
      {"hands", {{"Lord Fitzwilliam Richminster", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                  "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                 kQuietHand2, {"Belle Lavinia"}}},
      {"cliques", {{"Young Tobias Goatsbury", "Miss Ophelia Crawhole",
                    {{"top", "Miss Violetta Goatsbury"}, {"bottom", "Lady Eudora Goatsbury"}}, "Captain Horace Goatsbury"},
                   json::array(), json::array()}},
      {"minglers", kQuietMinglers}};
  Position t = position(3, scenario);
  play(*t.game, 0, "invite Lord Fitzwilliam Richminster (");
  ASSERT_EQ(t.s().phase(), Phase::Gift);   // a couple in the clique: a gift may come first
  play(*t.game, 0, "no gift");
  auto options = labels(*t.game, 0);
  std::sort(options.begin(), options.end());
  EXPECT_EQ(options, (std::vector<std::string>{
                         "repel Miss Ophelia Crawhole to seat 1", "repel Miss Ophelia Crawhole to seat 2",
                         "repel Miss Ophelia Crawhole to the discard pile", "repel Young Tobias Goatsbury to seat 1",
                         "repel Young Tobias Goatsbury to seat 2", "repel Young Tobias Goatsbury to the discard pile"}));
  play(*t.game, 0, "repel Young Tobias Goatsbury to seat 2");
  EXPECT_EQ(clique(t.s(), 2), std::vector<std::string>{"Young Tobias Goatsbury"});
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));   // the receiver does not replace anything

  Position d = position(3, scenario);
  play(*d.game, 0, "invite Lord Fitzwilliam Richminster (");
  play(*d.game, 0, "no gift");
  play(*d.game, 0, "repel Miss Ophelia Crawhole to the discard pile");
  EXPECT_TRUE(discarded(d.s(), "Miss Ophelia Crawhole"));
  EXPECT_EQ(clique(d.s(), 0), (std::vector<std::string>{"Young Tobias Goatsbury",
                                                        "Miss Violetta Goatsbury/Lady Eudora Goatsbury",
                                                        "Captain Horace Goatsbury", "Lord Fitzwilliam Richminster"}));
}

// Attracting twice: two choices, one after the other.
TEST(BelleRules, AGuestThatAttractsTwiceAttractsTwoGuests) {
  Position t = position(2, {{"hands", {{"Lady Rosalind Goatsbury", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                                  "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                 kQuietHand2}},
                      {"minglers", {"Miss Violetta Goatsbury", "Sir Peregrine Richminster", "Young Cuthbert Dundifax",
                                    "Lady Octavia Richminster", "Miss Ophelia Crawhole"}}});
  play(*t.game, 0, "invite Lady Rosalind Goatsbury (");
  play(*t.game, 0, "attract Miss Violetta Goatsbury from the minglers");
  ASSERT_EQ(t.s().phase(), Phase::Reach);
  EXPECT_EQ(t.s().reach_left(), 1);
  play(*t.game, 0, "attract Miss Ophelia Crawhole from the minglers");
  EXPECT_EQ(clique(t.s(), 0), (std::vector<std::string>{"Lady Rosalind Goatsbury", "Miss Violetta Goatsbury",
                                                        "Miss Ophelia Crawhole"}));
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(t.s().clique_score(0).guests, -1 + 2 + 2);
}

// "Belles will attract couples from another player's clique, based on criteria listed on the Belle's
// card." Step 2a: "If you happen to take a couple, then they may replace that couple with two cards from
// their hand, placed as a couple." Gifts go with their couple.
TEST(BelleRules, ABelleAttractsACoupleAndTheVictimReplacesItWithTwoCards) {
  Position t = position(2, {{"hands", {{"Belle Amaranth", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                  "Mister Humphrey Dundifax", "Squire Thaddeus Boarbottom"},
                                 {"The Honourable Cecily Richminster", "Duchess Evangeline Richminster", "Belle Primrose",
                                  "Sir Gideon Boarbottom"}}},
                      {"cliques", {json::array(),
                                   {{{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Sir Dietrich Lordhurtz"},
                                     {"gifts", {"Granny Mabel Dundifax"}}},
                                    {{"top", "Lord Barnaby Goatsbury"}, {"bottom", "Captain Horace Goatsbury"}},
                                    "Young Tobias Goatsbury"}}},
                      {"minglers", {"Sir Peregrine Richminster", "Miss Violetta Goatsbury", "Lady Eudora Goatsbury",
                                    "Master Wilfred Dundifax", "Miss Ophelia Crawhole"}}});
  play(*t.game, 0, "invite Belle Amaranth (");
  // Only the Dancing couple: not the Drinking one, not the Dancing single, nothing from the minglers.
  EXPECT_EQ(labels(*t.game, 0),
            std::vector<std::string>{"attract the couple Lady Hortensia Goatsbury & Sir Dietrich Lordhurtz from seat 1"});
  play(*t.game, 0, "attract the couple Lady Hortensia Goatsbury & Sir Dietrich Lordhurtz from seat 1");
  ASSERT_EQ(t.game->to_act(), SeatSet::of(1));
  auto options = labels(*t.game, 1);
  EXPECT_TRUE(is_legal(*t.game, 1, "replace with The Honourable Cecily Richminster on top of Duchess Evangeline Richminster"));
  EXPECT_TRUE(is_legal(*t.game, 1, "replace with Duchess Evangeline Richminster on top of The Honourable Cecily Richminster"));
  EXPECT_TRUE(is_legal(*t.game, 1, "no replacement"));
  for (const auto& l : options) EXPECT_EQ(l.find("Belle Primrose"), std::string::npos) << l;
  EXPECT_EQ(options.size(), 3u * 2u + 1u);   // ordered pairs of three guests, or none
  play(*t.game, 1, "replace with The Honourable Cecily Richminster on top of Duchess Evangeline Richminster");
  EXPECT_EQ(clique(t.s(), 0), std::vector<std::string>{"Lady Hortensia Goatsbury/Sir Dietrich Lordhurtz+1"});
  EXPECT_EQ(clique(t.s(), 1), (std::vector<std::string>{"Lord Barnaby Goatsbury/Captain Horace Goatsbury",
                                                        "Young Tobias Goatsbury",
                                                        "The Honourable Cecily Richminster/Duchess Evangeline Richminster"}));
  EXPECT_EQ(t.s().hand(1).size(), 5u);
  EXPECT_EQ(t.s().rules().cards[t.s().belle(0)].name, "Belle Amaranth");
  // The gift keeps its secret: seat 1 gave it, seat 0 now holds the couple but does not know the card.
  const json mine = t.game->view(0)["players"][0]["clique"][0];
  const json giver = t.game->view(1)["players"][0]["clique"][0];
  EXPECT_EQ(mine.dump().find("Granny Mabel"), std::string::npos) << mine.dump();
  EXPECT_EQ(mine["gifts"], json::parse(R"([{"face_down": true}])"));
  EXPECT_EQ(giver["gifts"][0]["card"]["name"], "Granny Mabel Dundifax") << giver.dump();
  EXPECT_EQ(t.s().clique_score(0).gifts, 1);
}

// "You may only have one Belle in play at a time. If you play a new BELLE, place the old one in the
// discard pile."
TEST(BelleRules, ANewBelleSendsTheOldOneToTheDiscardPile) {
  Position t = position(2, {{"hands", {{"Belle Celandine", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                  "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                 kQuietHand2}},
                      {"belles", {"Belle Wilhelmina", nullptr}},
                      {"minglers", kQuietMinglers}});
  play(*t.game, 0, "invite Belle Celandine (");
  EXPECT_EQ(t.s().rules().cards[t.s().belle(0)].name, "Belle Celandine");
  EXPECT_TRUE(discarded(t.s(), "Belle Wilhelmina"));
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));   // no couple to attract: the attraction is ignored
}

// Step 1c: "You may only place one gift in a turn. A couple may carry up to two gifts." Only your own
// couples take gifts, and a gift is any card from hand.
TEST(BelleRules, AtMostOneGiftPerTurnAndTwoPerCouple) {
  Position t = position(2, {{"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand3}},
                      {"cliques", {{{{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Sir Dietrich Lordhurtz"},
                                     {"gifts", {"Granny Mabel Dundifax", "Auntie Gertrude Dundifax"}}},
                                    {{"top", "Lord Barnaby Goatsbury"}, {"bottom", "Captain Horace Goatsbury"}}},
                                   {{{"top", "Miss Henrietta Dundifax"}, {"bottom", "Lady Eudora Goatsbury"}}}}},
                      {"minglers", kQuietMinglers}});
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  ASSERT_EQ(t.s().phase(), Phase::Gift);
  const auto options = labels(*t.game, 0);
  EXPECT_EQ(options.size(), 4u + 1u);   // four cards in hand, one couple with room, or no gift
  for (const auto& l : options) {
    if (l == "no gift") continue;
    EXPECT_NE(l.find("to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury"), std::string::npos) << l;
  }
  EXPECT_TRUE(is_legal(*t.game, 0, "gift Belle Lavinia to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury"));
  play(*t.game, 0, "gift Duchess Evangeline Richminster to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));   // one gift a turn: the turn went on and ended
  EXPECT_EQ(clique(t.s(), 0), (std::vector<std::string>{"Lady Hortensia Goatsbury/Sir Dietrich Lordhurtz+2",
                                                        "Lord Barnaby Goatsbury/Captain Horace Goatsbury+1",
                                                        "The Honourable Cecily Richminster"}));
  EXPECT_EQ(t.s().clique_score(0).gifts, 3);
}

// The invitation power "extra_gift" allows a second gift in the same turn (still two per couple).
TEST(BelleRules, ExtraGiftPowerAllowsTwoGiftsInATurn) {
  Position t = position(2, {{"hands", {{"Lord Bartholomew Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand2}},
                      {"cliques", {{{{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Sir Dietrich Lordhurtz"},
                                     {"gifts", {"Miss Ophelia Crawhole"}}}},
                                   json::array()}},
                      {"minglers", kQuietMinglers}});
  play(*t.game, 0, "invite Lord Bartholomew Richminster (");
  play(*t.game, 0, "gift Lady Octavia Richminster to the couple Lady Hortensia Goatsbury & Sir Dietrich Lordhurtz");
  // The couple is full now (two gifts): no more gifts although the power allows a second.
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(clique(t.s(), 0), (std::vector<std::string>{"Lady Hortensia Goatsbury/Sir Dietrich Lordhurtz+2",
                                                        "Lord Bartholomew Richminster"}));

  Position u = position(2, {{"hands", {{"Lord Bartholomew Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand2}},
                      {"cliques", {{{{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Sir Dietrich Lordhurtz"}},
                                    "Young Tobias Goatsbury"},
                                   json::array()}},
                      {"minglers", kQuietMinglers}});
  play_with(*u.game, 0, "invite Lord Bartholomew Richminster (", "on top of Young Tobias Goatsbury");
  ASSERT_EQ(u.s().phase(), Phase::Gift);
  play(*u.game, 0, "gift Lady Octavia Richminster to the couple Lady Hortensia Goatsbury & Sir Dietrich Lordhurtz");
  ASSERT_EQ(u.s().phase(), Phase::Gift);
  EXPECT_EQ(u.s().gifts_left(), 1);
  play(*u.game, 0, "gift Belle Lavinia to the couple Lord Bartholomew Richminster & Young Tobias Goatsbury");
  EXPECT_EQ(u.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(clique(u.s(), 0), (std::vector<std::string>{"Lady Hortensia Goatsbury/Sir Dietrich Lordhurtz+1",
                                                        "Lord Bartholomew Richminster/Young Tobias Goatsbury+1"}));
}

// Invitation powers: draw cards; dismiss a mingler to the discard pile; welcome a mingling guest (never a
// Belle) into the clique. The mingler powers are optional.
TEST(BelleRules, InvitationPowers) {
  const json minglers = {"Belle Seraphina", "Sir Peregrine Richminster", "Captain Horace Goatsbury",
                         "Mister Humphrey Dundifax", "Squire Thaddeus Boarbottom"};
  Position draw = position(2, {{"hands", {{"Granny Mabel Dundifax", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                     "Duchess Evangeline Richminster", "The Honourable Cecily Richminster"},
                                    {"Sir Gideon Boarbottom"}}},
                         {"minglers", minglers}});
  play(*draw.game, 0, "invite Granny Mabel Dundifax (");
  play(*draw.game, 0, "draw 1 card");
  EXPECT_TRUE(log_contains(*draw.game, 1, "Seat 0: Granny Mabel Dundifax drew 1 card."));
  EXPECT_EQ(draw.s().hand(0).size(), 5u);   // 4 + 1 drawn: nothing to refill

  Position dismiss = position(2, {{"hands", {{"Sir Dietrich Lordhurtz", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                       "Duchess Evangeline Richminster", "The Honourable Cecily Richminster"},
                                      {"Sir Gideon Boarbottom"}}},
                            {"minglers", minglers}});
  play(*dismiss.game, 0, "invite Sir Dietrich Lordhurtz (");
  ASSERT_EQ(dismiss.s().phase(), Phase::Power);
  EXPECT_EQ(labels(*dismiss.game, 0).size(), 5u + 1u);
  play(*dismiss.game, 0, "dismiss Belle Seraphina from the minglers");
  EXPECT_TRUE(discarded(dismiss.s(), "Belle Seraphina"));

  Position welcome = position(2, {{"hands", {{"Miss Dorothea Dundifax", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                       "Duchess Evangeline Richminster", "The Honourable Cecily Richminster"},
                                      {"Sir Gideon Boarbottom"}}},
                            {"minglers", minglers}});
  play(*welcome.game, 0, "invite Miss Dorothea Dundifax (");
  ASSERT_EQ(welcome.s().phase(), Phase::Power);
  EXPECT_FALSE(is_legal(*welcome.game, 0, "welcome Belle Seraphina from the minglers"));
  EXPECT_TRUE(is_legal(*welcome.game, 0, "decline the invitation power"));
  play(*welcome.game, 0, "welcome Sir Peregrine Richminster from the minglers");
  EXPECT_EQ(clique(welcome.s(), 0), (std::vector<std::string>{"Miss Dorothea Dundifax", "Sir Peregrine Richminster"}));
  EXPECT_EQ(welcome.game->to_act(), SeatSet::of(1));   // a welcomed guest attracts nothing
}

// Rulebook "On your turn" 1a: "Optional: Resolve any invitation powers." Every power may be declined: a
// draw (Master Wilfred's two cards) as well as the mingler powers, and the log says so. (An extra gift is
// declined by giving no second gift.)
TEST(BelleRules, InvitationPowersAreOptional) {
  const json minglers = {"Belle Seraphina", "Sir Peregrine Richminster", "Captain Horace Goatsbury",
                         "Mister Humphrey Dundifax", "Squire Thaddeus Boarbottom"};
  const json draw_scenario = {{"hands", {{"Master Wilfred Dundifax", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                          "Duchess Evangeline Richminster", "The Honourable Cecily Richminster"},
                                         {"Sir Gideon Boarbottom"}}},
                              {"minglers", minglers}};
  Position use = position(2, draw_scenario);
  play(*use.game, 0, "invite Master Wilfred Dundifax (");
  ASSERT_EQ(use.s().phase(), Phase::Power);
  auto options = labels(*use.game, 0);
  std::sort(options.begin(), options.end());
  EXPECT_EQ(options, (std::vector<std::string>{"decline the invitation power", "draw 2 cards"}));
  play(*use.game, 0, "draw 2 cards");
  EXPECT_EQ(use.s().hand(0).size(), 6u);   // 4 + 2
  EXPECT_TRUE(log_contains(*use.game, 1, "Seat 0: Master Wilfred Dundifax drew 2 cards."));

  Position decline = position(2, draw_scenario);
  const std::size_t deck_before = decline.s().deck().size();
  play(*decline.game, 0, "invite Master Wilfred Dundifax (");
  play(*decline.game, 0, "decline the invitation power");
  EXPECT_EQ(decline.s().hand(0).size(), 4u);   // nothing drawn; the turn goes on (he attracts an eater)
  EXPECT_EQ(decline.s().deck().size(), deck_before);
  EXPECT_TRUE(log_contains(*decline.game, 1, "Seat 0 declined Master Wilfred Dundifax's invitation power."));
  EXPECT_FALSE(log_contains(*decline.game, 1, "drew"));

  Position dismiss = position(2, {{"hands", {{"Sir Dietrich Lordhurtz", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                        "Duchess Evangeline Richminster", "The Honourable Cecily Richminster"},
                                       {"Sir Gideon Boarbottom"}}},
                            {"minglers", minglers}});
  play(*dismiss.game, 0, "invite Sir Dietrich Lordhurtz (");
  play(*dismiss.game, 0, "decline the invitation power");
  EXPECT_FALSE(log_contains(*dismiss.game, kSpectator, "dismissed"));
  EXPECT_TRUE(log_contains(*dismiss.game, kSpectator, "Seat 0 declined Sir Dietrich Lordhurtz's invitation power."));
}

// Rulebook "On your turn" 1c: "In addition to inviting a guest, you can place another card from your hand
// face-down on a couple": a gift comes with a guest's invitation, not with a Belle's. The option
// gift_with_belle (default off) allows one with a Belle too.
TEST(BelleRules, AGiftComesWithAGuestsInvitationNotABelles) {
  const json scenario = {{"hands", {{"Belle Celandine", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                                     "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                    kQuietHand2}},
                         {"cliques", {{{{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Sir Dietrich Lordhurtz"}}},
                                      json::array()}},
                         {"minglers", kQuietMinglers}};
  Position t = position(2, scenario);
  EXPECT_FALSE(t.s().rules().gift_with_belle);
  play(*t.game, 0, "invite Belle Celandine (");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));   // no gift step, and no couple to attract
  EXPECT_EQ(clique(t.s(), 0), std::vector<std::string>{"Lady Hortensia Goatsbury/Sir Dietrich Lordhurtz"});

  Position with_belle = position(2, scenario, {{"gift_with_belle", "true"}});
  play(*with_belle.game, 0, "invite Belle Celandine (");
  ASSERT_EQ(with_belle.s().phase(), Phase::Gift);
  play(*with_belle.game, 0, "gift Sir Oswald Dundifax to the couple Lady Hortensia Goatsbury & Sir Dietrich Lordhurtz");
  EXPECT_EQ(clique(with_belle.s(), 0), std::vector<std::string>{"Lady Hortensia Goatsbury/Sir Dietrich Lordhurtz+1"});
}

// All the guests of the shipped deck that no scenario below needs elsewhere, for building cliques.
std::vector<std::string> quiet_guests(const BelleRules& rules, const std::vector<std::string>& exclude) {
  std::vector<std::string> out;
  for (const CardInfo& c : rules.cards) {
    if (!c.is_guest() || std::find(exclude.begin(), exclude.end(), c.name) != exclude.end()) continue;
    out.push_back(c.name);
  }
  return out;
}

class BelleCoupleThreshold : public ::testing::TestWithParam<int> {};

// "End of Round" 1: two players, the round ends when there are five or more couples in play; three, six;
// four, seven; five, eight. Court: checked after the turn that reaches it. The next round starts with the
// player after the one who took the last turn.
TEST_P(BelleCoupleThreshold, TheRoundEndsAfterTheTurnThatReachesIt) {
  const int players = GetParam();
  const int threshold = players + 3;
  for (int before : {threshold - 2, threshold - 1}) {
    auto factory = belle_entry().prepare(belle_entry().make_config(players, {}));
    const BelleRules& rules = factory->new_game(1)->as<BelleState>()->rules();
    auto pool = quiet_guests(rules, {"The Honourable Cecily Richminster", "Sir Oswald Dundifax"});
    std::size_t next = 0;
    json cliques = json::array();
    for (int s = 0; s < players; ++s) cliques.push_back(json::array());
    // `before` couples spread over the cliques, and a single guest for seat 0 to couple with.
    for (int k = 0; k < before; ++k) {
      cliques[k % players].push_back({{"top", pool[next]}, {"bottom", pool[next + 1]}});
      next += 2;
    }
    cliques[0].push_back("Sir Oswald Dundifax");
    json hands = json::array();
    json hand0 = {"The Honourable Cecily Richminster"};
    for (int k = 0; k < 4; ++k) hand0.push_back(pool[next++]);
    hands.push_back(hand0);
    for (int s = 1; s < players; ++s) hands.push_back({pool[next++]});
    Position t = position(players, {{"hands", hands}, {"cliques", cliques}});
    ASSERT_EQ(t.s().couples_in_play(), before);
    play_with(*t.game, 0, "invite The Honourable Cecily Richminster (", "on top of Sir Oswald Dundifax");
    if (t.s().phase() == Phase::Gift) play(*t.game, 0, "no gift");
    if (before + 1 >= threshold) {
      EXPECT_EQ(t.s().rounds_scored(), 1) << players << " players, " << before + 1 << " couples";
      EXPECT_EQ(t.s().round_end(0), RoundEnd::Couples);
      EXPECT_EQ(t.s().round(), 2);
      EXPECT_EQ(t.s().turn_seat(), 1);   // the player after seat 0, who took the last turn
      EXPECT_TRUE(log_contains(*t.game, kSpectator,
                               fmt::format("{} couples are in play (the round ends at {})", threshold, threshold)));
    } else {
      EXPECT_EQ(t.s().rounds_scored(), 0) << players << " players, " << before + 1 << " couples";
      EXPECT_EQ(t.s().round(), 1);
      EXPECT_EQ(t.s().couples_in_play(), threshold - 1);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Players, BelleCoupleThreshold, ::testing::Values(2, 3, 4, 5),
                         [](const ::testing::TestParamInfo<int>& info) { return std::to_string(info.param) + "p"; });

// "End of Round" 3-4: the table is cleared (hands and gifts face-down), five new cards each and five new
// minglers; the discard pile is not shuffled back.
TEST(BelleRules, TheNextRoundIsDealtAfresh) {
  Position t = position(2, {{"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand2}},
                      {"cliques", {{"Sir Dietrich Lordhurtz",
                                    {{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Miss Ophelia Crawhole"},
                                     {"gifts", {"Lord Barnaby Goatsbury"}}}},
                                   json::array()}},
                      {"belles", {"Belle Wilhelmina", nullptr}},
                      {"minglers", kQuietMinglers}},
                  {{"couples_to_end", "2"}});
  const std::size_t deck_before = t.s().deck().size();
  play_with(*t.game, 0, "invite The Honourable Cecily Richminster (", "on top of Sir Dietrich Lordhurtz");
  play(*t.game, 0, "no gift");
  ASSERT_EQ(t.s().rounds_scored(), 1);
  // Round 1 for seat 0: Cecily 3 + Hortensia 2 + 1 gift + Wilhelmina's flat 1 = 7.
  EXPECT_EQ(t.s().score(0), 7);
  EXPECT_EQ(t.s().round(), 2);
  EXPECT_TRUE(t.s().units().empty());
  EXPECT_EQ(t.s().belle(0), kNoCard);
  EXPECT_EQ(t.s().hand(0).size(), 5u);
  EXPECT_EQ(t.s().hand(1).size(), 5u);
  EXPECT_EQ(t.s().minglers().size(), 5u);
  // Seat 0 drew 1, one mingler came in; then 10 + 5 were dealt.
  EXPECT_EQ(t.s().deck().size(), deck_before - 1 - 1 - 15);
  EXPECT_TRUE(discarded(t.s(), "Belle Wilhelmina"));
  EXPECT_TRUE(discarded(t.s(), "Lady Hortensia Goatsbury"));
  EXPECT_FALSE(discarded(t.s(), "Lord Barnaby Goatsbury"));   // the gift went face-down
  EXPECT_EQ(t.s().buried().size(), 5u + 5u + 1u);              // both hands and the gift
}

// "Refill your hand ... If the draw deck runs out of cards during this step, the round and game are over."
// Court: the deck runs out when its last card is drawn; the round is scored.
TEST(BelleRules, TheDeckRunningOutDuringTheRefillEndsTheGame) {
  Position t = position(2, {{"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand2}},
                      {"cliques", {{"Lord Barnaby Goatsbury"}, {"Young Tobias Goatsbury"}}},
                      {"minglers", kQuietMinglers},
                      {"deck", {"Sir Dietrich Lordhurtz"}},
                      {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().rounds_scored(), 1);
  EXPECT_EQ(t.s().round_end(0), RoundEnd::Deck);
  EXPECT_EQ(t.s().score(0), 3 + 3);
  EXPECT_EQ(t.s().score(1), 2);
  EXPECT_EQ(t.s().minglers().size(), 5u);   // step 4 never happened
  EXPECT_TRUE(discarded(t.s(), "Sir Peregrine Richminster") == false);
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "The deck ran out (refilling a hand): the round and the game are over."));
  const Outcome o = t.game->outcome();
  EXPECT_TRUE(o.seats[0].win);
  EXPECT_FALSE(o.seats[1].win);
}

// "Minglers drift out of the party ... If the draw deck runs out of cards during this step, the round and
// game are over."
TEST(BelleRules, TheDeckRunningOutDuringTheDriftEndsTheGame) {
  Position t = position(2, {{"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand2}},
                      {"minglers", kQuietMinglers},
                      {"deck", {"Sir Dietrich Lordhurtz", "Lady Eudora Goatsbury"}},
                      {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().round_end(0), RoundEnd::Deck);
  // The mingler farthest from the deck left; the last card joined the row.
  EXPECT_TRUE(discarded(t.s(), "Sir Peregrine Richminster"));
  EXPECT_EQ(t.s().rules().cards[t.s().minglers().back()].name, "Lady Eudora Goatsbury");
  EXPECT_EQ(names(t.s(), t.s().hand(0)).back(), "Sir Dietrich Lordhurtz");
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "The deck ran out (the minglers drifting): the round and the game are over."));
  EXPECT_EQ(t.s().score(0), 3);
}

// "Refresh the party ... If the draw deck runs out of cards at any point during this step, the game is
// over." The round that just ended is scored; no new round is.
TEST(BelleRules, TheDeckRunningOutWhileDealingANewRoundEndsTheGame) {
  Position t = position(2, {{"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster",
                                  "Lady Octavia Richminster", "Belle Lavinia", "Sir Oswald Dundifax"},
                                 kQuietHand2}},
                      {"cliques", {{"Sir Dietrich Lordhurtz"}, json::array()}},
                      {"minglers", kQuietMinglers},
                      {"deck", {"Lady Eudora Goatsbury", "Miss Ophelia Crawhole", "Young Tobias Goatsbury"}},
                      {"unlisted_cards", "out_of_game"}},
                  {{"couples_to_end", "1"}});
  play_with(*t.game, 0, "invite The Honourable Cecily Richminster (", "on top of Sir Dietrich Lordhurtz");
  if (t.s().phase() == Phase::Gift) play(*t.game, 0, "no gift");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().rounds_scored(), 1);
  EXPECT_EQ(t.s().round_end(0), RoundEnd::Couples);
  EXPECT_EQ(t.s().score(0), 3);
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "The deck ran out while dealing a new round: the game is over."));
}

// "End of Round" 2, worked by hand. Seat 0's clique:
//   Lord Barnaby Goatsbury (single, 3)                                   3
//   Lady Eudora Goatsbury (single, 1; +1 per Goatsbury guest)            1
//   Duchess Evangeline Richminster (4) over Duke Montague (5), 2 gifts   4 (the bottom's 5 does not count)
//   Lady Hortensia Goatsbury (2) over Lady Winifred Dundifax, 1 gift     2 (Winifred's power is buried)
//   guests 3 + 1 + 4 + 2 = 10; gifts 3; Eudora: Barnaby, Eudora, Hortensia are Goatsbury = +3;
//   Belle Amaranth: +2 per Dancing guest: Eudora and Hortensia = +4.  Total 20.
// Seat 1 ends the round by making the fifth couple: Cecily (3) over Sir Oswald, Sir Gideon (2) over Granny
// Mabel, Dame Irmgard (1; +1 per Snubbing guest) on top of Auntie Gertrude: 3 + 2 + 1 + 1 (Irmgard) = 7.
TEST(BelleRules, ScoringAWorkedExample) {
  const json scenario = {
      {"turn", 1},
      {"hands", {{"Lady Octavia Richminster", "Sir Dietrich Lordhurtz", "Mistress Hilda Boarbottom",
                  "Lady Matilda Boarbottom", "Belle Lavinia"},
                 {"Dame Irmgard Lordhurtz", "Sir Peregrine Richminster", "Captain Horace Goatsbury",
                  "Mister Humphrey Dundifax", "Squire Thaddeus Boarbottom"}}},
      {"cliques",
       {{"Lord Barnaby Goatsbury", "Lady Eudora Goatsbury",
         {{"top", "Duchess Evangeline Richminster"}, {"bottom", "Duke Montague Richminster"},
          {"gifts", {"Miss Ophelia Crawhole", "Young Tobias Goatsbury"}}},
         {{"top", "Lady Hortensia Goatsbury"}, {"bottom", "Lady Winifred Dundifax"}, {"gifts", {"Belle Primrose"}}}},
        {{{"top", "The Honourable Cecily Richminster"}, {"bottom", "Sir Oswald Dundifax"}},
         {{"top", "Sir Gideon Boarbottom"}, {"bottom", "Granny Mabel Dundifax"}},
         "Auntie Gertrude Dundifax"}}},
      {"belles", {"Belle Amaranth", nullptr}},
      {"scores", {10, 4}},
      {"minglers", {"Master Wilfred Dundifax", "Miss Violetta Goatsbury", "Young Cuthbert Dundifax",
                    "Lady Rosalind Goatsbury", "Cousin Bertram Dundifax"}}};
  Position t = position(2, scenario);
  const ScoreBreakdown before = t.s().clique_score(0);
  EXPECT_EQ(before.guests, 10);
  EXPECT_EQ(before.gifts, 3);
  EXPECT_EQ(before.powers, 3);
  EXPECT_EQ(before.belle, 4);
  EXPECT_EQ(before.total(), 20);
  play(*t.game, 1, "invite Dame Irmgard Lordhurtz (Snubbing, Drinking, 1 pt, end of round: +1 per Snubbing guest) on top of Auntie Gertrude Dundifax");
  play(*t.game, 1, "no gift");
  ASSERT_EQ(t.s().rounds_scored(), 1);
  EXPECT_EQ(t.s().round_end(0), RoundEnd::Couples);
  EXPECT_EQ(t.s().round_points(0, 0), 20);
  EXPECT_EQ(t.s().round_points(0, 1), 7);
  EXPECT_EQ(t.s().score(0), 30);
  EXPECT_EQ(t.s().score(1), 11);
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Seat 0 scores 20 points this round (30 in all)."));
  EXPECT_EQ(t.s().turn_seat(), 0);   // seat 1 took the last turn

  // With buried_powers, Lady Winifred (+1 per Eating guest) counts under Hortensia: Evangeline eats: +1.
  Position buried = position(2, scenario, {{"buried_powers", "true"}});
  EXPECT_EQ(buried.s().clique_score(0).powers, 4);
  EXPECT_EQ(buried.s().clique_score(0).total(), 21);
}

// With the option optional_reach, an attraction may be declined (the rulebook makes it compulsory).
TEST(BelleRules, OptionalReachMayBeDeclined) {
  const json scenario = {{"hands", {{"Lady Hortensia Goatsbury", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                                     "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"},
                                    kQuietHand2}},
                         {"minglers", {"Miss Violetta Goatsbury", "Sir Peregrine Richminster", "Young Cuthbert Dundifax",
                                       "Lady Octavia Richminster", "Captain Horace Goatsbury"}}};
  Position strict = position(2, scenario);
  play(*strict.game, 0, "invite Lady Hortensia Goatsbury (");
  EXPECT_FALSE(is_legal(*strict.game, 0, "decline to attract or repel"));
  Position relaxed = position(2, scenario, {{"optional_reach", "true"}});
  play(*relaxed.game, 0, "invite Lady Hortensia Goatsbury (");
  play(*relaxed.game, 0, "decline to attract or repel");
  EXPECT_EQ(clique(relaxed.s(), 0), std::vector<std::string>{"Lady Hortensia Goatsbury"});
  EXPECT_EQ(relaxed.game->to_act(), SeatSet::of(1));
}

// The couples in play (a round ends at a threshold, "End of a round") and each seat's couples with room
// for a gift are kept by every move that makes, moves or gifts a couple; at every step of random games at
// every table size they match the units.
TEST(BelleRules, KeptCoupleCountsMatchTheUnits) {
  int seen_open = 0;
  check_every_step_of_random_games("belle", 20, [&](const GameState& g, const std::string& where) {
    const BelleState& s = *g.as<BelleState>();
    int couples = 0;
    std::array<int, kMaxPlayers> open{};
    for (const Unit& u : s.units()) {
      if (!u.couple()) continue;
      ++couples;
      if (u.gift_count < kGiftsPerCouple) ++open[static_cast<std::size_t>(u.owner)];
    }
    ASSERT_EQ(s.couples_in_play(), couples) << where;
    for (Seat p = 0; p < g.num_seats(); ++p) {
      ASSERT_EQ(s.open_couples(p), open[p]) << "seat " << p << ", " << where;
      seen_open += open[p] > 0;
    }
  });
  EXPECT_GT(seen_open, 100);   // the games did make couples with room for gifts
}

}  // namespace
}  // namespace court::belle
