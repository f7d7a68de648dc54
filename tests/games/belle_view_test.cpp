// Belle of the Ball views: a seat sees its hand; gifts are face-down (their giver knows them); the deck
// order is hidden; the rest is public. Determinization resamples exactly what a seat cannot know.
#include <map>
#include <set>

#include "belle_test_support.h"

namespace court::belle {
namespace {

using namespace testing_support;

const json kScenario = {
    {"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster", "Lady Octavia Richminster",
                "Belle Lavinia", "Sir Oswald Dundifax"},
               {"Mistress Hilda Boarbottom", "Lady Matilda Boarbottom", "Sir Gideon Boarbottom", "Granny Mabel Dundifax",
                "Auntie Gertrude Dundifax"},
               {"Herr Augustus Lordhurtz", "Count Leopold Lordhurtz", "Sir Vincent Crawhole", "Lady Winifred Dundifax",
                "Belle Theodora"}}},
    {"cliques", {{{{"top", "Lord Barnaby Goatsbury"}, {"bottom", "Captain Horace Goatsbury"}}}, json::array(),
                 json::array()}},
    {"minglers", {"Sir Peregrine Richminster", "Lord Konrad Lordhurtz", "Mister Humphrey Dundifax",
                  "Master Wilfred Dundifax", "Squire Thaddeus Boarbottom"}}};

TEST(BelleView, SeatsSeeTheirOwnHandAndGiftsOnlyTheirGiver) {
  Position t = position(3, kScenario);
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  play(*t.game, 0, "gift Belle Lavinia to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury");

  const json mine = t.game->view(0);
  const json theirs = t.game->view(1);
  const json spectator = t.game->view(kSpectator);
  ASSERT_EQ(mine["hand"].size(), 5u);
  EXPECT_EQ(theirs["hand"][0], json::parse(R"({"id": 52, "name": "Mistress Hilda Boarbottom", "type": "guest",
      "family": "Boarbottom", "symbols": ["drinking"], "points": 3, "repels": ["drinking"]})"));
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_EQ(mine["players"][1]["hand_count"], 5);
  // The couple is unit 0: its giver sees the gift's card, the others a face-down card without identity.
  const json couple_mine = mine["players"][0]["clique"][0];
  const json couple_theirs = theirs["players"][0]["clique"][0];
  EXPECT_EQ(couple_mine["unit"], 0);
  EXPECT_EQ(couple_mine["couple"], true);
  EXPECT_EQ(couple_mine["top"]["name"], "Lord Barnaby Goatsbury");
  EXPECT_EQ(couple_mine["bottom"]["name"], "Captain Horace Goatsbury");
  ASSERT_EQ(couple_mine["gifts"].size(), 1u);
  EXPECT_EQ(couple_mine["gifts"][0]["card"]["name"], "Belle Lavinia");
  EXPECT_EQ(couple_theirs["gifts"], json::parse(R"([{"face_down": true}])"));
  // The gift's card appears nowhere in what the others see, the log included.
  EXPECT_EQ(theirs.dump().find("Belle Lavinia"), std::string::npos);
  EXPECT_EQ(spectator.dump().find("Belle Lavinia"), std::string::npos);
  EXPECT_TRUE(log_contains(*t.game, 0, "Seat 0 gave Belle Lavinia face-down to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury."));
  EXPECT_TRUE(log_contains(*t.game, 1, "Seat 0 gave a gift face-down to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury."));
  // Public: cliques, minglers, scores so far, deck size (not its order).
  EXPECT_EQ(spectator["players"][0]["round_points_so_far"], 3 + 3 + 1);
  EXPECT_EQ(spectator["minglers"].size(), 5u);
  EXPECT_TRUE(spectator["deck_count"].is_number());
  EXPECT_FALSE(spectator.contains("deck"));
}

