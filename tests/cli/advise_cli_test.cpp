// court advise end to end: the real binary, its exit codes, the JSON and HTML it writes, its errors.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace court {
namespace {

struct Ran {
  int status = -1;
  std::string output;
};

Ran court(const std::string& args) {
  const std::string command = std::string(COURT_BINARY) + " " + args + " 2>&1 < /dev/null";
  Ran r;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(AdviseCli, WritesTheFindingsAsJsonAndHtml) {
  const std::string dir = testing::TempDir() + "advise_" + std::to_string(getpid());
  const Ran r = court("advise persuasion --players 3 --baseline random -n 300 --threads 2 -q --json " + dir +
                      ".json --report " + dir + ".html");
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
  Ran r = court("advise chess -n 100 -q");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("chess"), std::string::npos) << r.output;
  r = court("advise persuasion --players 12 -n 100 -q");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("12"), std::string::npos) << r.output;
  r = court("advise persuasion --players 3 --set colour=blue -n 100 -q");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("colour"), std::string::npos) << r.output;
  r = court("advise persuasion --players 3 --strong genius -n 100 -q");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("genius"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace court
