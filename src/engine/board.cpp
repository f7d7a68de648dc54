#include "engine/board.h"

namespace court {

Board& Board::put(std::string_view text, Ink ink) {
  while (!text.empty()) {
    const auto end = text.find('\n');
    const auto piece = text.substr(0, end);
    if (!piece.empty()) {
      Line& line = lines_.back();
      if (!line.empty() && line.back().ink == ink) line.back().text += piece;
      else line.push_back({std::string(piece), ink});
    }
    if (end == std::string_view::npos) break;
    newline();
    text.remove_prefix(end + 1);
  }
  return *this;
}

Board& Board::newline() {
  lines_.emplace_back();
  return *this;
}

Board& Board::put_line(Line line) {
  while (!line.empty()) {
    std::string& last = line.back().text;
    last.erase(last.find_last_not_of(' ') + 1);
    if (!last.empty()) break;
    line.pop_back();
  }
  for (const Span& s : line) put(s.text, s.ink);
  return newline();
}

Board& Board::cell(std::string_view text, int width, Ink ink) {
  if (width <= 0) return *this;
  const int have = columns(text);
  if (have <= width) return put(std::string(text) + std::string(static_cast<std::size_t>(width - have), ' '), ink);
  // Keep width - 1 code points and end with an ellipsis.
  std::size_t cut = 0;
  for (int kept = 0; cut < text.size(); ++cut) {
    if ((static_cast<unsigned char>(text[cut]) & 0xC0) != 0x80 && kept++ == width - 1) break;
  }
  return put(std::string(text.substr(0, cut)) + "…", ink);
}

std::vector<Board::Line> Board::lines() const {
  std::vector<Line> out = lines_;
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

std::string Board::plain() const {
  std::string out;
  for (const Line& line : lines()) {
    for (const Span& span : line) out += span.text;
    out += '\n';
  }
  return out;
}

int Board::columns(std::string_view utf8) {
  int n = 0;
  for (char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

}  // namespace court
