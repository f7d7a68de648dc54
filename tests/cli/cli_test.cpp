// The court command end to end: the real binary, real files, moves from a pipe; and the deck generator
// court_persuasion_deck beside it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "cli/cli_support.h"
#include "cli/terminal.h"
#include "engine/bot.h"
#include "engine/registry.h"

namespace court {
namespace {

using cli_test::CommandResult;
using cli_test::run;
using cli_test::run_shell;
using cli_test::slurp;

// Intrigue (three seats): seat 0 human, the rest random.
struct FirstGame {
  std::string id = games().get("intrigue").info.id;
  int players = games().get("intrigue").info.min_seats;
  std::string seats() const {
    std::string s = "human";
    for (int i = 1; i < players; ++i) s += ",random";
    return s;
  }
};

std::string many_ones() {
  std::string s;
  for (int i = 0; i < 5000; ++i) s += "1\n";
  return s;
}

TEST(Cli, EverySubcommandHasHelp) {
  for (const char* sub : {"", "games", "rules", "play", "replay", "sim", "tune"}) {
    CommandResult r = run(std::string(sub) + " --help");
    EXPECT_EQ(r.status, 0) << sub;
    EXPECT_NE(r.output.find("Usage"), std::string::npos) << sub << ": " << r.output;
  }
}

TEST(Cli, NoOrUnknownSubcommandFails) {
  EXPECT_NE(run("").status, 0);
  EXPECT_NE(run("dance").status, 0);
}

TEST(Cli, GamesJsonListsEveryRegisteredGame) {
  CommandResult r = run("games --json");
  ASSERT_EQ(r.status, 0) << r.output;
  auto list = nlohmann::json::parse(r.output);
  ASSERT_EQ(list.size(), games().all().size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& info = games().all()[i].info;
    EXPECT_EQ(list[i]["id"], info.id);
    EXPECT_EQ(list[i]["min_players"], info.min_seats);
    EXPECT_EQ(list[i]["max_players"], info.max_seats);
    EXPECT_EQ(list[i]["options"].size(), info.options.size());
    EXPECT_NE(std::find(list[i]["bots"].begin(), list[i]["bots"].end(), "random"), list[i]["bots"].end());
    EXPECT_EQ(list[i]["offered_bots"].size(), games().all()[i].offered.size());
    EXPECT_EQ(list[i]["default_bot"], "normal");
  }
}

// `court games` names the offered bots in players' words, with their rating and line, and `court play` plays them.
TEST(Cli, GamesListsTheOfferedBotsByNameRatingAndLineAndPlayTakesThem) {
  CommandResult r = run("games");
  ASSERT_EQ(r.status, 0) << r.output;
  for (const auto& e : games().all()) {
    for (const auto& o : e.offered) {
      ASSERT_TRUE(o.rating.has_value()) << e.info.id << " " << o.name;
      const std::string rated = fmt::format(" \u00b7 {} ({} players)", rating_text(o), o.rating_players);
      EXPECT_NE(r.output.find(fmt::format("bot {:<10} {}{}: {}", o.name, o.title, rated, o.line)), std::string::npos)
          << e.info.id << " " << o.name;
    }
  }
  r = run("play persuasion --seats easy,normal,bold --seed 3 </dev/null");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("(seats: 0=easy, 1=normal, 2=bold)"), std::string::npos) << r.output;
  r = run("play persuasion --seats normal:patience=1,normal,normal --seed 3 </dev/null");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("stands for heuristic:patience=2"), std::string::npos) << r.output;
}

TEST(Cli, RulesPrintsEachGamesPageAndRefusesUnknownGames) {
  for (const auto& entry : games().all()) {
    CommandResult r = run("rules " + entry.info.id);
    EXPECT_EQ(r.status, 0) << entry.info.id << ": " << r.output;
    EXPECT_NE(r.output.find("Decisions where the rulebook is silent"), std::string::npos) << entry.info.id;
  }
  CommandResult r = run("rules chess");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("unknown game 'chess'; registered games: "), std::string::npos) << r.output;
}

// `court rules` prints rules and decisions only: a measured rate with its interval ("64.1% [61.1%", "74.6% (71.8")
// belongs on the game's experiments page, which the rules page names. The experiments pages hold such figures,
// so the pattern would catch them.
TEST(Cli, RulesPagesLeaveMeasurementsToTheExperimentsPages) {
  const std::regex measured(R"(\d+(\.\d+)?% [\[(]\d)");
  for (const auto& entry : games().all()) {
    const std::string id = entry.info.id;
    CommandResult r = run("rules " + id);
    EXPECT_FALSE(std::regex_search(r.output, measured)) << id;
    const std::string experiments = slurp(std::string(COURT_SOURCE_DIR) + "/docs/experiments/" + id + ".md");
    if (experiments.empty()) continue;
    EXPECT_NE(r.output.find("`docs/experiments/" + id + ".md`"), std::string::npos) << id;
    EXPECT_TRUE(std::regex_search(experiments, measured)) << id;
  }
}

