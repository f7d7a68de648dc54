// court compare A.json B.json: which differences between two balance reports are significant.
#include <algorithm>
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/terminal.h"
#include "engine/replay.h"
#include "sim/compare.h"

namespace court::cli {
namespace {

const nlohmann::json& check_report(const nlohmann::json& doc, const std::string& path) {
  if (doc.contains("court_sweep")) {
    throw UserError(fmt::format("{} is a sweep of {} variants; compare single reports (one variant each)", path,
                                doc["variants"].size()));
  }
  if (!doc.contains("court_report")) throw UserError(fmt::format("{} is not a court sim --json report", path));
  return doc;
}

}  // namespace

void add_compare_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare", "Say which differences between two sim reports are significant");
  auto files = std::make_shared<std::vector<std::string>>();
  auto json_out = std::make_shared<std::string>();
  cmd->add_option("reports", *files, "Two reports written by `court sim --json`")->required()->expected(2);
  cmd->add_option("--json", *json_out, "Write the comparison as JSON");
  cmd->callback([files, json_out] {
    const auto doc_a = read_json_file((*files)[0]);
    const auto doc_b = read_json_file((*files)[1]);
    const auto& a = check_report(doc_a, (*files)[0]);
    const auto& b = check_report(doc_b, (*files)[1]);
    if (a["game"] != b["game"]) {
      throw UserError(fmt::format("the reports are of different games ({} and {})", a["game"].get<std::string>(),
                                  b["game"].get<std::string>()));
    }
    const nlohmann::json diffs = sim::compare_reports(a, b);
    fmt::print("{}", printable(fmt::format("A: {} ({} games, options {})\nB: {} ({} games, options {})\n", (*files)[0],
                                           a["games"].get<int>(), a["options"].dump(), (*files)[1],
                                           b["games"].get<int>(), b["options"].dump())));
    int significant = 0;
    for (const auto& d : diffs) {
      fmt::print("  {:<40} A {:>9.4f}  B {:>9.4f}  p = {:<8.3g} {}\n", printable(d["what"].get<std::string>()),
                 d["a"].get<double>(), d["b"].get<double>(), d["p_value"].get<double>(),
                 d["significant"].get<bool>() ? "SIGNIFICANT" : "");
      significant += d["significant"].get<bool>();
    }
    fmt::print("{} of {} differences are significant (5% family-wise, Holm's correction).\n", significant, diffs.size());
    if (!json_out->empty()) write_json_file(*json_out, diffs);
  });
}

}  // namespace court::cli
