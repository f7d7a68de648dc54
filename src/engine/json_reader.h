// Reading JSON input strictly (scenario files, the server's request bodies), in the style of the TOML
// FieldReader (data.h): every error is a UserError "<where>: field '<name>' <what>" that says what is allowed.
// <name> is the field's path from the top of the document ("round", "hands[1][0]", "stacks.A[2].card"), so a
// reader of a nested object or array names its fields in full. An empty <where> leaves out "<where>: ".
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace court {

// `text` parsed as JSON, refusing an object that holds one key twice (nlohmann's own parser keeps the last
// silently, so `{"seat":0,"seat":1}` would mean whatever a reader of the first thought it did not): UserError
// "the key "<key>" appears twice in one object ...". A syntax error is nlohmann's parse_error, as from
// nlohmann::json::parse. Every reader of JSON input (files the CLI reads, the server's bodies and messages)
// parses with this.
nlohmann::json parse_json_strict(std::string_view text);

class JsonReader;
class JsonList;

// One value of the input with its name: what a game's reader of one card, seat or square takes.
class JsonValue {
 public:
  JsonValue(const nlohmann::json& value, std::string where, std::string name);

  const nlohmann::json& json() const { return *value_; }
  const std::string& name() const { return name_; }

  // A string.
  std::string text() const;
  // An integer in min..max.
  std::int64_t integer(std::int64_t min, std::int64_t max) const;
  // true or false.
  bool boolean() const;
  // One of the strings in `allowed`: "must be \"a\", \"b\" or \"c\"" otherwise.
  std::string choice(std::initializer_list<const char*> allowed) const;
  // An object, read by a reader naming its fields "<name>.<key>"; `what` is the error otherwise.
  JsonReader object(const std::string& what = "must be an object") const;
  // An array, read by a list naming its items "<name>[i]"; `what` is the error otherwise.
  JsonList list(const std::string& what = "must be an array") const;

  // "<where>: field '<name>' <what>".
  [[noreturn]] void fail(const std::string& what) const;

 private:
  const nlohmann::json* value_;
  std::string where_;
  std::string name_;
};

// Reads the fields of one JSON object.
class JsonReader {
 public:
  // `object` is a JSON object; `path` is its name ("" at the top of the document, "stacks.A[2]" inside).
  JsonReader(const nlohmann::json& object, std::string where, std::string path = "");
  // The top-level object of a document; UserError "<where>: expected an object (a table) at the top level"
  // when the document is something else.
  static JsonReader top(const nlohmann::json& document, std::string where);

  // The field's value, or nullptr when it is missing.
  const nlohmann::json* get(std::string_view key) const;
  bool has(std::string_view key) const { return get(key) != nullptr; }
  // The object's keys in order, for objects whose keys are data (a letter, a token).
  std::vector<std::string> keys() const;
  // A required field: "is missing" otherwise.
  JsonValue value(std::string_view key) const;

  // A string; `fallback` when the field is missing and not `required`.
  std::string text(std::string_view key, bool required, const std::string& fallback = "") const;
  // An integer in min..max; `fallback` when the field is missing and not `required`.
  std::int64_t integer(std::string_view key, bool required, std::int64_t fallback, std::int64_t min,
                       std::int64_t max) const;
  // true or false; `fallback` when the field is missing and not `required`.
  bool boolean(std::string_view key, bool required, bool fallback) const;
  // One of the strings in `allowed`; `fallback` when the field is missing.
  std::string choice(std::string_view key, std::initializer_list<const char*> allowed, const char* fallback) const;
  // A required object or array; `what` is the error when the field is missing or holds something else.
  JsonReader object(std::string_view key, const std::string& what = "must be an object") const;
  JsonList list(std::string_view key, const std::string& what = "must be an array") const;

  // Refuses a field that is not in `allowed`: "field '<key>' is not a field here; allowed: <allowed>" (a key
  // longer than 40 characters is cut short).
  void only(std::initializer_list<const char*> allowed) const;

  // The name of field `key` in errors: "<path>.<key>", or "<key>" at the top.
  std::string name(std::string_view key) const;
  [[noreturn]] void fail(std::string_view key, const std::string& what) const;

 private:
  const nlohmann::json& object_;
  std::string where_;
  std::string path_;
};

// Reads the items of one JSON array; item i is named "<name>[i]".
class JsonList {
 public:
  JsonList(const nlohmann::json& array, std::string where, std::string name);

  std::size_t size() const { return array_.size(); }
  bool empty() const { return array_.empty(); }
  JsonValue item(std::size_t i) const;
  // Every item, in order.
  std::vector<JsonValue> items() const;

  const std::string& name() const { return name_; }
  // "<where>: field '<name>' <what>", about the whole list.
  [[noreturn]] void fail(const std::string& what) const;

 private:
  const nlohmann::json& array_;
  std::string where_;
  std::string name_;
};

}  // namespace court