TEST(Cli, PlayFromAPipeSavesAReplayThatVerifies) {
  FirstGame g;
  const std::string save = testing::TempDir() + "cli_game.json";
  CommandResult play = run("play " + g.id + " --seats " + g.seats() + " --seed 7 --save " + save, many_ones());
  ASSERT_EQ(play.status, 0) << play.output;
  EXPECT_NE(play.output.find("Game over after"), std::string::npos);
  auto doc = nlohmann::json::parse(slurp(save));
  EXPECT_EQ(doc["game"], g.id);
  EXPECT_EQ(doc["seed"], 7);
  EXPECT_TRUE(doc.contains("outcome"));
  EXPECT_GT(doc["actions"].size(), 0u);

  CommandResult replay = run("replay " + save);
  EXPECT_EQ(replay.status, 0) << replay.output;
  EXPECT_NE(replay.output.find("replay verified: " + std::to_string(doc["actions"].size()) +
                               " moves, outcome matches the recording"),
            std::string::npos) << replay.output;
  EXPECT_EQ(run("replay " + save + " --seat 0").status, 0);
  EXPECT_NE(run("replay " + save + " --seat 9").status, 0);

  // The same seed and the same typed moves give the same game.
  const std::string again = testing::TempDir() + "cli_game_again.json";
  ASSERT_EQ(run("play " + g.id + " --seats " + g.seats() + " --seed 7 --save " + again, many_ones()).status, 0);
  EXPECT_EQ(slurp(save), slurp(again));
}

TEST(Cli, PipedInputStillPlaysWholeGamesOfEveryGame) {
  for (const auto& entry : games().all()) {
    std::string seats = "human";
    for (int i = 1; i < entry.info.min_seats; ++i) seats += ",random";
    CommandResult r = run("play " + entry.info.id + " --seats " + seats + " --seed 3", many_ones());
    EXPECT_EQ(r.status, 0) << entry.info.id << ": " << r.output.substr(r.output.size() > 3000 ? r.output.size() - 3000 : 0);
    EXPECT_NE(r.output.find("Game over after"), std::string::npos) << entry.info.id;
    EXPECT_EQ(r.output.find("\033["), std::string::npos) << entry.info.id << ": colour in a pipe";
  }
}

TEST(Cli, ReplayStepShowsTheBoardOfOneMoveAsTheSeatSawIt) {
  FirstGame g;
  const std::string save = testing::TempDir() + "cli_step.json";
  ASSERT_EQ(run("play " + g.id + " --seats " + g.seats() + " --seed 7 --save " + save, many_ones()).status, 0);
  const std::size_t moves = nlohmann::json::parse(slurp(save))["actions"].size();
  const std::string title = games().get(g.id).info.title;
  CommandResult step = run("replay " + save + " --seat 0 --step 2");
  EXPECT_EQ(step.status, 0) << step.output;
  EXPECT_EQ(step.output.find(title + " · move 2 of " + std::to_string(moves) + ", as seat 0 saw it\n"), 0u)
      << step.output;
  EXPECT_NE(step.output.find("replay verified: "), std::string::npos) << step.output;
  CommandResult start = run("replay " + save + " --step 0");
  EXPECT_NE(start.output.find("move 0 of " + std::to_string(moves) + " (the start), as a spectator saw it"),
            std::string::npos) << start.output;
  CommandResult beyond = run("replay " + save + " --step " + std::to_string(moves + 1));
  EXPECT_EQ(beyond.status, 2);
  EXPECT_NE(beyond.output.find("the game has moves 0.." + std::to_string(moves)), std::string::npos) << beyond.output;
}

TEST(Cli, MovesMayBeTypedAsTheirText) {
  FirstGame g;
  // Learn the first legal move's label from a game that stops at once, then type it.
  CommandResult first = run("play " + g.id + " --seats " + g.seats() + " --seed 11", "\n");
  auto at = first.output.find("    1. ");
  ASSERT_NE(at, std::string::npos) << first.output;
  std::string label = first.output.substr(at + 7, first.output.find('\n', at) - at - 7);
  const std::string save = testing::TempDir() + "cli_label.json";
  CommandResult typed = run("play " + g.id + " --seats " + g.seats() + " --seed 11 --save " + save, label + "\n");
  EXPECT_EQ(typed.status, 2);   // input ends after one move
  auto doc = nlohmann::json::parse(slurp(save));
  ASSERT_GE(doc["actions"].size(), 1u);
  EXPECT_EQ(doc["actions"][0]["move"], label);
}

TEST(Cli, BadMovesAreRefusedAndAskedAgain) {
  FirstGame g;
  CommandResult r = run("play " + g.id + " --seats " + g.seats() + " --seed 3", "zzz\n0\n");
  EXPECT_NE(r.output.find("'zzz' is not one of the moves: type a number 1-"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("'0' is not one of the moves"), std::string::npos) << r.output;
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("input ended after 0 moves, before the game did"), std::string::npos) << r.output;
}

