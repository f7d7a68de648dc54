// Persuasion's terminal board, both editions (persuasion-shared/board_common.h; docs/rules/persuasion.md
// and docs/rules/persuasion-classic.md, "At the terminal"): drawn from real positions, it shows the
// seat's own cards in words and nothing of another seat's hidden cards, and the ending reveals every
// hand, the dominant symbols, the matches and why each seat won or lost.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "engine/board.h"
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/board_common.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion/game.h"
#include "persuasion_test_support.h"

namespace court::persuasion {
namespace {

using nlohmann::json;
namespace classic = court::persuasion_classic;

using Letterbox = test_support::ScenarioGame<LetterboxState, MoveCode>;
using Classic = test_support::ScenarioGame<classic::ClassicState, classic::MoveCode>;

const PersuasionDeck& deck() {
  static const PersuasionDeck d = load_deck("");
  return d;
}

// The label of the card printed `number` ("#07 +Title -Mystery +Romance").
std::string label(int number) { return deck().trait_label(static_cast<CardId>(number - 1)); }
std::string label_of(CardId c) { return deck().trait_label(c); }
std::string number_of(CardId c) { return fmt::format("#{:02}", deck().cards[c].id); }

Letterbox letterbox(int seats, json scenario) {
  return test_support::scenario_game_for<Letterbox>("persuasion", seats, scenario);
}

Classic classic_game(int seats, const json& scenario) {
  return test_support::scenario_game_for<Classic>("persuasion-classic", seats, scenario);
}

// A letterbox game at round 1's Mail Intentions: seat t holds `hand` cards numbered from 1 + t * hand.
Letterbox letterbox_at_intentions(int seats, int hand) {
  json scenario = test_support::consecutive_scenario(seats, hand);
  scenario["skip_introductions"] = true;
  return letterbox(seats, scenario);
}

Board board_of(const GameState& g, Seat seat) {
  Board board;
  g.info().board.draw(g.view(seat), nullptr, board);
  return board;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The first line starting with `prefix` (empty when none).
std::string line_starting(const std::string& text, const std::string& prefix) {
  for (const std::string& line : lines_of(text)) if (line.rfind(prefix, 0) == 0) return line;
  return "";
}

std::string line_containing(const std::string& text, const std::string& part) {
  for (const std::string& line : lines_of(text)) if (line.find(part) != std::string::npos) return line;
  return "";
}

// The limits of engine/board.h for every seat's board of `g`.
void expect_fits(const GameState& g, const std::string& where) {
  const int height = g.terminal() ? kEndingHeight : kBoardHeight;
  for (Seat seat = 0; seat < g.num_seats(); ++seat) {
    const Board board = board_of(g, seat);
    const auto lines = board.lines();
    EXPECT_LE(static_cast<int>(lines.size()), height) << where << ", seat " << seat << ":\n" << board.plain();
    for (const std::string& line : lines_of(board.plain())) {
      EXPECT_LE(Board::columns(line), kBoardWidth) << where << ", seat " << seat << ": " << line;
    }
  }
}

// A seeded game of `id` played with random legal moves, checking every board on the way; returns the
// position after `steps` moves (or the end).
std::unique_ptr<GameState> random_game(const std::string& id, int seats, std::uint64_t seed, int steps) {
  auto f = test_support::factory_for(id, seats);
  auto g = f->new_game(seed);
  Rng rng = make_rng(seed);
  for (int step = 0; step < steps && !g->terminal(); ++step) {
    for (Seat seat : g->to_act()) {
      ActionList legal;
      g->legal_actions(seat, legal);
      g->apply(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
      if (g->terminal()) break;
    }
    expect_fits(*g, fmt::format("{} at {} players, seed {}, step {}", id, seats, seed, step));
  }
  return g;
}

// --- During play -------------------------------------------------------------------------------------

TEST(PersuasionBoard, ShowsYourHandAndDesiresCardInWords) {
  Letterbox game = letterbox_at_intentions(3, 10);
  const std::string text = board_of(*game.g, 0).plain();
  for (int n = 1; n <= 10; ++n) EXPECT_NE(text.find(label(n)), std::string::npos) << label(n) << "\n" << text;
  const TraitCard& desires = deck().cards[30];
  const std::string wants = fmt::format("desires #31: {} and {}", deck().signed_name(desires.desire[0]),
                                        deck().signed_name(desires.desire[1]));
  EXPECT_NE(text.find(wants), std::string::npos) << text;
  EXPECT_NE(text.find("You win if your fiance has both dominant"), std::string::npos) << text;
}

TEST(PersuasionBoard, ShowsNothingOfAnotherSeatsHiddenCards) {
  Letterbox game = letterbox_at_intentions(3, 10);
  const std::string text = board_of(*game.g, 0).plain();
  for (int n = 11; n <= 30; ++n) EXPECT_EQ(text.find(fmt::format("#{:02}", n)), std::string::npos) << n << "\n" << text;
  for (int n = 32; n <= 33; ++n) EXPECT_EQ(text.find(fmt::format("#{:02}", n)), std::string::npos) << n << "\n" << text;
}

// Your row's totals stand right-aligned under the symbols' names of the header.
TEST(PersuasionBoard, YourSymbolTotalsStandUnderTheSymbolNames) {
  Letterbox game = letterbox_at_intentions(3, 10);
  const std::string text = board_of(*game.g, 0).plain();
  const std::string header = line_containing(text, "status");
  const std::string yours = line_starting(text, "Seat 0 (you)");
  const SymbolTally tally = tally_of(deck(), game.s().table().hands[0]);
  for (int s = 0; s < kSymbols; ++s) {
    const std::string& name = deck().symbols[s].name;
    const std::size_t end = header.find(" " + name + " ") + 1 + name.size();
    const int n = tally.total[s];
    const std::string number = n > 0 ? fmt::format("+{}", n) : fmt::format("{}", n);
    ASSERT_GE(yours.size(), end) << yours;
    EXPECT_EQ(yours.substr(end - number.size(), number.size()), number) << name << "\n" << header << "\n" << yours;
    EXPECT_EQ(yours[end - number.size() - 1], ' ') << name << "\n" << yours;
  }
}

// Introductions: the card you chose to show a seat stands on its row; the other seats are "choosing".
TEST(PersuasionBoard, IntroductionsShowWhatYouChoseAndWhoIsStillChoosing) {
  Letterbox game = letterbox(3, test_support::consecutive_scenario(3, 10));
  const CardId shown = game.card(0, 4);
  game.play(0, MoveCode{Move::Show, 1, shown});
  const std::string text = board_of(*game.g, 0).plain();
  EXPECT_NE(line_starting(text, "Seat 1 ").find("you show " + number_of(shown)), std::string::npos) << text;
  EXPECT_NE(line_starting(text, "Seat 2 ").find("choosing"), std::string::npos) << text;
}

// Correspondence: the inviter sees the reply on the replier's row (and holds it in the spreadsheet);
// a proposal to you waits on its sender's row, its card in words.
TEST(PersuasionBoard, ShowsTheReplyYouLearnedAndTheProposalWaitingForYou) {
  Letterbox game = letterbox_at_intentions(3, 10);
  const CardId ring = game.card(2, 1);
  game.play(0, MoveCode{Move::Invite, 1, game.card(0, 0)});
  game.play(1, MoveCode{Move::Reflect});
  game.play(2, MoveCode{Move::Propose, 1, ring});
  game.play(1, MoveCode{Move::KeepNone});
  ASSERT_EQ(game.s().phase(), Phase::Correspondence);
  const std::string before = board_of(*game.g, 1).plain();
  EXPECT_NE(line_starting(before, "Seat 2 ").find("proposal to you: undecided"), std::string::npos) << before;
  EXPECT_NE(before.find("proposal " + label_of(ring)), std::string::npos) << before;
  EXPECT_NE(line_starting(before, "Seat 0 ").find("invitation to you: undecided"), std::string::npos) << before;

  const CardId reply = game.card(1, 3);
  game.play(1, MoveCode{Move::Accept, 0, reply});
  const std::string text = board_of(*game.g, 0).plain();
  EXPECT_NE(line_starting(text, "Seat 0 (you)").find("invitation to Seat 1: accepted"), std::string::npos) << text;
  EXPECT_NE(text.find("reply " + label_of(reply)), std::string::npos) << text;
  EXPECT_NE(text.find(label_of(game.card(0, 0)) + "*"), std::string::npos) << "the mailed card is marked\n" << text;
  EXPECT_EQ(line_starting(text, "Seat 1 ").rfind("Seat 1 to act", 0), 0u) << "seat 1 still decides the proposal\n" << text;
}

// Reflection: the two drawn cards stand under your hand.
TEST(PersuasionBoard, ReflectionShowsTheDrawnCards) {
  json scenario = test_support::consecutive_scenario(3, 10);
  scenario["skip_introductions"] = true;
  scenario["deck"] = {40, 41};
  Letterbox game = letterbox(3, scenario);
  game.play(0, MoveCode{Move::Reflect});
  game.play(1, MoveCode{Move::Invite, 2, game.card(1, 0)});
  game.play(2, MoveCode{Move::Invite, 1, game.card(2, 0)});
  ASSERT_EQ(game.s().phase(), Phase::Reflection);
  const std::string drew = line_starting(board_of(*game.g, 0).plain(), "  drew");
  EXPECT_NE(drew.find(label(40)), std::string::npos) << drew;
  EXPECT_NE(drew.find(label(41)), std::string::npos) << drew;
  EXPECT_EQ(line_starting(board_of(*game.g, 1).plain(), "  drew"), "");
}

// A spectator sees the table and the letters, no hand and no desires card.
TEST(PersuasionBoard, SpectatorSeesNoHandNorDesires) {
  Letterbox game = letterbox_at_intentions(3, 10);
  game.play(0, MoveCode{Move::Invite, 1, game.card(0, 0)});
  game.play(1, MoveCode{Move::Invite, 2, game.card(1, 0)});
  game.play(2, MoveCode{Move::Invite, 0, game.card(2, 0)});
  Board board;
  game.g->info().board.draw(game.g->view(kSpectator), nullptr, board);
  const std::string text = board.plain();
  EXPECT_EQ(text.find("desires"), std::string::npos) << text;
  EXPECT_EQ(text.find("  hand"), std::string::npos) << text;
  EXPECT_NE(line_starting(text, "Seat 0 ").find("invitation to Seat 1: undecided"), std::string::npos) << text;
  for (int n = 1; n <= 30; ++n) EXPECT_EQ(text.find(label(n)), std::string::npos) << label(n) << "\n" << text;
}

TEST(PersuasionBoard, FitsTheTerminalAtThreeAndEightPlayers) {
  for (const char* id : {"persuasion", "persuasion-classic"}) {
    for (int seats : {3, 8}) {
      for (std::uint64_t seed : {3u, 11u}) random_game(id, seats, seed, 400);
    }
  }
}

// --- The ending --------------------------------------------------------------------------------------

// Seats 0 and 1 engaged, seat 2 independent: Matrimony at once.
json ending_scenario(int seats, int hand) {
  json scenario = test_support::consecutive_scenario(seats, hand);
  scenario["engaged"] = {{0, 1}};
  json independent = json::array();
  for (int s = 2; s < seats; ++s) independent.push_back(s);
  scenario["independent"] = independent;
  return scenario;
}

// Per seat: `Seat N: hand <cards>` (or `Seat N (you): hand`), then `  dominant <symbols> · desires <card>`,
// then whom it married and whether it won.
void expect_every_hand_revealed(const std::string& text, const CardsInPlay& table, Seat you) {
  const auto lines = lines_of(text);
  for (Seat s = 0; s < table.seats; ++s) {
    const std::string head = s == you ? fmt::format("Seat {} (you): hand ", s) : fmt::format("Seat {}: hand ", s);
    auto at = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(head, 0) == 0; });
    ASSERT_NE(at, lines.end()) << head << "\n" << text;
    for (CardId c : table.hands[s]) EXPECT_NE(at->find(number_of(c)), std::string::npos) << number_of(c) << " " << *at;
    ASSERT_LT(at + 2, lines.end());
    EXPECT_EQ((at + 1)->rfind("  dominant ", 0), 0u) << *(at + 1);
    EXPECT_NE((at + 1)->find("desires " + number_of(table.desires[s])), std::string::npos) << *(at + 1);
    EXPECT_NE((at + 2)->find("win"), std::string::npos) << *(at + 2);
  }
}

TEST(PersuasionBoardEnding, RevealsEveryHandDominantSymbolsAndDesires) {
  Letterbox game = letterbox(3, ending_scenario(3, 10));
  ASSERT_TRUE(game.g->terminal());
  const std::string text = board_of(*game.g, 2).plain();
  expect_every_hand_revealed(text, game.s().table(), 2);
  for (int n = 1; n <= 30; ++n) EXPECT_NE(text.find(label(n)), std::string::npos) << "the glossary names " << label(n);
}

// The dominant line lists the hand's dominant symbols as scoring.h counts them.
TEST(PersuasionBoardEnding, DominantLineListsTheHandsDominantSymbols) {
  Letterbox game = letterbox(3, ending_scenario(3, 10));
  const std::string text = board_of(*game.g, 0).plain();
  const auto lines = lines_of(text);
  auto head = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("Seat 1: hand", 0) == 0; });
  ASSERT_NE(head, lines.end()) << text;
  const SymbolTally tally = tally_of(deck(), game.s().table().hands[1]);
  std::string dominant = "  dominant";
  for (int s = 0; s < kSymbols; ++s) {
    const int sign = tally.dominant(static_cast<Symbol>(s));
    if (sign != 0) dominant.append(" ").append(deck().signed_name({static_cast<Symbol>(s), static_cast<std::int8_t>(sign)}));
  }
  if (dominant == "  dominant") dominant += " none";
  EXPECT_EQ((head + 1)->rfind(dominant + " · desires", 0), 0u) << dominant << "\n" << *(head + 1);
}

