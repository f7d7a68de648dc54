// court replay FILE [--seat N | --spectator] [--step K]: re-runs a replay and verifies it. It prints the
// game's log from one view; or, with --step K, the board after move K as that view saw it; or, on a
// terminal, steps through the boards one move per Enter.
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/line_reader.h"
#include "cli/move_menu.h"
#include "cli/terminal.h"
#include "engine/registry.h"
#include "engine/replay.h"
#include "engine/text.h"

namespace court::cli {
namespace {

struct ReplayArgs {
  std::string file;
  int seat = kSpectator;
  bool spectator = false;
  int step = -1;   // -1: not given
  bool plain = false;
};

// The replay re-run once: the view of `seat` before the first move and after each move, and the end.
struct Rerun {
  std::vector<nlohmann::json> views;
  std::unique_ptr<GameState> last;
};

Rerun rerun_for(const Replay& replay, Seat seat) {
  Rerun out{{start_state(replay, games())->view(seat)}, nullptr};
  out.last = rerun(replay, games(), [&](const GameState& state, std::size_t) { out.views.push_back(state.view(seat)); });
  return out;
}

// Move `k`'s heading, the board after it and the log lines it added.
void print_step(const GameInfo& info, const std::vector<nlohmann::json>& views, std::size_t k, Seat seat,
                const Terminal& terminal) {
  const std::string who = seat == kSpectator ? "a spectator" : fmt::format("seat {}", seat);
  const std::string heading =
      fmt::format("{} · move {} of {}{}, as {} saw it", info.title, k, views.size() - 1, k == 0 ? " (the start)" : "", who);
  fmt::print("{}\n\n{}", terminal.ink(heading, Ink::mark), board_text(info, views[k], terminal));
  if (k == 0) return;
  fmt::print("\n");
  for (const auto& line : log_lines(views[k], log_total(views[k - 1]))) {
    fmt::print("{}\n", terminal.ink("  " + line, Ink::quiet));
  }
}

// On a terminal: one move per Enter, `q` to stop.
void step_through(const GameInfo& info, const std::vector<nlohmann::json>& views, Seat seat, const Terminal& terminal) {
  LineReader reader(false);
  for (std::size_t k = 0; k < views.size(); ++k) {
    terminal.clear_screen();
    print_step(info, views, k, seat, terminal);
    const bool last = k + 1 == views.size();
    const auto line = reader.read(terminal.prompt(last ? "\nThe end. Enter: leave " : "\nEnter: next move, q: quit "));
    if (!line || lowered(trimmed(*line)) == "q") return;
  }
}

// The log as the view saw it grow, move by move (from the first move's view on, as when the game was played).
void print_log(const std::vector<nlohmann::json>& views) {
  std::size_t printed = 0;
  for (std::size_t k = 1; k < views.size(); ++k) {
    for (const auto& line : log_lines(views[k], printed)) fmt::print("{}\n", line);
    printed = log_total(views[k]);
  }
}

void print_verified(const Replay& replay, const GameState& state) {
  fmt::print("\nreplay verified: {} moves", replay.actions.size());
  if (state.terminal()) {
    fmt::print(", outcome {}\n{}", replay.outcome ? "matches the recording" : "(none recorded)",
               render_outcome(state.outcome().to_json()));
  } else {
    fmt::print(", the game was not finished\n");
  }
}

void run_replay(const ReplayArgs& args) {
  const Replay replay = Replay::from_json(read_json_file(args.file));
  if (args.seat != kSpectator && (args.seat < 0 || args.seat >= replay.players)) {
    throw UserError(fmt::format("--seat {}: seats are 0..{}", args.seat, replay.players - 1));
  }
  const Terminal terminal(args.plain);
  const GameInfo& info = games().get(replay.game).info;
  const Rerun run = rerun_for(replay, args.seat);
  if (args.step >= 0) {
    if (static_cast<std::size_t>(args.step) >= run.views.size()) {
      throw UserError(fmt::format("--step {}: the game has moves 0..{} (0 is the start)", args.step, run.views.size() - 1));
    }
    print_step(info, run.views, static_cast<std::size_t>(args.step), args.seat, terminal);
  } else if (terminal.interactive()) {
    step_through(info, run.views, args.seat, terminal);
  } else {
    print_log(run.views);
  }
  print_verified(replay, *run.last);
}

}  // namespace

void add_replay_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Re-run a saved game, verify it, and show it from one view");
  auto args = std::make_shared<ReplayArgs>();
  cmd->add_option("file", args->file, "Replay document (written by `court play --save`)")->required();
  auto* seat_option = cmd->add_option("--seat", args->seat, "Show the game as this seat saw it");
  cmd->add_flag("--spectator", args->spectator, "Show only public facts (the default)")->excludes(seat_option);
  cmd->add_option("--step", args->step, "Show the board after this move (0: the start) and stop")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--plain", args->plain, "No colours and no stepping: the log, as when piped");
  cmd->callback([args] { run_replay(*args); });
}

}  // namespace court::cli
