// The `court` subcommands. Each adds itself to the app; main.cpp turns errors into exit codes.
#pragma once

#include <CLI/CLI.hpp>

namespace court::cli {

void add_games_command(CLI::App& app);
void add_rules_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_sim_command(CLI::App& app);
void add_compare_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_advise_command(CLI::App& app);
void add_rate_command(CLI::App& app);

}  // namespace court::cli