// The matches and the reasons: the engaged say whom they married and what that seat has of their
// desires; the independent whether anybody else satisfies them; the winners head the ending.
TEST(PersuasionBoardEnding, SaysWhomEachSeatMarriedAndWhyItWonOrLost) {
  Letterbox game = letterbox(4, ending_scenario(4, 9));
  ASSERT_TRUE(game.g->terminal());
  const std::string text = board_of(*game.g, 0).plain();
  const auto lines = lines_of(text);
  std::vector<std::string> winners;
  for (Seat s = 0; s < 4; ++s) {
    auto head = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) {
      return l.rfind(fmt::format("Seat {}", s), 0) == 0 && l.find(": hand") != std::string::npos;
    });
    ASSERT_NE(head, lines.end()) << text;
    const std::string& result = *(head + 2);
    const bool won = game.s().won(s);
    EXPECT_TRUE(result.ends_with(won ? ": wins" : ": does not win")) << result;
    if (won) winners.push_back(s == 0 ? "Seat 0 (you)" : fmt::format("Seat {}", s));
    const std::string married = s == 0 ? "engaged to Seat 1, who has" : s == 1 ? "engaged to you, who has" : "independent, ";
    EXPECT_EQ(result.rfind("  " + married, 0), 0u) << result;
  }
  const std::string verdict = lines_of(text)[1];
  if (winners.empty()) {
    EXPECT_EQ(verdict, "Nobody wins.");
  }
  for (const std::string& w : winners) EXPECT_NE(verdict.find(w), std::string::npos) << verdict;
}

