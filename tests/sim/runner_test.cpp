// The batch runner and the report: results do not depend on threads or on how the games are split;
// seats rotate fairly; the report's figures follow from the records.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <utility>

#include "bots/generic_bots.h"
#include "conformance/fixture_game.h"
#include "engine/registry.h"
#include "sim/cluster.h"
#include "sim/ladder.h"
#include "sim/report.h"
#include "sim/report_html.h"
#include "sim/runner.h"

namespace court::sim {
namespace {

using Duel = fixture::DuelGame<fixture::Flaw::None>;

// `list` with `item` added at the end, made again in `records`' arena (a test's record grows item by item).
template <class T>
void append(Records& records, ArenaList<T>& list, const T& item) {
  std::vector<T> items(list.begin(), list.end());
  items.push_back(item);
  list = ArenaList<T>::copy(records.arena(), items);
}

// A game with random bots at its `seats` seats, on a factory of its own (so no names met before).
struct Batch {
  GameEntry entry;
  std::shared_ptr<const GameFactory> factory;
  std::vector<std::string> lineup;
  Batch(GameEntry game, int seats)
      : entry(std::move(game)), factory(entry.prepare(entry.make_config(seats, {}))),
        lineup(static_cast<std::size_t>(seats), "random") {}
  Records run(BatchSettings s) const { return run_batch(entry, factory, lineup, s); }
};

struct DuelBatch : Batch {
  DuelBatch() : Batch(game_entry<Duel>(), 3) {}
};

TEST(Runner, SameSeedSameRecordsWhateverTheThreads) {
  DuelBatch setup;
  BatchSettings s;
  s.seed = 99;
  s.games = 400;
  s.threads = 1;
  const auto one = records_to_json(setup.run(s)).dump();
  s.threads = 2;
  EXPECT_EQ(records_to_json(setup.run(s)).dump(), one);
  s.threads = 5;
  EXPECT_EQ(records_to_json(setup.run(s)).dump(), one);
  s.seed = 100;
  EXPECT_NE(records_to_json(setup.run(s)).dump(), one);
}

// A batch is played in rounds of 65,536 games (each round's records made before it starts): a batch
// that spans two rounds is the same on one thread as on three.
TEST(Runner, ABatchOverSeveralRoundsIsTheSameWhateverTheThreads) {
  DuelBatch setup;
  BatchSettings s;
  s.games = (1u << 16) + 300;
  s.threads = 1;
  const auto one = setup.run(s);
  s.threads = 3;
  const auto three = setup.run(s);
  ASSERT_EQ(three.games.size(), s.games);
  for (std::uint64_t k = 0; k < s.games; ++k) ASSERT_EQ(three.games[k].index, k);
  EXPECT_EQ(records_to_json(three).dump(), records_to_json(one).dump());
}

TEST(Runner, SplitRunsMergeIntoTheWholeRun) {
  DuelBatch setup;
  BatchSettings s;
  s.games = 101;
  const auto whole = setup.run(s);
  s.stride = 2;
  s.offset = 0;
  auto merged = setup.run(s);
  EXPECT_EQ(merged.games.size(), 51u);
  s.offset = 1;
  merge(merged, setup.run(s));
  EXPECT_EQ(records_to_json(merged).dump(), records_to_json(whole).dump());
  EXPECT_EQ(whole.games.size(), 101u);
}

// A record's lists live in arenas of its Records (each worker's: a game's record costs no call to the
// heap). A merge moves the part's arenas along with its records, so the merged lists stay whole after
// the part is gone and the memory it would have freed is used again.
TEST(Runner, ARecordsListsMoveWithAMerge) {
  DuelBatch setup;
  BatchSettings s;
  s.games = 300;
  s.threads = 3;
  const std::string whole = records_to_json(setup.run(s)).dump();
  s.stride = 2;
  auto merged = setup.run(s);
  EXPECT_EQ(merged.arenas.size(), 3u);
  s.offset = 1;
  merge(merged, setup.run(s));   // the part ends here
  EXPECT_EQ(merged.arenas.size(), 6u);
  EXPECT_EQ(merged.games.size(), 300u);
  s.seed = 2;
  const Records other = setup.run(s);   // in blocks the part would have given back
  EXPECT_EQ(records_to_json(merged).dump(), whole);
}

// A real game's report (figures and cards by name) is the same whatever the threads: the workers number
// the names they meet in the batch's one list, in whatever order they meet them.
TEST(Runner, FiguresAndCardsKeepTheirNamesWhateverTheThreads) {
  const Batch persuasion(*games().find("persuasion"), 4);
  BatchSettings s{.games = 300, .threads = 1};
  const Records one = persuasion.run(s);
  s.threads = 3;
  const Records three = persuasion.run(s);
  const auto json = records_to_json(one);
  EXPECT_EQ(records_to_json(three).dump(), json.dump());
  EXPECT_EQ(json[0]["values"].size(), 11u) << json[0].dump();
  ASSERT_FALSE(json[0]["cards"][0].empty());
  EXPECT_EQ(json[0]["cards"][0][0].get<std::string>().rfind('#', 0), 0u) << json[0]["cards"][0].dump();
  EXPECT_EQ(records_to_json(records_from_bytes(records_to_bytes(three))).dump(), json.dump());
}

// Names on a base are numbered after it, and the base's are found in it, not added again.
TEST(Runner, NamesOnABaseNumberAfterIt) {
  auto base = std::make_shared<Names>();
  base->id("Duke");
  base->id("Earl");
  Names names(base);
  EXPECT_EQ(names.id("Earl"), 1u);
  EXPECT_EQ(names.id("Baron"), 2u);
  EXPECT_EQ(names.id("Baron"), 2u);
  EXPECT_EQ(names.size(), 3u);
  EXPECT_EQ(names[0], "Duke");
  EXPECT_EQ(names[2], "Baron");
  EXPECT_EQ(names.in_base("Duke"), 0u);
  EXPECT_EQ(names.in_base("Baron"), kNoName);
  const auto flat = names.flattened();
  EXPECT_EQ(flat->base(), nullptr);
  ASSERT_EQ(flat->size(), 3u);
  EXPECT_EQ((*flat)[2], "Baron");
  EXPECT_EQ(Names(std::make_shared<const Names>(std::move(names))).in_base("Baron"), 2u) << "a base's base is flattened";
}

// A batch starts from the names the earlier batches of its game met (its workers find them without a
// lock), and its records read as they would without them.
TEST(Runner, ABatchStartsFromTheNamesItsGameMetBefore) {
  const Batch persuasion(*games().find("persuasion"), 3);
  BatchSettings s{.games = 200, .threads = 2};
  const Records first = persuasion.run(s);
  EXPECT_EQ(first.names.base(), nullptr);
  s.seed = 2;
  const Records second = persuasion.run(s);
  ASSERT_NE(second.names.base(), nullptr);
  EXPECT_EQ(second.names.base()->size(), first.names.size());
  const Records fresh = Batch(persuasion.entry, 3).run(s);   // another factory: no names met before
  EXPECT_EQ(fresh.names.base(), nullptr);
  EXPECT_EQ(records_to_json(second).dump(), records_to_json(fresh).dump());
  EXPECT_EQ(records_to_json(records_from_bytes(records_to_bytes(second))).dump(), records_to_json(fresh).dump());
}

// The wire format between MPI ranks keeps every field of every record, and refuses a cut-off message.
TEST(Runner, RecordsCrossBetweenRanksIntact) {
  DuelBatch setup;
  BatchSettings s;
  s.games = 40;
  auto records = setup.run(s);
  GameRecord& three = records.games[3];
  three.cooperative = true;
  three.team_win = true;
  three.loss_cause = records.names.id("spring_pass");
  GameRecord& five = records.games[5];
  append(records, five.figures, {records.names.id("a figure"), 0.1 + 0.2});
  five.cards = ArenaList<std::uint32_t>::copy(
      records.arena(), std::vector{records.names.id("#07 +Title -Mystery +Romance"), records.names.id("")});
  five.card_counts = {};
  five.card_counts[1] = 2;
  five.capped = true;
  const std::string bytes = records_to_bytes(records);
  const auto back = records_from_bytes(bytes);
  ASSERT_EQ(back.games.size(), records.games.size());
  EXPECT_EQ(records_to_json(back).dump(), records_to_json(records).dump());
  EXPECT_TRUE(back.games[3].cooperative && back.games[3].team_win);
  EXPECT_EQ(back.loss_cause(back.games[3]), "spring_pass");
  EXPECT_EQ(back.loss_cause(back.games[4]), "");
  ASSERT_FALSE(back.games[5].figures.empty());
  EXPECT_EQ(back.names[back.games[5].figures.back().first], "a figure");
  EXPECT_EQ(back.games[5].figures.back().second, 0.1 + 0.2) << "doubles cross bit for bit";
  EXPECT_EQ(records_to_json(back)[5]["cards"][1], nlohmann::json({"#07 +Title -Mystery +Romance", ""}));
  EXPECT_THROW(records_from_bytes(std::string_view(bytes).substr(0, bytes.size() - 3)), std::runtime_error);
  five.figures.back().first = 99;   // a name number past the list: refused, not read

  EXPECT_THROW(records_from_bytes(records_to_bytes(records)), std::runtime_error);
}

TEST(Runner, RotationSeatsEachBotInEachSeatEquallyOften) {
  // 3 players, 300 games: every (seat, lineup position) pair exactly 100 times.
  std::map<std::pair<int, int>, int> count;
  for (std::uint64_t g = 0; g < 300; ++g) {
    const int r = rotation_of(g, 3, true);
    for (int s = 0; s < 3; ++s) ++count[{s, (s + r) % 3}];
  }
  ASSERT_EQ(count.size(), 9u);
  for (const auto& [pair, n] : count) EXPECT_EQ(n, 100);
  EXPECT_EQ(rotation_of(7, 3, false), 0);
}

TEST(Runner, StopLeavesUnplayedGamesOut) {
  DuelBatch setup;
  BatchSettings s;
  s.games = 50;
  std::atomic<bool> stop{true};
  const auto records = run_batch(setup.entry, setup.factory, setup.lineup, s, &stop);
  EXPECT_TRUE(records.games.empty());
  ReportContext c{&setup.entry.info, 3, setup.lineup, s, nlohmann::json::object(), "", true};
  EXPECT_EQ(build_report(c, records)["games"], 0);
}

// A batch stopped midway keeps exactly the games it played, in index order: each record has its place
// in the batch from the start, and the places nobody played are dropped. The records' list is grown
// unwritten in memory a finished batch of other games gave back first, so a place nobody played holds
// an old record unless the runner marks it.
TEST(Runner, StopMidwayKeepsThePlayedGamesInOrder) {
  DuelBatch setup;
  BatchSettings s;
  s.games = 1 << 16;   // a whole round, its list the size of the stopped batch's
  s.seed = 7;
  EXPECT_EQ(setup.run(s).games.size(), s.games);
  s.seed = 1;
  s.games = 200000;
  s.threads = 2;
  std::atomic<bool> stop{false};
  Progress progress;
  std::thread watcher([&] {
    while (progress.finished.load() < 2000) std::this_thread::yield();
    stop = true;
  });
  const auto records = run_batch(setup.entry, setup.factory, setup.lineup, s, &stop, &progress);
  watcher.join();
  ASSERT_LT(records.games.size(), s.games) << "the batch ended before the stop: nothing was dropped";
  EXPECT_EQ(records.games.size(), progress.finished.load());
  for (std::size_t i = 0; i < records.games.size(); ++i) {
    const GameRecord& r = records.games[i];
    EXPECT_EQ(r.seats.size(), 3u) << "game " << r.index << " was kept unplayed";
    EXPECT_GT(r.length, 0u);
    if (i > 0) {
      EXPECT_LT(records.games[i - 1].index, r.index);
    }
  }
  ASSERT_FALSE(records.games.empty());
  s.games = records.games.back().index + 1;   // the kept games are those of a whole run
  const auto whole = setup.run(s);
  const auto json = records_to_json(whole);
  const auto kept = records_to_json(records);
  for (std::size_t i = 0; i < records.games.size(); ++i) EXPECT_EQ(kept[i], json[records.games[i].index]);
}

// A two-seat game won by `winner`, figure "figure" = winner, card "Ace" held by seat 0 when it won.
GameRecord& constructed(Records& into, std::uint64_t index, int winner, double length) {
  GameRecord& r = into.add();
  r.index = index;
  r.length = static_cast<std::uint32_t>(length);
  for (int s = 0; s < 2; ++s) append(into, r.seats, {s == winner, s == winner ? 3.0 : 1.0, s == winner ? 1 : 2});
  append(into, r.figures, {into.names.id("figure"), winner});
  if (winner == 0) {
    append(into, r.cards, into.names.id("Ace"));
    r.card_counts[0] = 1;
  }
  return r;
}

TEST(Report, FiguresFollowFromTheRecords) {
  // 1000 two-player games, seat 0 wins 600: the report must say seat 0 has the edge.
  GameEntry entry = game_entry<Duel>();
  Records records;
  for (int g = 0; g < 1000; ++g) constructed(records, g, g % 5 < 3 ? 0 : 1, 10 + g % 3);
  BatchSettings s;
  s.games = 1000;
  ReportContext c{&entry.info, 2, {"random", "random"}, s, nlohmann::json::object(), "", false};
  const auto r = build_report(c, records);
  EXPECT_EQ(r["games"], 1000);
  EXPECT_DOUBLE_EQ(r["seats"][0]["win_rate"].get<double>(), 0.6);
  EXPECT_DOUBLE_EQ(r["fair_share"].get<double>(), 0.5);
  EXPECT_TRUE(r["first_player"]["significant"].get<bool>());
  EXPECT_NEAR(r["seats"][0]["ci95"][0].get<double>(), 0.5693, 0.0001);   // Wilson 600/1000
  EXPECT_DOUBLE_EQ(r["mean_length"].get<double>(), (10 * 334 + 11 * 333 + 12 * 333) / 1000.0);
  EXPECT_DOUBLE_EQ(r["game_stats"][0]["mean"].get<double>(), 0.4);
  EXPECT_EQ(r["cards"][0]["card"], "Ace");
  EXPECT_DOUBLE_EQ(r["cards"][0]["win_rate"].get<double>(), 1.0);
  const auto findings = r["findings"].dump();
  EXPECT_NE(findings.find("Seat 0 wins 60% ± 3%, more than a fair 50%."), std::string::npos) << findings;
  EXPECT_NE(findings.find("Holding or playing Ace: win rate 100.0% ± 0.6% against 28.6% without it."), std::string::npos) << findings;

  const std::string html = report_html(r);
  EXPECT_NE(html.find("Seat 0 wins 60% ± 3%, more than a fair 50%."), std::string::npos);
  EXPECT_NE(html.find("vegaEmbed("), std::string::npos);
  EXPECT_EQ(html.find("https://cdn"), std::string::npos);   // nothing loaded from the network
}

TEST(Report, ACooperativeBatchCountsEachGameOnceForItsBots) {
  // 1000 four-seat team games, 700 won: the bot line is 700 of 1000 games (Wilson 0.6709..0.7276),
  // not 2800 of 4000 seats, whose interval would be half as wide.
  GameEntry entry = game_entry<Duel>();
  Records records;
  for (int g = 0; g < 1000; ++g) {
    GameRecord& r = records.add();
    r.index = static_cast<std::uint64_t>(g);
    r.length = 10;
    r.cooperative = true;
    r.team_win = g % 10 < 7;
    r.loss_cause = r.team_win ? kNoName : records.names.id("autumn");
    for (int s = 0; s < 4; ++s) append(records, r.seats, {r.team_win, 0.0, 1});
  }
  BatchSettings s;
  s.games = 1000;
  ReportContext c{&entry.info, 4, {"random", "random", "random", "random"}, s, nlohmann::json::object(), "", false};
  const auto r = build_report(c, records);
  ASSERT_EQ(r["bots"].size(), 1u);
  EXPECT_DOUBLE_EQ(r["bots"][0]["seat_games"].get<double>(), 1000);
  EXPECT_DOUBLE_EQ(r["bots"][0]["wins"].get<double>(), 700);
  EXPECT_NEAR(r["bots"][0]["ci95"][0].get<double>(), 0.6708, 0.0001);
  EXPECT_NEAR(r["bots"][0]["ci95"][1].get<double>(), 0.7276, 0.0001);
  EXPECT_DOUBLE_EQ(r["team"]["rate"].get<double>(), 0.7);
}

TEST(Report, CsvHasOneRowPerGameAndOneHeaderForASweep) {
  GameEntry entry = game_entry<Duel>();
  Records records, other;
  constructed(records, 0, 0, 10);
  constructed(records, 1, 1, 11);
  append(other, constructed(other, 0, 1, 12).figures, {other.names.id("only_here"), 2.0});
  BatchSettings s;
  ReportContext c{&entry.info, 2, {"random", "random"}, s, nlohmann::json::object(), "", false};
  const std::string csv = records_csv({{&c, &records}});
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "game,seed,rotation,length,seat0_bot,seat0_win,seat0_score,seat0_rank,seat1_bot,seat1_win,seat1_score,"
            "seat1_rank,capped,figure");
  const std::string sweep = records_csv({{&c, &records}, {&c, &other}});
  EXPECT_EQ(std::count(sweep.begin(), sweep.end(), '\n'), 4);
  EXPECT_EQ(sweep.substr(0, sweep.find('\n')),
            "variant,game,seed,rotation,length,seat0_bot,seat0_win,seat0_score,seat0_rank,seat1_bot,seat1_win,"
            "seat1_score,seat1_rank,capped,figure,only_here");
  EXPECT_NE(sweep.find("\n0,1,"), std::string::npos);
  EXPECT_NE(sweep.find("\n1,0,"), std::string::npos);
  // Variant 1's row: capped 0, figure 1, only_here 2; variant 0's rows carry only_here as 0.
  EXPECT_NE(sweep.find(",0,1,2\n"), std::string::npos);
  EXPECT_NE(sweep.find(",0,1,0\n"), std::string::npos);
}

// The ladder flags a figure that changes direction between strengths, one that loses significance and one
// that gains it, and nothing for a figure that stays as it was.
TEST(Ladder, FlagsChangesOfDirectionAndSignificance) {
  auto report = [](double first_rate, double first_p, double card_rate, bool card_significant) {
    return nlohmann::json{
        {"games", 1000},
        {"first_player", {{"win_rate", first_rate}, {"ci95", {first_rate - 0.03, first_rate + 0.03}},
                          {"fair_share", 0.25}, {"p_value", first_p}}},
        {"seats", {{{"seat", 0}, {"win_rate", first_rate}, {"ci95", {0.2, 0.3}}, {"p_value", first_p}},
                   {{"seat", 1}, {"win_rate", 0.25}, {"ci95", {0.22, 0.28}}, {"p_value", 0.9}}}},
        {"cards", {{{"card", "Duke"}, {"win_rate", card_rate}, {"ci95", {card_rate - 0.02, card_rate + 0.02}},
                    {"win_rate_without", 0.25}, {"p_value", card_significant ? 0.001 : 0.5},
                    {"significant", card_significant}}}}};
  };
  const auto ladder = sim::ladder_section({{"random", report(0.31, 0.001, 0.30, true)},
                                           {"heuristic", report(0.20, 0.001, 0.26, false)},
                                           {"ismcts", report(0.21, 0.002, 0.33, true)}});
  ASSERT_EQ(ladder.at("rungs").size(), 3u);
  std::vector<std::string> changes;
  for (const auto& f : ladder.at("flags")) {
    changes.push_back(f.at("figure").get<std::string>() + ": " + f.at("change").get<std::string>() + " " +
                      f.at("from").get<std::string>() + ">" + f.at("to").get<std::string>());
  }
  EXPECT_EQ(changes, (std::vector<std::string>{"First-player advantage: changes direction random>heuristic",
                                               "Holding or playing Duke: loses significance random>heuristic",
                                               "Holding or playing Duke: becomes significant heuristic>ismcts"}));
}

}  // namespace
}  // namespace court::sim
