// The shape findings (advisor/shape_findings.cpp): on real runs (3-player Persuasion with heuristic bots ends
// in the first round; Intrigue does when it has one round, and not with its three), and on shape objects made
// by hand at each threshold's edge (docs/report.md, "Shape findings").
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "advisor/parts.h"
#include "engine/registry.h"
#include "sim/simulate.h"

namespace court::advisor {
namespace {

Subject subject_of(const char* id, int players, const std::vector<std::string>& sets = {}) {
  Subject s;
  s.entry = &games().get(id);
  std::map<std::string, std::string> options;
  for (const auto& a : sets) options[a.substr(0, a.find('='))] = a.substr(a.find('=') + 1);
  s.config = s.entry->make_config(players, options);
  s.set_args = sets;
  return s;
}

nlohmann::json shape_of(const Subject& subject, std::uint64_t games) {
  sim::SimRequest r;
  r.entry = subject.entry;
  r.players = subject.config.seats;
  r.lineup.assign(static_cast<std::size_t>(r.players), "heuristic");
  r.configs.push_back(subject.config);
  r.settings.games = games;
  r.settings.threads = 2;
  r.settings.rotate = false;
  r.settings.shape = true;
  return sim::simulate(r, sim::Cluster{}, {}).document.at("shape");
}

const Finding* find(const std::vector<Finding>& findings, const std::string& code) {
  auto it = std::find_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.code == code; });
  return it == findings.end() ? nullptr : &*it;
}

TEST(ShapeFindings, ThreePlayerPersuasionEndsInTheFirstRound) {
  const Subject subject = subject_of("persuasion", 3);
  const auto findings = shape_findings(shape_of(subject, 400), subject, "heuristic");
  const Finding* early = find(findings, "early_end");
  ASSERT_NE(early, nullptr);
  EXPECT_EQ(early->severity, Severity::Critical);
  EXPECT_NE(early->text.find("at 3 players, "), std::string::npos) << early->text;
  EXPECT_NE(early->text.find("of games end in the first round"), std::string::npos) << early->text;
  EXPECT_EQ(early->command, "court sim persuasion --players 3 --seats heuristic,heuristic,heuristic -n 400 --seed 1 --shape");
  EXPECT_GT(early->evidence["first_round_end"]["ci95"][0].get<double>(), 0.5);
  ASSERT_NE(find(findings, "no_standing"), nullptr) << "Persuasion has no public standing, and the advisor says so";
  EXPECT_EQ(find(findings, "no_lead_change"), nullptr);
  EXPECT_EQ(find(findings, "early_decided"), nullptr);
}

TEST(ShapeFindings, OneRoundIntrigueEndsInTheFirstRoundAndThreeRoundsDoNot) {
  const Subject one = subject_of("intrigue", 3, {"rounds=1"});
  const auto findings = shape_findings(shape_of(one, 300), one, "heuristic");
  const Finding* early = find(findings, "early_end");
  ASSERT_NE(early, nullptr);
  EXPECT_NE(early->text.find("at 3 players, 100% ["), std::string::npos) << early->text;
  EXPECT_NE(early->text.find("] of games end in the first round"), std::string::npos) << early->text;
  EXPECT_NE(early->command.find("--set rounds=1"), std::string::npos);
  const Subject normal = subject_of("intrigue", 3);
  const auto plain = shape_findings(shape_of(normal, 300), normal, "heuristic");
  EXPECT_EQ(find(plain, "early_end"), nullptr);
  EXPECT_EQ(find(plain, "no_standing"), nullptr) << "Intrigue has a standing";
}

// A shape object that raises nothing: each test below moves one figure to its threshold's edge.
nlohmann::json quiet_shape() {
  const auto rate = [](double k, double n, double lo, double hi) {
    return nlohmann::json{{"count", k}, {"of", n}, {"rate", k / n}, {"ci95", {lo, hi}}};
  };
  return {{"games", 1000}, {"players", 3}, {"seed", 5},
          {"decisions_per_seat", {{"mean", 20.0}, {"p10", 12.0}, {"p50", 20.0}, {"p90", 30.0}}},
          {"forced", rate(100, 1000, 0.08, 0.12)}, {"legal_per_decision", 6.5},
          {"first_round_end", rate(10, 1000, 0.005, 0.018)}, {"single_winner", rate(10000, 10000, 0.9996, 1.0)},
          {"undivided", rate(0, 10000, 0.0, 0.0004)},
          {"standing", true},
          {"lead_changes", {{"mean", 2.0}, {"p50", 2.0}, {"p90", 4.0}, {"none", rate(100, 1000, 0.08, 0.12)}}},
          {"decisiveness", {{"games", 1000.0}, {"mean", 0.6}}},
          {"drama", {{"games", 1000.0}, {"mean", 1.0}, {"winner_trailed", rate(300, 1000, 0.27, 0.33)}}}};
}

std::vector<Finding> findings_of(const nlohmann::json& shape) {
  static const Subject subject = subject_of("intrigue", 3);
  return shape_findings(shape, subject, "heuristic");
}

TEST(ShapeFindings, AQuietShapeRaisesNothing) {
  const auto findings = findings_of(quiet_shape());
  EXPECT_TRUE(findings.empty()) << to_json(findings).dump(2);
}

TEST(ShapeFindings, EarlyEndNeedsTheIntervalAboveHalf) {
  nlohmann::json s = quiet_shape();
  s["first_round_end"] = {{"count", 520}, {"of", 1000}, {"rate", 0.52}, {"ci95", {0.5, 0.55}}};
  EXPECT_EQ(find(findings_of(s), "early_end"), nullptr);
  s["first_round_end"]["ci95"] = {0.501, 0.55};
  const auto all = findings_of(s);
  const Finding* f = find(all, "early_end");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::Major);
  EXPECT_EQ(f->text, "at 3 players, 52% [50.1%, 55%] of games end in the first round");
  EXPECT_EQ(f->command, "court sim intrigue --players 3 --seats heuristic,heuristic,heuristic -n 1000 --seed 5 --shape");
}

