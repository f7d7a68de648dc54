// Gameshire data and options: the shipped content is as designed, and bad input is refused with a
// message naming the file, the entry and what is allowed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/data.h"
#include "games/data_copy_support.h"
#include "games/gameshire_test_support.h"

namespace court::gameshire {
namespace {

using namespace testing_support;

GameshireRules rules_with(int seats, const std::map<std::string, std::string>& options = {}, const std::string& dir = "") {
  return load_gameshire_rules(entry().make_config(seats, options, dir));
}

TEST(GameshireData, ShippedContentIsComplete) {
  GameshireRules r = rules_with(1);
  EXPECT_EQ(r.maps.size(), 6u);
  EXPECT_EQ(r.cards.size(), 20u);
  EXPECT_EQ(r.resources.size(), 18u);
  EXPECT_EQ(r.wrinkles.size(), 12u);
  EXPECT_EQ(r.track, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  std::array<int, 3> colours{};
  for (const auto& w : r.wrinkles) ++colours[static_cast<int>(w.colour)];
  EXPECT_EQ(colours, (std::array<int, 3>{4, 4, 4}));
  // Each crop on three resource cards and each cow number on three.
  std::array<int, 7> crops{}, cows{};
  for (const auto& res : r.resources) { ++crops[res.crop]; ++cows[res.cows]; }
  for (int k = 0; k < 6; ++k) { EXPECT_EQ(crops[k], 3); EXPECT_EQ(cows[k + 1], 3); }
  for (const MapInfo& m : r.maps) {
    EXPECT_EQ(std::popcount(m.crowns), 6) << m.name;
    EXPECT_EQ(std::popcount(m.hammers), 6) << m.name;
    EXPECT_EQ(m.crowns & m.hammers, 0u) << m.name;
    int border = 0;
    for (int c = 0; c < kCells; ++c) border += m.border[c] != kBlank;
    EXPECT_EQ(border, 28) << m.name;
  }
  for (const SeasonCard& c : r.cards) {
    EXPECT_GE(c.plan.cells.size(), 2u);
    EXPECT_LE(c.plan.cells.size(), 5u);
    EXPECT_GE(c.demand.cells.size(), 2u);
    EXPECT_LE(c.demand.cells.size(), 5u);
    EXPECT_FALSE(c.require_text.empty());
  }
  EXPECT_EQ(r.cards[r.find_card("Dairy Cart")].require_text, "cows totalling at least 8");
}

TEST(GameshireData, WrinkleOptionByColourAndByName) {
  GameshireRules r = rules_with(2, {{"wrinkles", "green:2,yellow:1"}});
  EXPECT_EQ(r.wrinkle_counts, (std::array<std::uint8_t, 3>{2, 1, 0}));
  r = rules_with(2, {{"wrinkles", "Hailstorm+blight"}});
  ASSERT_EQ(r.wrinkle_names.size(), 2u);
  EXPECT_EQ(r.wrinkles[r.wrinkle_names[1]].name, "Blight");
  EXPECT_THROW(rules_with(2, {{"wrinkles", "green:5"}}), UserError);
  try {
    rules_with(2, {{"wrinkles", "Locusts"}});
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'Locusts' is no wrinkle"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Hailstorm"), std::string::npos);
  }
}

class EditedData : public test_support::DataCopyTest {
 protected:
  EditedData()
      : DataCopyTest("gameshire", {"maps.toml", "seasons.toml", "resources.toml", "skills.toml", "wrinkles.toml"}) {}
  std::string error() override { return test_support::error_of([&] { rules_with(1, {}, dir_.string()); }); }
};

TEST_F(EditedData, UnknownWrinkleEffectNamesFileEntryAndTheVocabulary) {
  replace("wrinkles.toml", "effect = \"burn_season\", n = 2", "effect = \"flood\", n = 2");
  EXPECT_TRUE(error_mentions({"wrinkles.toml", "Spilt Ink", "'flood' is not allowed", "lose_boons"}));
}

TEST_F(EditedData, UnknownRequirementKindIsRefused) {
  replace("seasons.toml", "kind = \"cow_total\", n = 8", "kind = \"pigs\", n = 8");
  EXPECT_TRUE(error_mentions({"seasons.toml", "Dairy Cart", "distinct_crops"}));
}

TEST_F(EditedData, MalformedPlanAndMapAreRefused) {
  replace("seasons.toml", "plan = [\"W#\"]", "plan = [\"W.#\"]");
  EXPECT_TRUE(error_mentions({"card #1", "not connected"}));
  SetUp();
  replace("maps.toml", "\"1 . . C . H . G\"", "\"1 . . . . H . G\"");
  EXPECT_TRUE(error_mentions({"maps.toml", "column C has 0 crowns"}));
}

// A float is not an integer, even a whole one; a huge one is refused, not cast (the fuzzer's finding).
TEST_F(EditedData, SkillTrackHoldsIntegersNotFloats) {
  replace("skills.toml", "track = [1, 2, 3,", "track = [1.0, 2, 3,");
  EXPECT_TRUE(error_mentions({"skills.toml", "'track'", "must hold integers 0..20"}));
  SetUp();
  replace("skills.toml", "track = [1, 2, 3,", "track = [555555555555555555555.5, 2, 3,");
  EXPECT_TRUE(error_mentions({"skills.toml", "'track'", "must hold integers 0..20"}));
}

TEST_F(EditedData, ErrorsNameTheLine) {
  replace("skills.toml", "effect = \"omit\"", "effect = \"juggle\"");
  EXPECT_TRUE(error_mentions({"skills.toml:", "'juggle' is not allowed"}));
}

TEST(GameshireData, ScenarioErrorsNameTheField) {
  EXPECT_THROW(position(1, {{"maps", {"Atlantis"}}}), UserError);
  EXPECT_THROW(position(1, {{"market", {{{"card", "Market Day"}, {"resource", "Z or 9"}}}}}), UserError);
  EXPECT_THROW(position(1, {{"colour", "blue"}}), UserError);
}

}  // namespace
}  // namespace court::gameshire
