// Game data files: compiled in from data/<game>/, or read from a designer's edited copy (--data DIR).
#pragma once

#include <string>
#include <toml++/toml.h>

namespace court {

// The text of data file `name` of game `game_id`: from `data_dir`/`name` when `data_dir` is set,
// else the compiled-in data/<game_id>/<name>. Throws UserError when it is missing.
std::string read_data_file(const std::string& game_id, const std::string& name, const std::string& data_dir);

// Parses TOML; a syntax error becomes a UserError naming `source` (the file), line and column.
toml::table parse_toml(const std::string& text, const std::string& source);

// Reads and parses one TOML data file (see read_data_file).
toml::table load_toml_data(const std::string& game_id, const std::string& name, const std::string& data_dir);

// The compiled-in rules page docs/rules/<game_id>.md, or an empty string.
std::string rules_page(const std::string& game_id);

}  // namespace court
