// Intrigue's terminal board (src/games/intrigue/board.cpp): drawn from a seat's view, it shows that
// seat's hand by title and nobody else's hidden cards, the court, whose turn it is, and at the end the
// monarch, the favors in the order played and the points (docs/rules/intrigue.md, "At the terminal").
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "bots/generic_bots.h"
#include "games/intrigue/game.h"
#include "intrigue_test_support.h"

namespace court::intrigue {
namespace {

using nlohmann::json;
using testing_support::intrigue_entry;

std::unique_ptr<GameFactory> factory(const std::map<std::string, std::string>& options = {}) {
  return intrigue_entry().prepare(intrigue_entry().make_config(3, options));
}

void play(GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  ASSERT_TRUE(action.has_value()) << label;
  ASSERT_FALSE(g.apply(seat, *action).has_value()) << label;
}

Board board_of(const GameState& g, Seat seat) {
  Board board;
  g.info().board.draw(g.view(seat), nullptr, board);
  return board;
}

bool shows(const Board& board, const std::string& text) { return board.plain().find(text) != std::string::npos; }

// The line of the board that starts with `start` (after leading spaces), or "" when none does.
std::string line_starting(const Board& board, const std::string& start) {
  std::istringstream lines(board.plain());
  for (std::string line; std::getline(lines, line);) {
    if (line.find_first_not_of(' ') != std::string::npos && line.substr(line.find_first_not_of(' ')).rfind(start, 0) == 0) return line;
  }
  return "";
}

void expect_fits(const Board& board, int height) {
  const auto lines = board.lines();
  EXPECT_LE(static_cast<int>(lines.size()), height) << board.plain();
  for (const auto& line : lines) {
    int columns = 0;
    for (const Span& span : line) columns += Board::columns(span.text);
    EXPECT_LE(columns, kBoardWidth) << board.plain();
  }
}

// Duke (A), Princess (B), Bishop (C); seat 1 holds the +3 token of A; Blackmail on A-B with B the
// blackmailer; seat 2 played Loyalists face-down behind the Bishop; the Duke has a vote.
const json kMidGame = {
    {"characters", {"Duke", "Princess", "Bishop"}},
    {"round", 2},
    {"votes", {1, 0, 0}},
    {"hands", {{"Guilds", "Oracle", "Friendship", "Public Support", "Debt"}, {"Feud", "Spy", "Zealots"}, {"Lies", "Virtue"}}},
    {"deck", {"Defiance", "Manipulate"}},
    {"tokens", {{"A+3", 1}}},
    {"relationships", {{{"edge", "A-B"}, {"card", "Blackmail"}, {"left", "B"}}}},
    {"stacks", {{"A", {{{"card", "Enthusiastic Support"}, {"seat", 0}, {"face_up", true}}}},
                {"C", {{{"card", "Loyalists"}, {"seat", 2}}}}}},
    {"favors", {{{"seat", 1}, {"letter", "C"}}}},
};

TEST(IntrigueBoard, ShowsTheSeatsOwnHandByTitleAndNoOtherHand) {
  auto f = factory();
  auto g = f->from_scenario(kMidGame, 3);
  const Board mine = board_of(*g, 0);
  for (const json& card : g->view(0)["hand"]) EXPECT_TRUE(shows(mine, card["title"])) << card["title"];
  EXPECT_FALSE(shows(mine, "Feud"));
  EXPECT_FALSE(shows(mine, "Zealots"));
  EXPECT_FALSE(shows(mine, "Virtue"));
  EXPECT_TRUE(shows(board_of(*g, 1), "Zealots"));
}

TEST(IntrigueBoard, AFaceDownCardIsNamedOnlyToTheSeatThatPlayedIt) {
  auto f = factory();
  auto g = f->from_scenario(kMidGame, 3);
  EXPECT_NE(line_starting(board_of(*g, 2), "Loyalists 0 (yours, face-down)"), "") << board_of(*g, 2).plain();
  EXPECT_FALSE(shows(board_of(*g, 0), "Loyalists"));
  EXPECT_NE(line_starting(board_of(*g, 0), "face-down (Seat 2)"), "") << board_of(*g, 0).plain();
  EXPECT_FALSE(shows(board_of(*g, kSpectator), "Loyalists"));
}

TEST(IntrigueBoard, ShowsEachCharactersVotesTokensAndTheRelationshipsBetweenThem) {
  auto f = factory();
  auto g = f->from_scenario(kMidGame, 3);
  const Board board = board_of(*g, 0);
  const std::string duke = line_starting(board, "A  Duke");
  EXPECT_NE(duke.find("Military, Nobility"), std::string::npos) << duke;
  EXPECT_NE(duke.find("+3 Seat 1"), std::string::npos) << duke;
  EXPECT_NE(duke.find("+1 free"), std::string::npos) << duke;
  EXPECT_EQ(line_starting(board, "A  Duke       1"), duke);  // its vote
  EXPECT_NE(line_starting(board, "Enthusiastic Support +2"), "");
  EXPECT_NE(line_starting(board, "A-B  Blackmail   B Blackmailer, A Victim"), "") << board.plain();
  EXPECT_NE(line_starting(board, "B-C  empty"), "");
  // What seat 0 sees of the Princess: nothing; of the Bishop: one card it cannot see.
  EXPECT_NE(line_starting(board, "C  Bishop").find("0 and 1 face-down"), std::string::npos) << board.plain();
}

TEST(IntrigueBoard, SaysWhoseTurnItIsAndWhenADiscardEndsIt) {
  auto f = factory();
  auto g = f->from_scenario(kMidGame, 3);
  EXPECT_TRUE(shows(board_of(*g, 0), "Your turn"));
  EXPECT_TRUE(shows(board_of(*g, 1), "Seat 0 to play"));
  EXPECT_TRUE(shows(board_of(*g, 1), "Seat 0 (to play) 3"));
  play(*g, 0, "Oracle");
  EXPECT_TRUE(shows(board_of(*g, 0), "You must discard a card to end the turn"));
  EXPECT_TRUE(shows(board_of(*g, 2), "Seat 0 must discard a card to end the turn"));
}

TEST(IntrigueBoard, ShowsYourFavorsAndOnlyTheLettersOfFavorsYouPlayed) {
  auto f = factory();
  auto g = f->from_scenario(kMidGame, 3);
  play(*g, 0, "play favor B");
  const Board mine = board_of(*g, 0);
  EXPECT_NE(line_starting(mine, "Favors played, oldest first: Seat 1 ?, you B").find("Your favors: A C"), std::string::npos)
      << mine.plain();
  EXPECT_NE(line_starting(board_of(*g, 1), "Favors played, oldest first: you C, Seat 0 ?"), "");
}

TEST(IntrigueBoard, ASpectatorSeesNoHand) {
  auto f = factory();
  auto g = f->from_scenario(kMidGame, 3);
  const Board board = board_of(*g, kSpectator);
  EXPECT_FALSE(shows(board, "Your hand"));
  EXPECT_FALSE(shows(board, "Guilds"));
  EXPECT_TRUE(shows(board, "Seat 0 (to play) 3"));
}

// The last round of a game: seat 0 plays its only card and ends it. The Duke wins the round and is
// crowned with 2 votes; favors in order: seat 1 for B (-1), seat 0 for A (first for the monarch, +3),
// seat 2 for A (+1). Points 3 each before the favors: seat 0 6, seat 2 4, seat 1 2.
std::unique_ptr<GameState> finished_game(const std::unique_ptr<GameFactory>& f) {
  auto g = f->from_scenario(
      {{"characters", {"Duke", "Princess", "Bishop"}},
       {"round", 3},
       {"votes", {1, 1, 0}},
       {"hands", {{"Public Support"}, {"Spy", "Lies"}, {"Zealots", "Feud"}}},
       {"stacks", {{"A", {{{"card", "Enthusiastic Support"}, {"seat", 1}, {"face_up", true}}}}}},
       {"favors", {{{"seat", 1}, {"letter", "B"}}, {{"seat", 0}, {"letter", "A"}}, {{"seat", 2}, {"letter", "A"}}}}},
      3);
  play(*g, 0, "Public Support face-down behind Duke (A)");
  return g;
}

TEST(IntrigueBoard, TheEndingNamesTheWinnerAndTheMonarch) {
  auto f = factory();
  auto g = finished_game(f);
  ASSERT_TRUE(g->terminal());
  const Board mine = board_of(*g, 0);
  EXPECT_TRUE(shows(mine, "Intrigue is over after round 3 of 3. You win with 6 points.")) << mine.plain();
  EXPECT_TRUE(shows(board_of(*g, 1), "Seat 0 wins with 6 points."));
  EXPECT_TRUE(shows(mine, "The Duke (A) ascends to the throne with 2 votes (Princess 1, Bishop 0)."));
  expect_fits(mine, kEndingHeight);
}

TEST(IntrigueBoard, TheEndingListsTheFavorsInTheOrderPlayedWithWhatEachEarned) {
  auto f = factory();
  auto g = finished_game(f);
  const Board board = board_of(*g, 2);
  const std::string text = board.plain();
  const auto first = text.find("1. Seat 1");
  const auto second = text.find("2. Seat 0");
  const auto third = text.find("3. you");
  ASSERT_NE(first, std::string::npos) << text;
  EXPECT_LT(first, second);
  EXPECT_LT(second, third);
  EXPECT_NE(line_starting(board, "1. Seat 1").find("Princess (B)    -1"), std::string::npos) << text;
  EXPECT_NE(line_starting(board, "2. Seat 0").find("Duke (A)        +3   first for the monarch"), std::string::npos) << text;
  EXPECT_NE(line_starting(board, "3. you").find("Duke (A)        +1"), std::string::npos) << text;
}

TEST(IntrigueBoard, TheEndingShowsThePointsBeforeAndFromTheFavors) {
  auto f = factory();
  auto g = finished_game(f);
  const Board board = board_of(*g, 1);
  EXPECT_EQ(line_starting(board, "Seat 0"), "   Seat 0     3              +3      6      winner") << board.plain();
  EXPECT_EQ(line_starting(board, "you"), "   you        3              -1      2") << board.plain();
  EXPECT_EQ(line_starting(board, "Seat 2"), "   Seat 2     3              +1      4") << board.plain();
}

TEST(IntrigueBoard, TheEndingRevealsTheLastRoundsStacks) {
  auto f = factory();
  auto g = finished_game(f);
  const Board board = board_of(*g, 2);
  EXPECT_NE(line_starting(board, "Duke (A)      +3   Enthusiastic Support +2, Public Support +1"), "") << board.plain();
  EXPECT_NE(line_starting(board, "Duke (A)").find("Enthusiastic Support +2, Public Support +1"), std::string::npos) << board.plain();
}

// Random games with the largest hands the options allow: every board of every seat stays within the
// terminal (the conformance suite checks the default options).
TEST(IntrigueBoard, BoardsOfRandomGamesWithTheLargestHandsFitTheTerminal) {
  auto f = factory({{"hand_size", "8"}, {"rounds", "6"}});
  Rng rng = make_rng(11);
  ActionList actions;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto g = f->new_game(seed);
    while (!g->terminal()) {
      for (Seat s = kSpectator; s < 3; ++s) expect_fits(board_of(*g, s), kBoardHeight);
      const Seat seat = g->to_act().lowest();
      g->legal_actions(seat, actions);
      ASSERT_FALSE(g->apply(seat, actions[uniform(rng, static_cast<std::uint32_t>(actions.size()))]).has_value());
    }
    for (Seat s = kSpectator; s < 3; ++s) expect_fits(board_of(*g, s), kEndingHeight);
  }
}

}  // namespace
}  // namespace court::intrigue
