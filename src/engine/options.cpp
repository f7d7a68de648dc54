#include "engine/options.h"

#include <charconv>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/types.h"

namespace court {
namespace {

bool parse_long(const std::string& text, long& out) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

bool parse_bool(const std::string& text, bool& out) {
  if (text == "true" || text == "1" || text == "yes" || text == "on") { out = true; return true; }
  if (text == "false" || text == "0" || text == "no" || text == "off") { out = false; return true; }
  return false;
}

// Throws when `value` is not allowed for `spec`; returns the value in canonical form.
std::string validate(const OptionSpec& spec, const std::string& value) {
  auto fail = [&] {
    throw UserError(fmt::format("option {}={}: not allowed; {} expects {}", spec.name, value, spec.name,
                                describe_allowed(spec)));
  };
  switch (spec.type) {
    case OptionType::Int: {
      long v = 0;
      if (!parse_long(value, v) || v < spec.min || v > spec.max) fail();
      return std::to_string(v);
    }
    case OptionType::Bool: {
      bool b = false;
      if (!parse_bool(value, b)) fail();
      return b ? "true" : "false";
    }
    case OptionType::Choice:
      for (const auto& c : spec.choices) if (c == value) return value;
      fail();
      return value;
    case OptionType::Text:
      return value;
  }
  return value;
}

}  // namespace

std::string describe_allowed(const OptionSpec& spec) {
  switch (spec.type) {
    case OptionType::Int: return fmt::format("an integer {}..{}", spec.min, spec.max);
    case OptionType::Bool: return "true or false";
    case OptionType::Choice: return fmt::format("one of {}", fmt::join(spec.choices, "|"));
    case OptionType::Text: return "text";
  }
  return "";
}

Options Options::resolve(const std::vector<OptionSpec>& specs, const std::map<std::string, std::string>& overrides) {
  Options options;
  for (const auto& spec : specs) options.values_[spec.name] = validate(spec, spec.default_value);
  for (const auto& [key, value] : overrides) {
    const OptionSpec* spec = nullptr;
    for (const auto& s : specs) if (s.name == key) spec = &s;
    if (!spec) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      throw UserError(fmt::format("unknown option '{}'; this game's options are: {}", key,
                                  names.empty() ? "(none)" : fmt::format("{}", fmt::join(names, ", "))));
    }
    options.values_[key] = validate(*spec, value);
  }
  return options;
}

long Options::get_int(const std::string& name) const {
  long v = 0;
  parse_long(get(name), v);
  return v;
}

bool Options::get_bool(const std::string& name) const { return get(name) == "true"; }

const std::string& Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("option not declared by the game: " + name);
  return it->second;
}

nlohmann::json Options::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [k, v] : values_) out[k] = v;
  return out;
}

std::map<std::string, std::string> parse_option_assignments(const std::vector<std::string>& args) {
  std::map<std::string, std::string> out;
  for (const auto& arg : args) {
    auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw UserError(fmt::format("--set {}: expected key=value", arg));
    }
    out[arg.substr(0, eq)] = arg.substr(eq + 1);
  }
  return out;
}

}  // namespace court