TEST(Cli, BadArgumentsGiveClearErrors) {
  FirstGame g;
  CommandResult option = run("play " + g.id + " --seats " + g.seats() + " --set nosuchoption=1");
  EXPECT_EQ(option.status, 2);
  EXPECT_NE(option.output.find("unknown option 'nosuchoption'"), std::string::npos) << option.output;
  std::string seats = g.seats();
  seats = seats.substr(0, seats.rfind(',')) + ",genius";
  CommandResult bot = run("play " + g.id + " --seats " + seats);
  EXPECT_EQ(bot.status, 2) << bot.output;
  EXPECT_NE(bot.output.find("unknown bot 'genius' for " + g.id + "; available: "), std::string::npos) << bot.output;
  CommandResult players = run("sim " + g.id + " -n 1 --players 99");
  EXPECT_EQ(players.status, 2);
  EXPECT_NE(players.output.find("not 99"), std::string::npos) << players.output;
  CommandResult missing = run("replay /nonexistent/replay.json");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("cannot read /nonexistent/replay.json"), std::string::npos);
}

TEST(Cli, TamperedReplayIsRefused) {
  FirstGame g;
  const std::string save = testing::TempDir() + "cli_tamper.json";
  ASSERT_EQ(run("play " + g.id + " --seats " + g.seats() + " --seed 5 --save " + save, many_ones()).status, 0);
  auto doc = nlohmann::json::parse(slurp(save));
  doc["outcome"]["seats"][0]["score"] = 1000;
  std::ofstream(save) << doc.dump();
  CommandResult r = run("replay " + save);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("outcome differs"), std::string::npos) << r.output;
}

TEST(Cli, SimWritesTheDocumentedJson) {
  FirstGame g;
  const std::string out = testing::TempDir() + "cli_sim.json";
  CommandResult r = run("sim " + g.id + " -n 30 --seed 4 --json " + out);
  ASSERT_EQ(r.status, 0) << r.output;
  auto doc = nlohmann::json::parse(slurp(out));
  EXPECT_EQ(doc["game"], g.id);
  EXPECT_EQ(doc["games"], 30);
  EXPECT_EQ(doc["players"], g.players);
  ASSERT_EQ(doc["seats"].size(), static_cast<std::size_t>(g.players));
  long wins = 0;
  for (const auto& s : doc["seats"]) {
    wins += s["wins"].get<long>();
    EXPECT_EQ(s["bot"], "random");
    EXPECT_DOUBLE_EQ(s["win_rate"].get<double>(), s["wins"].get<double>() / 30.0);
  }
  EXPECT_GE(wins, 30);   // every game has a winner; shared victories count for each winner
  EXPECT_GT(doc["mean_length"].get<double>(), 0);
  // Same seed, same numbers.
  const std::string again = testing::TempDir() + "cli_sim_again.json";
  ASSERT_EQ(run("sim " + g.id + " -n 30 --seed 4 --json " + again).status, 0);
  EXPECT_EQ(slurp(out), slurp(again));
  CommandResult human = run("sim " + g.id + " -n 5 --seats " + g.seats());
  EXPECT_EQ(human.status, 2);
  EXPECT_NE(human.output.find("'human' cannot sit at a simulated table"), std::string::npos) << human.output;
}

}  // namespace
}  // namespace court

