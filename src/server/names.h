// The text people write: the names they give when they join a table, and their table talk. Both are
// shown to others, so neither may hide or reorder text: no name can pass for another's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace court::server {

inline constexpr std::size_t kMaxNameChars = 40;   // Unicode code points, not bytes
inline constexpr std::size_t kMaxTalkChars = 500;

// What is wrong with `name`, or nothing when it is allowed: valid UTF-8, at most kMaxNameChars
// characters, and none of: control characters (U+0000..U+001F, U+007F..U+009F), line and paragraph
// separators (U+2028, U+2029), bidirectional marks, overrides and isolates (U+061C, U+200E, U+200F,
// U+202A..U+202E, U+2066..U+2069), zero-width and invisible characters (U+00AD, U+200B..U+200D, U+2060,
// U+FEFF).
std::optional<std::string> name_problem(std::string_view name);

// The sentence that says what a name may hold (the end of every refusal).
std::string allowed_names();

// What is wrong with a message of table talk: as for names, except that line feeds and tabs are
// allowed and the limit is kMaxTalkChars; it may not be empty or only spaces. `too_long` says whether
// the length is what is wrong.
struct TalkTextProblem {
  bool too_long = false;
  std::string message;
};
std::optional<TalkTextProblem> talk_text_problem(std::string_view text);

}  // namespace court::server
