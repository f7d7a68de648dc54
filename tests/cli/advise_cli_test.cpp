// court advise end to end: the real binary, its exit codes, the JSON and HTML it writes, its errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli/cli_support.h"

namespace court {
namespace {

using cli_test::run;
using cli_test::slurp;

TEST(AdviseCli, WritesTheFindingsAsJsonAndHtml) {
  const std::string dir = testing::TempDir() + "advise_" + std::to_string(getpid());
  const cli_test::CommandResult r = run("advise persuasion --players 3 --baseline random -n 300 --threads 2 -q "
                                        "--json " + dir + ".json --report " + dir + ".html");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("dominant_strategy"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Checked:"), std::string::npos);
  const auto doc = nlohmann::json::parse(slurp(dir + ".json"));
  EXPECT_EQ(doc["court_advice"], 1);
  EXPECT_EQ(doc["game"], "persuasion");
  EXPECT_FALSE(doc["findings"].empty());
  EXPECT_EQ(doc["findings"][0]["code"], "dominant_strategy");
  const std::string html = slurp(dir + ".html");
  EXPECT_NE(html.find("<h2>Findings</h2>"), std::string::npos);
  EXPECT_LT(html.find("<h2>Findings</h2>"), html.find("<h2>What was checked</h2>"));
}

TEST(AdviseCli, BadInputFailsWithAClearError) {
  cli_test::expect_refused("advise chess -n 100 -q", {"chess"});
  cli_test::expect_refused("advise persuasion --players 12 -n 100 -q", {"12"});
  cli_test::expect_refused("advise persuasion --players 3 --set colour=blue -n 100 -q", {"colour"});
  cli_test::expect_refused("advise persuasion --players 3 --strong genius -n 100 -q", {"genius"});
}

}  // namespace
}  // namespace court
