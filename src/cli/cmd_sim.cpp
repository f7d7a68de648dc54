// court sim GAME -n N: plays N games between bots on all cores (and across machines under
// mpirun), and writes the balance report: findings in words, JSON, CSV and a self-contained HTML
// page with charts. `--set key=v1,v2` runs the grid of variants.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/terminal.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "sim/cluster.h"
#include "sim/report.h"
#include "sim/report_html.h"
#include "sim/runner.h"
#include "sim/simulate.h"

namespace court::cli {
namespace {

struct SimArgs {
  GameArgs game;
  long games = 100;
  int threads = 0;
  bool rotate = true;
  bool rotate_given = false;
  bool quiet = false;
  bool shape = false;                // --shape: the shape of a game (sim/shape.h)
  std::string json, csv, report;
  std::string ladder_text;
  std::vector<std::string> ladder;   // bots, weakest first: each takes every seat in turn
};

std::atomic<bool> g_stop{false};
extern "C" void on_interrupt(int) { g_stop = true; }

using Variant = std::map<std::string, std::string>;

// --set key=v1,v2 (text options: v1|v2) -> every combination, in the order the keys were given.
std::vector<Variant> variants_of(const GameEntry& entry, const std::vector<std::string>& sets) {
  std::vector<Variant> grid{Variant{}};
  for (const auto& assignment : sets) {
    auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) throw UserError(fmt::format("--set {}: expected key=value", assignment));
    const std::string key = assignment.substr(0, eq), values = assignment.substr(eq + 1);
    char separator = ',';
    for (const auto& spec : entry.info.options) if (spec.name == key && spec.type == OptionType::Text) separator = '|';
    std::vector<std::string> parts;
    std::size_t pos = 0;
    for (;;) {
      auto next = values.find(separator, pos);
      parts.push_back(values.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
      if (next == std::string::npos) break;
      pos = next + 1;
    }
    std::vector<Variant> expanded;
    for (const auto& v : grid) {
      for (const auto& p : parts) {
        Variant w = v;
        w[key] = p;
        expanded.push_back(w);
      }
    }
    grid = std::move(expanded);
  }
  return grid;
}

void show_progress(const sim::Progress& progress, std::uint64_t total, const std::atomic<bool>& done) {
  const auto start = std::chrono::steady_clock::now();
  while (!done) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const double finished = static_cast<double>(progress.finished.load());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = seconds > 0 ? finished / seconds : 0;
    const double left = rate > 0 ? (static_cast<double>(total) - finished) / rate : 0;
    const int width = 30;
    const int filled = static_cast<int>(width * finished / static_cast<double>(total));
    fmt::print(stderr, "\r[{}{}] {:5.1f}% {}/{}  {:.0f} games/s  {:.0f}s left   ", std::string(filled, '#'),
               std::string(width - filled, '.'), 100 * finished / static_cast<double>(total),
               static_cast<std::uint64_t>(finished), total, rate, left);
  }
  fmt::print(stderr, "\r{}\r", std::string(90, ' '));
}

// The shape of a game (--shape) in a few lines: docs/report.md, "The shape of a game".
void print_shape(const nlohmann::json& sh) {
  const auto& d = sh["decisions_per_seat"];
  fmt::print("  shape: decisions per seat per game {:.1f} (p10 {}, median {}, p90 {}), {:.1f} legal moves each, "
             "{:.1f}% forced\n", d["mean"].get<double>(), d["p10"].get<double>(), d["p50"].get<double>(),
             d["p90"].get<double>(), sh["legal_per_decision"].get<double>(), 100 * sh["forced"]["rate"].get<double>());
  const auto rate = [](const nlohmann::json& x) {
    return fmt::format("{:.1f}% [{:.1f}%, {:.1f}%]", 100 * x["rate"].get<double>(), 100 * x["ci95"][0].get<double>(),
                       100 * x["ci95"][1].get<double>());
  };
  if (!sh["first_round_end"].is_null()) fmt::print("    ended in the first round: {}\n", rate(sh["first_round_end"]));
  if (!sh["single_winner"].is_null()) fmt::print("    one winner: {}\n", rate(sh["single_winner"]));
  if (!sh["undivided"].is_null()) fmt::print("    every seat or none won: {}\n", rate(sh["undivided"]));
  if (!sh["standing"].get<bool>()) {
    fmt::print("    no public standing: no lead changes, decisiveness or drama\n");
    return;
  }
  fmt::print("    lead changes {:.2f} a game (none in {}); the winner leads for good after {:.0f}% of the game; "
             "drama {:.2f}\n", sh["lead_changes"]["mean"].get<double>(), rate(sh["lead_changes"]["none"]),
             100 * sh["decisiveness"]["mean"].get<double>(), sh["drama"]["mean"].get<double>());
}

void print_report(const nlohmann::json& r) {
  fmt::print("{}: {} games, {} players, seed {}, options {}\n", r["title"].get<std::string>(), r["games"].get<int>(),
             r["players"].get<int>(), r["seed"].get<std::uint64_t>(), r["options"].dump());
  for (const auto& f : r["findings"]) fmt::print("  * {}\n", printable(f.get<std::string>()));   // data's words
  if (r["games"].get<int>() == 0) return;
  const bool rotated = r["rotate"].get<bool>();
  const bool cooperative = r.value("cooperative", false);
  for (const auto& s : r["seats"]) {
    fmt::print("  seat {} {:<24} wins {:>7}  {:5.1f}%  [{:.1f}%, {:.1f}%]\n", s["seat"].get<int>(),
               rotated ? "(every bot in turn)" : s["bot"].get<std::string>(), s["wins"].get<double>(), 100 * s["win_rate"].get<double>(),
               100 * s["ci95"][0].get<double>(), 100 * s["ci95"][1].get<double>());
  }
  for (const auto& b : r["bots"]) {
    fmt::print("  bot {:<27} wins {:>7}  {:5.1f}%  [{:.1f}%, {:.1f}%] of {} {}\n", b["bot"].get<std::string>(),
               b["wins"].get<double>(), 100 * b["win_rate"].get<double>(), 100 * b["ci95"][0].get<double>(),
               100 * b["ci95"][1].get<double>(), b["seat_games"].get<double>(), cooperative ? "games" : "seats");
  }
  fmt::print("  mean length: {:.1f} moves\n", r["mean_length"].get<double>());
  if (r.contains("shape")) print_shape(r["shape"]);
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw UserError(fmt::format("cannot write {}", path));
  out << text;
}

void print_ladder(const nlohmann::json& ladder) {
  fmt::print("  ladder:\n");
  for (const auto& r : ladder["rungs"]) {
    const auto& first = r["first_player"];
    fmt::print("    {:<28} first player {}\n", r["bot"].get<std::string>(),
               first.is_null() ? std::string("-")
                               : sim::percent_pm(first["win_rate"], first["ci95"][0], first["ci95"][1]));
  }
  const std::size_t shown = std::min<std::size_t>(ladder["flags"].size(), 12);
  for (std::size_t i = 0; i < shown; ++i) {
    fmt::print("    ! {}\n", printable(ladder["flags"][i]["text"].get<std::string>()));
  }
  if (shown < ladder["flags"].size()) fmt::print("    ({} more in the JSON report)\n", ladder["flags"].size() - shown);
}

// The request `court sim` makes of the simulator from its arguments (every bot checked).
sim::SimRequest sim_request(const SimArgs& args, const sim::Cluster& cluster) {
  sim::SimRequest request;
  request.entry = &games().get(args.game.game);
  request.players = resolve_players(args.game, *request.entry);
  request.lineup = resolve_seats(args.game, request.players, "random");
  request.ladder = args.ladder;
  sim::check_request(request);
  for (const auto& v : variants_of(*request.entry, args.game.sets)) {
    request.configs.push_back(request.entry->make_config(request.players, v, args.game.data_dir));
  }
  sim::BatchSettings& settings = request.settings;
  settings.seed = args.game.seed_given ? args.game.seed : 1;
  settings.games = static_cast<std::uint64_t>(args.games);
  settings.threads = args.threads > 0 ? args.threads : (cluster.mpi ? 1 : 0);
  settings.rotate = args.rotate_given ? args.rotate : sim::default_rotation(request.lineup);
  if (args.shape && cluster.mpi) {
    throw UserError("--shape records each game's steps on one process: run it without mpirun");
  }
  settings.shape = args.shape;
  return request;
}

void write_outputs(const SimArgs& args, const sim::SimResult& result) {
  const nlohmann::json& doc = result.document;
  for (const auto& r : doc.contains("variants") ? doc["variants"] : nlohmann::json::array({doc})) {
    print_report(r);
    if (r.contains("ladder")) print_ladder(r["ladder"]);
  }
  if (!args.json.empty()) write_text(args.json, doc.dump(2) + "\n");
  if (!args.csv.empty()) {
    std::vector<sim::CsvPart> parts;
    for (std::size_t v = 0; v < result.contexts.size(); ++v) parts.push_back({&result.contexts[v], &result.records[v]});
    write_text(args.csv, sim::records_csv(parts));
  }
  if (!args.report.empty()) write_text(args.report, sim::report_html(doc));
  if (result.interrupted) fmt::print(stderr, "interrupted: wrote what was finished\n");
}

void run_sim(const SimArgs& args) {
  sim::Cluster cluster = sim::join_cluster();
  const sim::SimRequest request = sim_request(args, cluster);
  g_stop = false;
  auto previous = std::signal(SIGINT, on_interrupt);
  sim::Progress progress;
  std::atomic<bool> done{false};
  std::thread bar;
  if (cluster.rank == 0 && !args.quiet && isatty(STDERR_FILENO)) {
    const std::uint64_t total = request.settings.games / static_cast<std::uint64_t>(cluster.size) * sim::batch_count(request);
    bar = std::thread(show_progress, std::cref(progress), total, std::cref(done));
  }
  const sim::SimResult result =
      sim::simulate(request, cluster, {.stop = &g_stop, .progress = &progress, .keep_records = !args.csv.empty()});
  done = true;
  if (bar.joinable()) bar.join();
  std::signal(SIGINT, previous);
  sim::leave_cluster(cluster);
  if (cluster.rank == 0) write_outputs(args, result);
}

}  // namespace

