// Intrigue data, options and scenario files: the shipped data loads as the card sheet says, and bad
// input is refused with a message naming the file or field and what is allowed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bots/generic_bots.h"
#include "engine/data.h"
#include "games/data_copy_support.h"
#include "games/intrigue/game.h"
#include "intrigue_test_support.h"

namespace court::intrigue {
namespace {

using nlohmann::json;
using testing_support::intrigue_entry;

IntrigueRules default_rules() { return load_intrigue_rules(intrigue_entry().make_config(3, {})); }

TEST(IntrigueData, ShippedDataMatchesTheCardSheet) {
  IntrigueRules rules = default_rules();
  EXPECT_EQ(rules.deck.size(), 24u);
  EXPECT_EQ(rules.cards.size(), 19u);
  ASSERT_EQ(rules.characters.size(), 4u);
  int actions = 0, supports = 0, relationships = 0;
  for (CardId c : rules.deck) {
    switch (rules.cards[c].type) {
      case CardType::Action: ++actions; break;
      case CardType::Support: ++supports; break;
      case CardType::Relationship: ++relationships; break;
    }
  }
  EXPECT_EQ(actions, 7);
  EXPECT_EQ(supports, 12);
  EXPECT_EQ(relationships, 5);
  CharacterId princess = static_cast<CharacterId>(rules.find_character("Princess"));
  CharacterId prophet = static_cast<CharacterId>(rules.find_character("Prophet"));
  EXPECT_EQ(rules.characters[princess].priority, 4);
  EXPECT_EQ(rules.support_value(rules.find_card("Loyalists"), princess), 2);
  EXPECT_EQ(rules.support_value(rules.find_card("Loyalists"), prophet), 0);
  EXPECT_EQ(rules.support_value(rules.find_card("Military Support"), prophet), 2);
  EXPECT_EQ(rules.support_value(rules.find_card("Assassination"), prophet), -1);
  EXPECT_EQ(rules.cards[rules.find_card("Advantage")].left, 1);
  EXPECT_EQ(rules.cards[rules.find_card("Advantage")].right, -1);
  EXPECT_EQ(rules.cards[rules.find_card("Debt")].kind, RelationshipKind::Debt);
  EXPECT_EQ(rules.token_values[0], 3);
  EXPECT_EQ(rules.token_values[1], 1);
  EXPECT_EQ(rules.hand_size, 5);
  EXPECT_EQ(rules.rounds, 3);
  EXPECT_EQ(rules.starting_points, 3);
}

TEST(IntrigueData, AttributionIsKept) {
  auto cards = read_data_file("intrigue", "cards.toml", "");
  EXPECT_NE(cards.find("Paul Gestwicki"), std::string::npos);
  EXPECT_NE(cards.find("CC BY-SA 4.0"), std::string::npos);
  auto page = rules_page("intrigue");
  EXPECT_NE(page.find("Paul Gestwicki"), std::string::npos);
  EXPECT_NE(page.find("Decisions where the rulebook is silent"), std::string::npos);
}

TEST(IntrigueData, OptionsAreValidated) {
  auto config = intrigue_entry().make_config(3, {{"hand_size", "4"}, {"rounds", "2"}, {"starting_points", "5"}});
  IntrigueRules rules = load_intrigue_rules(config);
  EXPECT_EQ(rules.hand_size, 4);
  EXPECT_EQ(rules.rounds, 2);
  EXPECT_EQ(rules.starting_points, 5);
  EXPECT_THROW(intrigue_entry().make_config(3, {{"hand_size", "9"}}), UserError);
  EXPECT_THROW(intrigue_entry().make_config(3, {{"rounds", "0"}}), UserError);
  EXPECT_THROW(intrigue_entry().make_config(4, {}), UserError);
}

class IntrigueBadData : public test_support::DataCopyTest {
 protected:
  IntrigueBadData() : DataCopyTest("intrigue", {"cards.toml", "characters.toml"}) {}
  std::string error() override {
    GameConfig config = intrigue_entry().make_config(3, {}, dir_.string());
    return test_support::error_of([&] { load_intrigue_rules(config); });
  }
};

TEST_F(IntrigueBadData, EditedCopyLoads) { EXPECT_EQ(error(), ""); }

TEST_F(IntrigueBadData, UnknownCardTypeNamesFileAndField) {
  write("cards.toml", "[[card]]\ntitle = \"X\"\ntype = \"spell\"\nsupport = 1\n");
  EXPECT_TRUE(error_mentions({"cards.toml", "'type'", "action, support or relationship"}));
}

TEST_F(IntrigueBadData, MissingSupportValue) {
  write("cards.toml", "[[card]]\ntitle = \"X\"\ntype = \"support\"\neffect = \"draw\"\n");
  EXPECT_TRUE(error_mentions({"card #1", "'support'"}));
}

TEST_F(IntrigueBadData, UnknownTrait) {
  write("cards.toml", "[[card]]\ntitle = \"X\"\ntype = \"support\"\neffect = \"draw\"\nsupport = 2\ntrait = \"Magic\"\n");
  EXPECT_TRUE(error_mentions({"'Magic' is no character's trait"}));
}

// A float is not an integer, even a whole one, and one too large for an integer is refused, not cast
// (toml++ casts a float before its range check; the fuzzer found it in a scenario).
TEST_F(IntrigueBadData, TokenValuesMustBeIntegersNotFloats) {
  replace("characters.toml", "support = [3, 1]", "support = [3.0, 1]");
  EXPECT_TRUE(error_mentions({"[tokens]", "'support'", "must hold integers 0..20"}));
  SetUp();
  replace("characters.toml", "support = [3, 1]", "support = [555555555555555555555.5, 1]");
  EXPECT_TRUE(error_mentions({"[tokens]", "'support'", "must hold integers 0..20"}));
  SetUp();
  replace("characters.toml", "losing_token_penalty = 1", "losing_token_penalty = 1e300");
  EXPECT_TRUE(error_mentions({"'losing_token_penalty'", "must be an integer 0..20"}));
}

TEST_F(IntrigueBadData, TooFewCharacters) {
  write("characters.toml", "[[character]]\nname = \"A\"\ntraits = []\npriority = 1\n");
  EXPECT_TRUE(error_mentions({"characters.toml"}));
}

TEST_F(IntrigueBadData, TomlSyntaxError) {
  write("cards.toml", "[[card]\n");
  EXPECT_TRUE(error_mentions({"cards.toml"}));
}

std::string scenario_error(const json& scenario) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  return test_support::error_of([&] { factory->from_scenario(scenario, 1); });
}

TEST(IntrigueScenario, BadScenariosNameTheField) {
  json base = {{"characters", {"Duke", "Princess", "Bishop"}}};
  EXPECT_NE(scenario_error(json::object()).find("'characters'"), std::string::npos);
  EXPECT_NE(scenario_error({{"characters", {"Duke", "Duke", "Bishop"}}}).find("characters[1]"), std::string::npos);
  json s = base;
  s["hands"] = {json({"Guilds"}), json({"Teleport"}), json::array()};
  EXPECT_NE(scenario_error(s).find("hands[1][0]"), std::string::npos);
  s["hands"] = {json({"Guilds"}), json({"Guilds"}), json::array()};
  EXPECT_NE(scenario_error(s).find("more copies of 'Guilds'"), std::string::npos);
  s = base;
  s["tokens"] = {{"D+3", 0}};
  EXPECT_NE(scenario_error(s).find("tokens.D+3"), std::string::npos);
  s = base;
  s["relationships"] = {{{"edge", "A-B"}, {"card", "Guilds"}}};
  EXPECT_NE(scenario_error(s).find("must be a relationship card"), std::string::npos);
  s = base;
  s["colour"] = "red";
  EXPECT_NE(scenario_error(s).find("field 'colour' is not a field here; allowed: characters,"), std::string::npos);
  s = base;
  s["favors"] = {{{"seat", 0}, {"letter", "A"}}, {{"seat", 0}, {"letter", "A"}}};
  EXPECT_NE(scenario_error(s).find("favors[1]"), std::string::npos);
  EXPECT_EQ(scenario_error(base), "");
}

TEST(IntrigueScenario, UnlistedCardsGoUnderTheListedDeck) {
  auto factory = intrigue_entry().prepare(intrigue_entry().make_config(3, {}));
  auto g = factory->from_scenario({{"characters", {"Duke", "Princess", "Bishop"}},
                                   {"hands", {json({"Guilds"}), json::array(), json::array()}},
                                   {"deck", {"Zealots", "Oracle"}}},
                                  1);
  const IntrigueState& s = *g->as<IntrigueState>();
  ASSERT_EQ(s.deck().size(), 23u);
  EXPECT_EQ(s.rules().cards[s.deck().back()].title, "Zealots");
  EXPECT_EQ(s.rules().cards[s.deck()[s.deck().size() - 2]].title, "Oracle");
}

}  // namespace
}  // namespace court::intrigue
