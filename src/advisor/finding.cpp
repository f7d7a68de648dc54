#include "advisor/finding.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <utility>

namespace court::advisor {

std::string Subject::sim_command(const std::vector<std::string>& seats, std::uint64_t games, std::uint64_t seed) const {
  std::string out = fmt::format("court sim {} --players {} --seats {} -n {} --seed {}", entry->info.id, config.seats,
                                fmt::join(seats, ","), games, seed);
  for (const auto& s : set_args) out += " --set " + s;
  if (!config.data_dir.empty()) out += " --data " + config.data_dir;
  return out;
}

namespace {

// What a finding is about, for the collapsed list: its move kind or card, else its code.
std::string subject_of(const Finding& f) {
  if (f.evidence.is_object()) {
    for (const char* key : {"kind", "card"}) {
      if (f.evidence.contains(key) && f.evidence[key].is_string()) return f.evidence[key].get<std::string>();
    }
  }
  return f.code;
}

// `group` (ranked, one code and severity) as one finding.
Finding collapsed(const std::vector<Finding>& group) {
  Finding out = group.front();
  std::vector<std::string> subjects;
  nlohmann::json items = nlohmann::json::array();
  for (const auto& f : group) {
    if (std::find(subjects.begin(), subjects.end(), subject_of(f)) == subjects.end()) subjects.push_back(subject_of(f));
    nlohmann::json item = to_json(f);
    item.erase("code");
    item.erase("severity");
    items.push_back(std::move(item));
  }
  out.text = fmt::format("{} {} findings (about {}); the largest: {}", group.size(), out.code,
                         fmt::join(subjects, ", "), group.front().text);
  out.evidence = {{"source", "collapsed"}, {"count", group.size()}, {"items", std::move(items)}};
  out.strength.clear();
  return out;
}

void collapse(std::vector<Finding>& findings) {
  using Key = std::pair<std::string, Severity>;
  std::map<Key, std::size_t> counts;
  for (const auto& f : findings) ++counts[{f.code, f.severity}];
  std::vector<Finding> out;
  std::map<Key, std::size_t> place;   // where a collapsed group stands: at its largest finding
  std::map<Key, std::vector<Finding>> groups;
  for (auto& f : findings) {
    const Key key{f.code, f.severity};
    if (f.severity > Severity::Minor || counts[key] < kCollapseAt) {
      out.push_back(std::move(f));
      continue;
    }
    if (!place.contains(key)) place[key] = out.size(), out.emplace_back();
    groups[key].push_back(std::move(f));
  }
  for (const auto& [key, group] : groups) out[place[key]] = collapsed(group);
  findings = std::move(out);
}

}  // namespace

void rank(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.size > b.size;
  });
  collapse(findings);
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
