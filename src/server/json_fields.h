// Reading JSON from clients strictly: unknown fields, wrong types and out-of-range numbers are refused
// with an ApiError (400) that names the field and what is allowed. The fields are read by the engine's
// JsonReader (engine/json_reader.h), so the words are those of every other reader of JSON input; here a
// field that holds null counts as missing.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace court::server {

// Parses `text` as one JSON object; `what` names it in errors ("request body", "message").
nlohmann::json parse_json_object(std::string_view text, const std::string& what);
// Refuses any field of `object` not in `allowed` (ApiError "unknown_field"); `what` names the object.
void reject_unknown_fields(const nlohmann::json& object, std::initializer_list<const char*> allowed,
                           const std::string& what);
// A string field; nullopt when absent; ApiError "bad_field" when present with another type or longer than
// `max_length`.
std::optional<std::string> string_field(const nlohmann::json& object, const char* name, std::size_t max_length);
// A boolean field; nullopt when absent; ApiError "bad_field" otherwise.
std::optional<bool> bool_field(const nlohmann::json& object, const char* name);
// An integer field within [min, max]; nullopt when absent; ApiError "bad_field" otherwise.
std::optional<std::int64_t> int_field(const nlohmann::json& object, const char* name, std::int64_t min,
                                      std::int64_t max);

// An object field; nullptr when absent; ApiError "bad_field" ("field '<name>' must be <shape>") when it holds
// anything but an object.
const nlohmann::json* object_field(const nlohmann::json& body, const char* name, const char* shape);
// The field 'options' of `body`: option values given as strings, integers or booleans, as text (the game
// validates them); empty when absent; ApiError "bad_field" otherwise.
std::map<std::string, std::string> option_values(const nlohmann::json& body);

}  // namespace court::server
