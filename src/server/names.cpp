// Names and table talk: which characters they may hold (Unicode properties from ICU) and what a name
// looks like (its confusables skeleton), for names.h.
#include "server/names.h"

#include <fmt/format.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <cstdint>
#include <stdexcept>

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
// Unicode's properties (ICU) decide, so a character Unicode adds to a class is refused without a change here.
const char* forbidden_kind(char32_t cp, bool lines) {
  const auto c = static_cast<UChar32>(cp);
  if (lines && (cp == '\n' || cp == '\t')) return nullptr;
  if (u_charType(c) == U_CONTROL_CHAR) return "a control character";
  if (u_charType(c) == U_LINE_SEPARATOR || u_charType(c) == U_PARAGRAPH_SEPARATOR) {
    return "a line or paragraph separator";
  }
  if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) return "a bidirectional mark, override or isolate";
  if (cp >= 0xe0000 && cp <= 0xe007f) return "a tag character";
  if (cp >= 0xfff9 && cp <= 0xfffb) return "an interlinear annotation character";
  if (u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT)) return "a noncharacter";
  // Letters and symbols that show nothing: Unicode gives them no property of their own.
  if (cp == 0x115f || cp == 0x1160 || cp == 0x3164 || cp == 0xffa0) return "a Hangul filler (a blank letter)";
  if (cp == 0x2800) return "a blank braille pattern";
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
    return "a zero-width or invisible (default-ignorable) character";
  }
  return nullptr;
}

// An emoji presentation selector (U+FE0F, or U+FE0E for text style) right after a pictograph: phone keyboards
// write "❤️" so, and refusing it would refuse their hearts. Anywhere else a selector shows nothing.
// ASCII characters with an emoji form (digits, # and *) take none: alone they would look the same without it.
bool presentation_selector(char32_t cp, char32_t previous) {
  return (cp == 0xfe0e || cp == 0xfe0f) && previous > 0x7f &&
         u_hasBinaryProperty(static_cast<UChar32>(previous), UCHAR_EMOJI);
}

bool combining_mark(char32_t cp) {
  const auto type = u_charType(static_cast<UChar32>(cp));
  return type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK;
}

// What `text` holds, when its characters are allowed.
struct TextShape {
  std::size_t chars = 0;
  bool only_space = true;   // every character is White_Space (true for empty text)
};

// Counts the characters of `text` into `shape`; says what is wrong when it is not UTF-8, holds a forbidden
// character, or piles more than kMaxCombiningMarks combining marks on one character.
std::optional<std::string> character_problem(std::string_view text, bool lines, TextShape& shape) {
  shape = TextShape{};
  std::size_t marks = 0;   // combining marks since the last base character
  char32_t previous = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t start = at;
    const auto cp = next_code_point(text, at);
    if (!cp) return fmt::format("byte {} is not valid UTF-8", start + 1);
    ++shape.chars;
    const char* kind = presentation_selector(*cp, previous) ? nullptr : forbidden_kind(*cp, lines);
    if (kind) return fmt::format("character {} is U+{:04X}, {}", shape.chars, static_cast<std::uint32_t>(*cp), kind);
    previous = *cp;
    marks = combining_mark(*cp) ? marks + 1 : 0;
    if (marks > kMaxCombiningMarks) {
      return fmt::format("character {} (U+{:04X}) is combining mark number {} on one character; at most {} are "
                         "allowed", shape.chars, static_cast<std::uint32_t>(*cp), marks, kMaxCombiningMarks);
    }
    if (!u_hasBinaryProperty(static_cast<UChar32>(*cp), UCHAR_WHITE_SPACE)) shape.only_space = false;
  }
  return std::nullopt;
}

// ICU's confusables data, opened once: a const checker is safe to share between threads.
const USpoofChecker& spoof_checker() {
  static const USpoofChecker* checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* opened = uspoof_open(&status);
    if (U_FAILURE(status)) throw std::runtime_error(fmt::format("ICU spoof checker: {}", u_errorName(status)));
    return opened;
  }();
  return *checker;
}

// `text` in NFKC ("ＡＤＡ" is "ADA"), or with `fold_case` in NFKC_Casefold ("ADA" is "ada").
icu::UnicodeString normalized(const icu::UnicodeString& text, bool fold_case) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* form = fold_case ? icu::Normalizer2::getNFKCCasefoldInstance(status)
                                           : icu::Normalizer2::getNFKCInstance(status);
  icu::UnicodeString out;
  if (U_SUCCESS(status)) out = form->normalize(text, status);
  if (U_FAILURE(status)) throw std::runtime_error(fmt::format("ICU normalization: {}", u_errorName(status)));
  return out;
}

icu::UnicodeString skeleton_of(const icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString out;
  uspoof_getSkeletonUnicodeString(&spoof_checker(), 0, text, out, &status);
  if (U_FAILURE(status)) throw std::runtime_error(fmt::format("ICU skeleton: {}", u_errorName(status)));
  return out;
}

}  // namespace

std::string allowed_names(std::size_t max_chars) {
  return fmt::format("a name is at most {} characters of UTF-8 text, not only white space, without control, "
                     "bidirectional, invisible (default-ignorable), blank (Hangul filler, U+2800), tag or interlinear "
                     "annotation characters or noncharacters, and with at most {} combining marks on one character",
                     max_chars, kMaxCombiningMarks);
}

std::optional<std::string> name_problem(std::string_view name, std::size_t max_chars) {
  TextShape shape;
  if (auto problem = character_problem(name, false, shape)) return problem;
  if (shape.chars > max_chars) return fmt::format("it has {} characters", shape.chars);
  if (shape.chars > 0 && shape.only_space) return std::string("it is only white space");
  return std::nullopt;
}

std::optional<TalkTextProblem> talk_text_problem(std::string_view text) {
  TextShape shape;
  if (auto problem = character_problem(text, true, shape)) {
    return TalkTextProblem{false, fmt::format("{}; a message is text without control characters (line feeds and "
                                              "tabs are fine), bidirectional, invisible, blank or tag characters or "
                                              "noncharacters, with at most {} combining marks on one character",
                                              *problem, kMaxCombiningMarks)};
  }
  if (shape.chars > kMaxTalkChars) {
    return TalkTextProblem{true, fmt::format("the message has {} characters; at most {} are allowed", shape.chars,
                                             kMaxTalkChars)};
  }
  if (shape.only_space) {
    return TalkTextProblem{false, fmt::format("the message is empty or only white space: write 1 to {} characters",
                                              kMaxTalkChars)};
  }
  return std::nullopt;
}

std::string name_skeleton(std::string_view name) {
  auto text = icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<std::int32_t>(name.size())));
  text.findAndReplace(icu::UnicodeString(static_cast<UChar32>(0xfe0f)), icu::UnicodeString());   // "Ada❤️" is "Ada❤"
  text.findAndReplace(icu::UnicodeString(static_cast<UChar32>(0xfe0e)), icu::UnicodeString());
  // The confusables fold before case folding ("I" looks like "l", "i" does not), then again after it, since
  // the fold's prototypes keep their case (Cyrillic "А" is "A").
  std::string out;
  skeleton_of(normalized(skeleton_of(normalized(text, false)), true)).toUTF8String(out);
  return out;
}

}  // namespace court::server
