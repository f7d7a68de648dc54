// court tune GAME --knob SPEC... --target SPEC...: searches option and data knobs for settings that meet the
// designer's targets by successive halving (advisor/tune.h), and prints the best settings (and the Pareto front
// when the targets conflict), each with the `court sim` command that confirms it and, with --out, a Lab variant.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <fstream>

#include "advisor/tune.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/terminal.h"
#include "engine/registry.h"

namespace court::cli {
namespace {

namespace fs = std::filesystem;

struct TuneArgs {
  GameArgs game;
  std::vector<std::string> knobs, targets;
  std::uint64_t budget = 2000;
  std::size_t candidates = 16;
  int threads = 0;
  std::string json, out;
};

advisor::TuneRequest tune_request(const TuneArgs& args) {
  advisor::TuneRequest r;
  r.entry = &games().get(args.game.game);
  r.players = resolve_players(args.game, *r.entry);
  r.lineup = resolve_seats(args.game, r.players, r.entry->bots.count("heuristic") ? "heuristic" : "random");
  r.sets = args.game.sets;
  r.data_dir = args.game.data_dir;
  (void)r.entry->make_config(r.players, parse_option_assignments(r.sets), r.data_dir);   // the fixed settings
  for (const auto& k : args.knobs) r.knobs.push_back(advisor::parse_knob(k, *r.entry, r.data_dir));
  for (const auto& t : args.targets) r.targets.push_back(advisor::parse_target(t, *r.entry));
  r.budget = args.budget;
  r.seed = args.game.seed_given ? args.game.seed : 1;
  r.threads = args.threads;
  r.max_candidates = args.candidates;
  advisor::check_tune(r);
  const bool data = std::any_of(r.knobs.begin(), r.knobs.end(), [](const advisor::Knob& k) { return k.data; });
  if (data && args.out.empty()) {
    throw UserError("data knobs need --out DIR: the edited data the printed `court sim --data` commands read is "
                    "written there");
  }
  return r;
}

std::string figures(const advisor::TuneRequest& r, const advisor::Candidate& c) {
  if (!c.problem.empty()) return "refused: " + printable(c.problem);
  std::string out;
  for (std::size_t t = 0; t < c.measures.size(); ++t) {
    const auto& m = c.measures[t];
    const bool rate = r.targets[t].kind != advisor::TargetKind::Length && r.targets[t].kind != advisor::TargetKind::Decisions;
    const std::string seat = m.seat >= 0 ? fmt::format(" (seat {})", m.seat) : "";
    out += rate ? fmt::format("  {}{} {:.1f}% [{:.1f}%, {:.1f}%] {}", r.targets[t].name, seat, 100 * m.value,
                              100 * m.lo, 100 * m.hi, m.distance == 0 ? "met" : fmt::format("off {:.2f}", m.distance))
                : fmt::format("  {} {:.1f} [{:.1f}, {:.1f}] {}", r.targets[t].name, m.value, m.lo, m.hi,
                              m.distance == 0 ? "met" : fmt::format("off {:.2f}", m.distance));
  }
  return out;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw UserError(fmt::format("cannot write {}", path));
}

// Prints one proposal with its confirming command; with --out writes its variant (and data) under OUT/name.
void propose(const TuneArgs& args, const advisor::TuneRequest& r, const advisor::Candidate& c, const std::string& name) {
  std::string data_dir = r.data_dir;
  if (!args.out.empty()) {
    const fs::path dir = fs::path(args.out) / name;
    fs::create_directories(dir);
    if (!c.files.empty()) {
      data_dir = (dir / "data").string();
      fs::create_directories(data_dir);
      for (const auto& [file, text] : c.files) write_text(data_dir + "/" + file, text);
    }
    const auto variant = advisor::lab_variant(r, c, fmt::format("{} tuned: {}", r.entry->info.id, advisor::describe(r, c)));
    write_text((dir / "variant.json").string(), variant.dump(2) + "\n");
    fmt::print("    Lab variant (POST /api/lab/variants): {}\n", (dir / "variant.json").string());
  }
  fmt::print("    confirm: {}\n", advisor::candidate_subject(r, c, data_dir).sim_command(r.lineup, c.games, r.seed));
}

void print_result(const TuneArgs& args, const advisor::TuneRequest& r, const advisor::TuneResult& result) {
  fmt::print("candidates ({} games in all, budget {}):\n", result.spent, r.budget);
  for (std::size_t i = 0; i < result.candidates.size(); ++i) {
    const auto& c = result.candidates[i];
    fmt::print("  {:>2} {:<40} {:>6} games, {} rung{}{}\n", i, printable(advisor::describe(r, c)), c.spent, c.rungs,
               c.rungs == 1 ? "" : "s", figures(r, c));
  }
  const auto& best = result.candidates[result.best];
  fmt::print("best: {} (score {:.3f}, {} games){}\n", printable(advisor::describe(r, best)), best.score, best.games,
             best.score == 0 ? ", every target met" : "");
  propose(args, r, best, "best");
  if (best.score > 0 && result.front.size() > 1) {
    fmt::print("no candidate meets every target; the trade-offs (Pareto front over the targets' distances: the "
               "best, and):\n");
    for (std::size_t f = 0; f < result.front.size(); ++f) {
      if (result.front[f] == result.best) continue;
      const auto& c = result.candidates[result.front[f]];
      fmt::print("  {} ({} games):{}\n", printable(advisor::describe(r, c)), c.games, figures(r, c));
      propose(args, r, c, fmt::format("front-{}", f + 1));
    }
  }
}

void run_tune(const TuneArgs& args) {
  const advisor::TuneRequest r = tune_request(args);
  fmt::print("court tune {}: {} players, seats {}, seed {}, budget {} games\n", r.entry->info.id, r.players,
             fmt::join(r.lineup, ","), r.seed, r.budget);
  const advisor::TuneResult result = advisor::tune(r, [](const std::string& line) { fmt::print("{}\n", printable(line)); });
  print_result(args, r, result);
  if (!args.json.empty()) write_json_file(args.json, advisor::to_json(r, result));
}

}  // namespace

void add_tune_command(CLI::App& app) {
  auto args = std::make_shared<TuneArgs>();
  auto* cmd = app.add_subcommand("tune", "Search option and data knobs for settings that meet design targets");
  add_game_args(*cmd, args->game);
  cmd->add_option("--knob", args->knobs,
                  "What to vary (repeatable): OPTION=A..B[/STEP], OPTION=a|b|c, OPTION=*, or a data field "
                  "data:FILE:list[N].field=A..B or data:FILE:list[field=value].field=a|b")
      ->required();
  cmd->add_option("--target", args->targets,
                  "What to reach (repeatable): win_band=LO..HI, length=LO..HI, team_win=LO..HI, capped<=X, "
                  "first_round_end<=X, decisions>=X")
      ->required();
  cmd->add_option("--budget", args->budget, "Games to spend over every rung (default 2000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}));
  cmd->add_option("--candidates", args->candidates, "At most this many settings tried; a larger grid is sampled "
                                                    "(seeded; default 16)")
      ->check(CLI::Range(std::size_t{2}, std::size_t{4096}));
  cmd->add_option("--threads", args->threads, "Worker threads (default: all cores)")->check(CLI::Range(1, 1024));
  cmd->add_option("--json", args->json, "Write the whole run (rungs, candidates, scores, front) as JSON");
  cmd->add_option("--out", args->out, "Write each proposal's Lab variant (and edited data) under DIR");
  cmd->footer("Successive halving: every candidate plays a few games, the better half goes on with twice the games.\n"
              "The same command gives the same output. See docs/cli.md and docs/report.md, \"Tuning\".");
  cmd->callback([args] { run_tune(*args); });
}

}  // namespace court::cli
