#include "lab/variants.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "engine/data.h"
#include "server/names.h"
#include "server/secrets.h"

namespace court::server {
namespace {

namespace fs = std::filesystem;

// The loader's error read back into file, line and field: "<dir>/<file>.toml[:<line>[:<col>]]: <what>".
VariantProblem problem_from(const std::string& error, const std::string& dir) {
  VariantProblem p;
  std::string text = error;
  for (std::size_t at; (at = text.find(dir + "/")) != std::string::npos;) text.erase(at, dir.size() + 1);
  static const std::regex located(R"(^([A-Za-z0-9_.-]+\.toml)(?::(\d+))?(?::\d+)?: )");
  std::smatch m;
  if (std::regex_search(text, m, located)) {
    p.file = m[1];
    if (m[2].matched) p.line = std::stoi(m[2]);
  }
  static const std::regex field(R"(field '([^']+)')");
  if (std::regex_search(text, m, field)) p.field = m[1];
  static const std::regex suffix(R"( \(a data file from --data [^)]*\))");
  p.message = std::regex_replace(text, suffix, "");
  return p;
}

void write_files(const std::string& dir, const std::map<std::string, std::string>& files) {
  fs::create_directories(dir);
  for (const auto& [name, text] : files) {
    std::ofstream out(dir + "/" + name, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error(fmt::format("cannot write {}/{}", dir, name));
  }
}

std::optional<VariantProblem> check_names(const GameEntry& entry, Variant& v) {
  std::optional<std::string> name_wrong =
      v.name.empty() ? std::optional<std::string>("it is empty") : name_problem(v.name, kMaxVariantName);
  if (name_wrong) {
    return VariantProblem{"", 0, "name", fmt::format("field 'name': {}; a variant needs a name: {}", *name_wrong,
                                                     allowed_names(kMaxVariantName)), "bad_name"};
  }
  const auto shipped = shipped_files(entry);
  for (const auto& [name, text] : v.files) {
    if (!shipped.count(name)) {
      std::string allowed;
      for (const auto& [n, _] : shipped) allowed += (allowed.empty() ? "" : ", ") + n;
      return VariantProblem{name, 0, "", fmt::format("{} is not a data file of {} (its files: {})", name,
                                                     entry.info.id, allowed)};
    }
  }
  for (const auto& [name, text] : shipped) v.files.emplace(name, text);
  return std::nullopt;
}

// The options and the data, at every seat count.
std::optional<VariantProblem> check_with_loader(const GameEntry& entry, const Variant& v, const std::string& dir) {
  for (int seats = entry.info.min_seats; seats <= entry.info.max_seats; ++seats) {
    GameConfig config;
    try {
      config = entry.make_config(seats, v.options, dir);
    } catch (const UserError& e) {
      VariantProblem p{"", 0, "", e.what()};
      static const std::regex option(R"(option '?([a-z_]+)'?)");
      std::smatch m;
      const std::string text = e.what();
      if (std::regex_search(text, m, option)) p.field = m[1];
      return p;
    }
    try {
      (void)entry.prepare(config);
    } catch (const UserError& e) {
      VariantProblem p = problem_from(e.what(), dir);
      if (seats > entry.info.min_seats) p.message += fmt::format(" (with {} players)", seats);
      return p;
    }
  }
  return std::nullopt;
}

}  // namespace

std::map<std::string, std::string> shipped_files(const GameEntry& entry) {
  std::map<std::string, std::string> out;
  for (const auto& name : entry.info.data_files) out[name] = read_data_file(entry.info.id, name, "");
  return out;
}

std::vector<std::string> files_differing(const GameEntry& entry, const std::string& dir_a, const std::string& dir_b) {
  std::vector<std::string> out;
  for (const auto& name : entry.info.data_files) {
    try {
      if (read_data_file(entry.info.id, name, dir_a) == read_data_file(entry.info.id, name, dir_b)) continue;
    } catch (const UserError&) {
    }
    out.push_back(name);
  }
  return out;
}

std::optional<VariantProblem> check_variant(const GameEntry& entry, Variant& v, const std::string& scratch) {
  if (auto p = check_names(entry, v)) return p;
  const std::string dir = fmt::format("{}/check-{}", scratch, make_token().substr(0, 16));
  write_files(dir, v.files);
  std::optional<VariantProblem> problem;
  try {
    problem = check_with_loader(entry, v, dir);
  } catch (...) {
    fs::remove_all(dir);
    throw;
  }
  fs::remove_all(dir);
  if (problem) return problem;
  v.hash = sha256_hex(nlohmann::json{{"game", v.game}, {"files", v.files}, {"options", v.options}}.dump());
  return std::nullopt;
}

std::string variant_data_dir(const std::string& lab_dir, const Variant& v) {
  const std::string files_hash = sha256_hex(nlohmann::json{{"game", v.game}, {"files", v.files}}.dump());
  const std::string dir = lab_dir + "/variants/" + files_hash.substr(0, 24);
  if (!fs::exists(dir + "/.complete")) {
    write_files(dir, v.files);
    std::ofstream(dir + "/.complete") << v.game << "\n";
  }
  return dir;
}

}  // namespace court::server
