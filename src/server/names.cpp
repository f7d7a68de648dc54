#include "server/names.h"

#include <fmt/format.h>

#include <cstdint>

namespace court::server {
namespace {

// The code point starting at `text[at]`, advancing `at`; nothing when the bytes there are not UTF-8
// (a stray or missing continuation byte, an overlong form, a surrogate, or beyond U+10FFFF).
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  int extra = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if (lead < 0x80) { ++at; return lead; }
  if ((lead & 0xe0) == 0xc0) { extra = 1; cp = lead & 0x1f; min = 0x80; }
  else if ((lead & 0xf0) == 0xe0) { extra = 2; cp = lead & 0x0f; min = 0x800; }
  else if ((lead & 0xf8) == 0xf0) { extra = 3; cp = lead & 0x07; min = 0x10000; }
  else return std::nullopt;
  if (at + static_cast<std::size_t>(extra) >= text.size()) return std::nullopt;
  for (int i = 1; i <= extra; ++i) {
    const auto next = static_cast<unsigned char>(text[at + static_cast<std::size_t>(i)]);
    if ((next & 0xc0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (next & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;
  at += static_cast<std::size_t>(extra) + 1;
  return cp;
}

// What kind of forbidden character `cp` is, or nullptr when it is allowed (`lines`: line feed and tab are).
const char* forbidden_kind(char32_t cp, bool lines) {
  if (lines && (cp == '\n' || cp == '\t')) return nullptr;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return "a control character";
  if (cp == 0x2028 || cp == 0x2029) return "a line or paragraph separator";
  if (cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069)) {
    return "a bidirectional mark, override or isolate";
  }
  if (cp == 0x00ad || (cp >= 0x200b && cp <= 0x200d) || cp == 0x2060 || cp == 0xfeff) {
    return "a zero-width or invisible character";
  }
  return nullptr;
}

// Counts the characters of `text` into `chars`; says what is wrong when it is not UTF-8 or holds a
// forbidden character.
std::optional<std::string> character_problem(std::string_view text, bool lines, std::size_t& chars) {
  chars = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t start = at;
    const auto cp = next_code_point(text, at);
    if (!cp) return fmt::format("byte {} is not valid UTF-8", start + 1);
    ++chars;
    if (const char* kind = forbidden_kind(*cp, lines)) {
      return fmt::format("character {} is U+{:04X}, {}", chars, static_cast<std::uint32_t>(*cp), kind);
    }
  }
  return std::nullopt;
}

}  // namespace

std::string allowed_names() {
  return fmt::format("a name is at most {} characters of UTF-8 text, without control, bidirectional or "
                     "zero-width characters", kMaxNameChars);
}

std::optional<std::string> name_problem(std::string_view name) {
  std::size_t chars = 0;
  if (auto problem = character_problem(name, false, chars)) return problem;
  if (chars > kMaxNameChars) return fmt::format("it has {} characters", chars);
  return std::nullopt;
}

std::optional<TalkTextProblem> talk_text_problem(std::string_view text) {
  std::size_t chars = 0;
  if (auto problem = character_problem(text, true, chars)) {
    return TalkTextProblem{false, fmt::format("{}; a message is text without control characters (line feeds and "
                                              "tabs are fine), bidirectional or zero-width characters", *problem)};
  }
  if (chars > kMaxTalkChars) {
    return TalkTextProblem{true, fmt::format("the message has {} characters; at most {} are allowed", chars,
                                             kMaxTalkChars)};
  }
  if (text.find_first_not_of(" \t\n") == std::string_view::npos) {
    return TalkTextProblem{false, "the message is empty: write 1 to 500 characters"};
  }
  return std::nullopt;
}

}  // namespace court::server
