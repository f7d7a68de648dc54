#include "server/json_fields.h"

#include <fmt/format.h>

#include "engine/json_reader.h"
#include "engine/types.h"
#include "server/api_error.h"

namespace court::server {
namespace {

// A field that is missing or null: the server reads both as "not given".
bool absent(const nlohmann::json& object, const char* name) {
  const auto it = object.find(name);
  return it == object.end() || it->is_null();
}

}  // namespace

nlohmann::json parse_json_object(std::string_view text, const std::string& what) {
  nlohmann::json doc;
  try {
    doc = parse_json_strict(text);
  } catch (const UserError& e) {
    throw ApiError(400, "duplicate_key", fmt::format("{}: {}", what, e.what()));
  } catch (const nlohmann::json::parse_error& e) {
    throw ApiError(400, "bad_json", fmt::format("{} is not valid JSON (at byte {})", what, e.byte));
  } catch (const nlohmann::json::exception&) {   // out_of_range: a number too large for a double
    throw ApiError(400, "bad_json", fmt::format("{} is not valid JSON (a number is too large)", what));
  }
  if (!doc.is_object()) throw ApiError(400, "bad_json", fmt::format("{} must be a JSON object", what));
  return doc;
}

void reject_unknown_fields(const nlohmann::json& object, std::initializer_list<const char*> allowed,
                           const std::string& what) {
  try {
    JsonReader(object, what).only(allowed);
  } catch (const UserError& e) {
    throw ApiError(400, "unknown_field", e.what());
  }
}

std::optional<std::string> string_field(const nlohmann::json& object, const char* name, std::size_t max_length) {
  if (absent(object, name)) return std::nullopt;
  const JsonReader reader(object, "");
  try {
    std::string text = reader.text(name, true);
    if (text.size() > max_length) reader.fail(name, fmt::format("is longer than {} characters", max_length));
    return text;
  } catch (const UserError& e) {
    throw ApiError(400, "bad_field", e.what());
  }
}

std::optional<bool> bool_field(const nlohmann::json& object, const char* name) {
  if (absent(object, name)) return std::nullopt;
  try {
    return JsonReader(object, "").boolean(name, true, false);
  } catch (const UserError& e) {
    throw ApiError(400, "bad_field", e.what());
  }
}

std::optional<std::int64_t> int_field(const nlohmann::json& object, const char* name, std::int64_t min,
                                      std::int64_t max) {
  if (absent(object, name)) return std::nullopt;
  try {
    return JsonReader(object, "").integer(name, true, 0, min, max);
  } catch (const UserError& e) {
    throw ApiError(400, "bad_field", e.what());
  }
}

const nlohmann::json* object_field(const nlohmann::json& body, const char* name, const char* shape) {
  if (absent(body, name)) return nullptr;
  const nlohmann::json& field = body.at(name);
  if (!field.is_object()) throw ApiError(400, "bad_field", fmt::format("field '{}' must be {}", name, shape));
  return &field;
}

std::map<std::string, std::string> option_values(const nlohmann::json& body) {
  std::map<std::string, std::string> out;
  const nlohmann::json* options = object_field(body, "options", "an object of option values");
  if (!options) return out;
  for (const auto& [key, value] : options->items()) {
    if (value.is_string()) out[key] = value.get<std::string>();
    else if (value.is_boolean()) out[key] = value.get<bool>() ? "true" : "false";
    else if (value.is_number_integer()) out[key] = value.dump();
    else throw ApiError(400, "bad_field", fmt::format("option '{}' must be a string, an integer or a boolean", key));
  }
  return out;
}

}  // namespace court::server
