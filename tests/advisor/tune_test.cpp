// The tuner (advisor/tune.h): knobs and targets parsed and refused before play, data knobs through the game's
// loader, successive halving that drops poor settings after few games, the Pareto front of conflicting targets,
// and a best whose `court sim` settings reproduce its figures.
#include "advisor/tune.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "engine/data.h"
#include "engine/registry.h"
#include "sim/simulate.h"

namespace court::advisor {
namespace {

const GameEntry& intrigue() { return games().get("intrigue"); }

TuneRequest intrigue_request(const std::vector<std::string>& knobs, const std::vector<std::string>& targets,
                             std::uint64_t budget) {
  TuneRequest r;
  r.entry = &intrigue();
  r.players = 3;
  r.lineup = {"heuristic", "heuristic", "heuristic"};
  for (const auto& k : knobs) r.knobs.push_back(parse_knob(k, intrigue(), ""));
  for (const auto& t : targets) r.targets.push_back(parse_target(t, intrigue()));
  r.budget = budget;
  r.threads = 2;
  return r;
}

nlohmann::json sim_report(const GameConfig& config, std::uint64_t games, std::uint64_t seed) {
  sim::SimRequest r;
  r.entry = &intrigue();
  r.players = 3;
  r.lineup = {"heuristic", "heuristic", "heuristic"};
  r.configs = {config};
  r.settings.seed = seed;
  r.settings.games = games;
  r.settings.threads = 2;
  r.settings.rotate = sim::default_rotation(r.lineup);
  return sim::simulate(r, sim::Cluster{}, {}).document;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UserError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Tune, FewerStartingPointsShortenIntrigueAndTheBestMeetsTheLengthBand) {
  // The knob's effect, as `court sim` shows it: with one starting point a game is over far sooner.
  const double short_p50 = sim_report(intrigue().make_config(3, {{"starting_points", "1"}}), 200, 1)["length"]["p50"];
  const double long_p50 = sim_report(intrigue().make_config(3, {{"starting_points", "6"}}), 200, 1)["length"]["p50"];
  ASSERT_LT(short_p50 + 20, long_p50);
  // A band only the low values reach.
  const TuneRequest r = intrigue_request({"starting_points=1..6"}, {"length=20..35"}, 900);
  const TuneResult result = tune(r);
  const Candidate& best = result.candidates[result.best];
  EXPECT_TRUE(best.values[0] == "1" || best.values[0] == "2") << best.values[0];
  EXPECT_EQ(best.score, 0);
  EXPECT_GE(best.measures[0].value, 20);
  EXPECT_LE(best.measures[0].value, 35);
  // The settings and games its `court sim` command names give the same median.
  const Subject subject = candidate_subject(r, best, "");
  EXPECT_NE(subject.sim_command(r.lineup, best.games, r.seed).find("--set starting_points=" + best.values[0]),
            std::string::npos);
  EXPECT_EQ(sim_report(subject.config, best.games, r.seed)["length"]["p50"].get<double>(), best.measures[0].value);
}

// The stop flag, set during the third batch, ends the race there: no later batch starts, the run says it was
// interrupted, and its progress counted the games of the batches it played.
TEST(Tune, TheStopFlagEndsTheRaceBetweenBatches) {
  const TuneRequest r = intrigue_request({"starting_points=1..8"}, {"length=20..30"}, 1200);
  std::atomic<bool> stop{false};
  sim::Progress progress;
  std::vector<std::string> steps;
  TuneHooks hooks{.stop = &stop, .progress = &progress};
  hooks.step = [&](const std::string& step, int done, int total) {
    steps.push_back(step);
    EXPECT_LT(done, total) << step;
    if (done == 2) stop = true;
  };
  const TuneResult result = tune(r, {}, hooks);
  EXPECT_TRUE(result.interrupted);
  EXPECT_EQ(steps.size(), 3u) << "no batch starts after the stop";
  EXPECT_TRUE(result.rungs.empty()) << "the first rung did not end";
  int played = 0;
  for (const auto& c : result.candidates) played += c.rungs;
  EXPECT_EQ(played, 2) << "the batch the stop ended is not scored";
  EXPECT_GE(progress.finished.load(), 2 * result.first_games);
  EXPECT_TRUE(to_json(r, result)["interrupted"].get<bool>());
  const TuneResult whole = tune(r);
  EXPECT_FALSE(whole.interrupted);
  EXPECT_FALSE(to_json(r, whole)["interrupted"].get<bool>());
}

TEST(Tune, SuccessiveHalvingDropsTheWorstAfterTheFirstRung) {
  const TuneRequest r = intrigue_request({"starting_points=1..8"}, {"length=20..30"}, 1200);
  const TuneResult result = tune(r);
  ASSERT_GE(result.rungs.size(), 2u);
  EXPECT_EQ(result.rungs[0].played.size(), 8u);
  EXPECT_LE(result.rungs[0].kept.size(), 6u);
  const Candidate& best = result.candidates[result.best];
  std::uint64_t spent = 0;
  for (std::size_t i = 0; i < result.candidates.size(); ++i) {
    const Candidate& c = result.candidates[i];
    spent += c.spent;
    if (std::find(result.rungs[0].kept.begin(), result.rungs[0].kept.end(), i) == result.rungs[0].kept.end()) {
      EXPECT_EQ(c.spent, result.first_games) << describe(r, c);
      EXPECT_LT(c.spent, best.spent) << describe(r, c);
    }
  }
  EXPECT_EQ(spent, result.spent);
  EXPECT_LE(result.spent, r.budget);
  // The same request gives the same run.
  EXPECT_EQ(to_json(r, tune(r)).dump(), to_json(r, result).dump());
}

TEST(Tune, DataKnobEditsTheFileTheLoaderReadsAndARefusedValueIsReported) {
  const Knob k = parse_knob("data:cards.toml:card[title=Oracle].quantity=0..2", intrigue(), "");
  EXPECT_EQ(k.values, (std::vector<std::string>{"0", "1", "2"}));
  const std::string text = set_data_field(read_data_file("intrigue", "cards.toml", ""), "cards.toml", k, "2");
  const toml::table root = parse_toml(text, "cards.toml");
  int oracles = 0;
  for (const auto& node : *root["card"].as_array()) {
    const auto& card = *node.as_table();
    if (card["title"].value<std::string>() == "Oracle") oracles = static_cast<int>(*card["quantity"].value<std::int64_t>());
  }
  EXPECT_EQ(oracles, 2);
  {
    TempDataDir dir("intrigue", intrigue().info.data_files,
                    {{"cards.toml", text}, {"characters.toml", read_data_file("intrigue", "characters.toml", "")}});
    EXPECT_NO_THROW((void)intrigue().prepare(intrigue().make_config(3, {}, dir.path())));
  }
  // By position too ("card #1" is the Oracle), and a value the loader refuses drops only that candidate.
  TuneRequest r = intrigue_request({"data:cards.toml:card[1].quantity=-1|1"}, {"length=20..40"}, 100);
  const auto cs = candidates_of(r);
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_NE(cs[0].problem.find("quantity"), std::string::npos) << cs[0].problem;
  EXPECT_NE(cs[0].problem.find("cards.toml"), std::string::npos) << cs[0].problem;
  EXPECT_EQ(cs[0].problem.find("court-data-"), std::string::npos) << "names no temporary directory: " << cs[0].problem;
  EXPECT_EQ(cs[1].problem, "");
  const TuneResult result = tune(r);
  EXPECT_EQ(result.candidates[0].rungs, 0);
  EXPECT_EQ(result.best, 1u);
  EXPECT_NE(lab_variant(r, result.candidates[1], "v")["files"]["cards.toml"].get<std::string>().find("quantity = 1"),
            std::string::npos);
}

TEST(Tune, ConflictingTargetsGiveAFrontOfTradeOffs) {
  // Long Intrigue games (3+ starting points) favour seat 1; one starting point is fairer but short.
  const TuneRequest r = intrigue_request({"starting_points=1..4"}, {"length=60..80", "win_band=0.25..0.42"}, 1600);
  const TuneResult result = tune(r);
  ASSERT_GE(result.front.size(), 2u);
  EXPECT_NE(std::find(result.front.begin(), result.front.end(), result.best), result.front.end());
  bool length_met = false, band_met = false;
  for (std::size_t i : result.front) {
    const Candidate& c = result.candidates[i];
    length_met = length_met || c.measures[0].distance == 0;
    band_met = band_met || c.measures[1].distance == 0;
    EXPECT_FALSE(c.measures[0].distance == 0 && c.measures[1].distance == 0) << describe(r, c);
  }
  EXPECT_TRUE(length_met);
  EXPECT_TRUE(band_met);
}

TEST(Tune, BadInputIsRefusedBeforePlayNamingWhatIsAllowed) {
  const auto& g = intrigue();
  EXPECT_NE(error_of([&] { parse_knob("startin_points=1..3", g, ""); }).find("its options: hand_size, rounds"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("starting_points=0..3", g, ""); }).find("1..20"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("starting_points=5..2", g, ""); }).find("is empty"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("starting_points", g, ""); }).find("expected OPTION=VALUES"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("data:cardz.toml:card[1].quantity=1..2", g, ""); }).find("its files: cards.toml"),
            std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("data:cards.toml:card[1].quantityy=1..2", g, ""); }).find("numeric fields: quantity, support"),
            std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("data:cards.toml:card[title=Dukee].quantity=1..2", g, ""); }).find("Oracle"),
            std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("data:cards.toml:card[99].quantity=1..2", g, ""); }).find("1..19"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_knob("data:cards.toml:card[1].quantity=1.5", g, ""); }).find("not an integer"),
            std::string::npos);
  EXPECT_NE(error_of([&] { parse_target("lenght=20..40", g); }).find("targets: win_band"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_target("length=40..20", g); }).find("is empty"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_target("team_win=0.4..0.7", g); }).find("not a cooperative game"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_target("capped<=x", g); }).find("not a number"), std::string::npos);
  const TuneRequest small = intrigue_request({"starting_points=1..8"}, {"length=20..30"}, 50);
  EXPECT_NE(error_of([&] { tune(small); }).find("--budget 50 is too small"), std::string::npos);
  const TuneRequest twice = intrigue_request({"starting_points=1..2", "starting_points=3..4"}, {"length=20..30"}, 500);
  EXPECT_NE(error_of([&] { check_tune(twice); }).find("already set"), std::string::npos);
  // A shape target on a report without the shape figures says what it needs.
  const Target decisions = parse_target("decisions>=6", g);
  EXPECT_NE(error_of([&] { measure(decisions, nlohmann::json{{"length", {}}}); }).find("needs the shape figures"),
            std::string::npos);
}

}  // namespace
}  // namespace court::advisor
