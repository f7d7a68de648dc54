// The one reader of JSON input (engine/json_reader.h): its errors name the field by its path from the top and
// say what is allowed, in the words of the TOML FieldReader; every game's scenario reader speaks them.
#include <gtest/gtest.h>

#include "engine/json_reader.h"
#include "engine/registry.h"
#include "engine/user_error_support.h"

namespace court {
namespace {

using nlohmann::json;
using test_support::error_of;

TEST(JsonReader, ReadsFieldsWithFallbacks) {
  const json doc = {{"name", "Duke"}, {"round", 2}, {"open", true}, {"mode", "out_of_game"}};
  const JsonReader in = JsonReader::top(doc, "scenario");
  EXPECT_EQ(in.text("name", true), "Duke");
  EXPECT_EQ(in.integer("round", true, 0, 1, 3), 2);
  EXPECT_EQ(in.integer("turn", false, 7, 0, 9), 7);
  EXPECT_TRUE(in.boolean("open", false, false));
  EXPECT_EQ(in.choice("mode", {"under_deck", "out_of_game"}, "under_deck"), "out_of_game");
  EXPECT_EQ(in.choice("season", {"spring", "autumn"}, "spring"), "spring");
  EXPECT_FALSE(in.has("turn"));
}

TEST(JsonReader, ErrorsSayWhatIsAllowed) {
  const json doc = {{"round", 9}, {"open", 1}, {"mode", "lost"}, {"name", 3}, {"huge", 18446744073709551615u}};
  const JsonReader in = JsonReader::top(doc, "scenario");
  EXPECT_EQ(error_of([&] { in.integer("round", true, 0, 1, 3); }), "scenario: field 'round' must be an integer 1..3");
  EXPECT_EQ(error_of([&] { in.integer("huge", true, 0, 0, 5); }), "scenario: field 'huge' must be an integer 0..5");
  EXPECT_EQ(error_of([&] { in.integer("turn", true, 0, 0, 2); }),
            "scenario: field 'turn' is missing; expected an integer 0..2");
  EXPECT_EQ(error_of([&] { in.boolean("open", false, false); }), "scenario: field 'open' must be true or false");
  EXPECT_EQ(error_of([&] { in.text("name", true); }), "scenario: field 'name' must be a string");
  EXPECT_EQ(error_of([&] { in.choice("mode", {"a", "b", "c"}, "a"); }),
            "scenario: field 'mode' must be \"a\", \"b\" or \"c\"");
  EXPECT_EQ(error_of([&] { in.list("round"); }), "scenario: field 'round' must be an array");
  EXPECT_EQ(error_of([&] { JsonReader::top(json::array(), "scenario"); }),
            "scenario: expected an object (a table) at the top level");
}

TEST(JsonReader, OnlyRefusesUnknownFields) {
  const json doc = {{"round", 1}, {"colour", "red"}};
  EXPECT_EQ(error_of([&] { JsonReader(doc, "scenario").only({"round", "turn"}); }),
            "scenario: field 'colour' is not a field here; allowed: round, turn");
  EXPECT_EQ(error_of([&] { JsonReader(doc, "scenario").only({"round", "colour"}); }), "");
  const json long_key = {{std::string(60, 'x'), 1}};
  EXPECT_EQ(error_of([&] { JsonReader(long_key, "a move").only({"type"}); }),
            "a move: field '" + std::string(40, 'x') + "...' is not a field here; allowed: type");
}

TEST(JsonReader, NestedReadersNameFieldsByTheirPath) {
  const json doc = json::parse(R"({"hands": [["a", "b"], ["c", 4]], "stacks": {"A": [{"card": "x", "seat": 5}]}})");
  const JsonReader in = JsonReader::top(doc, "scenario");
  const JsonValue second = in.list("hands").item(1).list().item(1);
  EXPECT_EQ(second.name(), "hands[1][1]");
  EXPECT_EQ(error_of([&] { second.text(); }), "scenario: field 'hands[1][1]' must be a string");
  const JsonReader entry = in.object("stacks").list("A").item(0).object();
  EXPECT_EQ(entry.text("card", true), "x");
  EXPECT_EQ(error_of([&] { entry.integer("seat", true, 0, 0, 2); }),
            "scenario: field 'stacks.A[0].seat' must be an integer 0..2");
  EXPECT_EQ(in.object("stacks").keys(), std::vector<std::string>{"A"});
}

TEST(JsonReader, WithoutWhereErrorsStartAtTheField) {
  const json body = {{"seed", -1}};
  EXPECT_EQ(error_of([&] { JsonReader(body, "").integer("seed", true, 0, 0, 9); }),
            "field 'seed' must be an integer 0..9");
}

// Every game's scenario reader refuses the same mistakes with the same words.
TEST(JsonReader, EveryScenarioReaderSpeaksTheSameWords) {
  for (const GameEntry& entry : games().all()) {
    const auto factory = entry.prepare(entry.make_config(entry.info.min_seats, {}));
    if (!factory->has_scenarios()) continue;
    EXPECT_EQ(error_of([&] { factory->from_scenario(json::array(), 1); }),
              "scenario: expected an object (a table) at the top level")
        << entry.info.id;
    EXPECT_NE(error_of([&] { factory->from_scenario({{"colour", "red"}}, 1); })
                  .find("scenario: field 'colour' is not a field here; allowed: "),
              std::string::npos)
        << entry.info.id;
  }
}

}  // namespace
}  // namespace court