// An independent seat beaten by the viewer reads "but you have", never "but you has" (seen at the
// terminal in a character-card game); random endings of both editions, every viewer.
TEST(PersuasionBoardEnding, TheReasonAgreesWithYouAsItsSubject) {
  int you_have = 0;
  for (const std::string id : {"persuasion", "persuasion-classic"}) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      auto g = random_game(id, 3, seed, 400);
      if (!g->terminal()) continue;
      for (Seat viewer = 0; viewer < 3; ++viewer) {
        const std::string text = board_of(*g, viewer).plain();
        EXPECT_EQ(text.find("you has"), std::string::npos) << id << " seed " << seed << "\n" << text;
        you_have += text.find("but you have") != std::string::npos;
      }
    }
  }
  EXPECT_GT(you_have, 0) << "no ending had an independent seat beaten by the viewer";
}

TEST(PersuasionBoardEnding, AnAvailableSeatCannotWin) {
  json scenario = test_support::consecutive_scenario(3, 10);
  scenario["engaged"] = {{0, 1}};
  Letterbox game = letterbox(3, scenario);
  ASSERT_TRUE(game.g->terminal());
  const std::string text = board_of(*game.g, 0).plain();
  const auto lines = lines_of(text);
  auto head = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("Seat 2: hand", 0) == 0; });
  ASSERT_NE(head, lines.end()) << text;
  EXPECT_EQ(*(head + 2), "  still available (an available player cannot win): does not win");
}