// determinize(s) keeps s's view and every public fact, resamples the others' hands, the deck and the gifts
// s did not give among themselves (same multiset), and forgets the card of others' gifts in the log.
TEST(BelleView, DeterminizeResamplesOnlyWhatTheSeatCannotKnow) {
  Position t = position(3, kScenario);
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  play(*t.game, 0, "gift Belle Lavinia to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury");
  const BelleState& truth = t.s();
  auto unseen_by_1 = [](const BelleState& s) {
    std::multiset<int> cards;
    for (Seat o : {0, 2}) for (CardId c : s.hand(o)) cards.insert(c);
    for (CardId c : s.deck()) cards.insert(c);
    for (const Unit& u : s.units()) for (int g = 0; g < u.gift_count; ++g) cards.insert(u.gifts[g].card);
    return cards;
  };
  Rng rng = make_rng(5);
  bool hands_changed = false, gift_changed = false;
  for (int i = 0; i < 50; ++i) {
    BelleState copy = truth;
    copy.determinize(1, rng);
    EXPECT_EQ(copy.view(1).dump(), truth.view(1).dump());
    EXPECT_EQ(copy.view(kSpectator).dump(), truth.view(kSpectator).dump());
    EXPECT_EQ(copy.hand(1), truth.hand(1));
    EXPECT_EQ(unseen_by_1(copy), unseen_by_1(truth));
    hands_changed |= !(copy.hand(0) == truth.hand(0));
    gift_changed |= copy.units()[0].gifts[0].card != truth.units()[0].gifts[0].card;
    for (const LogEvent& e : copy.log()) {
      if (e.kind == Event::GaveGift) {
        EXPECT_EQ(e.card, kNoCard);
      }
    }
  }
  EXPECT_TRUE(hands_changed);
  EXPECT_TRUE(gift_changed);
  // The giver keeps its gift.
  for (int i = 0; i < 20; ++i) {
    BelleState copy = truth;
    copy.determinize(0, rng);
    EXPECT_EQ(copy.units()[0].gifts[0].card, truth.units()[0].gifts[0].card);
    EXPECT_EQ(copy.hand(0), truth.hand(0));
  }
}

// observe(): others learn that a gift went onto a couple, never which card; the giver sees its move.
TEST(BelleView, ObserveHidesTheGiftCard) {
  Position t = position(3, kScenario);
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  ActionList actions;
  t.game->legal_actions(0, actions);
  std::map<std::uint64_t, int> seen_by_1;
  std::set<std::uint64_t> seen_by_0;
  int gifts = 0;
  for (Action a : actions) {
    const std::string label = t.game->describe(0, a);
    if (label.rfind("gift ", 0) != 0) continue;
    ++gifts;
    ++seen_by_1[t.s().observe(1, 0, a)];
    seen_by_0.insert(t.s().observe(0, 0, a));
    EXPECT_EQ(t.s().observe(0, 0, a), a.code);
  }
  ASSERT_EQ(gifts, 4);
  EXPECT_EQ(seen_by_1.size(), 1u);   // one couple: every gift looks the same to seat 1
  EXPECT_EQ(seen_by_0.size(), 4u);
  // Public moves are observed as they are.
  Action no_gift = *t.game->parse(0, "no gift");
  EXPECT_EQ(t.s().observe(2, 0, no_gift), no_gift.code);
  EXPECT_NE(t.s().observe(2, 0, no_gift), seen_by_1.begin()->first);
}

// Labels are readable and unique; parse(describe(a)) gives a back (also checked by the conformance suite
// on random games); invitations carry the card's attributes.
TEST(BelleView, LabelsDescribeTheCards) {
  Position t = position(3, kScenario);
  EXPECT_TRUE(is_legal(*t.game, 0, "invite The Honourable Cecily Richminster (3 pts)"));
  EXPECT_TRUE(is_legal(*t.game, 0,
                       "invite Belle Lavinia (Belle, attracts a Drinking couple, +1 per Drinking guest)"));
  EXPECT_TRUE(is_legal(*t.game, 0, "invite Lady Octavia Richminster (Snubbing, 3 pts, attracts Dancing)"));
  EXPECT_TRUE(is_legal(*t.game, 0, "invite Sir Oswald Dundifax (2 pts, on invite: dismiss a mingler) on top of "
                                   "Lord Barnaby Goatsbury as a couple") == false);   // Barnaby is in a couple
}

}  // namespace
}  // namespace court::belle
