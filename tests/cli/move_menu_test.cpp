// The move menu of `court play` on a terminal (src/cli/move_menu.h): grouped by kind, shortened to the
// lines left under the board, and chosen by number, text, a unique start of the text, or a shorthand.
#include <gtest/gtest.h>

#include "cli/line_reader.h"
#include "cli/move_menu.h"

namespace court::cli {
namespace {

// `n` moves of kind `group`, numbered from `first`, labelled "<Group> <i>" with shorthand "<g><i>".
std::vector<MenuEntry> moves(const std::string& group, int n, int first, bool shorthands = false) {
  std::vector<MenuEntry> out;
  for (int i = 0; i < n; ++i) {
    const std::string label = group + " card number " + std::to_string(i + 1);
    out.push_back({first + i, label, group, shorthands ? group.substr(0, 1) + std::to_string(i + 1) : ""});
  }
  return out;
}

MoveMenu menu(std::vector<std::vector<MenuEntry>> groups) {
  std::vector<MenuEntry> all;
  for (auto& g : groups) all.insert(all.end(), g.begin(), g.end());
  return MoveMenu(all);
}

std::string text(const Board& board) { return board.plain(); }

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(MoveMenu, MovesAreGroupedByKindInTheOrderTheKindsComeWithTheirNumbers) {
  std::vector<MenuEntry> mixed = {{1, "Play Oracle", "play", ""}, {2, "Bid 3", "bid", ""}, {3, "Play Duke", "play", ""}};
  const std::string shown = text(MoveMenu(mixed).render(40, 100));
  ASSERT_NE(shown.find("play"), std::string::npos) << shown;
  EXPECT_LT(shown.find("1. Play Oracle"), shown.find("3. Play Duke")) << shown;
  EXPECT_LT(shown.find("3. Play Duke"), shown.find("2. Bid 3")) << shown;
  EXPECT_LT(shown.find("play"), shown.find("bid")) << shown;
}

TEST(MoveMenu, EverythingShowsWhenItFitsTheBudget) {
  const MoveMenu m = menu({moves("play", 4, 1), moves("pass", 1, 5)});
  const std::string shown = text(m.render(10, 100));
  for (const MenuEntry& e : m.entries()) EXPECT_NE(shown.find(e.label), std::string::npos) << e.label;
  EXPECT_EQ(shown.find("more"), std::string::npos) << shown;
}

TEST(MoveMenu, AMenuLongerThanTheBudgetFitsItAndSaysHowManyMoreThereAre) {
  const MoveMenu m = menu({moves("play", 30, 1), moves("bid", 20, 31), moves("pass", 1, 51)});
  const Board board = m.render(8, 100);
  EXPECT_LE(board.lines().size(), 8u) << text(board);
  const std::string shown = text(board);
  int listed = 0;
  for (const MenuEntry& e : m.entries()) listed += shown.find(e.label + " ") != std::string::npos ||
                                                   shown.find(e.label + "\n") != std::string::npos;
  EXPECT_NE(shown.find("… " + std::to_string(51 - listed) + " more: `moves` lists them all"), std::string::npos)
      << shown;
}

TEST(MoveMenu, EveryKindKeepsALineEvenWhenTheBudgetIsTiny) {
  const MoveMenu m = menu({moves("play", 30, 1), moves("bid", 20, 31), moves("pass", 1, 51), moves("fold", 2, 52)});
  const std::string shown = text(m.render(2, 100));
  for (const char* kind : {"play", "bid", "pass", "fold"}) EXPECT_NE(shown.find(kind), std::string::npos) << kind;
  EXPECT_NE(shown.find("51. pass card number 1"), std::string::npos) << shown;
}

TEST(MoveMenu, KindsAreCutToTheSameNumberOfLines) {
  const MoveMenu m = menu({moves("play", 40, 1), moves("bid", 40, 41)});
  const Board board = m.render(7, 30);   // narrow: one move a line
  const std::string shown = text(board);
  EXPECT_EQ(count(shown, "play card"), count(shown, "bid card")) << shown;
  EXPECT_EQ(count(shown, "play card"), 3) << shown;
}

TEST(MoveMenu, TheMoreLineOffersAShortFormWhenTheGameHasThem) {
  const MoveMenu m = menu({moves("place", 300, 1, true)});
  const std::string shown = text(m.render(5, 100));
  EXPECT_NE(shown.find("  [p1]"), std::string::npos) << shown;
  EXPECT_NE(shown.find("or type a short form such as p"), std::string::npos) << shown;
}

TEST(MoveMenu, AShorthandChoosesItsMoveAndAsksForAPreview) {
  const MoveMenu m = menu({moves("place", 30, 1, true)});
  const MenuChoice choice = m.choose("p12");
  ASSERT_NE(choice.entry, nullptr) << choice.error;
  EXPECT_EQ(choice.entry->number, 12);
  EXPECT_TRUE(choice.by_shorthand);
}

TEST(MoveMenu, ANumberOrTheWholeTextChoosesTheMove) {
  const MoveMenu m = menu({moves("play", 3, 1)});
  EXPECT_EQ(m.choose("2").entry->number, 2);
  EXPECT_EQ(m.choose("  PLAY card number 3 ").entry->number, 3);
  EXPECT_FALSE(m.choose("2").by_shorthand);
}

TEST(MoveMenu, AUniqueStartOfTheTextChoosesTheMove) {
  const MoveMenu m = MoveMenu({{1, "Play Oracle face-up", "play", ""}, {2, "Bid three", "bid", ""}});
  const MenuChoice choice = m.choose("play o");
  ASSERT_NE(choice.entry, nullptr) << choice.error;
  EXPECT_EQ(choice.entry->number, 1);
}

TEST(MoveMenu, AnAmbiguousStartIsRefusedListingTheMovesItStarts) {
  const MoveMenu m = menu({moves("play", 3, 1), moves("pass", 1, 4)});
  const MenuChoice choice = m.choose("play card");
  EXPECT_EQ(choice.entry, nullptr);
  EXPECT_EQ(choice.error,
            "'play card' starts 3 moves: 1. play card number 1, 2. play card number 2, 3. play card number 3. "
            "Type more of it, or a number.");
}

TEST(MoveMenu, WhatIsNoMoveIsRefusedAsThePipedModeAlwaysSaidIt) {
  const MoveMenu m = menu({moves("play", 3, 1)});
  EXPECT_EQ(m.choose("zzz").error, "'zzz' is not one of the moves: type a number 1-3 or a move's text.");
  EXPECT_EQ(m.choose("0").error, "'0' is not one of the moves: type a number 1-3 or a move's text.");
  EXPECT_EQ(m.choose("4").entry, nullptr);
}

TEST(MoveMenu, TabCompletesAUniqueStartToTheWholeLabel) {
  const std::vector<std::string> words = {"Play Oracle face-up", "Play Oracle face-down", "Bid three", "board"};
  EXPECT_EQ(complete("bi", words).line, "Bid three");
  EXPECT_TRUE(complete("bi", words).candidates.empty());
  const Completion shared = complete("pl", words);
  EXPECT_EQ(shared.line, "Play Oracle face-");
  EXPECT_EQ(shared.candidates.size(), 2u);
  EXPECT_EQ(complete("zz", words).line, "zz");
}

}  // namespace
}  // namespace court::cli