namespace court {
namespace {

TEST(CliSim, ThreadCountDoesNotChangeTheNumbers) {
  FirstGame g;
  const std::string one = testing::TempDir() + "sim_t1.json", two = testing::TempDir() + "sim_t2.json";
  ASSERT_EQ(run("sim " + g.id + " -n 300 --seed 8 --threads 1 --json " + one).status, 0);
  ASSERT_EQ(run("sim " + g.id + " -n 300 --seed 8 --threads 2 --json " + two).status, 0);
  EXPECT_EQ(slurp(one), slurp(two));
}

TEST(CliSim, TwoMpiRanksGiveTheSameNumbersAsOneProcess) {
  const std::string mpiexec = COURT_MPIEXEC;
  ASSERT_FALSE(mpiexec.empty()) << "MPI was not found by CMake; scripts/bootstrap installs openmpi";
  FirstGame g;
  const std::string single = testing::TempDir() + "sim_single.json", ranks = testing::TempDir() + "sim_mpi.json";
  ASSERT_EQ(run("sim " + g.id + " -n 200 --seed 12 --json " + single).status, 0);
  const std::string command = mpiexec + " --allow-run-as-root --oversubscribe -np 2 " + COURT_BINARY + " sim " + g.id +
                              " -n 200 --seed 12 --json " + ranks + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  std::string output;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;
  EXPECT_EQ(slurp(single), slurp(ranks));
}

TEST(CliSim, SweepRunsEveryVariant) {
  FirstGame g;
  const auto& info = games().get("intrigue").info;
  const OptionSpec* numeric = nullptr;
  for (const auto& o : info.options) if (o.type == OptionType::Int && o.max > o.min) { numeric = &o; break; }
  if (!numeric) GTEST_SKIP() << "the first game has no integer option to sweep";
  const std::string values = std::to_string(numeric->min + 1 <= numeric->max ? numeric->min + 1 : numeric->min) + "," +
                             numeric->default_value;
  const std::string out = testing::TempDir() + "sim_sweep.json";
  CommandResult r = run("sim " + g.id + " -n 20 --set " + numeric->name + "=" + values + " --json " + out);
  ASSERT_EQ(r.status, 0) << r.output;
  auto doc = nlohmann::json::parse(slurp(out));
  ASSERT_EQ(doc["variants"].size(), 2u);
  EXPECT_NE(doc["variants"][0]["options"][numeric->name], doc["variants"][1]["options"][numeric->name]);
}

// The skill ladder (docs/report.md): each rung is the same batch with every seat taken by one bot, so a
// rung's figures are those of a plain run with that bot in every seat and the same seed.
TEST(CliSim, LadderPlaysTheBatchWithEachBotInEverySeat) {
  const std::string ladder = testing::TempDir() + "sim_ladder.json", plain = testing::TempDir() + "sim_plain.json";
  CommandResult r = run("sim intrigue -n 300 --seed 4 -q --ladder random,heuristic --json " + ladder);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("ladder:"), std::string::npos) << r.output;
  ASSERT_EQ(run("sim intrigue -n 300 --seed 4 -q --seats heuristic,heuristic,heuristic --json " + plain).status, 0);
  const auto doc = nlohmann::json::parse(slurp(ladder)), heuristic = nlohmann::json::parse(slurp(plain));
  const auto& rungs = doc.at("ladder").at("rungs");
  ASSERT_EQ(rungs.size(), 2u);
  EXPECT_EQ(rungs[0].at("bot"), "random");
  EXPECT_EQ(rungs[1].at("bot"), "heuristic");
  EXPECT_EQ(rungs[1].at("first_player"), heuristic.at("first_player"));
  EXPECT_EQ(rungs[1].at("seat_balance"), heuristic.at("seat_balance"));
  EXPECT_EQ(rungs[1].at("cards").size(), heuristic.at("cards").size());
  EXPECT_NE(rungs[0].at("first_player"), rungs[1].at("first_player"));
  EXPECT_TRUE(doc.at("ladder").at("flags").is_array());
  CommandResult one = run("sim intrigue -n 10 --ladder heuristic");
  EXPECT_NE(one.status, 0);
  EXPECT_NE(one.output.find("at least two bots"), std::string::npos) << one.output;
  EXPECT_NE(run("sim intrigue -n 10 --ladder random,grandmaster").status, 0);
}

TEST(CliSim, CompareFindsARealDifferenceAndNotAFakeOne) {
  FirstGame g;
  if (!games().get("intrigue").bots.count("heuristic")) GTEST_SKIP() << "the first game has no heuristic bot";
  std::string lineup_a = "random", lineup_b = "heuristic";
  for (int i = 1; i < g.players; ++i) { lineup_a += ",random"; lineup_b += ",random"; }
  const std::string a = testing::TempDir() + "cmp_a.json", b = testing::TempDir() + "cmp_b.json",
                    c = testing::TempDir() + "cmp_c.json", out = testing::TempDir() + "cmp.json";
  ASSERT_EQ(run("sim " + g.id + " -n 400 --no-rotate --seed 1 --seats " + lineup_a + " --json " + a).status, 0);
  ASSERT_EQ(run("sim " + g.id + " -n 400 --no-rotate --seed 2 --seats " + lineup_a + " --json " + c).status, 0);
  ASSERT_EQ(run("sim " + g.id + " -n 400 --no-rotate --seed 3 --seats " + lineup_b + " --json " + b).status, 0);
  // Seat 0 as heuristic against seat 0 as random: the seat 0 win rate differs, significantly.
  CommandResult real = run("compare " + a + " " + b + " --json " + out);
  ASSERT_EQ(real.status, 0) << real.output;
  bool seat0 = false;
  for (const auto& d : nlohmann::json::parse(slurp(out))) {
    if (d["what"] == "seat 0 win rate") seat0 = d["significant"].get<bool>();
  }
  EXPECT_TRUE(seat0) << real.output;
  // Two runs of the same set-up with different seeds: nothing should be significant (family-wise 5%).
  CommandResult same = run("compare " + a + " " + c);
  EXPECT_NE(same.output.find("\n0 of "), std::string::npos) << same.output;
  EXPECT_NE(run("compare " + a).status, 0);   // two reports are needed
}

TEST(CliSim, HtmlReportRendersItsChartsInChromium) {
  const std::string chromium = COURT_CHROMIUM;
  ASSERT_FALSE(chromium.empty()) << "chromium was not found by CMake; scripts/bootstrap installs it";
  FirstGame g;
  const std::string page = testing::TempDir() + "report.html", json = testing::TempDir() + "report.json";
  std::string lineup = games().get("intrigue").bots.count("heuristic") ? "heuristic" : "random";
  for (int i = 1; i < g.players; ++i) lineup += ",random";
  ASSERT_EQ(run("sim " + g.id + " -n 300 --seats " + lineup + " --report " + page + " --json " + json).status, 0);
  const std::string profile = testing::TempDir() + "chromium-profile";
  const std::string command = chromium + " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
                              "--disable-background-networking --disable-component-update --disable-sync "
                              "--user-data-dir=" + profile + " --virtual-time-budget=15000 --dump-dom file://" + page +
                              " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  std::string dom;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) dom.append(buffer, n);
  pclose(pipe);
  auto count = [](const std::string& text, const std::string& what) {
    std::size_t k = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++k;
    return k;
  };
  const std::size_t charts = count(slurp(page), "<div class=\"chart\" id=\"chart");
  EXPECT_GE(charts, 4u);
  // vega-embed turns each chart's div into a rendered SVG (class "marks").
  EXPECT_EQ(count(dom, "class=\"marks\""), charts) << dom.substr(0, 2000);
  // The headline in the page is the one in the JSON.
  auto report = nlohmann::json::parse(slurp(json));
  EXPECT_NE(dom.find(report["findings"][0].get<std::string>().substr(0, 20)), std::string::npos);
}

}  // namespace
}  // namespace court

