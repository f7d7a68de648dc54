// Belle of the Ball data: the designed deck as the rulings ask (six families, about 72 guests, 12 Belles,
// every card named; negative points only on guests that attract twice), and bad data refused with the
// file, line, card and what is allowed.
#include <filesystem>
#include <fstream>
#include <set>

#include "belle_test_support.h"
#include "engine/data.h"
#include "games/data_copy_support.h"

namespace court::belle {
namespace {

using namespace testing_support;

BelleRules rules_for(int players, const std::map<std::string, std::string>& options = {}, const std::string& dir = "") {
  return load_belle_rules(belle_entry().make_config(players, options, dir));
}

TEST(BelleData, TheShippedDeckFollowsTheRulings) {
  const BelleRules rules = rules_for(2);
  EXPECT_EQ(rules.families, (std::vector<std::string>{"Goatsbury", "Lordhurtz", "Richminster", "Dundifax",
                                                      "Boarbottom", "Crawhole"}));
  std::map<int, int> per_family;
  int guests = 0, belles = 0, powers = 0, end_of_round = 0, attract = 0, repel = 0, twice = 0;
  std::set<std::string> names;
  std::map<Symbol, int> symbols;
  for (CardId c : rules.deck) {
    const CardInfo& info = rules.cards[c];
    EXPECT_FALSE(info.name.empty());
    names.insert(info.name);
    if (info.is_belle()) {
      ++belles;
      EXPECT_NE(info.bonus.kind, Bonus::None) << info.name;
      continue;
    }
    ++guests;
    ++per_family[info.family];
    if (info.points < 0) {
      EXPECT_EQ(info.reach_count, 2) << info.name << " has negative points";
    }
    for (int s = 0; s < kSymbols; ++s) if (info.has(static_cast<Symbol>(s))) ++symbols[static_cast<Symbol>(s)];
    powers += info.power != InvitePower::None ? 1 : 0;
    end_of_round += info.bonus.kind != Bonus::None ? 1 : 0;
    attract += info.reach == Reach::Attract ? 1 : 0;
    repel += info.reach == Reach::Repel ? 1 : 0;
    twice += info.reach_count == 2 ? 1 : 0;
  }
  EXPECT_EQ(guests, 72);
  EXPECT_EQ(belles, 12);
  EXPECT_EQ(names.size(), rules.deck.size());   // every card has its own name
  for (int f = 0; f < 6; ++f) EXPECT_EQ(per_family[f], 12) << rules.families[f];
  for (int s = 0; s < kSymbols; ++s) EXPECT_GE(symbols[static_cast<Symbol>(s)], 10) << symbol_name(static_cast<Symbol>(s));
  EXPECT_GE(powers, 6);          // "a few invitation powers"
  EXPECT_GE(end_of_round, 10);   // "some end-of-round powers"
  EXPECT_GT(attract, repel);
  EXPECT_GE(twice, 4);
}

TEST(BelleData, OptionsAndThresholds) {
  EXPECT_EQ(rules_for(2).couples_to_end(), 5);
  EXPECT_EQ(rules_for(3).couples_to_end(), 6);
  EXPECT_EQ(rules_for(4).couples_to_end(), 7);
  EXPECT_EQ(rules_for(5).couples_to_end(), 8);
  EXPECT_EQ(rules_for(3, {{"couples_to_end", "4"}}).couples_to_end(), 4);
  EXPECT_THROW(rules_for(6), UserError);
  EXPECT_THROW(belle_entry().make_config(3, {{"hand_size", "9"}}), UserError);
}

// A designer's copy of the data with one file changed.
class BelleBadData : public test_support::DataCopyTest {
 protected:
  BelleBadData() : DataCopyTest("belle", {"guests.toml", "belles.toml"}) {}
  std::string error() override { return test_support::error_of([&] { rules_for(3, {}, dir_.string()); }); }
};

TEST_F(BelleBadData, AnUnknownEffectNamesTheFileLineCardAndTheAllowedEffects) {
  replace("guests.toml", "invite = { effect = \"draw\", count = 1 }", "invite = { effect = \"steal_hand\" }");
  const std::string message = error();
  EXPECT_NE(message.find("guests.toml:"), std::string::npos) << message;
  EXPECT_NE(message.find("Master Percival Goatsbury"), std::string::npos) << message;
  EXPECT_NE(message.find("'steal_hand' is not an invitation power; expected one of draw, dismiss_mingler, "
                         "welcome_mingler, extra_gift"), std::string::npos) << message;
  // The line is the one of the faulty field in the file.
  const std::string text = read_data_file("belle", "guests.toml", "");
  const auto card = text.find("name = \"Master Percival Goatsbury\"");
  const auto at = text.find("invite = {", card);
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  EXPECT_NE(message.find(fmt::format("guests.toml:{}:", line)), std::string::npos) << message;
}

TEST_F(BelleBadData, AnUnknownEndOfRoundEffectOnABelleIsRefused) {
  replace("belles.toml", "end_of_round = { effect = \"per_gift\", points = 1 }",
          "end_of_round = { effect = \"per_smile\", points = 1 }");
  EXPECT_TRUE(error_mentions({"belles.toml:", "Belle Primrose", "expected one of per_symbol, per_family"}));
}

TEST_F(BelleBadData, MalformedCardsAreRefused) {
  struct Edit {
    std::string file, from, to, error;
  };
  const Edit edits[] = {
      {"guests.toml", "social = \"flirting\"\nactivity = \"dancing\"\npoints = 2\nattract = [\"flirting\"]",
       "social = \"flirting\"\nactivity = \"dancing\"\npoints = -2\nattract = [\"flirting\"]",
       "may be negative only for a guest that attracts twice"},
      {"guests.toml", "family = \"Lordhurtz\"", "family = \"Lordhurst\"",
       "unknown family 'Lordhurst'; expected one of Goatsbury"},
      {"guests.toml", "attract = [\"flirting\"]", "attract = [\"singing\"]", "unknown symbol 'singing'"},
      {"belles.toml", "criterion = \"gifted\"", "criterion = \"tallest\"", "'tallest' is not a Belle's criterion"},
      {"guests.toml", "points = 3\n", "points = 3\npoint = 4\n", "field 'point' is not a field here"},
      {"guests.toml", "name = \"Lord Barnaby Goatsbury\"", "name = \"Lady Hortensia Goatsbury\"", "appears twice"},
  };
  for (const Edit& e : edits) {
    SetUp();  // a fresh copy for each edit
    replace(e.file, e.from, e.to);
    EXPECT_TRUE(error_mentions({e.error})) << e.file << " with " << e.to;
  }
}

}  // namespace
}  // namespace court::belle
