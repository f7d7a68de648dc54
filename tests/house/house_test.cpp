// The house rules a newcomer relies on, checked on the source tree: every file of a game's folder has a
// row in the role map (docs/architecture.md, "A game's folder: the role map"), and no layer includes a
// layer above it (docs/architecture.md, "The layers").
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/ratings.h"
#include "engine/registry.h"
#include "house/source_tree.h"

namespace court {
namespace {

namespace fs = std::filesystem;
using house::kRoot;
using house::slurp;

// The text of the section under `heading` ("## A game's folder: the role map") up to the next "## ".
std::string section(const std::string& page, const std::string& heading) {
  const std::size_t start = page.find("\n" + heading + "\n");
  if (start == std::string::npos) return "";
  const std::size_t end = page.find("\n## ", start + heading.size() + 1);
  return page.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The file names a section names in backticks, with "x.h/.cpp" and "x.*" read as x.h and x.cpp.
std::set<std::string> named_files(const std::string& text) {
  std::set<std::string> names;
  const std::regex word("`([A-Za-z0-9_]+)((?:\\.[a-z*]+)(?:/\\.[a-z]+)*)`");
  for (std::sregex_iterator it(text.begin(), text.end(), word), end; it != end; ++it) {
    const std::string stem = (*it)[1];
    std::string endings = (*it)[2];
    if (endings == ".*") endings = ".h/.cpp";
    std::size_t at = 0;
    while (at < endings.size()) {
      const std::size_t next = std::min(endings.find('/', at), endings.size());
      names.insert(stem + endings.substr(at, next - at));
      at = next + 1;
    }
  }
  return names;
}

std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& f : fs::directory_iterator(dir)) names.push_back(f.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(House, TheRoleMapNamesEveryFileOfEveryGameFolder) {
  const std::string map = section(slurp(kRoot / "docs/architecture.md"), "## A game's folder: the role map");
  ASSERT_FALSE(map.empty()) << "docs/architecture.md has no section \"A game's folder: the role map\"";
  const std::set<std::string> named = named_files(map);
  for (const auto& game : fs::directory_iterator(kRoot / "src/games")) {
    if (!game.is_directory()) continue;
    for (const std::string& file : files_in(game.path())) {
      EXPECT_TRUE(named.count(file)) << "src/games/" << game.path().filename().string() << "/" << file
                                     << " has no row in the role map (docs/architecture.md)";
    }
  }
}

// Each layer and the folders it may include from: itself and those below it, except the games, which only
// all_games.cpp knows (the layers above reach them through games() in engine/registry.h).
struct Layer {
  std::string folder;
  std::set<std::string> may_include;
};

const std::vector<Layer>& layers() {
  static const std::vector<Layer> all = {
      {"engine", {"engine"}},
      {"bots", {"engine", "bots"}},
      {"games", {"engine", "bots", "games"}},
      {"sim", {"engine", "bots", "sim"}},
      {"advisor", {"engine", "bots", "sim", "advisor"}},
      {"server", {"engine", "bots", "sim", "server"}},
      {"lab", {"engine", "bots", "sim", "advisor", "server", "lab"}},
      {"cli", {"engine", "bots", "sim", "advisor", "server", "lab", "cli"}},
  };
  return all;
}

TEST(House, NoLayerIncludesALayerAbove) {
  const std::regex include("#include \"([a-z_-]+)/[^\"]+\"");
  std::set<std::string> folders;
  for (const auto& layer : layers()) {
    folders.insert(layer.folder);
    for (const auto& file : fs::recursive_directory_iterator(kRoot / "src" / layer.folder)) {
      if (!file.is_regular_file()) continue;
      const std::string text = slurp(file.path());
      for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it) {
        EXPECT_TRUE(layer.may_include.count((*it)[1])) << fs::relative(file.path(), kRoot).string() << " includes "
                                                       << (*it)[0] << ", from a layer above " << layer.folder;
      }
    }
  }
  for (const auto& dir : fs::directory_iterator(kRoot / "src")) {
    EXPECT_TRUE(!dir.is_directory() || folders.count(dir.path().filename().string()))
        << "src/" << dir.path().filename().string() << " is in no layer of this test (docs/architecture.md, \"The layers\")";
  }
}

// The shipped ratings file (data/ratings.toml, `court rate GAME --write`) rates every offered bot of every game
// and names no game or bot that does not exist (parse_ratings refuses those, with the line).
TEST(House, TheShippedRatingsRateEveryOfferedBotOfEveryGame) {
  const std::vector<GameRatings> ratings =
      parse_ratings(slurp(kRoot / "data/ratings.toml"), "data/ratings.toml", games().all());
  for (const auto& entry : games().all()) {
    const auto game = std::find_if(ratings.begin(), ratings.end(), [&](const GameRatings& g) { return g.game == entry.info.id; });
    ASSERT_NE(game, ratings.end()) << "data/ratings.toml has no [" << entry.info.id << "]: run court rate "
                                   << entry.info.id << " --write data/ratings.toml";
    for (const auto& offered : entry.offered) {
      EXPECT_TRUE(std::any_of(game->bots.begin(), game->bots.end(), [&](const BotScore& b) { return b.bot == offered.name; }))
          << "data/ratings.toml rates no " << entry.info.id << " bot '" << offered.name << "'";
      EXPECT_TRUE(offered.rating.has_value()) << entry.info.id << " " << offered.name << " was not given its rating";
    }
  }
}

}  // namespace
}  // namespace court
