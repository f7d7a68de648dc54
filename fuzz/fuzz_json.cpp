// Fuzz target: the strict JSON reader (engine/json_reader.h, parse_json_strict), which every JSON input
// goes through: the CLI's files and the server's request bodies and messages. Checked against nlohmann's
// own parser: the same document whenever the strict reader reads one, and a syntax error for both. (A key
// given twice is refused where it is met, which may come before a syntax error nlohmann would report.)
#include <nlohmann/json.hpp>

#include "engine/json_reader.h"
#include "engine/types.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json plain = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  try {
    const nlohmann::json strict = court::parse_json_strict(text);
    if (plain.is_discarded() || strict != plain) __builtin_trap();
  } catch (const court::UserError&) {   // a key given twice
  } catch (const nlohmann::json::exception&) {
    if (!plain.is_discarded()) __builtin_trap();
  }
  return 0;
}
