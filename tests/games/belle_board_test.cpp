// Belle of the Ball's terminal board (docs/rules/belle.md, "At the terminal"): drawn from one seat's view,
// it shows the minglers, every clique with its couples, gifts and Belle, the seat's own hand and the
// scores, never another seat's gift or hand; the ending names the winner and the scores by round.

#include "belle_test_support.h"
#include "engine/board.h"

namespace court::belle {
namespace {

using namespace testing_support;

// Seat 0 holds a couple (unit 0); everyone has a full hand of named cards.
const json kTable = {
    {"hands", {{"The Honourable Cecily Richminster", "Duchess Evangeline Richminster", "Lady Octavia Richminster",
                "Belle Lavinia", "Sir Oswald Dundifax"},
               {"Mistress Hilda Boarbottom", "Lady Matilda Boarbottom", "Sir Gideon Boarbottom", "Granny Mabel Dundifax",
                "Belle Amaranth"},
               {"Herr Augustus Lordhurtz", "Count Leopold Lordhurtz", "Sir Vincent Crawhole", "Lady Winifred Dundifax",
                "Belle Theodora"}}},
    {"cliques", {{{{"top", "Lord Barnaby Goatsbury"}, {"bottom", "Captain Horace Goatsbury"}}},
                 {"Young Tobias Goatsbury"},
                 json::array()}},
    {"belles", {nullptr, "Belle Primrose", nullptr}},
    {"scores", {4, 9, 0}},
    {"minglers", {"Sir Peregrine Richminster", "Lord Konrad Lordhurtz", "Mister Humphrey Dundifax",
                  "Master Wilfred Dundifax", "Squire Thaddeus Boarbottom"}}};

std::string board_of(const GameState& game, Seat seat) {
  Board board;
  draw_board(game.view(seat), nullptr, board);
  return board.plain();
}

bool has(const std::string& board, const std::string& text) { return board.find(text) != std::string::npos; }

// Every limit the conformance suite checks: width, height, no control characters.
void expect_fits(const GameState& game, Seat seat, const std::string& where) {
  Board board;
  draw_board(game.view(seat), nullptr, board);
  const auto lines = board.lines();
  EXPECT_LE(static_cast<int>(lines.size()), game.terminal() ? kEndingHeight : kBoardHeight) << where << "\n" << board.plain();
  for (const auto& line : lines) {
    int columns = 0;
    for (const Span& span : line) columns += Board::columns(span.text);
    EXPECT_LE(columns, kBoardWidth) << where << "\n" << board.plain();
  }
  for (unsigned char c : board.plain()) ASSERT_TRUE(c >= 0x20 || c == '\n') << where;
}

// A game of `players` seats played with random legal moves from `seed`, stopped after `steps` moves
// (or at its end); `each` sees the game after every move.
std::unique_ptr<GameState> played(int players, std::uint64_t seed, int steps, const auto& each,
                                  const std::map<std::string, std::string>& options = {}) {
  auto factory = belle_entry().prepare(belle_entry().make_config(players, options));
  auto game = factory->new_game(seed);
  Rng rng = make_rng(mix_seed(seed, 11));
  for (int i = 0; i < steps && !game->terminal(); ++i) {
    const Seat seat = game->to_act().lowest();
    ActionList legal;
    game->legal_actions(seat, legal);
    game->apply_legal(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
    each(*game);
  }
  return game;
}

std::unique_ptr<GameState> played(int players, std::uint64_t seed, int steps = 1 << 20) {
  return played(players, seed, steps, [](const GameState&) {});
}

TEST(BelleBoard, ShowsYourOwnHandByNameAndNoOtherHand) {
  Position t = position(3, kTable);
  const std::string mine = board_of(*t.game, 1);
  EXPECT_TRUE(has(mine, "Your hand (5)"));
  for (const char* card : {"Mistress Hilda Boarbottom", "Lady Matilda Boarbottom", "Granny Mabel Dundifax", "Belle Amaranth"}) {
    EXPECT_TRUE(has(mine, card)) << card << "\n" << mine;
  }
  // What a hand card does is spelled out: Belle Amaranth's couple and her effect.
  EXPECT_TRUE(has(mine, "Belle              attracts a Dancing couple")) << mine;
  EXPECT_TRUE(has(mine, "end: +2 per Dancing guest")) << mine;
  for (const char* card : {"Duchess Evangeline Richminster", "Herr Augustus Lordhurtz", "Belle Theodora"}) {
    EXPECT_FALSE(has(mine, card)) << card << "\n" << mine;
  }
  EXPECT_FALSE(has(board_of(*t.game, kSpectator), "Your hand"));
}

// Rulebook step 1c: a gift lies face-down; only its giver knows the card (docs/rules/belle.md, "What each
// seat sees").
TEST(BelleBoard, AGiftIsNamedToItsGiverAndFaceDownToEveryoneElse) {
  Position t = position(3, kTable);
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  play(*t.game, 0, "gift Belle Lavinia to the couple Lord Barnaby Goatsbury & Captain Horace Goatsbury");
  const std::string giver = board_of(*t.game, 0);
  EXPECT_TRUE(has(giver, "Lord Barnaby Goatsbury")) << giver;
  EXPECT_TRUE(has(giver, "& Captain Horace Goatsbury")) << giver;
  EXPECT_TRUE(has(giver, "gift: Belle Lavinia")) << giver;
  for (Seat other : {Seat{1}, Seat{2}, kSpectator}) {
    const std::string board = board_of(*t.game, other);
    EXPECT_TRUE(has(board, "gift: face-down")) << board;
    EXPECT_FALSE(has(board, "Belle Lavinia")) << board;
  }
}

TEST(BelleBoard, ShowsTheMinglersCliquesBellesAndScores) {
  Position t = position(3, kTable);
  const std::string board = board_of(*t.game, 2);
  EXPECT_TRUE(has(board, "Minglers (5)")) << board;
  for (const char* card : {"Sir Peregrine Richminster", "Squire Thaddeus Boarbottom", "Young Tobias Goatsbury"}) {
    EXPECT_TRUE(has(board, card)) << card << "\n" << board;
  }
  // Seat 1: 9 points so far, Young Tobias this round, five cards in hand, Belle Primrose and her effect.
  EXPECT_TRUE(has(board, "Seat 1        9 points   +2 this round   5 in hand  Belle Primrose: +1 per gift")) << board;
  EXPECT_TRUE(has(board, "Seat 2 (you)  0 points   0 this round    5 in hand  no Belle")) << board;
  EXPECT_TRUE(has(board, "nobody yet")) << board;
}

TEST(BelleBoard, SaysWhoseTurnItIsAndWhatItWaitsFor) {
  Position t = position(3, kTable);
  EXPECT_TRUE(has(board_of(*t.game, 0), "Now (you): seat 0 invites a guest or a Belle"));
  EXPECT_TRUE(has(board_of(*t.game, 1), "Now: seat 0 invites a guest or a Belle"));
  play(*t.game, 0, "invite The Honourable Cecily Richminster (");
  const std::string board = board_of(*t.game, 1);
  EXPECT_TRUE(has(board, "Now: seat 0 may give a gift to one of its couples")) << board;
  EXPECT_TRUE(has(board, "Invited: The Honourable Cecily Richminster")) << board;
}

// docs/rules/belle.md, "End of the game": the deck ran out, the round in progress was scored, the highest
// total wins; tied players share the victory.
TEST(BelleBoard, EndingNamesTheWinnersAndTheScoresByRound) {
  Position t = position(2, {{"hands", {{"Lady Hortensia Goatsbury"}, {"Sir Oswald Dundifax"}}},
                            {"scores", {10, 12}},
                            {"minglers", json::array()},
                            {"deck", json::array()},
                            {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "invite Lady Hortensia Goatsbury (");
  ASSERT_TRUE(t.game->terminal());
  const std::string board = board_of(*t.game, 1);
  EXPECT_TRUE(has(board, "Game over: Seat 0 and Seat 1 (you) share the victory with 12 points.")) << board;
  EXPECT_TRUE(has(board, "The deck ran out in round 1")) << board;
  EXPECT_TRUE(has(board, "  round 1 (the deck ran out)  2             0")) << board;
  EXPECT_TRUE(has(board, "  total                       12            12")) << board;
  EXPECT_TRUE(has(board, "Lady Hortensia Goatsbury")) << board;
}

TEST(BelleBoard, EndingOfAPlayedGameNamesTheWinner) {
  auto game = played(4, 21);
  ASSERT_TRUE(game->terminal());
  const Outcome outcome = game->outcome();
  const std::string board = board_of(*game, 0);
  for (Seat s = 0; s < 4; ++s) {
    if (!outcome.seats[s].win) continue;
    EXPECT_TRUE(has(board, fmt::format("Seat {}", s) + (s == 0 ? " (you)" : ""))) << board;
  }
  EXPECT_TRUE(has(board, "Game over: ")) << board;
  const json rounds = game->view(0)["rounds"];
  ASSERT_FALSE(rounds.empty());
  EXPECT_TRUE(has(board, fmt::format("  round {} (", rounds.size()))) << board;
}

TEST(BelleBoard, FitsTheTerminalAtEverySeatCount) {
  for (int players = kMinSeats; players <= kMaxPlayers; ++players) {
    for (std::uint64_t seed : {1, 2, 3}) {
      auto game = played(players, seed, 1 << 20, [&](const GameState& g) {
        const Seat seat = static_cast<Seat>(g.to_act().empty() ? 0 : g.to_act().lowest());
        expect_fits(g, seat, fmt::format("{} players, seed {}", players, seed));
      });
      for (Seat s = 0; s < players; ++s) expect_fits(*game, s, fmt::format("{} players, seed {}, the end", players, seed));
    }
  }
}

// The largest rows the options allow, and many short rounds for the ending's table.
TEST(BelleBoard, FitsTheTerminalWithTheLargestOptions) {
  const std::map<std::string, std::string> large = {{"hand_size", "8"}, {"minglers", "8"}};
  const std::map<std::string, std::string> short_rounds = {{"couples_to_end", "1"}, {"hand_size", "2"}, {"minglers", "1"}};
  for (const auto& [players, options] : {std::pair{5, large}, std::pair{2, short_rounds}, std::pair{5, short_rounds}}) {
    const auto check = [&](const GameState& g) {
      for (Seat s = 0; s < players; ++s) expect_fits(g, s, fmt::format("{} players", players));
    };
    auto game = played(players, 4, 1 << 20, check, options);
    ASSERT_TRUE(game->terminal());
  }
}

}  // namespace
}  // namespace court::belle
