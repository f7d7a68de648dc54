// Options from --set key=value: validated against the game's specs, with errors that say what is allowed.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace court
