// Options from --set key=value: validated against the game's specs, with errors that say what is allowed.
#include <gtest/gtest.h>

#include "engine/conformance.h"
#include "engine/options.h"
#include "engine/types.h"

namespace court {
namespace {

std::vector<OptionSpec> specs() {
  return {
      {.name = "hand_size", .type = OptionType::Int, .default_value = "5", .help = "cards", .min = 1, .max = 10},
      {.name = "fast", .type = OptionType::Bool, .default_value = "false", .help = "speed"},
      {.name = "mode", .type = OptionType::Choice, .default_value = "coop", .help = "mode",
       .choices = {"coop", "competitive"}},
  };
}

std::string error_of(const std::map<std::string, std::string>& overrides) {
  try {
    Options::resolve(specs(), overrides);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(Options, DefaultsFillEveryOption) {
  Options o = Options::resolve(specs(), {});
  EXPECT_EQ(o.get_int("hand_size"), 5);
  EXPECT_FALSE(o.get_bool("fast"));
  EXPECT_EQ(o.get("mode"), "coop");
}

TEST(Options, OverridesAreValidatedAndCanonical) {
  Options o = Options::resolve(specs(), {{"hand_size", "7"}, {"fast", "yes"}, {"mode", "competitive"}});
  EXPECT_EQ(o.get_int("hand_size"), 7);
  EXPECT_TRUE(o.get_bool("fast"));
  EXPECT_EQ(o.values().at("fast"), "true");
  EXPECT_EQ(o.get("mode"), "competitive");
}

TEST(Options, ErrorsNameTheOptionAndWhatIsAllowed) {
  EXPECT_EQ(error_of({{"hand_size", "11"}}), "option hand_size=11: not allowed; hand_size expects an integer 1..10");
  EXPECT_EQ(error_of({{"hand_size", "five"}}), "option hand_size=five: not allowed; hand_size expects an integer 1..10");
  EXPECT_EQ(error_of({{"fast", "maybe"}}), "option fast=maybe: not allowed; fast expects true or false");
  EXPECT_EQ(error_of({{"mode", "solo"}}), "option mode=solo: not allowed; mode expects one of coop|competitive");
  EXPECT_EQ(error_of({{"colour", "red"}}), "unknown option 'colour'; this game's options are: hand_size, fast, mode");
}

TEST(Options, AssignmentsMustBeKeyEqualsValue) {
  EXPECT_EQ(parse_option_assignments({"a=1", "b=x=y"}), (std::map<std::string, std::string>{{"a", "1"}, {"b", "x=y"}}));
  EXPECT_THROW(parse_option_assignments({"novalue"}), UserError);
  EXPECT_THROW(parse_option_assignments({"=1"}), UserError);
}

// The check that keeps a rules page's "## Options" table true to the game's specs
// (tests/conformance/all_games_test.cpp runs it on every game's page): a faithful table passes, and each
// kind of drift is named.
constexpr const char* kFaithfulPage =
    "# Game\n\n## Options\n| option | range | default | meaning |\n|---|---|---|---|\n"
    "| `hand_size` | 1..10 | 5 | cards |\n| `fast` | bool | false | speed |\n"
    "| `mode` | `coop`, `competitive` | `coop` | mode |\n\n## Setup\n";

std::string drifted(const std::string& from, const std::string& to) {
  std::string page = kFaithfulPage;
  page.replace(page.find(from), from.size(), to);
  return page;
}

TEST(OptionsTable, AFaithfulTablePasses) { EXPECT_TRUE(check_options_table(kFaithfulPage, specs()).empty()); }

TEST(OptionsTable, EachDriftIsNamed) {
  auto failures = check_options_table(drifted("| 1..10 | 5 |", "| 1..8 | 5 |"), specs());
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("'hand_size' has range '1..8', but the game allows 1..10"), std::string::npos) << failures[0];
  failures = check_options_table(drifted("| bool | false |", "| bool | true |"), specs());
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("'fast' has default 'true', but the game's default is 'false'"), std::string::npos);
  failures = check_options_table(drifted("`coop`, `competitive`", "`coop`"), specs());
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("'mode' has values"), std::string::npos);
  failures = check_options_table(drifted("| `fast` | bool | false | speed |\n", ""), specs());
  ASSERT_FALSE(failures.empty());
  EXPECT_NE(failures[0].find("row 2 is 'mode', but the game's option 2 is 'fast'"), std::string::npos) << failures[0];
  EXPECT_FALSE(check_options_table("# Game\n\n## Setup\n", specs()).empty());   // no table at all
  EXPECT_TRUE(check_options_table("# Game\n\n## Setup\n", {}).empty());        // no options, no table needed
}

}  // namespace
}  // namespace court
