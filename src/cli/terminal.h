// The terminal `court play` and `court replay` draw on: whether it takes colour and screen control, a
// game's Board painted in ANSI colours or as plain text, prompts that line editing measures right, and
// clearing the screen (and its scrollback, for hot-seat privacy).
#pragma once

#include <string>
#include <string_view>

#include "engine/board.h"

namespace court::cli {

// Colour only on a terminal that wants it: stdout is a tty, TERM is set and not "dumb", NO_COLOR
// (https://no-color.org) is unset or empty, and the person did not ask for --plain.
bool colour_allowed(bool stdout_is_tty, const char* term, const char* no_color, bool plain);

class Terminal {
 public:
  // `plain`: the --plain flag (no colours, no clearing, no line editing: as when piped).
  explicit Terminal(bool plain);

  // Both ends are a terminal and --plain was not given: the screen is redrawn and lines are edited.
  bool interactive() const { return interactive_; }
  bool colour() const { return colour_; }

  // The board as text: coloured spans when colour() is on, plain text otherwise; one '\n' per line.
  std::string paint(const Board& board) const;
  // One span of text in `ink` (plain text when colour is off).
  std::string ink(std::string_view text, Ink ink) const;
  // A prompt whose colour escapes are wrapped in \001..\002, so that line editing counts only the
  // visible columns (readline's RL_PROMPT_START_IGNORE / RL_PROMPT_END_IGNORE).
  std::string prompt(std::string_view text, Ink ink = Ink::mark) const;

  // The terminal's height (40 when it cannot be asked).
  int rows() const;
  int columns() const;
  // Clears the screen and the scrollback: nothing of what was shown can be scrolled back to.
  void clear_all() const;
  // Clears the visible screen (the scrollback keeps what was there).
  void clear_screen() const;

 private:
  bool interactive_ = false;
  bool colour_ = false;
};

// `text` that came from a file (a move's label, a name, a data file's words, a replay's fields), as it may
// reach the terminal: every control character but line feed and tab is written out (ESC as "\x1b", a C1
// control such as U+009B as "\u009b"), so a file cannot move the cursor, recolour, retitle or clear the
// screen. Every place the CLI prints such text goes through this (Terminal::ink and paint do it for boards).
std::string printable(std::string_view text);

// The ANSI SGR escape that starts `ink` ("" for plain) and the one that resets.
std::string_view sgr(Ink ink);
inline constexpr std::string_view kSgrReset = "\033[0m";

}  // namespace court::cli
