// `court play` and `court replay` in a real terminal (tmux, tests/cli/tmux_support.h): what a person
// sees on the screen and in the scrollback, and what their keys do. What the screen should show is
// learnt from the same game played in this process (same seed, same seats, same moves).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli/cli_support.h"
#include "cli/tmux_support.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/text.h"

namespace court {
namespace {

using tmux::Pane;

std::string court(const std::string& args) { return std::string(COURT_BINARY) + " " + args; }

using cli_test::slurp;

std::string seat_list(const std::vector<std::string>& seats) {
  std::string out;
  for (const auto& s : seats) out += (out.empty() ? "" : ",") + s;
  return out;
}

// The game `court play GAME --seats ... --seed SEED` starts, here, run up to the first human's turn.
std::unique_ptr<Match> local_match(const std::string& game, const std::vector<std::string>& seats, std::uint64_t seed) {
  const GameEntry& entry = games().get(game);
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(static_cast<int>(seats.size()), {}));
  auto match = std::make_unique<Match>(entry, factory, seed, seats);
  match->run_bots();
  return match;
}

std::vector<std::string> legal_labels(const GameState& state, Seat seat) {
  ActionList legal;
  state.legal_actions(seat, legal);
  std::vector<std::string> out;
  for (Action a : legal) out.push_back(state.describe(seat, a));
  return out;
}

std::vector<std::string> hand_titles(const nlohmann::json& view) {
  std::vector<std::string> out;
  for (const auto& card : view.at("hand")) out.push_back(card.at("title").get<std::string>());
  return out;
}

bool draws_a_board(const std::string& game) { return games().get(game).info.board.draw != nullptr; }

// The last line of the screen that holds the prompt `seat N> `.
std::string prompt_line(const std::string& screen, Seat seat) {
  const std::string prompt = "seat " + std::to_string(seat) + "> ";
  const auto at = screen.rfind(prompt);
  if (at == std::string::npos) return "";
  return screen.substr(at, screen.find('\n', at) - at);
}

// The move number in the heading (`... · move K`), -1 when none is shown.
int heading_move(const std::string& screen) {
  static const std::regex heading(R"(· move (\d+))");
  std::smatch m;
  return std::regex_search(screen, m, heading) ? std::stoi(m[1]) : -1;
}

int line_count(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

const std::vector<std::string> kIntrigueAgainstBots = {"human", "heuristic", "heuristic"};

TEST(Terminal, TheFirstIntrigueScreenFitsAndShowsTheHandAndTheMoves) {
  ASSERT_TRUE(draws_a_board("intrigue"));
  const auto match = local_match("intrigue", kIntrigueAgainstBots, 7);
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7"));
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  const std::string screen = pane.screen();
  EXPECT_NE(screen.find("Intrigue · seat 0 to move · move 1"), std::string::npos) << "scrolled off:\n" << screen;
  EXPECT_LE(line_count(screen), 40);
  for (const std::string& title : hand_titles(match->state().view(0))) {
    EXPECT_NE(screen.find(title), std::string::npos) << title << " missing:\n" << screen;
  }
  EXPECT_TRUE(std::regex_search(screen, std::regex(R"(\b1\. \S)"))) << screen;
  EXPECT_EQ(screen.find('{'), std::string::npos) << screen;
}

// The shortest start of `label` that no other label or command starts (case ignored), or "" when none.
std::string unique_start(const std::string& label, const std::vector<std::string>& others) {
  for (std::size_t n = 3; n < label.size(); ++n) {
    const std::string start = lowered(label.substr(0, n));
    if (start.back() == ' ') continue;
    bool alone = true;
    for (const auto& other : others) alone = alone && (other == label || lowered(other).rfind(start, 0) != 0);
    if (alone) return label.substr(0, n);
  }
  return "";
}

TEST(Terminal, TabCompletesAMove) {
  const auto match = local_match("intrigue", kIntrigueAgainstBots, 7);
  std::vector<std::string> words = legal_labels(match->state(), 0);
  std::string label, start;
  words.insert(words.end(), {"help", "rules", "board", "log", "moves", "quit"});
  for (const auto& candidate : legal_labels(match->state(), 0)) {
    start = unique_start(candidate, words);
    if (!start.empty()) { label = candidate; break; }
  }
  ASSERT_FALSE(label.empty()) << "no move of seat 0 has a start of its own";
  const std::string save = testing::TempDir() + "terminal_tab.json";
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7 --save " + save));
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  pane.type(start);
  pane.press("Tab");
  ASSERT_TRUE(pane.wait_until([&](const std::string& s) { return prompt_line(s, 0) == "seat 0> " + label; }))
      << "typed '" << start << "', wanted '" << label << "':\n" << pane.screen();
  pane.press("Enter");
  ASSERT_TRUE(pane.wait_until([](const std::string& s) { return prompt_line(s, 0) == "seat 0> "; })) << pane.screen();
  pane.type_line("quit");
  ASSERT_TRUE(pane.wait_for("[exit 0]")) << pane.screen();
  const auto replay = nlohmann::json::parse(slurp(save));
  ASSERT_GE(replay["actions"].size(), 1u);
  EXPECT_EQ(replay["actions"][0]["move"], label);
}

TEST(Terminal, UpRecallsTheLastLine) {
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7"));
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  pane.type_line("help");
  ASSERT_TRUE(pane.wait_until([](const std::string& s) {
    return s.find("quit    leave the game") != std::string::npos && prompt_line(s, 0) == "seat 0> ";
  })) << pane.screen();
  pane.press("Up");
  EXPECT_TRUE(pane.wait_until([](const std::string& s) { return prompt_line(s, 0) == "seat 0> help"; }))
      << pane.screen();
}

// Seat 0's cards that seat 1's view never names: what the handover must hide.
std::vector<std::string> secrets_of_seat_0(const Match& match) {
  const std::string seen_by_1 = match.state().view(1).dump();
  std::vector<std::string> out;
  for (const std::string& title : hand_titles(match.state().view(0))) {
    if (seen_by_1.find(title) == std::string::npos) out.push_back(title);
  }
  return out;
}

TEST(Terminal, AHotSeatHandoverHidesThePreviousHand) {
  const std::vector<std::string> seats = {"human", "human", "heuristic"};
  auto match = local_match("intrigue", seats, 7);
  ActionList legal;
  match->state().legal_actions(0, legal);
  ASSERT_FALSE(match->play(0, legal[0]));
  match->run_bots();
  ASSERT_TRUE(match->state().to_act().contains(1)) << "seat 1 is not next: choose another seed";
  const std::vector<std::string> secrets = secrets_of_seat_0(*match);
  ASSERT_FALSE(secrets.empty());

  Pane pane(court("play intrigue --seats " + seat_list(seats) + " --seed 7"));
  ASSERT_TRUE(pane.wait_for("Seat 0: your turn. Make sure only you can see the screen, then press Enter."))
      << pane.screen();
  pane.press("Enter");
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  for (const auto& title : secrets) ASSERT_NE(pane.everything().find(title), std::string::npos) << title;
  pane.type_line(secrets[0] + " zzz");   // not a move, but in seat 0's history
  pane.type_line("1");
  ASSERT_TRUE(pane.wait_for("Seat 1: your turn. Make sure only you can see the screen, then press Enter."))
      << pane.screen();
  pane.press("Up");    // neither recalls nor completes what seat 0 typed or could play
  pane.press("Up");
  pane.press("Tab");
  pane.type("quit");   // a marker: once it shows, Up and Tab have been handled
  ASSERT_TRUE(pane.wait_for("press Enter.quit")) << pane.screen();
  const std::string screen = pane.screen(), scrollback = pane.everything();
  for (const auto& title : secrets) {
    EXPECT_EQ(screen.find(title), std::string::npos) << title << " on the screen:\n" << screen;
    EXPECT_EQ(scrollback.find(title), std::string::npos) << title << " in the scrollback:\n" << scrollback;
  }
}

// Plays seat 0's first listed move at every turn until the game ends; the screen of the ending.
std::string play_first_moves_to_the_end(const Pane& pane) {
  int last_move = -1;
  for (int turn = 0; turn < 1000; ++turn) {
    const bool ready = pane.wait_until([&](const std::string& s) {
      return s.find("Game over after") != std::string::npos ||
             (heading_move(s) != last_move && prompt_line(s, 0) == "seat 0> ");
    });
    const std::string screen = pane.screen();
    if (!ready || screen.find("Game over after") != std::string::npos) return screen;
    last_move = heading_move(screen);
    pane.type_line("1");
  }
  return pane.screen();
}

TEST(Terminal, ThePersuasionEndingShowsEveryHandAndDominantSymbols) {
  ASSERT_TRUE(draws_a_board("persuasion"));
  const std::vector<std::string> seats = {"human", "heuristic", "heuristic"};
  auto match = local_match("persuasion", seats, 5);
  while (!match->state().terminal()) {
    ActionList legal;
    match->state().legal_actions(0, legal);
    ASSERT_FALSE(match->play(0, legal[0]));
    match->run_bots();
  }
  Pane pane(court("play persuasion --seats " + seat_list(seats) + " --seed 5"));
  const std::string ending = play_first_moves_to_the_end(pane);
  ASSERT_NE(ending.find("Game over after " + std::to_string(match->steps()) + " moves."), std::string::npos) << ending;
  const nlohmann::json matrimony = match->state().view(0).at("matrimony");
  ASSERT_EQ(matrimony.size(), seats.size());
  for (const auto& seat : matrimony) {
    const std::string who = "Seat " + seat.at("seat").dump();   // its line: "Seat 1: hand #42 #26 ..."
    std::size_t at = ending.find("\n" + who);
    while (at != std::string::npos && tmux::line_with(ending.substr(at + 1), who).find("hand") == std::string::npos) {
      at = ending.find("\n" + who, at + 1);
    }
    ASSERT_NE(at, std::string::npos) << who << ":\n" << ending;
    const std::string hand = tmux::line_with(ending.substr(at + 1), who);
    for (const auto& card : seat.at("traits")) {   // card numbers as the board writes them: #08
      EXPECT_TRUE(std::regex_search(hand, std::regex("#0*" + card.at("id").dump() + "\\b")))
          << who << " card " << card["id"] << ":\n" << ending;
    }
    std::string dominant = lowered(tmux::line_with(ending.substr(at), "dominant"));
    for (const auto& symbol : seat.at("dominant")) {
      const std::string sign = symbol.at("sign").get<int>() > 0 ? "+" : "-";
      EXPECT_NE(dominant.find(sign + symbol.at("symbol").get<std::string>()), std::string::npos)
          << who << " " << symbol << ":\n" << ending;
    }
  }
}

TEST(Terminal, AGameshirePlacementTypedShortIsPreviewedThenConfirmed) {
  ASSERT_TRUE(games().get("gameshire").info.board.shorthand);
  Pane pane(court("play gameshire --seats human,heuristic --seed 7"));
  static const std::regex shorthand(R"(\[([A-Z]\d+ r\d[^\]]*)\])");
  std::smatch found;
  std::string screen;
  int last_move = -1;
  for (int turn = 0; turn < 100; ++turn) {
    ASSERT_TRUE(pane.wait_until([&](const std::string& s) {
      return heading_move(s) != last_move && prompt_line(s, 0) == "seat 0> ";
    })) << pane.screen();
    screen = pane.screen();
    if (std::regex_search(screen, found, shorthand)) break;
    last_move = heading_move(screen);
    pane.type_line("1");
  }
  ASSERT_FALSE(found.empty()) << "no placement reached:\n" << screen;
  const std::string typed = found[1];
  const int before = heading_move(screen);
  pane.type_line(typed);
  ASSERT_TRUE(pane.wait_for("Play this move? [y/n]")) << pane.screen();
  EXPECT_NE(pane.screen().find("preview"), std::string::npos) << pane.screen();
  pane.type_line("n");
  ASSERT_TRUE(pane.wait_until([](const std::string& s) { return prompt_line(s, 0) == "seat 0> "; })) << pane.screen();
  EXPECT_EQ(heading_move(pane.screen()), before) << "n played the move:\n" << pane.screen();
  pane.type_line(typed);
  ASSERT_TRUE(pane.wait_for("Play this move? [y/n]")) << pane.screen();
  pane.type_line("y");
  EXPECT_TRUE(pane.wait_until([&](const std::string& s) {
    return heading_move(s) > before || s.find("Game over") != std::string::npos;
  })) << pane.screen();
}

// Persuasion's short forms (`s1 21`) draw nothing new on the board, so they are played at once.
TEST(Terminal, AShortFormTheBoardCannotShowIsPlayedWithoutAPreview) {
  ASSERT_TRUE(games().get("persuasion").info.board.shorthand);
  Pane pane(court("play persuasion --seats human,heuristic,heuristic --seed 5"));
  ASSERT_TRUE(pane.wait_until([](const std::string& s) { return prompt_line(s, 0) == "seat 0> "; })) << pane.screen();
  const std::string screen = pane.screen();
  static const std::regex shorthand(R"(\[([a-z]+\d*(?: \d+)?)\])");
  std::smatch found;
  ASSERT_TRUE(std::regex_search(screen, found, shorthand)) << screen;
  const int before = heading_move(screen);
  pane.type_line(found[1]);
  ASSERT_TRUE(pane.wait_until([&](const std::string& s) {
    return heading_move(s) > before || s.find("Play this move?") != std::string::npos;
  })) << pane.screen();
  EXPECT_EQ(pane.screen().find("Play this move?"), std::string::npos) << pane.screen();
}

TEST(Terminal, QuitSavesAndLeaves) {
  const std::string save = testing::TempDir() + "terminal_quit.json";
  std::remove(save.c_str());
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7 --save " + save));
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  pane.type_line("quit");
  ASSERT_TRUE(pane.wait_for("[exit 0]")) << pane.screen();
  EXPECT_NE(pane.screen().find("You left the game after 0 moves."), std::string::npos) << pane.screen();
  EXPECT_NE(pane.screen().find("replay saved to " + save), std::string::npos) << pane.screen();
  EXPECT_EQ(nlohmann::json::parse(slurp(save))["actions"].size(), 0u);
}

bool has_escapes(const std::string& text) { return text.find("\033[") != std::string::npos; }

TEST(Terminal, ATerminalGetsColour) {
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7"));
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  EXPECT_TRUE(has_escapes(pane.screen_with_escapes()));
}

TEST(Terminal, NoColorGivesNoEscapeCodes) {
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7"), {.env = {"NO_COLOR=1"}});
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  EXPECT_FALSE(has_escapes(pane.screen_with_escapes())) << pane.screen_with_escapes();
}

TEST(Terminal, PlainGivesNoEscapeCodesAndThePipedListing) {
  Pane pane(court("play intrigue --plain --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7"));
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  EXPECT_FALSE(has_escapes(pane.screen_with_escapes())) << pane.screen_with_escapes();
  EXPECT_NE(pane.everything().find("=== Seat 0 to move ==="), std::string::npos) << pane.everything();
}

TEST(Terminal, AnEightyByTwentyFourWindowShrinksTheMenuAndKeepsThePrompt) {
  ASSERT_TRUE(draws_a_board("intrigue"));
  Pane pane(court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7"), {.width = 80, .height = 24});
  ASSERT_TRUE(pane.wait_for("seat 0> ")) << pane.screen();
  EXPECT_NE(pane.screen().find("more: `moves` lists them all"), std::string::npos) << pane.screen();
}

TEST(Terminal, ReplayStepsOneMovePerEnterAndQStops) {
  const std::string save = testing::TempDir() + "terminal_replay.json";
  std::ofstream(testing::TempDir() + "terminal_replay_moves.txt") << "1\n1\n1\n";
  const std::string play = court("play intrigue --seats " + seat_list(kIntrigueAgainstBots) + " --seed 7 --save " +
                                 save + " < " + testing::TempDir() + "terminal_replay_moves.txt > /dev/null 2>&1");
  ASSERT_NE(std::system(play.c_str()), -1);   // input ends after three moves; the replay is saved
  const auto replay = nlohmann::json::parse(slurp(save));
  const std::size_t moves = replay["actions"].size();
  ASSERT_GE(moves, 2u);
  Pane pane(court("replay " + save + " --seat 0"));
  ASSERT_TRUE(pane.wait_for_anywhere("move 0 of " + std::to_string(moves) + " (the start), as seat 0 saw it"))
      << pane.everything();
  pane.press("Enter");
  ASSERT_TRUE(pane.wait_for_anywhere("move 1 of " + std::to_string(moves) + ", as seat 0 saw it")) << pane.everything();
  pane.type_line("q");
  ASSERT_TRUE(pane.wait_for("[exit 0]")) << pane.screen();
  EXPECT_NE(pane.screen().find("replay verified: " + std::to_string(moves) + " moves"), std::string::npos)
      << pane.screen();
}

}  // namespace
}  // namespace court
