// The tuner's inputs (advisor/tune.h): knobs (option or data field, with the values to try) and targets,
// parsed and checked before any game is played. Data fields are found and set through toml++.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

#include "advisor/tune.h"
#include "engine/data.h"
#include "engine/options.h"

namespace court::advisor {
namespace {

constexpr std::size_t kMaxKnobValues = 1000;

std::optional<long> parse_long(std::string_view text) {
  long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

std::optional<double> parse_double(const std::string& text) {
  if (text.empty()) return std::nullopt;
  std::size_t used = 0;
  try {
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  for (;;) {
    const auto next = text.find(separator, pos);
    out.push_back(text.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
    if (next == std::string::npos) return out;
    pos = next + 1;
  }
}

// "A..B" or "A..B/S" as integers; nullopt when `text` is not a range. UserError for a malformed or empty one.
std::optional<std::vector<std::string>> int_range(const std::string& knob, const std::string& text) {
  const auto dots = text.find("..");
  if (dots == std::string::npos) return std::nullopt;
  const auto slash = text.find('/', dots);
  const auto lo = parse_long(std::string_view(text).substr(0, dots));
  const auto hi = parse_long(std::string_view(text).substr(dots + 2, slash == std::string::npos ? std::string::npos
                                                                                                : slash - dots - 2));
  const auto step = slash == std::string::npos ? std::optional<long>(1) : parse_long(text.substr(slash + 1));
  const std::string allowed = "allowed: A..B or A..B/STEP (integers, A <= B, STEP >= 1), or values a|b|c";
  if (!lo || !hi || !step) throw UserError(fmt::format("--knob {}: '{}' is not a range; {}", knob, text, allowed));
  if (*hi < *lo) throw UserError(fmt::format("--knob {}: the range {} is empty; {}", knob, text, allowed));
  if (*step < 1) throw UserError(fmt::format("--knob {}: the step in {} must be at least 1; {}", knob, text, allowed));
  if ((*hi - *lo) / *step >= static_cast<long>(kMaxKnobValues)) {
    throw UserError(fmt::format("--knob {}: {} has more than {} values", knob, text, kMaxKnobValues));
  }
  std::vector<std::string> out;
  for (long v = *lo; v <= *hi; v += *step) out.push_back(std::to_string(v));
  return out;
}

std::vector<std::string> values_of(const std::string& knob, const std::string& text) {
  if (text.empty()) throw UserError(fmt::format("--knob {}: no values; allowed: A..B, A..B/STEP or a|b|c", knob));
  if (auto range = int_range(knob, text)) return *range;
  auto out = split(text, '|');
  for (const auto& v : out) {
    if (v.empty()) throw UserError(fmt::format("--knob {}: an empty value in '{}'; allowed: a|b|c", knob, text));
  }
  std::vector<std::string> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    throw UserError(fmt::format("--knob {}: a value is given twice in '{}'", knob, text));
  }
  return out;
}

Knob option_knob(const std::string& spec, const GameEntry& entry) {
  const auto eq = spec.find('=');
  Knob k{spec, spec.substr(0, eq)};
  const auto& options = entry.info.options;
  const auto it = std::find_if(options.begin(), options.end(), [&](const OptionSpec& o) { return o.name == k.label; });
  if (it == options.end()) {
    std::vector<std::string> names;
    for (const auto& o : options) names.push_back(o.name);
    throw UserError(fmt::format("--knob {}: {} has no option '{}'; its options: {} (or data:FILE:FIELD=RANGE)", spec,
                                entry.info.id, k.label, names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
  }
  const std::string text = spec.substr(eq + 1);
  if (text == "*" && it->type == OptionType::Int) {
    k.values = *int_range(spec, fmt::format("{}..{}", it->min, it->max));
  } else if (text == "*" && (it->type == OptionType::Choice || it->type == OptionType::Bool)) {
    k.values = it->type == OptionType::Bool ? std::vector<std::string>{"false", "true"} : it->choices;
  } else {
    k.values = values_of(spec, text);
  }
  for (const auto& v : k.values) {
    try {
      (void)Options::resolve(options, {{k.label, v}});
    } catch (const UserError& e) {
      throw UserError(fmt::format("--knob {}: {}", spec, e.what()));
    }
  }
  return k;
}

// Splits at '.' and finds "[...]" selectors, outside brackets.
std::vector<DataStep> parse_path(const std::string& spec, const std::string& text) {
  std::vector<std::string> parts{""};
  int depth = 0;
  for (char c : text) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c == '.' && depth == 0) parts.emplace_back(); else parts.back() += c;
  }
  const std::string allowed = "a path is key.key or list[N].field (N from 1) or list[field=value].field";
  std::vector<DataStep> out;
  for (const auto& p : parts) {
    DataStep step;
    const auto open = p.find('[');
    step.key = p.substr(0, open);
    if (step.key.empty() || depth != 0) throw UserError(fmt::format("--knob {}: '{}' is not a path; {}", spec, text, allowed));
    if (open != std::string::npos) {
      if (p.back() != ']') throw UserError(fmt::format("--knob {}: '{}' is not a path; {}", spec, text, allowed));
      const std::string inside = p.substr(open + 1, p.size() - open - 2);
      step.list = true;
      const auto eq = inside.find('=');
      if (eq == std::string::npos) {
        const auto n = parse_long(inside);
        if (!n || *n < 1) throw UserError(fmt::format("--knob {}: [{}] is not a position from 1; {}", spec, inside, allowed));
        step.index = static_cast<int>(*n);
      } else {
        step.field = inside.substr(0, eq);
        step.value = inside.substr(eq + 1);
        if (step.value.size() >= 2 && step.value.front() == '"' && step.value.back() == '"') {
          step.value = step.value.substr(1, step.value.size() - 2);
        }
        if (step.field.empty()) throw UserError(fmt::format("--knob {}: [{}] names no field; {}", spec, inside, allowed));
      }
    }
    out.push_back(std::move(step));
  }
  if (out.back().list) throw UserError(fmt::format("--knob {}: the path must end at a field; {}", spec, allowed));
  return out;
}

std::string keys_of(const toml::table& t, bool numeric_only) {
  std::vector<std::string> keys;
  for (const auto& [key, node] : t) {
    if (!numeric_only || node.is_integer() || node.is_floating_point()) keys.emplace_back(key.str());
  }
  return keys.empty() ? "none" : fmt::format("{}", fmt::join(keys, ", "));
}

toml::table& list_item(toml::table& at, const DataStep& step, const std::string& source, std::string& where) {
  toml::array* list = at[step.key].as_array();
  if (!list || !list->is_array_of_tables()) {
    throw UserError(fmt::format("{}: '{}' is not a list of [[{}]] tables here (keys: {})", source, step.key, step.key,
                                keys_of(at, false)));
  }
  if (step.index > 0) {
    if (static_cast<std::size_t>(step.index) > list->size()) {
      throw UserError(fmt::format("{}: {}[{}]: there are {} [[{}]] tables (1..{})", source, step.key, step.index,
                                  list->size(), step.key, list->size()));
    }
    where = fmt::format("{} #{}", step.key, step.index);
    return *list->get(static_cast<std::size_t>(step.index - 1))->as_table();
  }
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < list->size(); ++i) {
    toml::table& t = *list->get(i)->as_table();
    const auto value = t[step.field].value<std::string>();
    if (value && *value == step.value) {
      where = fmt::format("{} #{} ({} = \"{}\")", step.key, i + 1, step.field, step.value);
      return t;
    }
    if (value && seen.size() < 40) seen.push_back(*value);
  }
  throw UserError(fmt::format("{}: no [[{}]] has {} = \"{}\" (its {} values: {})", source, step.key, step.field,
                              step.value, step.field, seen.empty() ? "none" : fmt::format("{}", fmt::join(seen, ", "))));
}

// The table holding the knob's field, and where it is in words.
toml::table& field_table(toml::table& root, const Knob& knob, const std::string& source, std::string& where) {
  toml::table* at = &root;
  where = source;
  for (std::size_t i = 0; i + 1 < knob.path.size(); ++i) {
    const DataStep& step = knob.path[i];
    if (step.list) {
      at = &list_item(*at, step, source, where);
      continue;
    }
    toml::table* next = (*at)[step.key].as_table();
    if (!next) throw UserError(fmt::format("{}: '{}' is not a [{}] table here (keys: {})", source, step.key, step.key,
                                           keys_of(*at, false)));
    at = next;
    where = step.key;
  }
  const std::string& key = knob.path.back().key;
  const toml::node* node = at->get(key);
  if (!node || !(node->is_integer() || node->is_floating_point())) {
    throw UserError(fmt::format("{}: {} has {} '{}'; its numeric fields: {}", source, where,
                                node ? "a field that is not a number:" : "no field", key, keys_of(*at, true)));
  }
  return *at;
}

Knob data_knob(const std::string& spec, const GameEntry& entry, const std::string& data_dir) {
  // data:FILE:PATH=VALUES, '=' taken outside brackets
  const std::string body = spec.substr(5);
  const auto colon = body.find(':');
  const std::string allowed = "allowed: data:FILE:PATH=A..B, A..B/STEP or a|b|c (numbers)";
  std::size_t eq = std::string::npos;
  int depth = 0;
  for (std::size_t i = 0; i < body.size(); ++i) {
    depth += body[i] == '[' ? 1 : body[i] == ']' ? -1 : 0;
    if (body[i] == '=' && depth == 0) eq = i;
  }
  if (colon == std::string::npos || eq == std::string::npos || eq < colon) {
    throw UserError(fmt::format("--knob {}: not a data knob; {}", spec, allowed));
  }
  Knob k{spec, body.substr(0, eq), true, body.substr(0, colon)};
  const auto& files = entry.info.data_files;
  if (std::find(files.begin(), files.end(), k.file) == files.end()) {
    throw UserError(fmt::format("--knob {}: '{}' is not a data file of {}; its files: {}", spec, k.file, entry.info.id,
                                files.empty() ? "none" : fmt::format("{}", fmt::join(files, ", "))));
  }
  k.path = parse_path(spec, body.substr(colon + 1, eq - colon - 1));
  k.values = values_of(spec, body.substr(eq + 1));
  const std::string source = data_file_name(entry.info.id, k.file, data_dir);
  toml::table root = parse_toml(read_data_file(entry.info.id, k.file, data_dir), source);
  std::string where;
  const bool integer = field_table(root, k, source, where).get(k.path.back().key)->is_integer();
  for (const auto& v : k.values) {
    if (integer ? !parse_long(v) : !parse_double(v)) {
      throw UserError(fmt::format("--knob {}: '{}' is not {} (the field is one in {})", spec, v,
                                  integer ? "an integer" : "a number", source));
    }
  }
  return k;
}

}  // namespace

Knob parse_knob(const std::string& spec, const GameEntry& entry, const std::string& data_dir) {
  if (spec.rfind("data:", 0) == 0) return data_knob(spec, entry, data_dir);
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw UserError(fmt::format("--knob {}: expected OPTION=VALUES or data:FILE:PATH=VALUES (VALUES: A..B, A..B/STEP, "
                                "a|b|c, or * for every value of the option)", spec));
  }
  return option_knob(spec, entry);
}

std::string set_data_field(const std::string& text, const std::string& source, const Knob& knob,
                           const std::string& value) {
  toml::table root = parse_toml(text, source);
  std::string where;
  toml::table& t = field_table(root, knob, source, where);
  const std::string& key = knob.path.back().key;
  if (t.get(key)->is_integer()) {
    t.insert_or_assign(key, static_cast<std::int64_t>(*parse_long(value)));
  } else {
    t.insert_or_assign(key, *parse_double(value));
  }
  std::ostringstream out;
  out << toml::toml_formatter(root) << "\n";
  return out.str();
}

namespace {

struct TargetName {
  const char* name;
  TargetKind kind;
  bool rate;
  bool shape;
};
constexpr TargetName kTargets[] = {
    {"win_band", TargetKind::WinBand, true, false},   {"length", TargetKind::Length, false, false},
    {"team_win", TargetKind::TeamWin, true, false},   {"capped", TargetKind::Capped, true, false},
    {"first_round_end", TargetKind::FirstRoundEnd, true, true}, {"decisions", TargetKind::Decisions, false, true},
};
const std::string kTargetsAllowed =
    "targets: win_band=LO..HI (every seat's win rate), length=LO..HI (median actions), team_win=LO..HI, "
    "capped<=X, first_round_end<=X, decisions>=X (median decisions per seat); any of them as NAME=LO..HI, "
    "NAME<=X or NAME>=X";

}  // namespace

Target parse_target(const std::string& spec, const GameEntry& entry) {
  const auto op = spec.find_first_of("=<>");
  Target t{spec, spec.substr(0, std::min(op, spec.size()))};
  const auto* known = std::find_if(std::begin(kTargets), std::end(kTargets), [&](const TargetName& n) { return t.name == n.name; });
  if (known == std::end(kTargets)) throw UserError(fmt::format("--target {}: unknown target '{}'; {}", spec, t.name, kTargetsAllowed));
  t.kind = known->kind;
  const double inf = std::numeric_limits<double>::infinity();
  const std::string rest = op == std::string::npos ? "" : spec.substr(op);
  const auto bad = [&](const std::string& why) { return UserError(fmt::format("--target {}: {}; {}", spec, why, kTargetsAllowed)); };
  if (rest.rfind("<=", 0) == 0 || rest.rfind(">=", 0) == 0) {
    const auto x = parse_double(rest.substr(2));
    if (!x) throw bad(fmt::format("'{}' is not a number", rest.substr(2)));
    t.lo = rest[0] == '<' ? -inf : *x;
    t.hi = rest[0] == '<' ? *x : inf;
    t.scale = *x != 0 ? std::abs(*x) : 1;
  } else if (rest.rfind("=", 0) == 0 && rest.find("..") != std::string::npos) {
    const auto dots = rest.find("..");
    const auto lo = parse_double(rest.substr(1, dots - 1)), hi = parse_double(rest.substr(dots + 2));
    if (!lo || !hi) throw bad("the band is not LO..HI with numbers");
    if (*hi < *lo) throw bad(fmt::format("the band {}..{} is empty", *lo, *hi));
    t.lo = *lo;
    t.hi = *hi;
    t.scale = *hi > *lo ? *hi - *lo : std::max(1e-9, std::abs(*lo) > 0 ? std::abs(*lo) : 1.0);
  } else {
    throw bad("expected =LO..HI, <=X or >=X after the name");
  }
  if (known->rate && (t.lo > 1 || t.hi < 0)) throw bad("a rate's band must meet 0..1");
  if (t.kind == TargetKind::TeamWin && !entry.info.cooperative) {
    throw UserError(fmt::format("--target {}: {} is not a cooperative game; use win_band", spec, entry.info.id));
  }
  return t;
}

bool needs_shape(const std::vector<Target>& targets) {
  return std::any_of(targets.begin(), targets.end(), [](const Target& t) {
    return t.kind == TargetKind::FirstRoundEnd || t.kind == TargetKind::Decisions;
  });
}

}  // namespace court::advisor
