#include "cli/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace court::cli {

bool colour_allowed(bool stdout_is_tty, const char* term, const char* no_color, bool plain) {
  if (plain || !stdout_is_tty) return false;
  if (!term || !*term || std::strcmp(term, "dumb") == 0) return false;
  return !no_color || !*no_color;
}

Terminal::Terminal(bool plain)
    : interactive_(!plain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)),
      colour_(colour_allowed(isatty(STDOUT_FILENO), std::getenv("TERM"), std::getenv("NO_COLOR"), plain)) {}

std::string_view sgr(Ink ink) {
  switch (ink) {
    case Ink::plain: return "";
    case Ink::mark: return "\033[1m";
    case Ink::quiet: return "\033[2m";
    case Ink::red: return "\033[31m";
    case Ink::green: return "\033[32m";
    case Ink::yellow: return "\033[33m";
    case Ink::blue: return "\033[34m";
    case Ink::magenta: return "\033[35m";
    case Ink::cyan: return "\033[36m";
  }
  return "";
}

namespace {

// The C1 controls U+0080..U+009F in UTF-8: 0xC2 0x80..0x9F.
bool c1_at(std::string_view text, std::size_t i) {
  return static_cast<unsigned char>(text[i]) == 0xc2 && i + 1 < text.size() &&
         (static_cast<unsigned char>(text[i + 1]) & 0xe0) == 0x80;
}

bool c0_or_delete(unsigned char c) { return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f; }

}  // namespace

std::string printable(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && !c0_or_delete(static_cast<unsigned char>(text[i])) && !c1_at(text, i)) ++i;
  if (i == text.size()) return std::string(text);   // the usual case: nothing to write out
  std::string out(text.substr(0, i));
  for (; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c0_or_delete(c)) {
      out += fmt::format("\\x{:02x}", c);
    } else if (c1_at(text, i)) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[++i]));
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string Terminal::ink(std::string_view text, Ink ink) const {
  if (!colour_ || ink == Ink::plain || text.empty()) return printable(text);
  return fmt::format("{}{}{}", sgr(ink), printable(text), kSgrReset);
}

std::string Terminal::paint(const Board& board) const {
  std::string out;
  for (const Board::Line& line : board.lines()) {
    for (const Span& span : line) out += ink(span.text, span.ink);
    out += '\n';
  }
  return out;
}

std::string Terminal::prompt(std::string_view text, Ink ink) const {
  if (!colour_ || ink == Ink::plain) return std::string(text);
  // Trailing spaces go after the reset: libedit drops an escape that ends the prompt.
  const std::size_t end = text.find_last_not_of(' ') + 1;
  return fmt::format("\001{}\002{}\001{}\002{}", sgr(ink), text.substr(0, end), kSgrReset, text.substr(end));
}

namespace {

winsize window() {
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) size = winsize{};
  return size;
}

}  // namespace

int Terminal::rows() const {
  const int rows = window().ws_row;
  return rows > 0 ? rows : 40;
}

int Terminal::columns() const {
  const int columns = window().ws_col;
  return columns > 0 ? columns : kBoardWidth;
}

void Terminal::clear_all() const {
  if (!interactive_) return;
  // Erasing the display first: some terminals (tmux, VTE) move an erased screen into the scrollback,
  // so the scrollback is cleared after it, not before.
  std::fputs("\033[2J\033[3J\033[H", stdout);
  std::fflush(stdout);
}

void Terminal::clear_screen() const {
  if (!interactive_) return;
  std::fputs("\033[2J\033[H", stdout);
  std::fflush(stdout);
}

}  // namespace court::cli