// Up to seven players the ending also lists every revealed card in words.
TEST(PersuasionBoardEnding, NamesEveryRevealedCardInWordsUpToSevenPlayers) {
  Letterbox game = letterbox(7, ending_scenario(7, 6));
  ASSERT_TRUE(game.g->terminal());
  expect_fits(*game.g, "letterbox ending at 7 players");
  const std::string text = board_of(*game.g, 0).plain();
  for (int n = 1; n <= 42; ++n) EXPECT_NE(text.find(label(n)), std::string::npos) << label(n) << "\n" << text;
}

TEST(PersuasionBoardEnding, FitsAtEightPlayers) {
  Letterbox game = letterbox(8, ending_scenario(8, 5));
  ASSERT_TRUE(game.g->terminal());
  expect_fits(*game.g, "letterbox ending at 8 players");
  expect_every_hand_revealed(board_of(*game.g, 7).plain(), game.s().table(), 7);
}

// --- The character-card edition ------------------------------------------------------------------------

TEST(PersuasionClassicBoard, ShowsYourTraitsAndTheTwoOfThreeYouDesire) {
  Classic game = classic_game(3, test_support::consecutive_scenario(3, 5));
  const std::string text = board_of(*game.g, 1).plain();
  for (int n = 6; n <= 10; ++n) EXPECT_NE(text.find(label(n)), std::string::npos) << label(n) << "\n" << text;
  for (int n : {1, 5, 11, 15}) EXPECT_EQ(text.find(fmt::format("#{:02}", n)), std::string::npos) << n << "\n" << text;
  const TraitCard& desires = deck().cards[16];
  const std::string wants = fmt::format("desires #17: {}, {}, {}", deck().signed_name(desires.border[0]),
                                        deck().signed_name(desires.border[1]), deck().signed_name(desires.border[2]));
  EXPECT_NE(text.find(wants), std::string::npos) << text;
  EXPECT_NE(text.find("You win if your fiance has 2 of them dominant"), std::string::npos) << text;
}

