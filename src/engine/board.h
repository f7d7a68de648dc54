// A game's board for the terminal: a few lines of text with inks, drawn by the game from one seat's
// view (never from the state), so it can show only what that seat may know. The terminal (src/cli)
// paints it in colour or as plain text; the engine knows nothing of terminals.
//
// Each game supplies its board in its own folder (board.cpp) and names it in its GameInfo:
//   .board = {.draw = draw_board, .shorthand = move_shorthand}
// The conformance suite draws every seat's board at every seat count: it fits kBoardWidth columns and
// kBoardHeight lines while the game runs (the moves and the prompt take the rest of a 100x40 terminal),
// kEndingHeight lines at the end, holds no control characters, and draws the same twice.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace court {

inline constexpr int kBoardWidth = 100;
inline constexpr int kBoardHeight = 26;
inline constexpr int kEndingHeight = 38;

// What a span of text looks like on a colour terminal (plain text drops it). `mark` is bold, `quiet`
// dim; the colours are the terminal's own eight.
enum class Ink : unsigned char { plain, mark, quiet, red, green, yellow, blue, magenta, cyan };

struct Span {
  std::string text;
  Ink ink = Ink::plain;
  bool operator==(const Span&) const = default;
};

class Board {
 public:
  using Line = std::vector<Span>;

  // Appends text to the current line; a '\n' in `text` starts a new line.
  Board& put(std::string_view text, Ink ink = Ink::plain);
  // Ends the current line (an empty line when nothing was put on it).
  Board& newline();
  // Appends a whole line without the spaces that pad its end (cells of a last column), and ends it.
  Board& put_line(Line line);
  // `text` padded with spaces to `width` columns (cut with "…" when longer).
  Board& cell(std::string_view text, int width, Ink ink = Ink::plain);

  // The finished lines (a trailing empty line is dropped).
  std::vector<Line> lines() const;
  std::string plain() const;
  bool operator==(const Board&) const = default;

  // Terminal columns of UTF-8 text: one per code point (boards draw no double-width characters).
  static int columns(std::string_view utf8);

 private:
  std::vector<Line> lines_{Line{}};
};

// The board of `view` (the JSON a seat's view is). `preview` is null, or the parts of one legal move
// the person typed and has not confirmed yet (a game that can show it, such as Gameshire's plan on
// the map, draws it; others ignore it). At the end (view "terminal": true) the board is the ending:
// who won and why, and what the game kept secret until then, as far as the view reveals it.
using DrawBoard = void (*)(const nlohmann::json& view, const nlohmann::json& preview, Board& out);
// A short form a person may type for a move instead of its label (Gameshire's "B3 r1 m"), from the
// move's parts; empty when the move has none. Unique among a seat's legal moves.
using MoveShorthand = std::string (*)(const nlohmann::json& parts);

struct BoardHooks {
  DrawBoard draw = nullptr;
  MoveShorthand shorthand = nullptr;
};

}  // namespace court
