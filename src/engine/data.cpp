#include "engine/data.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/embedded.h"
#include "engine/files.h"
#include "engine/types.h"

namespace court {

std::string read_data_file(const std::string& game_id, const std::string& name, const std::string& data_dir) {
  if (!data_dir.empty()) {
    try {
      return read_input_file(data_dir + "/" + name);
    } catch (const UserError& e) {
      throw UserError(fmt::format("{} (a data file from --data {})", e.what(), data_dir));
    }
  }
  std::string path = "data/" + game_id + "/" + name;
  auto content = embedded_file(path);
  if (!content) throw UserError(fmt::format("no compiled-in data file {}", path));
  return std::string(*content);
}

toml::table parse_toml(const std::string& text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw UserError(fmt::format("{}:{}:{}: {}", source, e.source().begin.line, e.source().begin.column,
                                e.description()));
  }
}

toml::table load_toml_data(const std::string& game_id, const std::string& name, const std::string& data_dir) {
  return parse_toml(read_data_file(game_id, name, data_dir), data_file_name(game_id, name, data_dir));
}

TempDataDir::TempDataDir(const std::string& game_id, const std::vector<std::string>& data_files,
                         const std::map<std::string, std::string>& files) {
  for (const auto& [name, text] : files) {
    if (std::find(data_files.begin(), data_files.end(), name) == data_files.end()) {
      throw UserError(fmt::format("data file '{}' is not one of {}'s ({})", name, game_id, fmt::join(data_files, ", ")));
    }
  }
  std::string pattern = (std::filesystem::temp_directory_path() / "court-data-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw UserError(fmt::format("cannot make a temporary directory {}", pattern));
  path_ = pattern;
  for (const auto& [name, text] : files) {
    std::ofstream out(path_ + "/" + name, std::ios::binary);
    out << text;
    if (!out) {
      std::filesystem::remove_all(path_);
      throw UserError(fmt::format("cannot write the replay's data file {}/{}", path_, name));
    }
  }
}

TempDataDir::~TempDataDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::string data_file_name(const std::string& game_id, const std::string& name, const std::string& data_dir) {
  return data_dir.empty() ? "data/" + game_id + "/" + name : data_dir + "/" + name;
}

DataFile load_data_file(const std::string& game_id, const std::string& name, const std::string& data_dir) {
  std::string file = data_file_name(game_id, name, data_dir);
  return {file, load_toml_data(game_id, name, data_dir)};
}

const toml::array& table_array(const toml::table& root, const char* key, const std::string& file) {
  const toml::node* node = root.get(key);
  if (!node || !node->is_array_of_tables()) {
    throw UserError(fmt::format("{}: expected a list of [[{}]] tables", file, key));
  }
  return *node->as_array();
}

std::optional<std::int64_t> toml_integer(const toml::node& node) {
  if (const auto* integer = node.as_integer()) return integer->get();
  return std::nullopt;
}

std::string file_line(const std::string& file, const toml::node& node) {
  const auto line = node.source().begin.line;
  return line ? fmt::format("{}:{}", file, line) : file;
}

FieldReader::FieldReader(const toml::table& table, std::string where) : table_(table), where_(std::move(where)) {}

FieldReader FieldReader::citing_field_lines(const toml::table& table, std::string file, std::string entry) {
  FieldReader reader(table, std::move(file));
  reader.entry_ = std::move(entry);
  reader.field_lines_ = true;
  return reader;
}

std::string FieldReader::text(std::string_view key, bool required, const std::string& fallback) const {
  const toml::node* node = table_.get(key);
  if (!node) {
    if (required) fail(key, "is missing; expected a string");
    return fallback;
  }
  auto value = node->value<std::string>();
  if (!value) fail(key, "must be a string");
  return *value;
}

std::string FieldReader::nonempty_text(std::string_view key) const {
  std::string value = text(key, true);
  if (value.empty()) fail(key, "must not be empty");
  return value;
}

int FieldReader::integer(std::string_view key, bool required, int fallback, int min, int max) const {
  const toml::node* node = table_.get(key);
  if (!node) {
    if (required) fail(key, fmt::format("is missing; expected an integer {}..{}", min, max));
    return fallback;
  }
  const auto value = toml_integer(*node);
  if (!value || *value < min || *value > max) {
    fail(key, fmt::format("must be an integer {}..{}", min, max));
  }
  return static_cast<int>(*value);
}

const toml::array& FieldReader::array(std::string_view key) const {
  const toml::node* node = table_.get(key);
  if (!node) fail(key, "is missing; expected an array");
  if (!node->is_array()) fail(key, "must be an array");
  return *node->as_array();
}

std::vector<std::string> FieldReader::strings(std::string_view key) const {
  std::vector<std::string> out;
  for (const auto& item : array(key)) {
    auto value = item.value<std::string>();
    if (!value) fail(key, "must hold strings");
    out.push_back(*value);
  }
  return out;
}

const toml::table* FieldReader::table(std::string_view key) const {
  const toml::node* node = table_.get(key);
  if (!node) return nullptr;
  if (!node->is_table()) fail(key, "must be an inline table such as { effect = \"...\" }");
  return node->as_table();
}

std::optional<std::string_view> FieldReader::unknown_field(std::initializer_list<const char*> allowed) const {
  for (const auto& [key, node] : table_) {
    bool known = false;
    for (const char* a : allowed) known = known || key.str() == a;
    if (!known) return key.str();
  }
  return std::nullopt;
}

void FieldReader::only(std::initializer_list<const char*> allowed) const {
  if (auto key = unknown_field(allowed)) fail(*key, fmt::format("is not a field here; allowed: {}", fmt::join(allowed, ", ")));
}

std::string FieldReader::where(std::string_view key) const {
  const toml::node* node = table_.get(key);
  const auto line = node ? node->source().begin.line : table_.source().begin.line;
  if (field_lines_) return fmt::format("{}:{}: {}", where_, line, entry_);
  // "<file>.toml: <entry>" as given: the line goes after the file name, so every error points at it.
  const auto file_end = where_.find(".toml: ");
  if (file_end == std::string::npos || line == 0) return where_;
  return fmt::format("{}:{}{}", where_.substr(0, file_end + 5), line, where_.substr(file_end + 5));
}

void FieldReader::fail(std::string_view key, const std::string& what) const {
  throw UserError(fmt::format("{}: field '{}' {}", where(key), key, what));
}

std::string rules_page(const std::string& game_id) {
  auto content = embedded_file("docs/rules/" + game_id + ".md");
  return content ? std::string(*content) : std::string();
}

}  // namespace court
