// The advisor's study (advisor/advise.h) on real games, small batches: 3-player Persuasion's dominant
// strategy with its figures, the ranking, and the document's fields.
#include <gtest/gtest.h>

#include <algorithm>

#include "advisor/advise.h"
#include "advisor/study.h"
#include "engine/registry.h"

namespace court::advisor {
namespace {

AdviseRequest persuasion3(const std::string& baseline, std::uint64_t n) {
  AdviseRequest r;
  r.subject.entry = &court::games().get("persuasion");
  r.subject.config = r.subject.entry->make_config(3, {});
  r.baseline = baseline;
  r.games = n;
  r.strong_games = 100;
  r.strong = "ismcts:iters=20";
  r.threads = 2;
  r.deal_sample = 100;
  return r;
}

// 3-player Persuasion collapses: claiming independence in round 1 wins for every seat that does. Taking
// `independence` whenever legal (otherwise random) beats random in every seat by far.
TEST(Advise, Persuasion3FindsIndependenceDominant) {
  const nlohmann::json doc = advise(persuasion3("random", 300));
  ASSERT_FALSE(doc["findings"].empty());
  const auto& top = doc["findings"][0];
  EXPECT_EQ(top["code"], "dominant_strategy");
  EXPECT_EQ(top["evidence"]["kind"], "independence");
  EXPECT_EQ(top["evidence"]["probe"], "probe:take=independence,base=random");
  const double rate = top["evidence"]["win_rate"], base = top["evidence"]["baseline_rate"];
  EXPECT_GT(rate, 0.5);
  EXPECT_LT(base, 0.25);
  EXPECT_LT(top["evidence"]["ci95"][0].get<double>(), rate);
  EXPECT_NE(top["text"].get<std::string>().find("taking `independence` whenever legal"), std::string::npos);
  EXPECT_EQ(top["command"],
            "court sim persuasion --players 3 --seats probe:take=independence,base=random,random,random -n 300 "
            "--seed 1 --shape");
  EXPECT_TRUE(top.contains("strength"));   // checked against the strong bot
}

// With the heuristic baseline no probe beats it (it claims independence in round 1 itself); the early end is
// explained from the probes: independence ends the games, a seat that never claims it loses, and no seat needs
// to correspond (the sentence: "no seat benefits from corresponding").
// (1,500 games a probe: a dead option's interval must lie within 3 points of the fair share.)
TEST(Advise, Persuasion3EarlyEndIsExplainedByIndependenceAndTheUnneededCorrespondence) {
  const nlohmann::json doc = advise(persuasion3("", 1500));
  const auto f = std::find_if(doc["findings"].begin(), doc["findings"].end(),
                              [](const nlohmann::json& x) { return x["code"] == "early_end"; });
  ASSERT_NE(f, doc["findings"].end());
  EXPECT_EQ((*f)["severity"], "critical");
  EXPECT_EQ((*f)["evidence"]["ended_by"], "independence");
  EXPECT_LT((*f)["evidence"]["never_probe"]["win_rate"].get<double>(), 0.1);
  const auto unneeded = (*f)["evidence"]["unneeded"];
  EXPECT_NE(std::find(unneeded.begin(), unneeded.end(), "`invite`"), unneeded.end()) << unneeded;
  EXPECT_NE(std::find(unneeded.begin(), unneeded.end(), "`propose`"), unneeded.end()) << unneeded;
  const std::string text = (*f)["text"];
  EXPECT_NE(text.find("takes `independence` at once"), std::string::npos) << text;
  EXPECT_NE(text.find("no seat benefits from"), std::string::npos) << text;
}

// A kind that random play seldom reaches is met in the baseline's games and probed: with independence opening in
// round 3, random games have mostly ended before it (docs/report.md, "Which kinds are probed").
TEST(Advise, AKindOnlyTheBaselineReachesIsProbed) {
  AdviseRequest r = persuasion3("", 100);
  r.subject.config = r.subject.entry->make_config(3, {{"independence_from", "3"}});
  r.agency = r.cooperative = false;
  const nlohmann::json doc = advise(r);
  EXPECT_GE(doc["kinds"]["shares"].value("independence", 0.0), 0.02) << doc["kinds"];
  bool probed = false;
  for (const auto& p : doc["probes"]) probed = probed || p["spec"] == "probe:never=independence";
  EXPECT_TRUE(probed);
}

// The Lab's cap and progress bar count a study's games before it runs (study_bound): never fewer than it plays,
// with the probes of every kind it probes (also one only the baseline's games reach).
TEST(Advise, TheStudyBoundCountsEveryBatchTheStudyPlays) {
  for (const std::map<std::string, std::string>& options :
       {std::map<std::string, std::string>{}, {{"independence_from", "3"}}}) {
    AdviseRequest r = persuasion3("", 100);
    r.subject.config = r.subject.entry->make_config(3, options);
    r.agency = r.cooperative = false;
    sim::Progress progress;
    const nlohmann::json doc = advise(r, {.progress = &progress});
    const StudyBound bound = study_bound(r);
    EXPECT_GT(progress.finished.load(), 0u);
    EXPECT_LE(progress.finished.load(), bound.games) << bound.how;
    const std::string probes = "2 x " + std::to_string(doc["probes"].size() / 2) + " move-kind probes";
    EXPECT_NE(bound.how.find(probes), std::string::npos) << bound.how;
  }
}

TEST(Advise, TheDocumentHasItsFieldsAndRanksFindings) {
  const nlohmann::json doc = advise(persuasion3("", 200));
  for (const char* key : {"court_advice", "game", "players", "options", "data_dir", "baseline", "strong", "games",
                          "seed", "findings", "checked", "probes", "baseline_report", "luck", "kinds"}) {
    EXPECT_TRUE(doc.contains(key)) << key;
  }
  EXPECT_EQ(doc["baseline"], "heuristic");
  EXPECT_EQ(doc["players"], 3);
  EXPECT_GE(doc["checked"].size(), 6u);
  // Every kind met is probed both ways, each with its figures.
  EXPECT_EQ(doc["probes"].size(), 2 * doc["kinds"]["shares"].size() - 2 * doc["kinds"]["skipped"].size());
  for (const auto& p : doc["probes"]) {
    EXPECT_EQ(p["games"], 200.0) << p["spec"];
    EXPECT_LE(p["ci95"][0].get<double>(), p["win_rate"].get<double>());
  }
  // The heuristic claims independence itself: never claiming it wins nothing.
  for (const auto& p : doc["probes"]) {
    if (p["spec"] == "probe:never=independence") EXPECT_LT(p["win_rate"].get<double>(), 0.05);
    if (p["spec"] == "probe:take=independence") {
      EXPECT_NEAR(p["win_rate"].get<double>(), doc["baseline_report"]["fair_share"].get<double>(), 0.05);
    }
  }
  int last = 4;
  for (const auto& f : doc["findings"]) {
    const std::string s = f["severity"];
    const int level = s == "critical" ? 3 : s == "major" ? 2 : s == "minor" ? 1 : 0;
    EXPECT_LE(level, last);
    last = level;
  }
}

Finding finding(const char* code, Severity severity, double size, const char* kind) {
  return {.code = code, .severity = severity, .size = size, .text = std::string("about ") + kind,
          .evidence = {{"kind", kind}}, .command = "court sim x"};
}

// Three or more minor findings of one code become one, in the place of the largest, naming each; two stay
// apart, and major findings are never folded.
TEST(Advise, AFloodOfMinorFindingsOfOneCodeBecomesOne) {
  std::vector<Finding> f{finding("dead_option", Severity::Minor, 0.01, "a"),
                         finding("dominant_strategy", Severity::Major, 0.2, "b"),
                         finding("dead_option", Severity::Minor, 0.05, "c"),
                         finding("weak_card", Severity::Minor, 0.02, "Fool"),
                         finding("dead_option", Severity::Minor, 0.03, "d"),
                         finding("weak_card", Severity::Minor, 0.01, "Jester"),
                         finding("ending_kind", Severity::Major, 0.1, "e"),
                         finding("ending_kind", Severity::Major, 0.3, "f"),
                         finding("ending_kind", Severity::Major, 0.2, "g")};
  rank(f);
  ASSERT_EQ(f.size(), 7u);
  for (const std::size_t i : {0, 2, 3}) EXPECT_EQ(f[i].code, "ending_kind");   // major: never folded
  EXPECT_EQ(f[1].code, "dominant_strategy");
  EXPECT_EQ(f[4].code, "dead_option");
  EXPECT_EQ(f[4].text, "3 dead_option findings (about c, d, a); the largest: about c");
  EXPECT_EQ(f[4].evidence["count"], 3);
  ASSERT_EQ(f[4].evidence["items"].size(), 3u);
  EXPECT_EQ(f[4].evidence["items"][2]["evidence"]["kind"], "a");
  EXPECT_EQ(f[5].code, "weak_card");   // two of a code stay as they are
  EXPECT_EQ(f[6].code, "weak_card");
}

TEST(Advise, HolmAndOneSidedTests) {
  EXPECT_EQ(holm({0.001, 0.02, 0.5}, 0.05), (std::vector<bool>{true, true, false}));
  EXPECT_EQ(holm({0.02, 0.02, 0.02}, 0.05), (std::vector<bool>{false, false, false}));
  EXPECT_LT(one_sided_p(70, 100, 0.5, true), 0.001);
  EXPECT_GT(one_sided_p(70, 100, 0.5, false), 0.999);
  EXPECT_NEAR(one_sided_p(50, 100, 0.5, true), 0.5, 1e-9);
}

TEST(Advise, UnknownBotsAreRefused) {
  AdviseRequest r = persuasion3("genius", 50);
  EXPECT_THROW(advise(r), UserError);
}

}  // namespace
}  // namespace court::advisor