TEST(ShapeFindings, FewDecisionsBelowSixAMedianGame) {
  nlohmann::json s = quiet_shape();
  s["decisions_per_seat"]["p50"] = 6.0;
  EXPECT_EQ(find(findings_of(s), "few_decisions"), nullptr);
  s["decisions_per_seat"]["p50"] = 5.0;
  const auto all = findings_of(s);
  const Finding* f = find(all, "few_decisions");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->text.find("a seat makes 5 decisions in a median game"), std::string::npos) << f->text;
  s["decisions_per_seat"]["p50"] = 2.0;
  const auto critical = findings_of(s);
  ASSERT_NE(find(critical, "few_decisions"), nullptr);
  EXPECT_EQ(find(critical, "few_decisions")->severity, Severity::Critical);
}

TEST(ShapeFindings, ForcedDecisionsOverFortyPercent) {
  nlohmann::json s = quiet_shape();
  s["forced"] = {{"count", 420}, {"of", 1000}, {"rate", 0.42}, {"ci95", {0.4, 0.45}}};
  EXPECT_EQ(find(findings_of(s), "forced_decisions"), nullptr);
  s["forced"]["ci95"] = {0.401, 0.45};
  ASSERT_NE(find(findings_of(s), "forced_decisions"), nullptr);
}

// Drawish: the share of games every seat or none won (nobody told apart), its Wilson interval above 20%.
TEST(ShapeFindings, DrawishWhenMoreThanAFifthTellNobodyApart) {
  nlohmann::json s = quiet_shape();
  s["single_winner"] = {{"count", 7000}, {"of", 10000}, {"rate", 0.7}, {"ci95", {0.69, 0.71}}};
  s["undivided"] = {{"count", 2000}, {"of", 10000}, {"rate", 0.2}, {"ci95", {0.2, 0.21}}};
  EXPECT_EQ(find(findings_of(s), "drawish"), nullptr) << "20% exactly: the interval is not above it";
  s["undivided"] = {{"count", 2200}, {"of", 10000}, {"rate", 0.22}, {"ci95", {0.21, 0.23}}};
  const auto all = findings_of(s);
  const Finding* f = find(all, "drawish");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->text.find("22% ["), std::string::npos) << f->text;
  EXPECT_NE(f->text.find("(30% ["), std::string::npos) << f->text;   // no single winner, for comparison
  s["single_winner"] = s["undivided"] = nullptr;   // team results only
  EXPECT_EQ(find(findings_of(s), "drawish"), nullptr);
}

// Shared wins among some seats (Persuasion's couples) are the game's own: many games without a single
// winner raise nothing while few games tell nobody apart.
TEST(ShapeFindings, SharedWinsAmongSomeSeatsAreNotDrawish) {
  nlohmann::json s = quiet_shape();
  s["single_winner"] = {{"count", 1000}, {"of", 10000}, {"rate", 0.1}, {"ci95", {0.094, 0.106}}};
  s["undivided"] = {{"count", 500}, {"of", 10000}, {"rate", 0.05}, {"ci95", {0.046, 0.054}}};
  EXPECT_EQ(find(findings_of(s), "drawish"), nullptr);
}

TEST(ShapeFindings, NoLeadChangeAndEarlyDecidedNeedAStanding) {
  nlohmann::json s = quiet_shape();
  s["lead_changes"]["none"] = {{"count", 780}, {"of", 1000}, {"rate", 0.78}, {"ci95", {0.75, 0.8}}};
  s["decisiveness"]["mean"] = 0.25;
  auto f = findings_of(s);
  EXPECT_EQ(find(f, "no_lead_change"), nullptr);
  EXPECT_EQ(find(f, "early_decided"), nullptr);
  s["lead_changes"]["none"]["ci95"] = {0.751, 0.8};
  s["decisiveness"]["mean"] = 0.24;
  f = findings_of(s);
  ASSERT_NE(find(f, "no_lead_change"), nullptr);
  ASSERT_NE(find(f, "early_decided"), nullptr);
  EXPECT_NE(find(f, "early_decided")->text.find("after 24% of the game"), std::string::npos);
  s["standing"] = false;
  f = findings_of(s);
  EXPECT_EQ(find(f, "no_lead_change"), nullptr);
  EXPECT_EQ(find(f, "early_decided"), nullptr);
  ASSERT_NE(find(f, "no_standing"), nullptr);
  EXPECT_EQ(find(f, "no_standing")->severity, Severity::Note);
  s["single_winner"] = s["undivided"] = nullptr;   // a cooperative team's results: no lead between seats at all
  EXPECT_EQ(find(findings_of(s), "no_standing"), nullptr) << "a team game is not said to lack a standing";
}

TEST(ShapeFindings, FindingsComeMostSevereFirst) {
  nlohmann::json s = quiet_shape();
  s["forced"] = {{"count", 450}, {"of", 1000}, {"rate", 0.45}, {"ci95", {0.42, 0.48}}};
  s["first_round_end"] = {{"count", 990}, {"of", 1000}, {"rate", 0.99}, {"ci95", {0.98, 0.995}}};
  const auto f = findings_of(s);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].code, "early_end");
  EXPECT_EQ(f[0].severity, Severity::Critical);
  EXPECT_EQ(f[1].code, "forced_decisions");
}

}  // namespace
}  // namespace court::advisor