TEST(PersuasionClassicBoard, RevealedIntentionsStandOnTheirSendersRows) {
  Classic game = classic_game(3, test_support::consecutive_scenario(3, 5));
  game.play(0, classic::MoveCode{classic::Move::Invite, 1, game.card(0, 0)});
  game.play(1, classic::MoveCode{classic::Move::Propose, 2, game.card(1, 0)});
  game.play(2, classic::MoveCode{classic::Move::Invite, 0, game.card(2, 0)});
  const std::string text = board_of(*game.g, 0).plain();
  EXPECT_NE(line_starting(text, "Seat 0 (you)").find("invitation to Seat 1: undecided"), std::string::npos) << text;
  EXPECT_NE(line_starting(text, "Seat 1 ").find("proposal to Seat 2: undecided"), std::string::npos) << text;
  EXPECT_NE(line_starting(text, "Seat 2 ").find("invitation to you: undecided"), std::string::npos) << text;
  EXPECT_EQ(text.find(number_of(game.card(1, 0))), std::string::npos) << "seat 1's shared trait is hidden\n" << text;
}

TEST(PersuasionClassicBoardEnding, RevealsEveryHandAndNeedsTwoOfThree) {
  Classic game = classic_game(3, ending_scenario(3, 5));
  ASSERT_TRUE(game.g->terminal());
  const std::string text = board_of(*game.g, 0).plain();
  expect_every_hand_revealed(text, game.s().table(), 0);
  EXPECT_NE(line_starting(text, "  dominant").find("desires #16: 2 of "), std::string::npos) << text;
  Classic eight = classic_game(8, ending_scenario(8, 5));
  expect_fits(*eight.g, "classic ending at 8 players");
}

// --- Shorthand ---------------------------------------------------------------------------------------

TEST(PersuasionShorthand, NamesKindSeatAndCard) {
  EXPECT_EQ(persuasion_shorthand({{"kind", "propose"}, {"seat", 2}, {"card", 7}}), "p2 7");
  EXPECT_EQ(persuasion_shorthand({{"kind", "accept"}, {"seat", 1}, {"card", 12}, {"mail", "invitation"}}), "a1 12");
  EXPECT_EQ(persuasion_shorthand({{"kind", "swap"}, {"discard", 7}, {"keep", 41}}), "k41 7");
  EXPECT_EQ(persuasion_shorthand({{"kind", "reject"}, {"seat", 2}, {"mail", "proposal"}}), "x2");
  EXPECT_EQ(persuasion_shorthand({{"kind", "independence"}}), "ind");
  EXPECT_EQ(persuasion_shorthand({{"kind", "discard"}, {"card", 7}}), "d7");
}

TEST(PersuasionShorthand, UniqueAmongEachSeatsLegalMoves) {
  for (const char* id : {"persuasion", "persuasion-classic"}) {
    auto f = test_support::factory_for(id, 4);
    auto g = f->new_game(5);
    Rng rng = make_rng(5);
    for (int step = 0; step < 200 && !g->terminal(); ++step) {
      for (Seat seat : g->to_act()) {
        ActionList legal;
        g->legal_actions(seat, legal);
        std::set<std::string> seen;
        for (Action a : legal) {
          const std::string s = g->info().board.shorthand(g->parts(seat, a));
          EXPECT_FALSE(s.empty()) << g->describe(seat, a);
          EXPECT_TRUE(seen.insert(s).second) << id << ": two moves are '" << s << "'";
        }
        g->apply(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
        if (g->terminal()) break;
      }
    }
  }
}

}  // namespace
}  // namespace court::persuasion
