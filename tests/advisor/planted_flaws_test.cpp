// The advisor proven on planted flaws (issue 39): each variant of tests/advisor/flaws/flaws.toml has a flaw
// planted in its data or options (README.md beside it says how, with the `court sim` figures that prove it),
// and `court advise` must find it and name it: the card, the move kind, the seat. The clean variant must raise
// nothing major or critical. The real binary on the real files, a few hundred games each.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <toml++/toml.h>
#include <vector>

namespace court {
namespace {

namespace fs = std::filesystem;
const fs::path kFlaws = fs::path(COURT_SOURCE_DIR) / "tests/advisor/flaws";

struct Flaw {
  std::string name, game, data, expect, names;
  int players = 0;
  long games = 0;   // games per batch (the plan's when the entry names none)
  int seat = -1;
  std::vector<std::string> set;
};

struct Plan {
  long games = 0;
  long seed = 0;
  std::string args;   // more arguments for every run (such as the second strength)
  std::vector<Flaw> flaws;
};

Plan read_plan() {
  const toml::table root = toml::parse_file((kFlaws / "flaws.toml").string());
  Plan plan{root["games"].value_or(0L), root["seed"].value_or(0L), root["args"].value_or(""), {}};
  for (const auto& node : *root["flaw"].as_array()) {
    const toml::table& t = *node.as_table();
    Flaw f{t["name"].value_or(""), t["game"].value_or(""), t["data"].value_or(""), t["expect"].value_or(""),
           t["names"].value_or(""), static_cast<int>(t["players"].value_or(0L)), t["games"].value_or(plan.games),
           static_cast<int>(t["seat"].value_or(-1L)), {}};
    if (const toml::array* set = t["set"].as_array()) {
      for (const auto& s : *set) f.set.push_back(s.value_or(""));
    }
    plan.flaws.push_back(std::move(f));
  }
  return plan;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Runs `court advise` on the variant; its JSON document, or a failure naming the command and its output.
nlohmann::json advise(const Plan& plan, const Flaw& f) {
  const std::string out = testing::TempDir() + "court_flaw_" + std::to_string(getpid()) + "_" + f.name + ".json";
  std::string command = std::string(COURT_BINARY) + " advise " + f.game + " --players " + std::to_string(f.players) +
                        " -n " + std::to_string(f.games) + " --seed " + std::to_string(plan.seed) + " --json " + out +
                        " -q " + plan.args;
  if (!f.data.empty()) command += " --data " + (kFlaws / f.data).string();
  for (const auto& s : f.set) command += " --set " + s;
  std::string output;
  FILE* pipe = popen((command + " 2>&1 < /dev/null").c_str(), "r");
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << "\n" << output;
  std::ifstream in(out);
  if (!in) {
    ADD_FAILURE() << command << " wrote no " << out << "\n" << output;
    return {};
  }
  return nlohmann::json::parse(in);
}

// Does the finding name the flaw's subject: its text or evidence holds `names`, its evidence's seat is `seat`?
bool names_subject(const nlohmann::json& finding, const Flaw& f) {
  if (!f.names.empty()) {
    const std::string needle = lower(f.names);
    return lower(finding.value("text", "")).find(needle) != std::string::npos ||
           lower(finding.value("evidence", nlohmann::json::object()).dump()).find(needle) != std::string::npos;
  }
  if (f.seat >= 0) {
    const nlohmann::json evidence = finding.value("evidence", nlohmann::json::object());
    const bool by_evidence = evidence.contains("seat") && evidence["seat"] == f.seat;
    const std::string text = lower(finding.value("text", ""));
    return by_evidence || text.find("seat " + std::to_string(f.seat)) != std::string::npos ||
           (f.seat == 0 && text.find("first player") != std::string::npos);
  }
  return true;
}

TEST(PlantedFlaws, ThePlanNamesSixVariantsEachWithItsData) {
  const Plan plan = read_plan();
  ASSERT_EQ(plan.flaws.size(), 6u);
  EXPECT_GT(plan.games, 0);
  int clean = 0;
  for (const Flaw& f : plan.flaws) {
    if (f.expect.empty()) ++clean;
    if (!f.data.empty()) {
      EXPECT_TRUE(fs::is_directory(kFlaws / f.data)) << f.name;
    }
  }
  EXPECT_EQ(clean, 1);
}

TEST(PlantedFlaws, TheAdvisorFindsAndNamesEachPlantedFlaw) {
  const Plan plan = read_plan();
  for (const Flaw& f : plan.flaws) {
    if (f.expect.empty()) continue;
    const nlohmann::json doc = advise(plan, f);
    if (!doc.is_object()) continue;   // the failure is reported by advise()
    const nlohmann::json findings = doc.value("findings", nlohmann::json::array());
    const bool found = std::any_of(findings.begin(), findings.end(), [&](const nlohmann::json& x) {
      return x.value("code", "") == f.expect && names_subject(x, f);
    });
    EXPECT_TRUE(found) << f.name << ": no " << f.expect << " finding naming '" << f.names << "' (seat " << f.seat
                       << ") among " << findings.dump(1);
  }
}

TEST(PlantedFlaws, TheCleanVariantRaisesNothingMajor) {
  const Plan plan = read_plan();
  for (const Flaw& f : plan.flaws) {
    if (!f.expect.empty()) continue;
    const nlohmann::json doc = advise(plan, f);
    ASSERT_TRUE(doc.is_object() && doc.contains("findings")) << f.name;
    for (const auto& x : doc["findings"]) {
      const std::string severity = x.value("severity", "");
      EXPECT_TRUE(severity == "minor" || severity == "note") << f.name << ": " << x.dump(1);
    }
    EXPECT_FALSE(doc.value("checked", nlohmann::json::array()).empty()) << f.name << ": the report says what it checked";
  }
}

}  // namespace
}  // namespace court
