// court sim GAME -n N: plays N games between bots and prints wins per seat and the mean length.
// (The full simulator, with threads, statistics and reports, grows from here.)
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "engine/match.h"
#include "engine/registry.h"

namespace court::cli {
namespace {

struct SimArgs {
  GameArgs game;
  long games = 100;
  std::string json;
};

void run_sim(const SimArgs& args) {
  const GameEntry& entry = games().get(args.game.game);
  const int players = resolve_players(args.game, entry);
  auto config = entry.make_config(players, parse_option_assignments(args.game.sets), args.game.data_dir);
  auto seats = resolve_seats(args.game, players, "random");
  for (const auto& s : seats) {
    if (s == kHuman) throw UserError("court sim plays bots only; 'human' cannot sit at a simulated table");
  }
  const std::uint64_t seed = args.game.seed_given ? args.game.seed : 1;
  std::shared_ptr<const GameFactory> factory = entry.prepare(config);

  std::vector<long> wins(players, 0);
  long team_wins = 0;
  std::map<std::string, long> loss_causes;
  double total_length = 0;
  for (long g = 0; g < args.games; ++g) {
    Match match(entry, factory, mix_seed(seed, static_cast<std::uint64_t>(g)), seats);
    match.run_bots();
    const Outcome outcome = match.state().outcome();
    for (Seat s = 0; s < players; ++s) wins[s] += outcome.seats[s].win;
    if (outcome.cooperative) {
      if (outcome.team_win) ++team_wins;
      else ++loss_causes[outcome.loss_cause ? outcome.loss_cause : "unknown"];
    }
    total_length += static_cast<double>(match.steps());
  }

  const double n = static_cast<double>(args.games);
  nlohmann::json report = {{"game", entry.info.id}, {"players", players}, {"games", args.games}, {"seed", seed},
                           {"options", config.options.to_json()}, {"mean_length", total_length / n}};
  fmt::print("{}: {} games, {} players, seed {}\n", entry.info.title, args.games, players, seed);
  for (Seat s = 0; s < players; ++s) {
    report["seats"].push_back({{"seat", s}, {"bot", seats[s]}, {"wins", wins[s]}, {"win_rate", wins[s] / n}});
    fmt::print("  seat {} {:<24} wins {:>6}  ({:.1f}%)\n", s, seats[s], wins[s], 100.0 * wins[s] / n);
  }
  fmt::print("  mean length: {:.1f} moves\n", total_length / n);
  if (entry.info.cooperative) {
    report["team_win_rate"] = team_wins / n;
    report["loss_causes"] = loss_causes;
    fmt::print("  team win rate: {:.1f}%\n", 100.0 * team_wins / n);
    for (const auto& [cause, count] : loss_causes) fmt::print("  lost by {}: {}\n", cause, count);
  }
  if (!args.json.empty()) write_json_file(args.json, report);
}

}  // namespace

void add_sim_command(CLI::App& app) {
  auto args = std::make_shared<SimArgs>();
  auto* cmd = app.add_subcommand("sim", "Play many games between bots and report wins per seat");
  add_game_args(*cmd, args->game);
  cmd->add_option("-n,--games", args->games, "Number of games")->check(CLI::Range(1L, 100000000L));
  cmd->add_option("--json", args->json, "Write the results as JSON here");
  cmd->callback([args] { run_sim(*args); });
}

}  // namespace court::cli
