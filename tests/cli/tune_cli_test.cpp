// `court tune`: the rungs and games it spends, the best with a confirming `court sim` command that gives the
// same figure, a Lab variant and data under --out, the whole run as JSON, and bad input refused before play.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli/cli_support.h"

namespace court {
namespace {

using cli_test::CommandResult;
using cli_test::run;

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST(TuneCli, PrintsRungsAndABestWhoseSimCommandConfirmsIt) {
  const std::string dir = testing::TempDir() + "court_tune_cli_" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  const CommandResult r = run("tune intrigue --knob starting_points=1..4 --knob 'data:cards.toml:card[title=Oracle].quantity=1|2'"
                    " --target length=20..35 --budget 800 --threads 2 --out " + dir + " --json " + dir + ".json");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("rung 1: 8 candidates x "), std::string::npos) << r.output;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.output, m, std::regex("confirm: court (sim [^\n]*)"))) << r.output;
  const std::string sim = m[1];
  EXPECT_NE(sim.find("--data " + dir + "/best/data"), std::string::npos) << sim;
  const nlohmann::json run_doc = read_json(dir + ".json");
  const auto& best = run_doc["candidates"][run_doc["best"].get<std::size_t>()];
  EXPECT_EQ(best["targets"][0]["met"], true);
  const CommandResult confirm = run(sim + " -q --json " + dir + "-confirm.json");
  ASSERT_EQ(confirm.status, 0) << confirm.output;
  EXPECT_EQ(read_json(dir + "-confirm.json")["length"]["p50"], best["targets"][0]["value"]);
  const nlohmann::json variant = read_json(dir + "/best/variant.json");
  EXPECT_EQ(variant["game"], "intrigue");
  EXPECT_TRUE(variant["files"].contains("cards.toml"));
  EXPECT_EQ(variant["options"]["starting_points"], best["settings"]["starting_points"]);
  std::filesystem::remove_all(dir);
}

TEST(TuneCli, BadInputFailsBeforePlayNamingWhatIsAllowed) {
  const CommandResult r = cli_test::expect_refused("tune intrigue --knob starting_points=1..3 --target lenght=1..2",
                                                   {"unknown target 'lenght'"});
  EXPECT_EQ(r.output.find("rung"), std::string::npos) << r.output;   // refused before any play
  cli_test::expect_refused("tune intrigue --knob 'data:cards.toml:card[1].quantity=1..2' --target length=20..30",
                           {"need --out DIR"});
  cli_test::expect_refused("tune intrigue --knob starting_points=1..8 --target length=20..30 --budget 10",
                           {"is too small"});
}

}  // namespace
}  // namespace court