namespace court {
namespace {

TEST(CliSim, CtrlCStopsCleanlyAndWritesWhatFinished) {
  FirstGame g;
  const std::string out = testing::TempDir() + "sim_interrupted.json";
  std::remove(out.c_str());
  const std::string script = std::string(COURT_BINARY) + " sim " + g.id + " -n 50000000 --threads 2 -q --json " + out +
                             " & pid=$!; sleep 2; kill -INT $pid; wait $pid";
  CommandResult r = run_shell("sh -c '" + script + "'");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("interrupted: wrote what was finished"), std::string::npos) << r.output;
  auto doc = nlohmann::json::parse(slurp(out));
  EXPECT_TRUE(doc["interrupted"].get<bool>());
  EXPECT_GT(doc["games"].get<long>(), 0);
  EXPECT_LT(doc["games"].get<long>(), 50000000);
  EXPECT_NE(doc["findings"][0].get<std::string>().find("Interrupted: "), std::string::npos);
}

}  // namespace
}  // namespace court

namespace court {
namespace {

// Every file Court reads is a regular file of at most 16 MiB (docs/cli.md): a device, a pipe or a directory is
// refused before it is opened, and a regular file is read at most one byte past the cap, never trusting its size.
TEST(CliFiles, EndlessAndOversizedFilesAreRefusedAtOnce) {
  const std::string cap = "larger than 16 MiB, the most Court reads from one file";
  const std::string device = "not a regular file but a character device; Court reads only regular files";
  CommandResult scenario = run("play persuasion --players 3 --scenario /dev/zero");
  EXPECT_EQ(scenario.status, 2);
  EXPECT_NE(scenario.output.find("/dev/zero: " + device), std::string::npos) << scenario.output;
  CommandResult replay = run("replay /dev/zero");
  EXPECT_EQ(replay.status, 2);
  EXPECT_NE(replay.output.find("/dev/zero: " + device), std::string::npos) << replay.output;
  CommandResult compare = run("compare /dev/zero /dev/zero");
  EXPECT_EQ(compare.status, 2);
  EXPECT_NE(compare.output.find(device), std::string::npos) << compare.output;
  // A pipe that never ends.
  CommandResult pipe = run_shell("sh -c 'yes | " + std::string(COURT_BINARY) + " replay /dev/stdin'");
  EXPECT_EQ(pipe.status, 2);
  EXPECT_NE(pipe.output.find("/dev/stdin: not a regular file but a FIFO"), std::string::npos) << pipe.output;
  // A regular file one byte over the cap (sparse: nothing is written).
  const std::string big = testing::TempDir() + "cli_big_replay.json";
  std::ofstream{big}.put('{');
  ASSERT_EQ(truncate(big.c_str(), 16 * 1024 * 1024 + 1), 0);
  CommandResult large = run("replay " + big);
  EXPECT_EQ(large.status, 2);
  EXPECT_NE(large.output.find(big + ": " + cap), std::string::npos) << large.output;
  std::remove(big.c_str());
  CommandResult directory = run("replay " + testing::TempDir());
  EXPECT_EQ(directory.status, 2);
  EXPECT_NE(directory.output.find("not a regular file but a directory"), std::string::npos) << directory.output;
}

TEST(CliFiles, DataFilesUnderDataAreCapped) {
  const std::string dir = testing::TempDir() + "cli_endless_data";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir + " && cp " + COURT_SOURCE_DIR +
                         "/data/intrigue/*.toml " + dir + " && ln -sf /dev/zero " + dir + "/characters.toml").c_str()),
            0);
  CommandResult r = run("play intrigue --seats human,random,random --data " + dir);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find(dir + "/characters.toml: not a regular file but a character device"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("(a data file from --data " + dir + ")"), std::string::npos) << r.output;
}

