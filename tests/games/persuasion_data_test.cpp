// Persuasion's deck file (data/persuasion/traits.toml, shared by both editions): an edited copy with
// a mistake is refused with a message naming the file, the card or symbol, the field and what is
// allowed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "engine/data.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {
namespace {

class EditedDeck : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("persuasion_data_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  // The shipped file with the first `from` replaced by `to`; the error loading it ("" when it loads).
  std::string error_with(const std::string& from, const std::string& to) {
    std::string text = read_data_file("persuasion", "traits.toml", "");
    auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return "";
    text.replace(at, from.size(), to);
    std::ofstream(dir_ / "traits.toml") << text;
    try {
      load_deck(dir_.string());
    } catch (const UserError& e) {
      return e.what();
    }
    return "";
  }
  void expect_error(const std::string& from, const std::string& to, const std::string& where, const std::string& what) {
    const std::string e = error_with(from, to);
    EXPECT_NE(e.find("traits.toml"), std::string::npos) << e;
    EXPECT_NE(e.find(where), std::string::npos) << e;
    EXPECT_NE(e.find(what), std::string::npos) << e;
  }
  std::filesystem::path dir_;
};

TEST_F(EditedDeck, TheShippedCopyLoads) {
  EXPECT_EQ(error_with("[[card]]", "[[card]]"), "");
}

TEST_F(EditedDeck, ABadSignedSymbolNamesTheAllowedKeys) {
  expect_error("border = [\"+title\", \"+mystery\", \"-danger\"]", "border = [\"+title\", \"mystery\", \"-danger\"]",
               "card #1: field 'border'", "bad signed symbol; expected '+' or '-' and a symbol key (wealth, title, "
               "mystery, romance, danger)");
}

TEST_F(EditedDeck, AnUnknownSymbolIsRefused) {
  expect_error("desire = [\"+danger\", \"+wealth\"]", "desire = [\"+danger\", \"+money\"]", "card #1: field 'desire'",
               "unknown symbol 'money'");
}

TEST_F(EditedDeck, ARowNamesEachSymbolOnce) {
  expect_error("desire = [\"+danger\", \"+wealth\"]", "desire = [\"+danger\", \"-danger\"]", "card #1: field 'desire'",
               "names the symbol 'danger' twice");
}

TEST_F(EditedDeck, ARowHasItsLength) {
  expect_error("border = [\"+title\", \"+mystery\", \"-danger\"]", "border = [\"+title\", \"+mystery\"]",
               "card #1: field 'border'", "must be an array of 3 signed symbols");
}

TEST_F(EditedDeck, IdsAreDistinctAndInRange) {
  expect_error("id = 2\n", "id = 1\n", "card #2: field 'id'", "1 appears twice");
  expect_error("id = 2\n", "id = 100\n", "card #2: field 'id'", "must be an integer 1..99");
}

TEST_F(EditedDeck, SymbolsNeedAKeyAndDistinctKeys) {
  expect_error("key = \"title\"\n", "", "symbol #2: field 'key'", "is missing; expected a string");
  expect_error("key = \"title\"", "key = \"wealth\"", "symbol #2: field 'key'", "'wealth' appears twice");
  expect_error("name = \"Title\"", "name = \"\"", "symbol #2: field 'name'", "must not be empty");
}

}  // namespace
}  // namespace court::persuasion
