// court play GAME: a game in the terminal. Humans pick from numbered legal moves (or type a move's
// label); moves may come from a pipe, so a game can be scripted end to end.
#include <unistd.h>

#include <fmt/format.h>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "engine/match.h"
#include "engine/registry.h"

namespace court::cli {
namespace {

struct PlayArgs {
  GameArgs game;
  std::string scenario;
  std::string save;
};

// Follows one view's log and prints the lines not printed yet.
class LogFollower {
 public:
  void print_new(const nlohmann::json& view) {
    for (const auto& line : log_lines(view, printed_)) fmt::print("  {}\n", line);
    printed_ = log_total(view);
  }
  void skip_to(const nlohmann::json& view) { printed_ = log_total(view); }

 private:
  std::size_t printed_ = 0;
};

class TerminalTable {
 public:
  TerminalTable(Match& match, bool interactive) : match_(match), interactive_(interactive) {
    for (Seat s = 0; s < match.state().num_seats(); ++s) if (match.is_human(s)) humans_.push_back(s);
    // One human: the table shows that seat's view. None: a spectator's. Several: public facts
    // between moves, and each human's own view only after they confirm they are at the screen.
    table_viewer_ = humans_.size() == 1 ? humans_[0] : kSpectator;
  }

  // Returns false when input ended before the game did.
  bool play() {
    while (!match_.state().terminal()) {
      match_.run_bots([&](Seat, Action) { table_log_.print_new(match_.state().view(table_viewer_)); });
      if (match_.state().terminal()) break;
      for (Seat seat : match_.state().to_act()) {
        if (!match_.state().to_act().contains(seat) || !match_.is_human(seat)) continue;
        if (!human_turn(seat)) return false;
        table_log_.print_new(match_.state().view(table_viewer_));
        break;  // let bots and other seats move in the state's own order
      }
    }
    table_log_.print_new(match_.state().view(table_viewer_));
    return true;
  }

 private:
  bool human_turn(Seat seat) {
    if (humans_.size() > 1 && interactive_) {
      fmt::print("\033[2J\033[H");
      fmt::print("Seat {}: your turn. Make sure only you can see the screen, then press Enter.", seat);
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) return false;
    }
    nlohmann::json view = match_.state().view(seat);
    fmt::print("\n=== Seat {} to move ===\n{}", seat, render_view(view));
    if (humans_.size() > 1) {
      const auto recent = log_lines(view, log_total(view) > 8 ? log_total(view) - 8 : 0);
      if (!recent.empty()) fmt::print("recent:\n");
      for (const auto& line : recent) fmt::print("  {}\n", line);
    }
    ActionList legal;
    match_.state().legal_actions(seat, legal);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      fmt::print("  {:>3}. {}\n", i + 1, match_.state().describe(seat, legal[i]));
    }
    for (;;) {
      fmt::print("seat {}> ", seat);
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) return false;
      if (!interactive_) fmt::print("{}\n", line);
      std::optional<Action> chosen;
      char* end = nullptr;
      long number = std::strtol(line.c_str(), &end, 10);
      if (!line.empty() && end && *end == '\0') {
        if (number >= 1 && number <= static_cast<long>(legal.size())) chosen = legal[number - 1];
      } else {
        chosen = match_.state().parse(seat, line);
      }
      if (!chosen) {
        fmt::print("'{}' is not one of the moves: type a number 1-{} or a move's text.\n", line, legal.size());
        continue;
      }
      if (auto error = match_.play(seat, *chosen)) {
        fmt::print("{}\n", *error);
        continue;
      }
      return true;
    }
  }

  Match& match_;
  bool interactive_;
  std::vector<Seat> humans_;
  Seat table_viewer_;
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
    seats.assign(players, entry.bots.count("heuristic") ? "heuristic" : "random");
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
  TerminalTable table(match, isatty(STDIN_FILENO) != 0);
  const bool finished = table.play();
  if (!args.save.empty()) {
    write_json_file(args.save, match.replay().to_json());
    fmt::print("replay saved to {}\n", args.save);
  }
  if (!finished) throw UserError(fmt::format("input ended after {} moves, before the game did", match.steps()));
  fmt::print("\nGame over after {} moves.\n{}", match.steps(), render_outcome(match.state().outcome().to_json()));
  if (hide_seed) fmt::print("seed {}\n", seed);
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal (humans and bots)");
  add_game_args(*cmd, args->game);
  cmd->add_option("--scenario", args->scenario, "Scenario file (.toml or .json) that fixes the deal");
  cmd->add_option("--save", args->save, "Write the replay document here when the game ends");
  cmd->callback([args] { run_play(*args); });
}

}  // namespace court::cli