// A FIFO with no writer would block the open forever: every file Court reads is refused before it is
// opened unless it is a regular file (docs/cli.md). `timeout` turns a regression into a failure, not a hang.
TEST(CliFiles, AFifoIsRefusedBeforeItIsOpened) {
  const std::string dir = testing::TempDir() + "cli_fifo";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir + " && mkfifo " + dir + "/replay.json && cp " +
                         COURT_SOURCE_DIR + "/data/intrigue/*.toml " + dir + " && rm " + dir +
                         "/cards.toml && mkfifo " + dir + "/cards.toml").c_str()),
            0);
  const std::string timeout = "timeout 60 ";
  for (const std::string& args : {"replay " + dir + "/replay.json", "compare " + dir + "/replay.json " + dir +
                                 "/replay.json", "play intrigue --players 3 --scenario " + dir + "/replay.json"}) {
    CommandResult r = run_shell(timeout + COURT_BINARY + " " + args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.output;   // 124: timeout killed it
    EXPECT_NE(r.output.find(dir + "/replay.json: not a regular file but a FIFO (a named pipe); Court reads only "
                            "regular files (at most 16 MiB)"), std::string::npos) << r.output;
  }
  CommandResult data = run_shell(timeout + COURT_BINARY + " play intrigue --seats random,random,random --data " + dir);
  EXPECT_EQ(data.status, 2) << data.output;
  EXPECT_NE(data.output.find(dir + "/cards.toml: not a regular file but a FIFO"), std::string::npos) << data.output;
}

// `text` holds no control character but line feed (the terminal would act on it).
bool no_controls(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7f) return false;
    if (c == 0xc2 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xe0) == 0x80) return false;
  }
  return true;
}

TEST(CliText, PrintableWritesOutControlCharacters) {
  EXPECT_EQ(cli::printable("Oracle"), "Oracle");
  EXPECT_EQ(cli::printable("two\nlines\tand a tab"), "two\nlines\tand a tab");
  EXPECT_EQ(cli::printable("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(cli::printable(std::string("\0\r\x07\x7f", 4)), "\\x00\\x0d\\x07\\x7f");
  EXPECT_EQ(cli::printable("\xc2\x9b" "31m \xc2\x80 \xc2\xa0 \xc3\xa9"), "\\u009b31m \\u0080 \xc2\xa0 \xc3\xa9");
  EXPECT_EQ(cli::printable("\xc2"), "\xc2");   // a cut-off character is the terminal's to show
}

// Control characters from a file (a replay's move label, a data file's card title) are written out
// before they reach the terminal, in the log, on the board and in errors.
TEST(CliText, ControlCharactersFromFilesAreWrittenOut) {
  FirstGame g;
  const std::string save = testing::TempDir() + "cli_escape.json";
  ASSERT_EQ(run("play " + g.id + " --seats " + g.seats() + " --seed 5 --save " + save, many_ones()).status, 0);
  auto doc = nlohmann::json::parse(slurp(save));
  doc["actions"][0]["move"] = "x\x1b]0;owned\x07\x1b[2J\xc2\x9b" "31m";
  std::ofstream(save) << doc.dump();
  CommandResult replay = run("replay " + save);
  EXPECT_EQ(replay.status, 2);
  EXPECT_NE(replay.output.find("'x\\x1b]0;owned\\x07\\x1b[2J\\u009b31m' in the replay"), std::string::npos)
      << replay.output;
  EXPECT_TRUE(no_controls(replay.output)) << replay.output;
  const std::string dir = testing::TempDir() + "cli_escape_data";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir + " && cp " + COURT_SOURCE_DIR +
                         "/data/intrigue/*.toml " + dir + " && sed -i 's/title = \"Oracle\"/title = \"Ora\\\\u001b[31mcle\"/' " +
                         dir + "/cards.toml").c_str()),
            0);
  ASSERT_NE(slurp(dir + "/cards.toml").find("Ora\\u001b[31mcle"), std::string::npos);
  for (const std::string& args : {"play intrigue --seats human,random,random --seed 5 --plain --data " + dir,
                                 "play intrigue --seats random,random,random --seed 5 --data " + dir}) {
    CommandResult play = run(args, many_ones());
    EXPECT_EQ(play.status, 0) << play.output;
    EXPECT_NE(play.output.find("Ora\\x1b[31mcle"), std::string::npos) << play.output.substr(0, 2000);
    EXPECT_TRUE(no_controls(play.output)) << args;
  }
}

