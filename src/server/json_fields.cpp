#include "server/json_fields.h"

#include <fmt/format.h>

#include "server/api_error.h"

namespace court::server {

nlohmann::json parse_json_object(std::string_view text, const std::string& what) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw ApiError(400, "bad_json", fmt::format("{} is not valid JSON (at byte {})", what, e.byte));
  } catch (const nlohmann::json::exception&) {   // out_of_range: a number too large for a double
    throw ApiError(400, "bad_json", fmt::format("{} is not valid JSON (a number is too large)", what));
  }
  if (!doc.is_object()) throw ApiError(400, "bad_json", fmt::format("{} must be a JSON object", what));
  return doc;
}

void reject_unknown_fields(const nlohmann::json& object, std::initializer_list<std::string_view> allowed,
                           const std::string& what) {
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (auto name : allowed) known = known || key == name;
    if (known) continue;
    std::string list;
    for (auto name : allowed) list += (list.empty() ? "" : ", ") + std::string(name);
    throw ApiError(400, "unknown_field", fmt::format("{} has an unknown field '{}' (allowed: {})", what,
                                                     key.size() > 40 ? key.substr(0, 40) + "..." : key, list));
  }
}

std::optional<std::string> string_field(const nlohmann::json& object, const char* name, std::size_t max_length) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw ApiError(400, "bad_field", fmt::format("field '{}' must be a string", name));
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() > max_length) {
    throw ApiError(400, "bad_field", fmt::format("field '{}' is longer than {} characters", name, max_length));
  }
  return text;
}

std::optional<std::int64_t> int_field(const nlohmann::json& object, const char* name, std::int64_t min,
                                      std::int64_t max) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::nullopt;
  std::int64_t value = 0;
  if (it->is_number_integer()) {
    if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(max)) value = max + 1;
    else value = it->get<std::int64_t>();
  } else {
    throw ApiError(400, "bad_field", fmt::format("field '{}' must be an integer", name));
  }
  if (value < min || value > max) {
    throw ApiError(400, "bad_field", fmt::format("field '{}' must be between {} and {}", name, min, max));
  }
  return value;
}

}  // namespace court::server
