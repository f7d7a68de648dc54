// The terminal board every game draws (engine/board.h): lines of inked spans, cells padded or cut to a
// width counted in code points, and whole lines put without the spaces that pad their end.
#include "engine/board.h"

#include <gtest/gtest.h>

namespace court {
namespace {

TEST(Board, ANewlineInTheTextStartsANewLine) {
  Board b;
  b.put("Round 1\nDeck 9", Ink::mark).put(" cards");
  ASSERT_EQ(b.lines().size(), 2u);
  EXPECT_EQ(b.plain(), "Round 1\nDeck 9 cards\n");
  EXPECT_EQ(b.lines()[1][0], (Span{"Deck 9", Ink::mark}));
  EXPECT_EQ(b.lines()[1][1], (Span{" cards", Ink::plain}));
}

TEST(Board, SpansOfOneInkInARowJoin) {
  Board b;
  b.put("a", Ink::red).put("b", Ink::red).put("c", Ink::green);
  ASSERT_EQ(b.lines().size(), 1u);
  EXPECT_EQ(b.lines()[0].size(), 2u);
  EXPECT_EQ(b.lines()[0][0].text, "ab");
}

TEST(Board, AnEmptyLineIsKeptButNotATrailingOne) {
  Board b;
  b.put("top").newline().newline().put("bottom").newline();
  EXPECT_EQ(b.plain(), "top\n\nbottom\n");
}

TEST(Board, ColumnsCountCodePointsNotBytes) {
  EXPECT_EQ(Board::columns("Seat 2 · ready…"), 15);
  EXPECT_EQ(Board::columns(""), 0);
}

TEST(Board, ACellIsPaddedToItsWidthOrCutWithAnEllipsis) {
  Board b;
  b.cell("Duke", 7).put("|").newline();
  b.cell("Enthusiastic Support", 8).put("|").newline();
  b.cell("Prophète", 8).put("|");
  EXPECT_EQ(b.plain(), "Duke   |\nEnthusi…|\nProphète|\n");
}

TEST(Board, AWholeLineIsPutWithoutThePaddingAtItsEnd) {
  Board source;
  source.cell("Seat 1", 10).cell("", 6, Ink::quiet).cell("ready", 12, Ink::green);
  Board b;
  b.put_line(source.lines()[0]).put("next");
  EXPECT_EQ(b.plain(), "Seat 1          ready\nnext\n");
  Board blank;
  blank.cell("", 5);
  Board c;
  c.put_line(blank.lines()[0]);
  EXPECT_EQ(c.plain(), "\n") << "a line of spaces only is put as an empty line";
}

}  // namespace
}  // namespace court
