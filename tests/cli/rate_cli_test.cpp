// `court rate`: a small round-robin puts the heuristic above random, --json gives the same table, --write
// writes a ratings file that reads back, and bad input is refused before any game.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli_support.h"

#include "engine/ratings.h"
#include "engine/registry.h"

namespace court {
namespace {

using cli_test::run;
using Ran = cli_test::CommandResult;

const char* kSmall = "rate intrigue --players 3 --bots random,heuristic -n 12 --threads 2 --resamples 50";

TEST(RateCli, ASmallRoundRobinRatesTheHeuristicAboveRandom) {
  const Ran r = run(std::string(kSmall) + " --json");
  ASSERT_EQ(r.status, 0) << r.output;
  const auto doc = nlohmann::json::parse(r.output);
  EXPECT_EQ(doc["lineups"], 2);   // one pair, two arrangements at three seats
  EXPECT_EQ(doc["games"], 24);
  EXPECT_EQ(doc["anchor"], "random");   // no `normal` among them: the first bot is 1500
  ASSERT_EQ(doc["bots"].size(), 2u);
  EXPECT_EQ(doc["bots"][0]["rating"], 1500.0);
  EXPECT_GT(doc["bots"][1]["ci95"][0].get<double>(), 1500) << r.output;   // the heuristic, clearly above
  EXPECT_EQ(doc["bots"][1]["games"], 24);
}

TEST(RateCli, TheTableNamesEachBotWithItsTitleRatingAndInterval) {
  const Ran r = run("rate intrigue --players 3 --bots easy,normal -n 6 --threads 2 --resamples 20");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("normal = 1500"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("bootstrap"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  easy                     Easy"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  normal                   Normal                      1500  [ 1500,  1500]"),
            std::string::npos) << r.output;
}

TEST(RateCli, WriteKeepsOtherGamesAndReadsBack) {
  const std::string path = testing::TempDir() + "court_rate_" + std::to_string(getpid()) + ".toml";
  std::ofstream(path) << "[belle]\nplayers = 3\n[belle.bots]\neasy = { rating = 1000, low = 900, high = 1100 }\n";
  const Ran r = run("rate intrigue --players 3 --bots easy,normal -n 6 --threads 2 --resamples 20 --write " + path);
  ASSERT_EQ(r.status, 0) << r.output;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const auto ratings = parse_ratings(text.str(), path, games().all());
  ASSERT_EQ(ratings.size(), 2u) << text.str();
  EXPECT_EQ(ratings[0].game, "belle");
  EXPECT_EQ(ratings[1].game, "intrigue");
  EXPECT_EQ(ratings[1].players, 3);
  EXPECT_EQ(ratings[1].command, "court rate intrigue --players 3 --bots easy,normal --games 6 --threads 2 --resamples 20")
      << text.str();
  EXPECT_EQ(ratings[1].bots[1].rating, 1500);
  std::filesystem::remove(path);
}

TEST(RateCli, WritingABotThatIsNotOfferedIsRefused) {
  const std::string path = testing::TempDir() + "court_rate_spec_" + std::to_string(getpid()) + ".toml";
  const Ran r = run(std::string(kSmall) + " --write " + path);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("is not a bot intrigue offers; offered: easy, normal, strong"), std::string::npos)
      << r.output;
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(RateCli, BadInputIsRefusedNamingWhatIsAllowed) {
  Ran r = run("rate intrigue --bots normal");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("at least two bots"), std::string::npos) << r.output;
  r = run("rate intrigue --bots normal,clever");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("unknown bot 'clever' for intrigue; available: easy, normal, strong"), std::string::npos)
      << r.output;
  r = run("rate chess");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("unknown game 'chess'"), std::string::npos) << r.output;
  r = run("rate intrigue --players 99");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("intrigue is for"), std::string::npos) << r.output;
  r = run("rate gameshire --players 2 -n 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("--set mode=competitive"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace court
