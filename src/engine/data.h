// Game data files: compiled in from data/<game>/, or read from a designer's edited copy (--data DIR).
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

namespace court {

// The text of data file `name` of game `game_id`: from `data_dir`/`name` when `data_dir` is set,
// else the compiled-in data/<game_id>/<name>. Throws UserError when it is missing.
std::string read_data_file(const std::string& game_id, const std::string& name, const std::string& data_dir);

// Parses TOML; a syntax error becomes a UserError naming `source` (the file), line and column.
toml::table parse_toml(const std::string& text, const std::string& source);

// Reads and parses one TOML data file (see read_data_file).
toml::table load_toml_data(const std::string& game_id, const std::string& name, const std::string& data_dir);
// How errors name a data file: "data/<game_id>/<name>" (compiled in), or "<data_dir>/<name>".
std::string data_file_name(const std::string& game_id, const std::string& name, const std::string& data_dir);
// A data file as a game's loader reads it: its name as errors give it (data_file_name) and its TOML
// (load_toml_data): `auto [file, root] = load_data_file(...)`.
struct DataFile {
  std::string file;
  toml::table root;
};
DataFile load_data_file(const std::string& game_id, const std::string& name, const std::string& data_dir);
// The list of [[key]] tables in `root`; UserError "<file>: expected a list of [[key]] tables" otherwise.
const toml::array& table_array(const toml::table& root, const char* key, const std::string& file);

// The node's integer, or nullopt when it is not an integer (a float is not, whatever its value). toml++'s
// value<std::int64_t>() converts a float node by a cast before its range check, undefined behaviour for
// 5.5e20 (the fuzzer found it): Court reads integers only through this.
std::optional<std::int64_t> toml_integer(const toml::node& node);

// "<file>:<line>" for a node read from `file` ("<file>" alone when the node has no line).
std::string file_line(const std::string& file, const toml::node& node);

// Reads the fields of one TOML table of a game's data (a card, a map, a [section]). Every error is a UserError
// "<where>: field '<key>' <what>" that says what is allowed; each game words <where> its own way.
class FieldReader {
 public:
  // <where> is `where` as given, e.g. "data/intrigue/cards.toml: card #3", with the field's line (the
  // table's when the field is missing) after a leading file name: "data/intrigue/cards.toml:24: card #3".
  FieldReader(const toml::table& table, std::string where);
  // <where> is "<file>:<line>: <entry>", the line being the field's own (the table's when the field is missing).
  static FieldReader citing_field_lines(const toml::table& table, std::string file, std::string entry);

  // A string; `fallback` when the field is missing and not `required`.
  std::string text(std::string_view key, bool required, const std::string& fallback = "") const;
  // A required string that is not empty ("must not be empty" otherwise).
  std::string nonempty_text(std::string_view key) const;
  // An integer in min..max; `fallback` when the field is missing and not `required`.
  int integer(std::string_view key, bool required, int fallback, int min, int max) const;
  // A required array.
  const toml::array& array(std::string_view key) const;
  // A required array of strings.
  std::vector<std::string> strings(std::string_view key) const;
  // An inline table, or nullptr when the field is missing.
  const toml::table* table(std::string_view key) const;
  // The field's node, or nullptr when it is missing.
  const toml::node* get(std::string_view key) const { return table_.get(key); }

  // The first field that is not in `allowed` (a typo would otherwise be ignored silently), if any.
  std::optional<std::string_view> unknown_field(std::initializer_list<const char*> allowed) const;
  // Refuses a field that is not in `allowed`: "field '<key>' is not a field here; allowed: <allowed>".
  void only(std::initializer_list<const char*> allowed) const;

  // The start of an error about field `key` (see the constructors).
  std::string where(std::string_view key) const;
  [[noreturn]] void fail(std::string_view key, const std::string& what) const;

 private:
  const toml::table& table_;
  std::string where_;  // the file alone when citing field lines
  std::string entry_;
  bool field_lines_ = false;
};

// A data directory holding `files` (name -> text; every name must be one of `data_files`, the game's,
// else UserError), made under the system's temporary directory and removed with this object. A replay
// that carries a variant's data prepares its game from one (games read their data when prepared).
class TempDataDir {
 public:
  TempDataDir(const std::string& game_id, const std::vector<std::string>& data_files,
              const std::map<std::string, std::string>& files);
  ~TempDataDir();
  TempDataDir(const TempDataDir&) = delete;
  TempDataDir& operator=(const TempDataDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The compiled-in rules page docs/rules/<game_id>.md, or an empty string.
std::string rules_page(const std::string& game_id);

}  // namespace court
