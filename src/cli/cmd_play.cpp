// court play GAME: a game in the terminal. On a terminal each turn is one screen: the seat's board, the
// last lines of its log and its moves grouped by kind, typed with line editing (Tab, Up), and people
// sharing a keyboard hand over behind a cleared screen. Piped, or with --plain, the moves are numbered
// lines and each typed line is echoed, so a game can be scripted end to end.
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/line_reader.h"
#include "cli/move_menu.h"
#include "cli/terminal.h"
#include "engine/data.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/text.h"

namespace court::cli {
namespace {

struct PlayArgs {
  GameArgs game;
  std::string scenario;
  std::string save;
  bool plain = false;
};

constexpr std::size_t kRecentOnScreen = 4;   // log lines under the board on a terminal
constexpr std::size_t kRecentPiped = 8;      // log lines before the moves, piped, with several people
const std::vector<std::string> kCommands = {"help", "rules", "board", "log", "moves", "quit"};

constexpr const char* kHelp =
    "Type a move's number, its text or the start of its text (Tab completes it), or the short form shown\n"
    "in [brackets] beside it; where the board can show such a move, it does before you confirm it.\n"
    "Up and Down recall what you typed. Commands:\n"
    "  board   draw the board and the moves again\n"
    "  moves   list every legal move\n"
    "  log     everything you have seen happen in this game\n"
    "  rules   the rules of the game\n"
    "  quit    leave the game (with --save the replay is written)\n";

// Follows one view's log and prints the lines not printed yet.
class LogFollower {
 public:
  void print_new(const nlohmann::json& view) {
    for (const auto& line : log_lines(view, printed_)) fmt::print("  {}\n", line);
    printed_ = log_total(view);
  }

