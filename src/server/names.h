// The text people write: the names they give when they join a table, and their table talk. Both are
// shown to others, so neither may hide or reorder text: no name can pass for another's. The character
// rules come from Unicode's own properties (ICU), not from a hand list.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace court::server {

inline constexpr std::size_t kMaxNameChars = 40;   // Unicode code points, not bytes
inline constexpr std::size_t kMaxTalkChars = 500;
// Combining marks (general category Mn or Me) allowed on one base character: enough for any script's
// accents (Vietnamese stacks two), too few to pile marks over the neighbouring lines ("Zalgo" text).
inline constexpr std::size_t kMaxCombiningMarks = 4;

// What is wrong with `name`, or nothing when it is allowed: valid UTF-8, at most kMaxNameChars
// characters, not only white space (an empty name is allowed: the server names the seat), at most
// kMaxCombiningMarks combining marks on one character, and none of: control characters (Cc), line and
// paragraph separators, bidirectional marks, overrides and isolates (Bidi_Control), default-ignorable
// code points (invisible: U+00AD, U+200B..U+200D, U+2060, U+FEFF, variation selectors, ...), blanks
// that show nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, and U+2800), tag characters
// (U+E0000..U+E007F), interlinear annotation characters (U+FFF9..U+FFFB) and noncharacters (U+FFFE,
// U+FFFF, U+FDD0..U+FDEF, the last two of every plane).
// `max_chars` is the length allowed (a Lab variant's name may be longer than a person's).
std::optional<std::string> name_problem(std::string_view name, std::size_t max_chars = kMaxNameChars);

// The sentence that says what a name may hold (the end of every refusal).
std::string allowed_names(std::size_t max_chars = kMaxNameChars);

// What is wrong with a message of table talk: as for names, except that line feeds and tabs are
// allowed and the limit is kMaxTalkChars; it may not be empty or only white space. `too_long` says
// whether the length is what is wrong.
struct TalkTextProblem {
  bool too_long = false;
  std::string message;
};
std::optional<TalkTextProblem> talk_text_problem(std::string_view text);

// What `name` looks like, for telling look-alike names apart: its UTS #39 skeleton (confusable
// characters folded to one prototype: Cyrillic "А" to Latin "A", "1" and "I" to "l") after NFKC, folded
// again after case folding, so "Ada", "ada", "ＡＤＡ" and Cyrillic "Аda" have one skeleton. Bytes that are
// not UTF-8 count as U+FFFD.
std::string name_skeleton(std::string_view name);

}  // namespace court::server