// A replay of another version may mean other things by its fields: refused, naming the version read.
TEST(CliFiles, UnknownReplayVersionsAreRefused) {
  FirstGame g;
  const std::string save = testing::TempDir() + "cli_version.json";
  ASSERT_EQ(run("play " + g.id + " --seats " + g.seats() + " --seed 5 --save " + save, many_ones()).status, 0);
  auto doc = nlohmann::json::parse(slurp(save));
  doc["court_replay"] = 2;
  std::ofstream(save) << doc.dump();
  CommandResult r = run("replay " + save);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("replay: field 'court_replay' is 2; this Court reads replay version 1 only"),
            std::string::npos) << r.output;
}

// nlohmann's parser keeps the last of two equal keys; toml++ refuses them itself. Every JSON and TOML
// file the CLI reads refuses a key given twice, naming the file.
TEST(CliFiles, DuplicateKeysInJsonAndTomlAreRefused) {
  FirstGame g;
  const std::string save = testing::TempDir() + "cli_duplicate.json";
  ASSERT_EQ(run("play " + g.id + " --seats " + g.seats() + " --seed 5 --save " + save, many_ones()).status, 0);
  std::string text = slurp(save);
  text.insert(text.find('{') + 1, "\"seed\": 6,");
  std::ofstream(save) << text;
  CommandResult replay = run("replay " + save);
  EXPECT_EQ(replay.status, 2);
  EXPECT_NE(replay.output.find(save + ": the key \"seed\" appears twice in one object; each key may appear once"),
            std::string::npos) << replay.output;
  const std::string scenario = testing::TempDir() + "cli_duplicate_scenario.json";
  std::ofstream(scenario) << R"({"round": 1, "hands": [[{"card": 1, "card": 2}]]})";
  CommandResult json_scenario = run("play intrigue --players 3 --scenario " + scenario);
  EXPECT_EQ(json_scenario.status, 2);
  EXPECT_NE(json_scenario.output.find("the key \"card\" appears twice"), std::string::npos) << json_scenario.output;
  const std::string toml = testing::TempDir() + "cli_duplicate_scenario.toml";
  std::ofstream(toml) << "round = 1\nround = 2\n";
  CommandResult toml_scenario = run("play intrigue --players 3 --scenario " + toml);
  EXPECT_EQ(toml_scenario.status, 2);
  EXPECT_NE(toml_scenario.output.find(toml), std::string::npos) << toml_scenario.output;
  EXPECT_NE(toml_scenario.output.find("cannot redefine existing"), std::string::npos) << toml_scenario.output;
  const std::string dir = testing::TempDir() + "cli_duplicate_data";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir + " && cp " + COURT_SOURCE_DIR +
                         "/data/intrigue/*.toml " + dir + " && sed -i '0,/title = \"Oracle\"/s//title = \"Oracle\"\\n"
                         "title = \"Seer\"/' " + dir + "/cards.toml").c_str()),
            0);
  CommandResult data = run("play intrigue --seats random,random,random --data " + dir);
  EXPECT_EQ(data.status, 2);
  EXPECT_NE(data.output.find(dir + "/cards.toml"), std::string::npos) << data.output;
  EXPECT_NE(data.output.find("cannot redefine existing"), std::string::npos) << data.output;
}

// --players 0 meant "not given" and --seed -1 wrapped to 18446744073709551615: both are refused, naming
// the flag, the value and what is allowed, for every command that takes them.
TEST(CliArgs, ZeroPlayersAndNegativeSeedsAreRefused) {
  for (const std::string command : {"play intrigue --seats random,random,random", "sim intrigue -n 1"}) {
    for (const std::string players : {"0", "-1", "three"}) {
      CommandResult r = run(command + " --players " + players);
      EXPECT_NE(r.status, 0) << command;
      EXPECT_NE(r.output.find("--players: " + players + " is not a number of players: give a whole number of at "
                              "least 1"), std::string::npos) << r.output.substr(0, 400);
    }
    for (const std::string seed : {"-1", "18446744073709551616", "1e3", "0x10"}) {
      CommandResult r = run(command + " --seed " + seed);
      EXPECT_NE(r.status, 0) << command;
      EXPECT_NE(r.output.find("--seed: " + seed + " is not a seed: give a whole number from 0 to "
                              "18446744073709551615"), std::string::npos) << r.output.substr(0, 400);
    }
  }
  EXPECT_EQ(run("sim intrigue -n 1 --seed 18446744073709551615 --players 3").status, 0);
}

// --- court_persuasion_deck (tools/persuasion/make_deck.cpp), the designer's deck generator beside `court`.

// The quoted words of every line of `deck` that starts with `key = [`, one list per line.
std::vector<std::vector<std::string>> rows(const std::string& deck, const std::string& key) {
  std::vector<std::vector<std::string>> out;
  std::istringstream lines(deck);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key + " = [", 0) != 0) continue;
    std::vector<std::string> words;
    for (std::size_t open = line.find('"'); open != std::string::npos;) {
      const std::size_t close = line.find('"', open + 1);
      if (close == std::string::npos) break;
      words.push_back(line.substr(open + 1, close - open - 1));
      open = line.find('"', close + 1);
    }
    out.push_back(words);
  }
  return out;
}

