// Game options: typed, with defaults, ranges and help, set from the command line as key=value.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace court {

enum class OptionType { Int, Bool, Choice, Text };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::Int;
  std::string default_value;
  std::string help;
  long min = 0;                       // Int only
  long max = 0;                       // Int only
  std::vector<std::string> choices;   // Choice only
};

// A complete, validated set of option values (every option of the game, defaults filled in).
class Options {
 public:
  Options() = default;
  // Validates `overrides` ("key" -> "value") against `specs`; throws UserError naming the key, the
  // value and what is allowed.
  static Options resolve(const std::vector<OptionSpec>& specs, const std::map<std::string, std::string>& overrides);

  long get_int(const std::string& name) const;
  bool get_bool(const std::string& name) const;
  const std::string& get(const std::string& name) const;
  const std::map<std::string, std::string>& values() const { return values_; }
  nlohmann::json to_json() const;

 private:
  std::map<std::string, std::string> values_;
};

// Parses "key=value" arguments (from --set) into a map; throws UserError on a malformed one.
std::map<std::string, std::string> parse_option_assignments(const std::vector<std::string>& args);

// "int 1..10", "bool", "one of a|b|c", "text": what a spec allows, for help and errors.
std::string describe_allowed(const OptionSpec& spec);

}  // namespace court
