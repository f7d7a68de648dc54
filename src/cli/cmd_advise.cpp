// court advise GAME: the design advisor's study (advisor/advise.h): ranked findings, what was checked,
// the JSON document and a self-contained HTML page. docs/cli.md.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <thread>

#include "advisor/advise.h"
#include "advisor/advise_html.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/terminal.h"
#include "engine/registry.h"

namespace court::cli {
namespace {

struct AdviseArgs {
  std::string game, data_dir, strong, baseline, json, report;
  int players = 0, threads = 0;
  std::vector<std::string> sets, rungs;
  long games = 2000;
  std::uint64_t seed = 1;
  bool quiet = false;
};

std::atomic<bool> g_stop{false};
extern "C" void on_advise_interrupt(int) { g_stop = true; }

advisor::AdviseRequest advise_request(const AdviseArgs& a) {
  advisor::AdviseRequest r;
  const GameEntry& entry = games().get(a.game);
  const int players = a.players > 0 ? a.players : entry.info.min_seats;
  std::map<std::string, std::string> overrides;
  for (const auto& s : a.sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) throw UserError(fmt::format("--set {}: expected key=value", s));
    overrides[s.substr(0, eq)] = s.substr(eq + 1);
  }
  r.subject.entry = &entry;
  r.subject.config = entry.make_config(players, overrides, a.data_dir);
  r.subject.set_args = a.sets;
  r.baseline = a.baseline;
  r.strong = a.strong;
  r.rungs = a.rungs;
  r.games = static_cast<std::uint64_t>(a.games);
  r.seed = a.seed;
  r.threads = a.threads;
  return r;
}

void print_advice(const nlohmann::json& doc) {
  const int players = doc["players"].get<int>();
  fmt::print("{} at {} player{}: {} findings (baseline {}, strong {}, {} games a batch, seed {})\n",
             doc["title"].get<std::string>(), players, players == 1 ? "" : "s", doc["findings"].size(),
             doc["baseline"].get<std::string>(), doc["strong"].get<std::string>(), doc["games"].get<std::uint64_t>(),
             doc["seed"].get<std::uint64_t>());
  for (const auto& f : doc["findings"]) {
    fmt::print("  [{}] {}: {}\n", f["severity"].get<std::string>(), f["code"].get<std::string>(),
               printable(f["text"].get<std::string>()));
    if (f.contains("strength")) fmt::print("      second strength: {}\n", printable(f["strength"].get<std::string>()));
    fmt::print("      {}\n", f["command"].get<std::string>());
  }
  if (doc["findings"].empty()) fmt::print("  Nothing notable.\n");
  fmt::print("Checked:\n");
  for (const auto& c : doc["checked"]) {
    fmt::print("  - {}: {}\n", printable(c["check"].get<std::string>()), printable(c["result"].get<std::string>()));
  }
  if (doc.value("interrupted", false)) fmt::print(stderr, "interrupted: the study stopped before its end\n");
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw UserError(fmt::format("cannot write {}", path));
  out << text;
}

void run_advise(const AdviseArgs& args) {
  const advisor::AdviseRequest request = advise_request(args);
  g_stop = false;
  auto previous = std::signal(SIGINT, on_advise_interrupt);
  advisor::AdviseHooks hooks{.stop = &g_stop};
  if (!args.quiet && isatty(STDERR_FILENO)) {
    hooks.step = [](const std::string& step, int done, int total) {
      fmt::print(stderr, "\r[{}/{}] {:<60}", done + 1, std::max(total, done + 1), step.substr(0, 60));
    };
  }
  const nlohmann::json doc = advisor::advise(request, hooks);
  if (hooks.step) fmt::print(stderr, "\r{}\r", std::string(80, ' '));
  std::signal(SIGINT, previous);
  print_advice(doc);
  if (!args.json.empty()) write_file(args.json, doc.dump(2) + "\n");
  if (!args.report.empty()) write_file(args.report, advisor::advice_html(doc));
}

}  // namespace

void add_advise_command(CLI::App& app) {
  auto args = std::make_shared<AdviseArgs>();
  auto* cmd = app.add_subcommand("advise", "Study a game's design: probes, seat balance, cards, luck; ranked findings");
  cmd->add_option("game", args->game, "Game id (see `court games`)")->required();
  cmd->add_option("--players,-p", args->players, "Number of players (default: the game's minimum)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--set", args->sets, "Game option key=value (repeatable; see `court games`)");
  cmd->add_option("--data", args->data_dir, "Directory with an edited copy of the game's data files");
  cmd->add_option("-n,--games", args->games, "Games per batch (default 2000)")->check(CLI::Range(10L, 10000000L));
  cmd->add_option("--seed", args->seed, "Random seed of every batch (default 1)");
  cmd->add_option("--threads", args->threads, "Worker threads (default: all cores)")->check(CLI::Range(1, 1024));
  cmd->add_option("--baseline", args->baseline, "The baseline bot (default: the game's heuristic, else random)");
  cmd->add_option("--strong", args->strong, std::string("The second strength (default ") + advisor::kDefaultStrong + ")");
  cmd->add_option("--rung", args->rungs, "A stronger ladder rung above random and the baseline (repeatable)");
  cmd->add_option("--json", args->json, "Write the advice document as JSON (docs/report.md)");
  cmd->add_option("--report", args->report, "Write a self-contained HTML page, findings first");
  cmd->add_flag("--quiet,-q", args->quiet, "No progress line");
  cmd->callback([args] { run_advise(*args); });
}

}  // namespace court::cli