// "+wealth" -> "wealth"
std::string symbol(const std::string& signed_symbol) { return signed_symbol.substr(1); }

TEST(PersuasionDeckTool, DefaultSeedReproducesTheShippedDeck) {
  const CommandResult r = run_shell(COURT_PERSUASION_DECK);
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.output, slurp(std::string(COURT_SOURCE_DIR) + "/data/persuasion/traits.toml"));
}

// Rulings, "The 60 trait cards": the rulebook's desire counts, two different symbols per desire row, three
// per border, each signed symbol on exactly 18 borders; and the deck loads and plays with --data.
TEST(PersuasionDeckTool, AnotherSeedKeepsTheBalanceAndPlays) {
  const CommandResult r = run_shell(std::string(COURT_PERSUASION_DECK) + " 7");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.output, slurp(std::string(COURT_SOURCE_DIR) + "/data/persuasion/traits.toml"));

  std::map<std::string, int> desires, borders;
  const auto desire_rows = rows(r.output, "desire"), border_rows = rows(r.output, "border");
  ASSERT_EQ(desire_rows.size(), 60u);
  ASSERT_EQ(border_rows.size(), 60u);
  for (const auto& row : desire_rows) {
    ASSERT_EQ(row.size(), 2u);
    EXPECT_NE(symbol(row[0]), symbol(row[1]));
    for (const auto& s : row) ++desires[s];
  }
  for (const auto& row : border_rows) {
    ASSERT_EQ(row.size(), 3u);
    EXPECT_EQ(std::set<std::string>({symbol(row[0]), symbol(row[1]), symbol(row[2])}).size(), 3u);
    for (const auto& s : row) ++borders[s];
  }
  const std::map<std::string, int> expected = {{"+wealth", 18}, {"-danger", 17}, {"-mystery", 15}, {"+romance", 14},
                                               {"+title", 12},  {"-romance", 12}, {"-wealth", 10},  {"+mystery", 9},
                                               {"+danger", 7},  {"-title", 6}};
  EXPECT_EQ(desires, expected);
  ASSERT_EQ(borders.size(), 10u);
  for (const auto& [s, n] : borders) EXPECT_EQ(n, 18) << s;

  const std::string dir = testing::TempDir() + "court_persuasion_deck_seed7";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()), 0);
  std::ofstream(dir + "/traits.toml") << r.output;
  const CommandResult sim = run("sim persuasion --players 4 -n 20 --data " + dir);
  EXPECT_EQ(sim.status, 0) << sim.output;
}

TEST(CliServe, HelpGivesTheLimitFlagsWithTheirDefaults) {
  CommandResult r = run("serve --help");
  EXPECT_EQ(r.status, 0);
  for (const char* flag : {"--max-connections INT:INT in [0 - 1073741824]=0",
                           "--max-client-connections INT:INT in [0 - 1000000]=64",
                           "--max-client-waiting-tables INT:INT in [0 - 1000000]=20",
                           "--max-client-tables-per-minute INT:INT in [0 - 1000000]=30",
                           "--waiting-table-expiry INT:INT in [0 - 315360000]=86400"}) {
    EXPECT_NE(r.output.find(flag), std::string::npos) << flag << "\n" << r.output;
  }
}

// Whoever knows the seed knows every hand: with two people at one screen the seed waits for the end
// (the saved replay has it); with one person it is printed first, as before.
TEST(CliSeeds, TwoHumansSeeTheSeedOnlyWhenTheGameEnds) {
  const std::string save = testing::TempDir() + "cli_two_humans.json";
  CommandResult two = run("play intrigue --seats human,human,random --save " + save, many_ones());
  ASSERT_EQ(two.status, 0) << two.output;
  const std::string seed = std::to_string(nlohmann::json::parse(slurp(save))["seed"].get<std::uint64_t>());
  const auto end = two.output.find("Game over after");
  ASSERT_NE(end, std::string::npos);
  EXPECT_NE(two.output.find("seed shown when the game ends"), std::string::npos) << two.output.substr(0, 200);
  EXPECT_EQ(two.output.substr(0, end).find(seed), std::string::npos) << "seed " << seed << " shown before the end";
  EXPECT_NE(two.output.find("seed " + seed + "\n", end), std::string::npos) << two.output.substr(end);

  CommandResult chosen = run("play intrigue --seats human,human,random --seed 123456789", "1\n");
  EXPECT_EQ(chosen.output.find("123456789"), std::string::npos) << chosen.output;

  CommandResult one = run("play intrigue --seats human,random,random --seed 123456789", "1\n");
  EXPECT_EQ(one.output.find("Intrigue: 3 players, seed 123456789 (seats:"), 0u) << one.output.substr(0, 200);
}

}  // namespace
}  // namespace court
