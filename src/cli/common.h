// Shared pieces of the subcommands: game setup from arguments, seat lists, rendering views.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::cli {

// The arguments every game-running subcommand shares.
struct GameArgs {
  std::string game;
  int players = 0;                  // 0: from --seats, else the game's minimum
  std::string seats;                // "human,random,..." (comma-separated)
  std::vector<std::string> sets;    // --set key=value
  std::string data_dir;
  std::uint64_t seed = 0;
  bool seed_given = false;
};

void add_game_args(CLI::App& command, GameArgs& args);

// Splits "a,b,c" into parts, keeping bot parameters together ("ismcts:iters=10,c=1" stays one
// part: a part with no ':' starts a new seat only when it does not look like key=value).
std::vector<std::string> split_seats(const std::string& text);

// Seat specs for `players` seats from --seats (or `fallback` for each seat when empty).
std::vector<std::string> resolve_seats(const GameArgs& args, int players, const std::string& fallback);

int resolve_players(const GameArgs& args, const GameEntry& entry);

// A random seed when none was given.
std::uint64_t resolve_seed(const GameArgs& args);

// A view as indented text (the log is printed separately).
std::string render_view(const nlohmann::json& view);

class Terminal;
// The board of `view` as `terminal` shows it: the game's own board, painted; or, for a game that draws
// none, the view's fields as text (render_view).
std::string board_text(const GameInfo& info, const nlohmann::json& view, const Terminal& terminal);

// Log lines of `view` from index `from` on, printable (terminal.h).
std::vector<std::string> log_lines(const nlohmann::json& view, std::size_t from);
std::size_t log_total(const nlohmann::json& view);

std::string render_outcome(const nlohmann::json& outcome);

void write_json_file(const std::string& path, const nlohmann::json& doc);

}  // namespace court::cli
