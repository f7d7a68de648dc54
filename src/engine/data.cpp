#include "engine/data.h"

#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "engine/embedded.h"
#include "engine/types.h"

namespace court {

std::string read_data_file(const std::string& game_id, const std::string& name, const std::string& data_dir) {
  if (!data_dir.empty()) {
    std::string path = data_dir + "/" + name;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UserError(fmt::format("cannot read data file {} (from --data {})", path, data_dir));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
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
  std::string source = data_dir.empty() ? "data/" + game_id + "/" + name : data_dir + "/" + name;
  return parse_toml(read_data_file(game_id, name, data_dir), source);
}

std::string rules_page(const std::string& game_id) {
  auto content = embedded_file("docs/rules/" + game_id + ".md");
  return content ? std::string(*content) : std::string();
}

}  // namespace court
