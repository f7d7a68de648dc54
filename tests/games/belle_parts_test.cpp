// Belle of the Ball's move parts (docs/protocol.md, "Move parts"): what each legal move involves, by the
// ids the view shows (cards by "id", units by "unit", minglers by their place in the row, seats by
// number), stated for known positions of one scenario, and cards in the view as structured objects.
#include <algorithm>

#include "belle_test_support.h"

namespace court::belle {
namespace {

using namespace testing_support;

// Seat 0 holds a guest for each turn's step; its clique is a single (unit 0, Drinking) and a couple
// (unit 1). Seat 1 has a single (unit 2, Flirting and Dancing) and a Dancing couple (unit 3).
const json kScenario = {
    {"hands", {{"Lady Octavia Richminster", "Belle Amaranth", "Mistress Hilda Boarbottom", "Sir Oswald Dundifax",
                "Miss Dorothea Dundifax"},
               {"Lady Matilda Boarbottom", "Duchess Evangeline Richminster", "Belle Seraphina"},
               {"Lord Caspian Crawhole"}}},
    {"cliques", {{"Captain Horace Goatsbury",
                  {{"top", "Lord Barnaby Goatsbury"}, {"bottom", "Sir Dietrich Lordhurtz"}}},
                 {"Young Tobias Goatsbury",
                  {{"top", "Lady Eudora Goatsbury"}, {"bottom", "Granny Mabel Dundifax"}}},
                 json::array()}},
    {"minglers", {"Lady Wilhelma Lordhurtz", "Sir Peregrine Richminster", "Belle Celandine"}}};

struct Table {
  Position t;
  CardId id(const std::string& name) const {
    const CardId c = t.s().rules().find_card(name);
    EXPECT_NE(c, kNoCard) << name;
    return c;
  }
  // The parts of every legal move of `seat`, in the order of the legal moves.
  json parts(Seat seat) const {
    ActionList actions;
    t.game->legal_actions(seat, actions);
    json out = json::array();
    for (Action a : actions) out.push_back(t.game->parts(seat, a));
    return out;
  }
  // Plays the legal move of `seat` whose parts are `want`.
  void play_parts(Seat seat, const json& want) {
    ActionList actions;
    t.game->legal_actions(seat, actions);
    for (Action a : actions) {
      if (t.game->parts(seat, a) != want) continue;
      auto error = t.game->apply(seat, a);
      ASSERT_FALSE(error.has_value()) << *error;
      return;
    }
    FAIL() << "no legal move of seat " << seat << " has parts " << want.dump() << "; legal: " << parts(seat).dump();
  }
};

Table table(const std::map<std::string, std::string>& options = {}) {
  return Table{position(3, kScenario, options)};
}

// Step 1: each guest alone or on one of your singles (unit 0), each Belle beside the clique.
TEST(BelleParts, InvitationsNameTheCardAndTheSingleItCouplesWith) {
  Table tb = table();
  const json expected = {
      {{"kind", "invite"}, {"card", tb.id("Lady Octavia Richminster")}},
      {{"kind", "couple"}, {"card", tb.id("Lady Octavia Richminster")}, {"unit", 0}},
      {{"kind", "invite_belle"}, {"card", tb.id("Belle Amaranth")}},
      {{"kind", "invite"}, {"card", tb.id("Mistress Hilda Boarbottom")}},
      {{"kind", "couple"}, {"card", tb.id("Mistress Hilda Boarbottom")}, {"unit", 0}},
      {{"kind", "invite"}, {"card", tb.id("Sir Oswald Dundifax")}},
      {{"kind", "couple"}, {"card", tb.id("Sir Oswald Dundifax")}, {"unit", 0}},
      {{"kind", "invite"}, {"card", tb.id("Miss Dorothea Dundifax")}},
      {{"kind", "couple"}, {"card", tb.id("Miss Dorothea Dundifax")}, {"unit", 0}}};
  EXPECT_EQ(tb.parts(0), expected);
  EXPECT_EQ(tb.parts(1), json::array());   // not seat 1's turn
}

// Step 1c then 2 and 2a: gifts onto your couple (unit 1) or none; a guest that attracts Dancing reaches a
// mingler (place 0) and seat 1's single (unit 2); seat 1 may replace the lost guest from its hand.
TEST(BelleParts, GiftAttractionAndReplacementNameUnitsMinglersAndSeats) {
  Table tb = table();
  tb.play_parts(0, {{"kind", "invite"}, {"card", tb.id("Lady Octavia Richminster")}});
  json gifts = json::array();
  for (const char* card : {"Belle Amaranth", "Mistress Hilda Boarbottom", "Sir Oswald Dundifax", "Miss Dorothea Dundifax"}) {
    gifts.push_back({{"kind", "gift"}, {"card", tb.id(card)}, {"unit", 1}});
  }
  gifts.push_back({{"kind", "no_gift"}});
  EXPECT_EQ(tb.parts(0), gifts);

  tb.play_parts(0, {{"kind", "no_gift"}});
  const json reach = {
      {{"kind", "attract_mingler"}, {"mingler", 0}, {"card", tb.id("Lady Wilhelma Lordhurtz")}},
      {{"kind", "attract"}, {"unit", 2}, {"seat", 1}}};
  EXPECT_EQ(tb.parts(0), reach);

  tb.play_parts(0, {{"kind", "attract"}, {"unit", 2}, {"seat", 1}});
  const json replace = {
      {{"kind", "replace"}, {"card", tb.id("Lady Matilda Boarbottom")}},
      {{"kind", "replace"}, {"card", tb.id("Duchess Evangeline Richminster")}},
      {{"kind", "no_replace"}}};
  EXPECT_EQ(tb.parts(1), replace);
  EXPECT_EQ(tb.parts(0), json::array());
}

// A Belle attracts a couple by her criterion (seat 1's Dancing couple, unit 3); its owner may replace it
// with two guests from hand, naming the top card and the one under it.
TEST(BelleParts, BelleAttractsACoupleAndItsOwnerReplacesItWithTwoGuests) {
  Table tb = table();
  tb.play_parts(0, {{"kind", "invite_belle"}, {"card", tb.id("Belle Amaranth")}});
  EXPECT_EQ(tb.parts(0), json::parse(R"([{"kind": "attract_couple", "unit": 3, "seat": 1}])"));
  tb.play_parts(0, {{"kind", "attract_couple"}, {"unit", 3}, {"seat", 1}});
  const CardId matilda = tb.id("Lady Matilda Boarbottom");
  const CardId evangeline = tb.id("Duchess Evangeline Richminster");
  const json expected = {{{"kind", "replace_couple"}, {"card", matilda}, {"under", evangeline}},
                         {{"kind", "replace_couple"}, {"card", evangeline}, {"under", matilda}},
                         {{"kind", "no_replace"}}};
  EXPECT_EQ(tb.parts(1), expected);
}

// Repel: a single of your own clique showing the symbol (unit 0, Drinking) goes to each other seat or to
// the discard pile; the repelling guest itself is never offered.
TEST(BelleParts, RepelNamesTheGuestAndWhereItGoes) {
  Table tb = table();
  tb.play_parts(0, {{"kind", "invite"}, {"card", tb.id("Mistress Hilda Boarbottom")}});
  tb.play_parts(0, {{"kind", "no_gift"}});
  EXPECT_EQ(tb.parts(0), json::parse(R"([{"kind": "repel", "unit": 0, "seat": 1},
                                           {"kind": "repel", "unit": 0, "seat": 2},
                                           {"kind": "repel", "unit": 0, "discard": true}])"));
}

// Invitation powers: dismiss any mingler (the Belle too), welcome a mingling guest (not a Belle), each
// with a way to decline it.
TEST(BelleParts, MinglerPowersNameThePlaceInTheRowAndTheCard) {
  Table dismiss = table();
  dismiss.play_parts(0, {{"kind", "invite"}, {"card", dismiss.id("Sir Oswald Dundifax")}});
  const json dismiss_expected = {
      {{"kind", "dismiss"}, {"mingler", 0}, {"card", dismiss.id("Lady Wilhelma Lordhurtz")}},
      {{"kind", "dismiss"}, {"mingler", 1}, {"card", dismiss.id("Sir Peregrine Richminster")}},
      {{"kind", "dismiss"}, {"mingler", 2}, {"card", dismiss.id("Belle Celandine")}},
      {{"kind", "skip_power"}}};
  EXPECT_EQ(dismiss.parts(0), dismiss_expected);

  Table welcome = table();
  welcome.play_parts(0, {{"kind", "invite"}, {"card", welcome.id("Miss Dorothea Dundifax")}});
  const json welcome_expected = {
      {{"kind", "welcome"}, {"mingler", 0}, {"card", welcome.id("Lady Wilhelma Lordhurtz")}},
      {{"kind", "welcome"}, {"mingler", 1}, {"card", welcome.id("Sir Peregrine Richminster")}},
      {{"kind", "skip_power"}}};
  EXPECT_EQ(welcome.parts(0), welcome_expected);
}

// A draw power says how many cards it draws; with optional_reach, attract and repel may be declined.
TEST(BelleParts, DrawPowerAndDecliningTheReach) {
  json scenario = kScenario;
  scenario["hands"][0] = {"Master Wilfred Dundifax", "Lady Octavia Richminster"};
  Position p = position(3, scenario, {{"optional_reach", "true"}});
  Table tb{std::move(p)};
  tb.play_parts(0, {{"kind", "invite"}, {"card", tb.id("Master Wilfred Dundifax")}});
  EXPECT_EQ(tb.parts(0), json::parse(R"([{"kind": "use_power", "power": "draw", "count": 2}, {"kind": "skip_power"}])"));
  tb.play_parts(0, {{"kind", "skip_power"}});
  tb.play_parts(0, {{"kind", "no_gift"}});
  // Master Wilfred attracts Eating or Drinking: the mingler Sir Peregrine (place 1); then "decline".
  EXPECT_EQ(tb.parts(0), json::parse(R"([{"kind": "attract_mingler", "mingler": 1, "card": 28},
                                           {"kind": "decline_reach"}])"));
}

// The view carries cards as objects with what a table needs to draw them, and each unit with the id
// parts use; a gift shows its card only to its giver.
TEST(BelleParts, ViewCardsAreObjectsAndUnitsCarryTheirIds) {
  Table tb = table();
  const json v = tb.t.game->view(0);
  EXPECT_EQ(v["hand"][0], json::parse(R"({"id": 31, "name": "Lady Octavia Richminster", "type": "guest",
      "family": "Richminster", "symbols": ["snubbing"], "points": 3, "attracts": ["dancing"]})"));
  EXPECT_EQ(v["hand"][1], json::parse(R"({"id": 72, "name": "Belle Amaranth", "type": "belle",
      "attracts_couple": {"criterion": "symbol", "symbol": "dancing", "text": "attracts a Dancing couple"},
      "end_of_round": {"effect": "per_symbol", "points": 2, "symbol": "dancing", "text": "+2 per Dancing guest"}})"));
  EXPECT_EQ(v["hand"][3]["invite_power"], json::parse(R"({"effect": "dismiss_mingler", "text": "dismiss a mingler"})"));
  EXPECT_EQ(v["minglers"][1]["id"], 28);
  const json& seat1 = v["players"][1]["clique"];
  ASSERT_EQ(seat1.size(), 2u);
  EXPECT_EQ(seat1[0]["unit"], 2);
  EXPECT_EQ(seat1[0]["couple"], false);
  EXPECT_EQ(seat1[1]["unit"], 3);
  EXPECT_EQ(seat1[1]["bottom"]["name"], "Granny Mabel Dundifax");
  EXPECT_EQ(v["couples"], json::parse(R"({"in_play": 2, "round_ends_at": 6})"));
  // Seat 0 gives a gift: seat 0's view names it, seat 1's shows a face-down card only.
  tb.play_parts(0, {{"kind", "invite"}, {"card", tb.id("Lady Octavia Richminster")}});
  EXPECT_EQ(tb.t.game->view(0)["invited"]["name"], "Lady Octavia Richminster");
  tb.play_parts(0, {{"kind", "gift"}, {"card", tb.id("Sir Oswald Dundifax")}, {"unit", 1}});
  EXPECT_EQ(tb.t.game->view(0)["players"][0]["clique"][1]["gifts"][0]["card"]["name"], "Sir Oswald Dundifax");
  EXPECT_EQ(tb.t.game->view(1)["players"][0]["clique"][1]["gifts"], json::parse(R"([{"face_down": true}])"));
}

}  // namespace
}  // namespace court::belle
