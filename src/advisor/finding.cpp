#include "advisor/finding.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace court::advisor {

std::string Subject::sim_command(const std::vector<std::string>& seats, std::uint64_t games, std::uint64_t seed) const {
  std::string out = fmt::format("court sim {} --players {} --seats {} -n {} --seed {}", entry->info.id, config.seats,
                                fmt::join(seats, ","), games, seed);
  for (const auto& s : set_args) out += " --set " + s;
  if (!config.data_dir.empty()) out += " --data " + config.data_dir;
  return out;
}

void rank(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.size > b.size;
  });
}

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::Critical: return "critical";
    case Severity::Major: return "major";
    case Severity::Minor: return "minor";
    case Severity::Note: return "note";
  }
  return "note";
}

nlohmann::json to_json(const Finding& f) {
  nlohmann::json out = {{"code", f.code}, {"severity", severity_name(f.severity)}, {"size", f.size},
                        {"text", f.text}, {"evidence", f.evidence.is_null() ? nlohmann::json::object() : f.evidence},
                        {"command", f.command}};
  if (!f.strength.empty()) out["strength"] = f.strength;
  return out;
}

nlohmann::json to_json(const std::vector<Finding>& findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : findings) out.push_back(to_json(f));
  return out;
}

}  // namespace court::advisor
