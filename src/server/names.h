// The names people give when they join a table. A name is shown to everyone at the table, so it may
// not hide or reorder text: no name can pass for another's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace court::server {

inline constexpr std::size_t kMaxNameChars = 40;   // Unicode code points, not bytes

// What is wrong with `name`, or nothing when it is allowed: valid UTF-8, at most kMaxNameChars
// characters, and none of: control characters (U+0000..U+001F, U+007F..U+009F), line and paragraph
// separators (U+2028, U+2029), bidirectional marks, overrides and isolates (U+061C, U+200E, U+200F,
// U+202A..U+202E, U+2066..U+2069), zero-width and invisible characters (U+00AD, U+200B..U+200D, U+2060,
// U+FEFF).
std::optional<std::string> name_problem(std::string_view name);

// The sentence that says what a name may hold (the end of every refusal).
std::string allowed_names();

}  // namespace court::server