 private:
  std::size_t printed_ = 0;
};

std::vector<std::string> recent_lines(const nlohmann::json& view, std::size_t count) {
  const std::size_t total = log_total(view);
  return log_lines(view, total > count ? total - count : 0);
}

int line_count(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

enum class Turn { moved, input_ended, left };

class TerminalTable {
 public:
  TerminalTable(Match& match, const Terminal& terminal, LineReader& reader)
      : match_(match), terminal_(terminal), reader_(reader), echo_(!isatty(STDIN_FILENO)) {
    for (Seat s = 0; s < match.state().num_seats(); ++s) if (match.is_human(s)) humans_.push_back(s);
    // One human: the table shows that seat's view. None: a spectator's. Several: public facts
    // between moves, and each human's own view only after they confirm they are at the screen.
    table_viewer_ = humans_.size() == 1 ? humans_[0] : kSpectator;
  }

  // Plays until the game ends (moved), input ends or a person leaves.
  Turn play() {
    while (!match_.state().terminal()) {
      match_.run_bots([&](Seat, Action) { follow_log(); });
      if (match_.state().terminal()) break;
      for (Seat seat : match_.state().to_act()) {
        if (!match_.state().to_act().contains(seat) || !match_.is_human(seat)) continue;
        if (const Turn turn = human_turn(seat); turn != Turn::moved) return turn;
        // What this seat saw leaves the screen at once, also while bots think.
        if (humans_.size() > 1) terminal_.clear_all();
        follow_log();
        break;  // let bots and other seats move in the state's own order
      }
    }
    follow_log();
    return Turn::moved;
  }

  // The final board of the first human (a spectator's when none), then the outcome. On a terminal a
  // heading and the last log lines come too, when they fit above the outcome.
  void show_ending() const {
    const nlohmann::json view = match_.state().view(humans_.empty() ? kSpectator : humans_.front());
    const std::string board = board_text(match_.state().info(), view, terminal_);
    const std::string outcome = fmt::format("\nGame over after {} moves.\n{}", match_.steps(),
                                            render_outcome(match_.state().outcome().to_json()));
    if (!terminal_.interactive() || humans_.empty()) {
      fmt::print("{}{}", board, outcome);
      return;
    }
    const int lines_after = 2;   // the seed, "replay saved to"
    int spare = terminal_.rows() - line_count(board) - line_count(outcome) - lines_after;
    terminal_.clear_screen();
    if (spare >= 2) {
      fmt::print("{}\n\n", terminal_.ink(fmt::format("{} · the end", match_.state().info().title), Ink::mark));
      spare -= 2;
    }
    const std::size_t recent = spare >= 2 ? std::min<std::size_t>(kRecentOnScreen, spare - 1) : 0;
    fmt::print("{}{}{}", board, recent_text(view, board, recent), outcome);
  }

 private:
  Turn human_turn(Seat seat) {
    if (needs_handover(seat) && !hand_over(seat)) return Turn::input_ended;
    last_human_ = seat;
    reader_.use_history(seat);
    ActionList legal;
    match_.state().legal_actions(seat, legal);
    const MoveMenu menu = menu_of(match_.state(), seat, legal);
    std::vector<std::string> words = menu.words();
    words.insert(words.end(), kCommands.begin(), kCommands.end());
    reader_.complete_from(std::move(words));
    show_turn(seat, menu);
    for (;;) {
      const auto line = reader_.read(terminal_.prompt(fmt::format("seat {}> ", seat)));
      if (!line) return Turn::input_ended;
      if (echo_) fmt::print("{}\n", printable(*line));
      const std::string typed = trimmed(*line);
      if (typed.empty()) continue;
      if (lowered(typed) == "quit") return Turn::left;
      if (run_command(seat, lowered(typed), menu)) continue;
      const MenuChoice choice = menu.choose(typed);
      if (!choice.entry) {
        fmt::print("{}\n", printable(choice.error));
        continue;
      }
      const Action action = legal[static_cast<std::size_t>(choice.entry->number - 1)];
      const std::optional<Board> preview = choice.by_shorthand && terminal_.interactive() ? preview_of(seat, action)
                                                                                          : std::nullopt;
      if (preview) {
        const auto confirmed = confirm(seat, *choice.entry, *preview);
        if (!confirmed) return Turn::input_ended;
        if (!*confirmed) {
          show_turn(seat, menu);
          continue;
        }
      }
      if (auto error = match_.play(seat, action)) {
        fmt::print("{}\n", printable(*error));
        continue;
      }
      return Turn::moved;
    }
  }

  // A new person at the keyboard: a cleared screen and scrollback until they say they are there.
  bool needs_handover(Seat seat) const { return humans_.size() > 1 && seat != last_human_ && !echo_; }
  // Neither Up nor Tab may bring back what the previous seat typed or could choose.
  bool hand_over(Seat seat) {
    terminal_.clear_all();
    reader_.use_history(kSpectator);
    reader_.complete_from({});
    const std::string ask =
        fmt::format("Seat {}: your turn. Make sure only you can see the screen, then press Enter.", seat);
    return reader_.read(terminal_.prompt(ask), false).has_value();
  }

  std::string heading(Seat seat) const {
    return fmt::format("{} · seat {} to move · move {}", match_.state().info().title, seat, match_.steps() + 1);
  }

  // The last lines of the log, dim, but for those the board already shows.
  std::string recent_text(const nlohmann::json& view, const std::string& board,
                          std::size_t count = kRecentOnScreen) const {
    std::string out;
    for (const auto& line : recent_lines(view, count)) {
      if (board.find(line) == std::string::npos) out += terminal_.ink("  " + line, Ink::quiet) + "\n";
    }
    return out.empty() ? out : "\n" + out;
  }

  void show_turn(Seat seat, const MoveMenu& menu) const {
    if (terminal_.interactive()) show_screen(seat, menu);
    else list_moves(seat, menu);
  }

  // One screen: heading, board, recent log (when the moves still get a line per kind), and the moves
  // in the rows left.
  void show_screen(Seat seat, const MoveMenu& menu) const {
    const nlohmann::json view = match_.state().view(seat);
    const std::string board = board_text(match_.state().info(), view, terminal_);
    const int prompt_and_message = 2;
    std::string top = terminal_.ink(heading(seat), Ink::mark) + "\n\n" + board;
    const std::string recent = recent_text(view, board);
    if (terminal_.rows() - line_count(top + recent) - 1 - prompt_and_message >= menu.least_lines()) top += recent;
    top += "\n";
    const int budget = terminal_.rows() - line_count(top) - prompt_and_message;
    terminal_.clear_screen();
    fmt::print("{}{}", top, terminal_.paint(menu.render(budget, menu_width())));
  }

  // As piped: the view, then every move numbered, one a line.
  void list_moves(Seat seat, const MoveMenu& menu) const {
    const nlohmann::json view = match_.state().view(seat);
    fmt::print("\n=== Seat {} to move ===\n{}", seat, board_text(match_.state().info(), view, terminal_));
    if (humans_.size() > 1) {
      const auto recent = recent_lines(view, kRecentPiped);
      if (!recent.empty()) fmt::print("recent:\n");
      for (const auto& line : recent) fmt::print("  {}\n", line);
    }
    for (const MenuEntry& e : menu.entries()) fmt::print("  {:>3}. {}\n", e.number, printable(e.label));
  }

  int menu_width() const { return std::min(terminal_.columns(), kBoardWidth); }

  // help, rules, board, log, moves: true when `command` was one of them.
  bool run_command(Seat seat, const std::string& command, const MoveMenu& menu) const {
    if (command == "help") {
      fmt::print("{}", kHelp);
    } else if (command == "rules") {
      const std::string page = rules_page(match_.state().info().id);
      fmt::print("{}", page.empty() ? "This game has no rules page yet.\n" : page);
    } else if (command == "board") {
      show_turn(seat, menu);
    } else if (command == "log") {
      for (const auto& line : log_lines(match_.state().view(seat), 0)) fmt::print("  {}\n", line);
    } else if (command == "moves") {
      fmt::print("{}", terminal_.paint(menu.render_all(menu_width())));
    } else {
      return false;
    }
    return true;
  }

  // The board with `action` drawn on it, when the game's board can show it before it is played
  // (Gameshire's plan on the map): a move typed short is confirmed only then; elsewhere the board would
  // look the same, and the move is played at once.
  std::optional<Board> preview_of(Seat seat, Action action) const {
    const DrawBoard draw = match_.state().info().board.draw;
    if (!draw) return std::nullopt;
    const nlohmann::json view = match_.state().view(seat);
    Board plain, previewed;
    draw(view, nullptr, plain);
    draw(view, match_.state().parts(seat, action), previewed);
    if (plain == previewed) return std::nullopt;
    return previewed;
  }

  // The previewed board and the move; true to play it, false to go back, nothing when input ended.
  std::optional<bool> confirm(Seat seat, const MenuEntry& entry, const Board& preview) const {
    terminal_.clear_screen();
    fmt::print("{}\n\n{}\n{} {}\n", terminal_.ink(heading(seat) + " · preview", Ink::mark), terminal_.paint(preview),
               terminal_.ink("Your move:", Ink::mark), printable(entry.label));
    for (;;) {
      const auto answer = reader_.read(terminal_.prompt("Play this move? [y/n] "), false);
      if (!answer) return std::nullopt;
      const std::string said = lowered(trimmed(*answer));
      if (said == "y" || said == "yes") return true;
      if (said == "n" || said == "no") return false;
    }
  }

  // Piped, and while nobody is at the screen, the table's log is printed as it grows; a person on a
  // terminal sees the recent lines under the board instead.
  void follow_log() {
    if (terminal_.interactive() && !humans_.empty()) return;
    table_log_.print_new(match_.state().view(table_viewer_));
  }

  Match& match_;
  const Terminal& terminal_;
  LineReader& reader_;
  const bool echo_;   // input is not a terminal: show what was read
  std::vector<Seat> humans_;
  Seat table_viewer_;
  Seat last_human_ = kSpectator;
  LogFollower table_log_;
};

int humans(const Match& match) {
  int n = 0;
  for (Seat s = 0; s < match.state().num_seats(); ++s) n += match.is_human(s) ? 1 : 0;
  return n;
}

void run_play(const PlayArgs& args) {
  const GameEntry& entry = games().get(args.game.game);
  const int players = resolve_players(args.game, entry);
  auto config = entry.make_config(players, parse_option_assignments(args.game.sets), args.game.data_dir);
  std::vector<std::string> seats;
  if (args.game.seats.empty()) {
    seats.assign(players, default_bot(entry));
    seats[0] = kHuman;
  } else {
    seats = resolve_seats(args.game, players, "random");
  }
  const std::uint64_t seed = resolve_seed(args.game);
  std::optional<nlohmann::json> scenario;
  if (!args.scenario.empty()) scenario = load_scenario_file(args.scenario);
  std::shared_ptr<const GameFactory> factory = entry.prepare(config);
  Match match(entry, factory, seed, seats, scenario);

  // Whoever knows the seed knows every hand: with two or more people at the screen it waits for the end.
  const bool hide_seed = humans(match) >= 2;
  fmt::print("{}: {} players, {} (seats: ", entry.info.title, players,
             hide_seed ? "seed shown when the game ends" : fmt::format("seed {}", seed));
  for (std::size_t i = 0; i < seats.size(); ++i) fmt::print("{}{}={}", i ? ", " : "", i, seats[i]);
  fmt::print(")\n");
  const Terminal terminal(args.plain);
  LineReader reader(terminal.interactive());
  TerminalTable table(match, terminal, reader);
  const Turn end = table.play();
  if (end == Turn::moved) {
    table.show_ending();
    if (hide_seed) fmt::print("seed {}\n", seed);
  }
  if (end == Turn::left) fmt::print("You left the game after {} moves.\n", match.steps());
  if (!args.save.empty()) {
    write_json_file(args.save, match.replay().to_json());
    fmt::print("replay saved to {}\n", args.save);
  }
  if (end == Turn::input_ended) {
    throw UserError(fmt::format("input ended after {} moves, before the game did", match.steps()));
  }
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal (humans and bots)");
  add_game_args(*cmd, args->game);
  cmd->add_option("--scenario", args->scenario, "Scenario file (.toml or .json) that fixes the deal");
  cmd->add_option("--save", args->save, "Write the replay document here when the game ends");
  cmd->add_flag("--plain", args->plain,
                "No colours, no screen clearing and no line editing: numbered lines, as when piped");
  cmd->callback([args] { run_play(*args); });
}

}  // namespace court::cli
