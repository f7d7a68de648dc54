// court rate GAME: a round-robin of the game's offered bots (or --bots), fitted to one rating scale
// (sim/rating.h; docs/report.md, "Bot ratings"); --write puts the ratings in the ratings file the game
// registry loads (data/ratings.toml: games/ratings.h).
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/terminal.h"
#include "engine/bot.h"
#include "engine/ratings.h"
#include "engine/registry.h"
#include "sim/rating.h"

namespace court::cli {
namespace {

struct RateArgs {
  std::string game;
  int players = 0;
  std::vector<std::string> sets;
  std::string data_dir;
  std::uint64_t games = 20;
  std::uint64_t seed = 1;
  int threads = 0;
  int resamples = 200;
  std::string bots_text;
  bool json = false;
  bool quiet = false;
  std::string write;
  std::string command;   // how it was run, for the ratings file
};

std::vector<std::string> bots_of(const RateArgs& args, const GameEntry& entry) {
  if (!args.bots_text.empty()) return split_seats(args.bots_text);
  return offered_bot_names(entry);
}

std::map<std::string, std::string> options_of(const std::vector<std::string>& sets) {
  std::map<std::string, std::string> out;
  for (const auto& assignment : sets) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) throw UserError(fmt::format("--set {}: expected key=value", assignment));
    out[assignment.substr(0, eq)] = assignment.substr(eq + 1);
  }
  return out;
}

sim::RateRequest rate_request(const RateArgs& args) {
  sim::RateRequest request;
  request.entry = &games().get(args.game);
  const int players = args.players > 0 ? args.players : std::max(2, request.entry->info.min_seats);
  if (players < 2) throw UserError(fmt::format("--players {}: a rating needs at least 2 seats", players));
  request.config = request.entry->make_config(players, options_of(args.sets), args.data_dir);
  request.bots = bots_of(args, *request.entry);
  request.games = args.games;
  request.seed = args.seed;
  request.threads = args.threads;
  request.resamples = args.resamples;
  sim::check_rate_request(request);
  return request;
}

nlohmann::json result_json(const RateArgs& args, const sim::RateRequest& request, const sim::RateResult& result) {
  nlohmann::json bots = nlohmann::json::array();
  for (const auto& b : result.bots) {
    bots.push_back({{"bot", b.bot}, {"title", b.title}, {"rating", b.rating}, {"ci95", {b.low, b.high}},
                    {"games", b.games}});
  }
  return {{"game", args.game}, {"players", request.config.seats}, {"options", request.config.options.to_json()},
          {"games_per_lineup", args.games}, {"lineups", result.lineups}, {"games", result.games},
          {"seed", args.seed}, {"anchor", result.anchor}, {"resamples", args.resamples}, {"bots", bots}};
}

void print_table(const sim::RateRequest& request, const sim::RateResult& result) {
  fmt::print("{}: {} players, {} lineups, {} games; Bradley-Terry on an Elo scale, {} = 1500; 95% intervals from "
             "a bootstrap over games\n", request.entry->info.title, request.config.seats, result.lineups, result.games,
             result.anchor);
  fmt::print("  {:<24} {:<24} {:>7}  {:<15} {:>7}\n", "bot", "title", "rating", "95% interval", "games");
  for (const auto& b : result.bots) {
    fmt::print("  {:<24} {:<24} {:>7.0f}  [{:>5.0f}, {:>5.0f}] {:>7}\n", printable(b.bot), printable(b.title), b.rating,
               b.low, b.high, b.games);
  }
}

// The game's ratings, written into the ratings file at `path` (made when missing; other games kept).
void write_ratings(const RateArgs& args, const sim::RateRequest& request, const sim::RateResult& result) {
  GameRatings ratings{.game = args.game, .players = request.config.seats, .command = args.command};
  for (const auto& [key, value] : options_of(args.sets)) ratings.options += (ratings.options.empty() ? "" : ",") + key + "=" + value;
  for (const auto& b : result.bots) ratings.bots.push_back({b.bot, b.rating, b.low, b.high});
  std::ifstream in(args.write, std::ios::binary);
  std::vector<GameRatings> all;
  if (in) {
    std::stringstream text;
    text << in.rdbuf();
    all = parse_ratings(text.str(), args.write, games().all());
  }
  std::erase_if(all, [&](const GameRatings& g) { return g.game == args.game; });
  all.push_back(std::move(ratings));
  const std::string text = render_ratings(all, games().all());   // refuses a bot the game does not offer
  std::ofstream out(args.write, std::ios::binary);
  if (!out) throw UserError(fmt::format("cannot write {}", args.write));
  out << text;
}

void run_rate(const RateArgs& args) {
  const sim::RateRequest request = rate_request(args);
  const bool progress = !args.quiet && isatty(STDERR_FILENO);
  const sim::RateResult result = sim::rate_bots(request, [&](std::size_t k, std::size_t total, const std::string& a,
                                                             const std::string& b) {
    if (progress) fmt::print(stderr, "\rlineup {}/{}: {} against {}          ", k + 1, total, printable(a), printable(b));
  });
  if (progress) fmt::print(stderr, "\r{}\r", std::string(70, ' '));
  if (args.json) {
    fmt::print("{}\n", result_json(args, request, result).dump(2));
  } else {
    print_table(request, result);
  }
  if (!args.write.empty()) write_ratings(args, request, result);
}

}  // namespace

void add_rate_command(CLI::App& app) {
  auto args = std::make_shared<RateArgs>();
  auto* cmd = app.add_subcommand("rate", "Rate a game's bots on one scale: a round-robin fitted by Bradley-Terry");
  cmd->add_option("game", args->game, "Game id (see `court games`)")->required();
  cmd->add_option("--players,-p", args->players, "Seats at each table (default: the game's minimum, at least 2)")
      ->check(CLI::Range(2, 1000));
  cmd->add_option("--bots", args->bots_text, "The bots to rate, comma-separated (default: the game's offered bots)");
  cmd->add_option("-n,--games", args->games, "Games per lineup (a pair of bots in one seat arrangement)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10000000}));
  cmd->add_option("--set", args->sets, "Game option key=value (repeatable; see `court games`)");
  cmd->add_option("--data", args->data_dir, "Directory with an edited copy of the game's data files");
  cmd->add_option("--seed", args->seed, "Random seed of the games and of the bootstrap (default 1)");
  cmd->add_option("--threads", args->threads, "Worker threads (default: all cores)")->check(CLI::Range(1, 1024));
  cmd->add_option("--resamples", args->resamples, "Bootstrap resamples for the intervals")->check(CLI::Range(1, 100000));
  cmd->add_flag("--json", args->json, "Print the ratings as JSON");
  cmd->add_flag("--quiet,-q", args->quiet, "No progress line");
  cmd->add_option("--write", args->write,
                  "Write the game's ratings into this ratings file, keeping the other games' (data/ratings.toml is "
                  "the one the build ships)");
  cmd->footer("Every pair of bots meets in every seat arrangement (seats filled alternately and rotated); each game's "
              "ranks give pairwise results (ties count half). Ratings are on an Elo scale with normal = 1500.");
  cmd->callback([args, cmd] {
    args->command = "court rate " + args->game;
    for (const auto* option : cmd->get_options()) {
      if (option->get_name() == "--help" || option->get_name() == "game" || option->get_name() == "--write" ||
          option->count() == 0) continue;
      for (const auto& value : option->results()) {
        args->command += " " + option->get_name() + (option->get_expected_min() == 0 ? "" : " " + value);
      }
    }
    run_rate(*args);
  });
}

}  // namespace court::cli
