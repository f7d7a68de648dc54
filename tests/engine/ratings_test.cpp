// The ratings file (engine/ratings.h; data/ratings.toml): read into each offered bot, written back the same, and
// a malformed file refused with its file, line and what is allowed.
#include <gtest/gtest.h>

#include "engine/bot.h"
#include "engine/ratings.h"
#include "engine/registry.h"

namespace court {
namespace {

const char* kGood = R"([intrigue]
players = 3
options = ""
command = "court rate intrigue --players 3"
[intrigue.bots]
easy = { rating = 1100, low = 1050, high = 1150 }
normal = { rating = 1500, low = 1500, high = 1500 }
)";

std::string refusal(const std::string& text) {
  try {
    parse_ratings(text, "ratings.toml", games().all());
  } catch (const UserError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(RatingsFile, ItsRatingsReachTheOfferedBotsAndTheirJson) {
  std::vector<GameEntry> entries = games().all();
  for (auto& e : entries) for (auto& o : e.offered) o.rating.reset();   // unrated but for kGood's
  apply_ratings(parse_ratings(kGood, "ratings.toml", entries), entries);
  const GameEntry& intrigue = *std::find_if(entries.begin(), entries.end(), [](const GameEntry& e) { return e.info.id == "intrigue"; });
  const OfferedBot& easy = *intrigue.find_offered("easy");
  ASSERT_TRUE(easy.rating.has_value());
  EXPECT_EQ(*easy.rating, 1100);
  EXPECT_EQ(easy.rating_players, 3);
  EXPECT_EQ(rating_text(easy), "1100 \u00b1 50");
  EXPECT_EQ(rating_text(*intrigue.find_offered("normal")), "1500");   // the anchor has no width
  EXPECT_EQ(rating_text(*intrigue.find_offered("strong")), "");       // unrated here
  const nlohmann::json json = offered_bots_json(intrigue);
  EXPECT_EQ(json[0]["rating_interval"], nlohmann::json({1050.0, 1150.0}));
  EXPECT_EQ(json[0]["rating_text"], "1100 \u00b1 50");
  EXPECT_FALSE(json[2].contains("rating"));
}

TEST(RatingsFile, WrittenRatingsReadBackTheSame) {
  const auto ratings = parse_ratings(kGood, "ratings.toml", games().all());
  const std::string text = render_ratings(ratings, games().all());
  const auto again = parse_ratings(text, "again.toml", games().all());
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].command, "court rate intrigue --players 3");
  ASSERT_EQ(again[0].bots.size(), 2u);
  EXPECT_EQ(again[0].bots[0].low, 1050);
}

TEST(RatingsFile, AnUnknownGameOrBotIsRefusedWithItsLineAndTheAllowedNames) {
  std::string what = refusal("[chess]\nplayers = 2\n");
  EXPECT_NE(what.find("ratings.toml:1: [chess]: unknown game 'chess'; games: belle"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\n[intrigue.bots]\nclever = { rating = 1, low = 1, high = 1 }\n");
  EXPECT_NE(what.find("ratings.toml:4: intrigue.bots.clever: 'clever' is not a bot intrigue offers; offered: easy, "
                      "normal, strong"), std::string::npos) << what;
}

TEST(RatingsFile, MalformedFieldsAreRefusedWithTheirLineAndWhatIsAllowed) {
  std::string what = refusal("[intrigue]\nplayers = 30\n");
  EXPECT_NE(what.find("ratings.toml:2: intrigue.players must be a whole number of seats"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\nseats = 4\n");
  EXPECT_NE(what.find("ratings.toml:3: intrigue.seats is not a field of a game's ratings; allowed: players, options, "
                      "command, bots"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\n[intrigue.bots]\neasy = { rating = \"high\", low = 1, high = 2 }\n");
  EXPECT_NE(what.find("ratings.toml:4: intrigue.bots.easy.rating must be a number"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\n[intrigue.bots]\neasy = { rating = 3, low = 1 }\n");
  EXPECT_NE(what.find("field 'high' is missing"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\n[intrigue.bots]\neasy = { rating = 3, low = 4, high = 5 }\n");
  EXPECT_NE(what.find("low 4 <= rating 3 <= high 5 does not hold"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\n[intrigue.bots]\neasy = { rating = 3, low = 1, high = 5, games = 2 }\n");
  EXPECT_NE(what.find("games is not a field of a rating; allowed: rating, low, high"), std::string::npos) << what;
  what = refusal("[intrigue]\nplayers = 3\nbots = 3\n");
  EXPECT_NE(what.find("ratings.toml:3: intrigue.bots must be a table"), std::string::npos) << what;
  what = refusal("[intrigue\n");
  EXPECT_NE(what.find("ratings.toml:1:"), std::string::npos) << what;
}

}  // namespace
}  // namespace court
