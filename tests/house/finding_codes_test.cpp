// Every finding code the advisor may raise (the list in src/advisor/finding.h) is defined in docs/report.md,
// where a designer reads what it means, how it is tested and its source (issue 39).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "house/source_tree.h"

namespace court {
namespace {

namespace fs = std::filesystem;
using house::kRoot;
using house::slurp;

// The codes of finding.h's list: the comment lines "//   code   what it means" after "The finding codes".
std::vector<std::string> finding_codes() {
  const std::string header = slurp(kRoot / "src/advisor/finding.h");
  const std::size_t start = header.find("// The finding codes");
  const std::size_t end = header.find("struct Finding", start);
  const std::string list = header.substr(start, end - start);
  std::vector<std::string> codes;
  const std::regex line(R"(\n//   ([a-z_]+)  )");
  for (std::sregex_iterator it(list.begin(), list.end(), line), stop; it != stop; ++it) codes.push_back((*it)[1]);
  return codes;
}

TEST(House, EveryFindingCodeIsDefinedInTheReportPage) {
  const std::vector<std::string> codes = finding_codes();
  ASSERT_GE(codes.size(), 10u) << "finding.h's list of codes was not found";
  const std::string page = slurp(kRoot / "docs/report.md");
  for (const auto& code : codes) EXPECT_NE(page.find("`" + code + "`"), std::string::npos) << code;
}

}  // namespace
}  // namespace court
