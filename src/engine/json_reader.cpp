#include "engine/json_reader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <set>

#include "engine/types.h"

namespace court {
namespace {

constexpr std::size_t kMaxKeyShown = 40;

// The keys seen so far in each object being parsed, innermost last (arrays between them need no entry:
// a key always belongs to the innermost open object).
class DuplicateKeyCheck {
 public:
  bool operator()(int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    if (event == Event::object_start) open_.emplace_back();
    else if (event == Event::object_end) open_.pop_back();
    else if (event == Event::key && !open_.back().insert(parsed.get<std::string>()).second) {
      const std::string& key = parsed.get_ref<const std::string&>();
      throw UserError(fmt::format("the key \"{}{}\" appears twice in one object; each key may appear once",
                                  key.substr(0, kMaxKeyShown), key.size() > kMaxKeyShown ? "..." : ""));
    }
    return true;
  }

 private:
  std::vector<std::set<std::string>> open_;
};

[[noreturn]] void field_error(const std::string& where, std::string_view name, const std::string& what) {
  if (where.empty()) throw UserError(fmt::format("field '{}' {}", name, what));
  throw UserError(fmt::format("{}: field '{}' {}", where, name, what));
}

// "\"a\" or \"b\"", "\"a\", \"b\" or \"c\"".
std::string alternatives(std::initializer_list<const char*> allowed) {
  std::string out;
  std::size_t i = 0;
  for (const char* a : allowed) {
    if (i > 0) out += i + 1 == allowed.size() ? " or " : ", ";
    out += fmt::format("\"{}\"", a);
    ++i;
  }
  return out;
}

}  // namespace

nlohmann::json parse_json_strict(std::string_view text) {
  DuplicateKeyCheck check;
  return nlohmann::json::parse(text, std::ref(check));
}

// --- JsonValue -----------------------------------------------------------------------------------

JsonValue::JsonValue(const nlohmann::json& value, std::string where, std::string name)
    : value_(&value), where_(std::move(where)), name_(std::move(name)) {}

std::string JsonValue::text() const {
  if (!value_->is_string()) fail("must be a string");
  return value_->get<std::string>();
}

std::int64_t JsonValue::integer(std::int64_t min, std::int64_t max) const {
  const std::string what = fmt::format("must be an integer {}..{}", min, max);
  if (!value_->is_number_integer()) fail(what);
  if (value_->is_number_unsigned() && value_->get<std::uint64_t>() > static_cast<std::uint64_t>(max)) fail(what);
  const auto v = value_->get<std::int64_t>();
  if (v < min || v > max) fail(what);
  return v;
}

bool JsonValue::boolean() const {
  if (!value_->is_boolean()) fail("must be true or false");
  return value_->get<bool>();
}

std::string JsonValue::choice(std::initializer_list<const char*> allowed) const {
  if (value_->is_string()) {
    for (const char* a : allowed) {
      if (value_->get_ref<const std::string&>() == a) return a;
    }
  }
  fail("must be " + alternatives(allowed));
}

JsonReader JsonValue::object(const std::string& what) const {
  if (!value_->is_object()) fail(what);
  return JsonReader(*value_, where_, name_);
}

JsonList JsonValue::list(const std::string& what) const {
  if (!value_->is_array()) fail(what);
  return JsonList(*value_, where_, name_);
}

void JsonValue::fail(const std::string& what) const { field_error(where_, name_, what); }

// --- JsonReader ----------------------------------------------------------------------------------

JsonReader::JsonReader(const nlohmann::json& object, std::string where, std::string path)
    : object_(object), where_(std::move(where)), path_(std::move(path)) {}

JsonReader JsonReader::top(const nlohmann::json& document, std::string where) {
  if (!document.is_object()) throw UserError(fmt::format("{}: expected an object (a table) at the top level", where));
  return JsonReader(document, std::move(where));
}

const nlohmann::json* JsonReader::get(std::string_view key) const {
  const auto it = object_.find(key);
  return it == object_.end() ? nullptr : &*it;
}

std::vector<std::string> JsonReader::keys() const {
  std::vector<std::string> out;
  for (const auto& [key, value] : object_.items()) out.push_back(key);
  return out;
}

JsonValue JsonReader::value(std::string_view key) const {
  const nlohmann::json* v = get(key);
  if (!v) fail(key, "is missing");
  return JsonValue(*v, where_, name(key));
}

std::string JsonReader::text(std::string_view key, bool required, const std::string& fallback) const {
  if (!has(key)) {
    if (required) fail(key, "is missing; expected a string");
    return fallback;
  }
  return value(key).text();
}

std::int64_t JsonReader::integer(std::string_view key, bool required, std::int64_t fallback, std::int64_t min,
                                 std::int64_t max) const {
  if (!has(key)) {
    if (required) fail(key, fmt::format("is missing; expected an integer {}..{}", min, max));
    return fallback;
  }
  return value(key).integer(min, max);
}

bool JsonReader::boolean(std::string_view key, bool required, bool fallback) const {
  if (!has(key)) {
    if (required) fail(key, "is missing; expected true or false");
    return fallback;
  }
  return value(key).boolean();
}

std::string JsonReader::choice(std::string_view key, std::initializer_list<const char*> allowed,
                               const char* fallback) const {
  return has(key) ? value(key).choice(allowed) : fallback;
}

JsonReader JsonReader::object(std::string_view key, const std::string& what) const {
  if (!has(key)) fail(key, what);
  return value(key).object(what);
}

JsonList JsonReader::list(std::string_view key, const std::string& what) const {
  if (!has(key)) fail(key, what);
  return value(key).list(what);
}

void JsonReader::only(std::initializer_list<const char*> allowed) const {
  for (const auto& [key, value] : object_.items()) {
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (known) continue;
    const std::string shown = key.size() > kMaxKeyShown ? key.substr(0, kMaxKeyShown) + "..." : key;
    fail(shown, fmt::format("is not a field here; allowed: {}", fmt::join(allowed, ", ")));
  }
}

std::string JsonReader::name(std::string_view key) const {
  return path_.empty() ? std::string(key) : fmt::format("{}.{}", path_, key);
}

void JsonReader::fail(std::string_view key, const std::string& what) const { field_error(where_, name(key), what); }

// --- JsonList ------------------------------------------------------------------------------------

JsonList::JsonList(const nlohmann::json& array, std::string where, std::string name)
    : array_(array), where_(std::move(where)), name_(std::move(name)) {}

JsonValue JsonList::item(std::size_t i) const { return JsonValue(array_[i], where_, fmt::format("{}[{}]", name_, i)); }

std::vector<JsonValue> JsonList::items() const {
  std::vector<JsonValue> out;
  for (std::size_t i = 0; i < size(); ++i) out.push_back(item(i));
  return out;
}

void JsonList::fail(const std::string& what) const { field_error(where_, name_, what); }

}  // namespace court
