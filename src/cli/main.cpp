// court: play, replay and simulate the Court games. See docs/cli.md.
#include <fmt/core.h>

#include "cli/commands.h"
#include "cli/terminal.h"
#include "engine/types.h"

int main(int argc, char** argv) {
  CLI::App app{"court: the Court games engine (play, replay, simulate)", "court"};
  app.require_subcommand(1);
  app.failure_message(CLI::FailureMessage::help);
  court::cli::add_games_command(app);
  court::cli::add_rules_command(app);
  court::cli::add_play_command(app);
  court::cli::add_replay_command(app);
  court::cli::add_sim_command(app);
  court::cli::add_compare_command(app);
  court::cli::add_rate_command(app);
  court::cli::add_advise_command(app);
  court::cli::add_serve_command(app);
  court::cli::add_tune_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const court::UserError& e) {
    fmt::print(stderr, "court: error: {}\n", court::cli::printable(e.what()));   // may quote a file's words
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "court: internal error: {}\n", court::cli::printable(e.what()));
    return 3;
  }
  return 0;
}