void add_sim_command(CLI::App& app) {
  auto args = std::make_shared<SimArgs>();
  auto* cmd = app.add_subcommand("sim", "Play many games between bots on all cores and report on balance");
  add_game_args(*cmd, args->game);
  cmd->add_option("-n,--games", args->games, "Number of games (per variant)")->check(CLI::Range(1L, 100000000L));
  cmd->add_option("--threads", args->threads, "Worker threads (default: all cores; 1 per rank under mpirun)")
      ->check(CLI::Range(1, 1024));
  cmd->add_flag("--rotate,!--no-rotate", args->rotate,
                "Rotate seats so each bot sits in each seat equally often (default: on when the bots differ)")
      ->each([args](const std::string&) { args->rotate_given = true; });
  cmd->add_flag("--quiet,-q", args->quiet, "No progress bar");
  cmd->add_flag("--shape", args->shape,
                "Record the shape of each game (decisions, forced moves, lead changes: docs/report.md)");
  cmd->add_option("--json", args->json, "Write every figure as JSON (docs/report.md)");
  cmd->add_option("--csv", args->csv, "Write one row per game as CSV");
  cmd->add_option("--report", args->report, "Write a self-contained HTML report with charts");
  cmd->add_option("--ladder", args->ladder_text,
                  "Skill ladder: play the batch again with every seat taken by each of these bots in turn, weakest "
                  "first (e.g. heuristic,ismcts:iters=300), and report how balance moves with skill")
      ->each([args](const std::string& text) { args->ladder = split_seats(text); });
  cmd->footer("--set key=v1,v2 runs every combination of the values given (text options separate values with |).\n"
              "The same command gives the same numbers, whatever --threads or the number of MPI ranks.");
  cmd->callback([args] { run_sim(*args); });
}

}  // namespace court::cli
