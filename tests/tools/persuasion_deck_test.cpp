// The deck generator tools/persuasion/make_deck.cpp (court_persuasion_deck): its default seed gives the
// shipped data/persuasion/traits.toml, and another seed a deck with the same balance that Court plays.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace court {
namespace {

struct CommandResult {
  int status = -1;
  std::string output;   // standard output only
};

CommandResult run(const std::string& command) {
  CommandResult r;
  FILE* pipe = popen((command + " < /dev/null").c_str(), "r");
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The quoted words of every line of `deck` that starts with `key = [`, one list per line.
std::vector<std::vector<std::string>> rows(const std::string& deck, const std::string& key) {
  std::vector<std::vector<std::string>> out;
  std::istringstream lines(deck);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key + " = [", 0) != 0) continue;
    std::vector<std::string> words;
    for (std::size_t open = line.find('"'); open != std::string::npos;) {
      const std::size_t close = line.find('"', open + 1);
      if (close == std::string::npos) break;
      words.push_back(line.substr(open + 1, close - open - 1));
      open = line.find('"', close + 1);
    }
    out.push_back(words);
  }
  return out;
}

// "+wealth" -> "wealth"
std::string symbol(const std::string& signed_symbol) { return signed_symbol.substr(1); }

TEST(PersuasionDeckTool, DefaultSeedReproducesTheShippedDeck) {
  const CommandResult r = run(COURT_PERSUASION_DECK);
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.output, slurp(std::string(COURT_SOURCE_DIR) + "/data/persuasion/traits.toml"));
}

// Rulings, "The 60 trait cards": the rulebook's desire counts, two different symbols per desire row, three
// per border, each signed symbol on exactly 18 borders; and the deck loads and plays with --data.
TEST(PersuasionDeckTool, AnotherSeedKeepsTheBalanceAndPlays) {
  const CommandResult r = run(std::string(COURT_PERSUASION_DECK) + " 7");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.output, slurp(std::string(COURT_SOURCE_DIR) + "/data/persuasion/traits.toml"));

  std::map<std::string, int> desires, borders;
  const auto desire_rows = rows(r.output, "desire"), border_rows = rows(r.output, "border");
  ASSERT_EQ(desire_rows.size(), 60u);
  ASSERT_EQ(border_rows.size(), 60u);
  for (const auto& row : desire_rows) {
    ASSERT_EQ(row.size(), 2u);
    EXPECT_NE(symbol(row[0]), symbol(row[1]));
    for (const auto& s : row) ++desires[s];
  }
  for (const auto& row : border_rows) {
    ASSERT_EQ(row.size(), 3u);
    EXPECT_EQ(std::set<std::string>({symbol(row[0]), symbol(row[1]), symbol(row[2])}).size(), 3u);
    for (const auto& s : row) ++borders[s];
  }
  const std::map<std::string, int> expected = {{"+wealth", 18}, {"-danger", 17}, {"-mystery", 15}, {"+romance", 14},
                                               {"+title", 12},  {"-romance", 12}, {"-wealth", 10},  {"+mystery", 9},
                                               {"+danger", 7},  {"-title", 6}};
  EXPECT_EQ(desires, expected);
  ASSERT_EQ(borders.size(), 10u);
  for (const auto& [s, n] : borders) EXPECT_EQ(n, 18) << s;

  const std::string dir = testing::TempDir() + "court_persuasion_deck_seed7";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()), 0);
  std::ofstream(dir + "/traits.toml") << r.output;
  const CommandResult sim = run(std::string(COURT_BINARY) + " sim persuasion --players 4 -n 20 --data " + dir + " 2>&1");
  EXPECT_EQ(sim.status, 0) << sim.output;
}

}  // namespace
}  // namespace court
