// court replay FILE [--seat N | --spectator]: re-runs a replay, verifies it, prints its log.
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "engine/registry.h"
#include "engine/replay.h"

namespace court::cli {

void add_replay_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Re-run a saved game, verify it, and print its log from one view");
  auto file = std::make_shared<std::string>();
  auto seat = std::make_shared<int>(kSpectator);
  cmd->add_option("file", *file, "Replay document (written by `court play --save`)")->required();
  auto* seat_option = cmd->add_option("--seat", *seat, "Show the log as this seat saw it");
  auto spectator = std::make_shared<bool>(false);
  cmd->add_flag("--spectator", *spectator, "Show only public facts (the default)")->excludes(seat_option);
  cmd->callback([file, seat, spectator] {
    Replay replay = Replay::from_json(read_json_file(*file));
    if (*seat != kSpectator && (*seat < 0 || *seat >= replay.players)) {
      throw UserError(fmt::format("--seat {}: seats are 0..{}", *seat, replay.players - 1));
    }
    std::size_t printed = 0;
    auto state = rerun(replay, games(), [&](const GameState& s, std::size_t) {
      nlohmann::json view = s.view(*seat);
      for (const auto& line : log_lines(view, printed)) fmt::print("{}\n", line);
      printed = log_total(view);
    });
    fmt::print("\nreplay verified: {} moves", replay.actions.size());
    if (state->terminal()) {
      fmt::print(", outcome {}\n{}", replay.outcome ? "matches the recording" : "(none recorded)",
                 render_outcome(state->outcome().to_json()));
    } else {
      fmt::print(", the game was not finished\n");
    }
  });
}

}  // namespace court::cli
