// Gameshire's terminal board (engine/board.h), drawn from one seat's view: that seat's map large (with
// the plan a person is about to place drawn on it), the market, the gifts, skills and boons, the other
// maps small; at the end the result, how the game ended and every map. And the shorthand of a
// placement, "B3 r1 m" (docs/rules/gameshire.md, "At the terminal").
//
//   Spring · Seat 1 records Crooked Lane (chosen by Seat 0)
//   Your map: Millbrook               Recording        Market: plans · 14 cards in the deck
//         L  A  B  C  D  E  F  R      Crooked Lane     Market Day      Lambing
//      0  R  W  2  1  6  1  W  2      G                W 5             3 W
//      1  3  .  .  .^ .  .! .  4  o   W 4              R or 5          W or 3
//   ...
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "games/gameshire/game.h"

namespace court::gameshire {
namespace {

using nlohmann::json;
using Canvas = court::Board;   // the engine's board of inked lines (gameshire::Board is a player's map)

constexpr int kScreenWidth = kBoardWidth;
constexpr int kMapWidth = 31;          // "   0 " + eight squares of three columns + " o"
constexpr int kSmallMapWidth = 13;     // another seat's map, "R W2161W 2", under "Seat 1 passed"
constexpr int kGap = 2;
constexpr int kSmallGap = 1;
constexpr int kCardWidth = 17;         // a market card's column, at most
constexpr int kSmallMapHeight = kGrid + 2;
// The lines beside the seat's map: the market and the pool, above the small maps and the heading.
constexpr int kTopHeight = kBoardHeight - 1 - kSmallMapHeight;
constexpr const char* kColumnLetters = "LABCDEFR";

// --- Pieces of text ----------------------------------------------------------------------------

// A crop in the colour the browser's table gives it (orange and yellow both draw as the terminal's
// yellow); cows and blanks plain.
Ink value_ink(char v) {
  switch (v) {
    case 'O': case 'Y': return Ink::yellow;
    case 'R': return Ink::red;
    case 'P': return Ink::magenta;
    case 'G': return Ink::green;
    case '.': return Ink::quiet;
    default: return Ink::plain;
  }
}

std::string seat_name(int seat, int you) { return seat == you ? fmt::format("Seat {} (you)", seat) : fmt::format("Seat {}", seat); }

std::string text_of(const json& j, const char* key, const std::string& fallback = "") {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

int int_of(const json& j, const char* key, int fallback = -1) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

// The seat whose view this is (-1 for a spectator) and the seat to act (-1 when none).
int viewer_of(const json& view) { return int_of(view, "viewer"); }
int to_act_of(const json& view) {
  const auto it = view.find("to_act");
  return it != view.end() && it->is_array() && !it->empty() && (*it)[0].is_number_integer() ? (*it)[0].get<int>() : -1;
}

// `pieces` joined by `sep` into lines of at most `width` columns, a piece never split (a longer one
// is cut when drawn).
std::vector<std::string> pack(const std::vector<std::string>& pieces, int width, const std::string& sep) {
  std::vector<std::string> lines;
  std::string line;
  for (const auto& piece : pieces) {
    if (!line.empty() && Canvas::columns(line) + Canvas::columns(sep) + Canvas::columns(piece) > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : sep) + piece;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// `text` broken into lines of at most `width` columns at spaces.
std::vector<std::string> wrap(const std::string& text, int width) {
  std::vector<std::string> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return pack(words, width, " ");
}

// Puts "W or 3" with the crop in its colour.
void put_resource(const json& card, Canvas& out) {
  const json& r = card.contains("resource") ? card["resource"] : json();
  if (!r.is_object()) return;
  const std::string crop = text_of(r, "crop", "?");
  out.put(crop, value_ink(crop[0])).put(fmt::format(" or {}", int_of(r, "cows", 0)));
}

// --- Blocks set side by side -------------------------------------------------------------------

// A rectangle of lines drawn on its own and then set beside others, `width` columns wide.
struct Block {
  Canvas canvas;
  int width = 0;
  int height() const { return static_cast<int>(canvas.lines().size()); }
};

int columns_of(const Canvas::Line& line) {
  int n = 0;
  for (const Span& s : line) n += Canvas::columns(s.text);
  return n;
}

// Lines of `blocks` side by side, `gap` columns apart.
void set_beside(const std::vector<const Block*>& blocks, int gap, Canvas& out) {
  std::vector<std::vector<Canvas::Line>> lines;
  std::size_t height = 0;
  for (const Block* b : blocks) {
    lines.push_back(b->canvas.lines());
    height = std::max(height, lines.back().size());
  }
  for (std::size_t row = 0; row < height; ++row) {
    Canvas::Line joined;
    for (std::size_t k = 0; k < blocks.size(); ++k) {
      const Canvas::Line empty;
      const Canvas::Line& line = row < lines[k].size() ? lines[k][row] : empty;
      joined.insert(joined.end(), line.begin(), line.end());
      const int pad = k + 1 < blocks.size() ? std::max(0, blocks[k]->width - columns_of(line) + gap) : 0;
      if (pad > 0) joined.push_back({std::string(static_cast<std::size_t>(pad), ' '), Ink::plain});
    }
    out.put_line(std::move(joined));
  }
}

// --- The seat's map, large ---------------------------------------------------------------------

// A square's index (row * 8 + column) from its name ("A1", "L0"), or -1.
int square_index(const json& name) {
  const std::string n = name.is_string() ? name.get<std::string>() : "";
  const char* col = n.size() == 2 && n[0] != '\0' ? std::strchr(kColumnLetters, n[0]) : nullptr;
  if (!col || n[1] < '0' || n[1] >= '0' + kGrid) return -1;
  return cell_index(n[1] - '0', static_cast<int>(col - kColumnLetters));
}

// The squares a previewed move names, by index (row * 8 + column), with the value it writes ("" when
// it writes none: a shading, an erase, a choice's marked squares).
std::vector<std::pair<int, std::string>> previewed_squares(const json& preview) {
  std::vector<std::pair<int, std::string>> out;
  if (!preview.is_object()) return out;
  auto add = [&](const json& sq) {
    const int row = int_of(sq, "row"), col = int_of(sq, "col");
    if (row >= 0 && row < kGrid && col >= 0 && col < kGrid) out.push_back({cell_index(row, col), text_of(sq, "value")});
  };
  if (preview.contains("cells") && preview["cells"].is_array()) for (const auto& sq : preview["cells"]) add(sq);
  if (preview.contains("row")) add(preview);
  if (preview.contains("meets") && preview["meets"].is_array()) {
    for (const auto& name : preview["meets"]) {
      const int cell = square_index(name);
      if (cell >= 0) out.push_back({cell, ""});
    }
  }
  return out;
}

// What the big map marks on each square (by index).
struct MapMarks {
  std::vector<bool> crown, hammer, shaded;
  // A previewed square: the value it shows ("" its own).
  std::vector<std::optional<std::string>> preview = std::vector<std::optional<std::string>>(kCells);
};

std::vector<bool> named_squares(const json& names) {
  std::vector<bool> out(kCells);
  for (const auto& name : names) {
    const int cell = square_index(name);
    if (cell >= 0) out[static_cast<std::size_t>(cell)] = true;
  }
  return out;
}

// One square in three columns: "#" before it when shaded, its value, "^" after a crown or "!" after a
// hammer; a previewed square is "[W]".
void put_square(char value, int cell, const MapMarks& m, Canvas& out) {
  const auto k = static_cast<std::size_t>(cell);
  if (m.preview[k]) {
    out.put("[" + (m.preview[k]->empty() ? std::string(1, value) : *m.preview[k]) + "]", Ink::cyan);
    return;
  }
  out.put(m.shaded[k] ? "#" : " ", Ink::quiet);
  out.put(std::string(1, value), m.shaded[k] ? Ink::quiet : value_ink(value));
  if (m.crown[k]) out.put("^", Ink::yellow);
  else if (m.hammer[k]) out.put("!", Ink::quiet);
  else out.put(" ");
}

// The boon circles: "o" open, "x" earned (gold).
Canvas& put_boon(bool earned, Canvas& out) { return out.put(earned ? "x" : "o", earned ? Ink::yellow : Ink::quiet); }

// The gift row under columns A-F: the value ("-" not chosen), "[3]" delivered, "3*" chosen by this
// seat's crowns.
void put_gifts_row(const json& pool, const json& player, Canvas& out) {
  std::vector<std::string> mine;
  for (const auto& c : player.value("gift_columns", json::array())) mine.push_back(c.get<std::string>());
  out.put("gifts", Ink::quiet).put("   ");
  for (const auto& g : pool.value("gifts", json::array())) {
    const std::string column = text_of(g, "column");
    const std::string value = g["value"].is_string() ? g["value"].get<std::string>() : "-";
    if (g.value("delivered", false)) out.put("[" + value + "]", Ink::green);
    else out.put(" ").put(value, value == "-" ? Ink::quiet : value_ink(value[0]))
            .put(std::find(mine.begin(), mine.end(), column) != mine.end() ? "*" : " ");
  }
}

MapMarks marks_of(const json& squares, const json& preview) {
  MapMarks m{.crown = named_squares(squares["crowns"]), .hammer = named_squares(squares["hammers"]),
             .shaded = named_squares(squares["shaded"])};
  for (const auto& [cell, value] : previewed_squares(preview)) m.preview[static_cast<std::size_t>(cell)] = value;
  return m;
}

// The column letters, the eight rows with the field rows' boons, and the column boons.
void put_map_rows(const json& squares, const MapMarks& m, Canvas& out) {
  std::vector<std::string> boons;
  for (const auto& b : squares["boon_lines"]) boons.push_back(b.get<std::string>());
  auto earned = [&](const std::string& line) { return std::find(boons.begin(), boons.end(), line) != boons.end(); };
  out.put("     ", Ink::quiet);
  for (int c = 0; c < kGrid; ++c) out.put(fmt::format(" {} ", kColumnLetters[c]), Ink::quiet);
  out.newline();
  for (int row = 0; row < kGrid; ++row) {
    out.put(fmt::format("{:>4} ", row), Ink::quiet);
    const std::string values = squares["rows"][static_cast<std::size_t>(row)].get<std::string>();
    for (int col = 0; col < kGrid; ++col) put_square(values[static_cast<std::size_t>(col)], cell_index(row, col), m, out);
    if (row >= 1 && row <= kColumns) put_boon(earned(fmt::format("row {}", row)), out.put(" "));
    out.newline();
  }
  out.put("boons", Ink::quiet).put("   ");
  for (int c = 1; c <= kColumns; ++c) {
    put_boon(earned(fmt::format("column {}", kColumnLetters[c])), out.put(" "));
    out.put(" ");
  }
  out.newline();
}

// The seat's map with its title, a previewed move's squares and the gift row.
Block big_map(const json& player, const json& pool, const json& preview, const std::string& whose) {
  Block b{.width = kMapWidth};
  const std::string passed = player.value("passed", false) ? " (passed)" : "";
  b.canvas.cell(fmt::format("{}: {}{}", whose, text_of(player, "map"), passed), kMapWidth, Ink::mark).newline();
  put_map_rows(player["squares"], marks_of(player["squares"], preview), b.canvas);
  if (pool.is_object()) put_gifts_row(pool, player, b.canvas);
  return b;
}

// --- The market --------------------------------------------------------------------------------

// A card's side in play as a little grid, one square every two columns: a plan's results (its
// symbols before a resource card is under it), a demand's squares "#"; with `numbered`, each square's
// number in the card's reading order (what "omit square 2" counts).
std::vector<std::string> card_picture(const json& card, bool numbered) {
  int height = 0, width = 0;
  for (const auto& sq : card["shape"]) {
    height = std::max(height, int_of(sq, "row", 0) + 1);
    width = std::max(width, int_of(sq, "col", 0) + 1);
  }
  if (height == 0) return {};
  std::vector<std::string> rows(static_cast<std::size_t>(height), std::string(static_cast<std::size_t>(2 * width - 1), ' '));
  int k = 0;
  for (const auto& sq : card["shape"]) {
    ++k;
    const std::string shown = numbered ? std::to_string(k) : text_of(sq, "value", text_of(sq, "symbol", "#"));
    const auto row = static_cast<std::size_t>(int_of(sq, "row", 0)), col = static_cast<std::size_t>(2 * int_of(sq, "col", 0));
    rows[row][col] = shown.empty() ? '#' : shown[0];
  }
  return rows;
}

void put_picture_row(const std::string& row, int width, Canvas& out) {
  for (char ch : row.substr(0, static_cast<std::size_t>(std::max(0, width)))) {
    out.put(std::string(1, ch), ch == '#' ? Ink::plain : value_ink(ch));
  }
}

// A demand's requirement wrapped to `width`, in at most `max_lines` lines: when the words do not fit,
// "at least 2" is written "2+"; what still does not fit is cut with "…".
std::vector<std::string> requirement_lines(const std::string& text, int width, int max_lines) {
  auto lines = wrap(text, width);
  if (static_cast<int>(lines.size()) <= max_lines) return lines;
  std::string shorter = text;
  for (std::size_t at; (at = shorter.find("at least ")) != std::string::npos;) {
    const std::size_t number = at + 9, end = shorter.find(' ', number);
    shorter.replace(at, end - at, shorter.substr(number, end - number) + "+");
  }
  lines = wrap(shorter, width);
  if (static_cast<int>(lines.size()) > max_lines) {
    lines.resize(static_cast<std::size_t>(std::max(1, max_lines)));
    lines.back() += "…";
  }
  return lines;
}

// One card as a column: its name, its picture, its resource card, a demand's requirement. With
// `numbered` (the seat may leave a square out), a plan's squares are numbered beside its picture, a
// demand's in its picture.
Block card_column(const json& card, int width, bool current, bool numbered, int max_height) {
  Block b{.width = width};
  b.canvas.cell(text_of(card, "name", "?"), width, current ? Ink::mark : Ink::plain).newline();
  const auto values = card_picture(card, false), numbers = card_picture(card, true);
  // A demand's squares hold nothing to show: its numbers go in its picture, as a plan's do when the
  // two pictures do not fit side by side.
  const bool beside = text_of(card, "side") == "plan" && !values.empty() && 2 * Canvas::columns(values[0]) + 2 <= width;
  for (std::size_t r = 0; r < values.size(); ++r) {
    if (numbered && !beside) b.canvas.cell(numbers[r], width, Ink::cyan);
    else put_picture_row(values[r], width, b.canvas);
    if (numbered && beside) b.canvas.put("  ").put(numbers[r], Ink::cyan);
    b.canvas.newline();
  }
  put_resource(card, b.canvas);
  b.canvas.newline();
  if (card.contains("requires")) {
    const auto lines = requirement_lines(text_of(card, "requires"), width, max_height - b.height());
    for (const auto& line : lines) b.canvas.cell(line, width, Ink::quiet).newline();
  }
  return b;
}

bool may_leave_out(const json& player) { return text_of(player, "may").find("leave out") != std::string::npos; }

// The card being recorded (or shaded) first, then the market, each a column, under one title line; at
// most `max_height` lines (a long requirement is shortened).
Block market_block(const json& view, const json& player, int width, int max_height) {
  const bool autumn = text_of(view, "season") == "Autumn";
  std::vector<std::pair<const json*, bool>> cards;
  if (view.contains("current")) cards.push_back({&view["current"], true});
  for (const auto& c : view["market"]) cards.push_back({&c, false});
  const int n = std::max<int>(1, static_cast<int>(cards.size()));
  const int column = std::min(kCardWidth, (width + kGap) / n - kGap);

  Block b{.width = width};
  const json& decks = view["decks"];
  const std::string title = fmt::format("Market: {}", autumn ? "demands" : "plans");
  const std::string counts = fmt::format(" · {} cards in the deck", int_of(decks, "season_cards", 0));
  if (view.contains("current")) b.canvas.cell(autumn ? "Shading" : "Recording", column + kGap, Ink::mark);
  b.canvas.put(title, Ink::mark).put(counts, Ink::quiet).newline();
  if (cards.empty()) b.canvas.put("(the market is empty)", Ink::quiet).newline();
  std::vector<Block> columns;
  for (const auto& [card, current] : cards) {
    columns.push_back(card_column(*card, column, current, current && may_leave_out(player), max_height - b.height()));
  }
  std::vector<const Block*> row;
  for (const Block& c : columns) row.push_back(&c);
  set_beside(row, kGap, b.canvas);
  return b;
}

// --- Gifts, skills and boons -------------------------------------------------------------------

const char* effect_words(const std::string& effect) {
  if (effect == "erase") return "erase";
  if (effect == "omit") return "leave out";
  if (effect == "write") return "write";
  if (effect == "swap_resource") return "new resource";
  if (effect == "add_plan") return "add a card";
  if (effect == "return_plan") return "return a card";
  return "";
}

// What the seat may still do with a skill the team paid for ("erase a square; write a square; ...").
void put_may(std::string may, int width, Canvas& out) {
  if (may.empty()) return;
  may.erase(may.find_last_not_of("; ") + 1);
  std::string text = "You may ";
  for (std::size_t at = 0; at <= may.size();) {
    const std::size_t end = std::min(may.find("; ", at), may.size());
    std::string item = may.substr(at, end - at);
    if (item.find("leave out") != std::string::npos) item += " (numbered on it)";
    text += (at == 0 ? "" : ", ") + item;
    at = end + 2;
  }
  const auto lines = wrap(text, width);
  for (std::size_t i = 0; i < lines.size() && i < 2; ++i) out.cell(lines[i], width, Ink::cyan).newline();
}

// The boons, the skill track, the skills (with what each does, when that fits) and what the seat may
// still do with a skill already paid for.
void put_pool(const json& view, const json& pool, const json& player, int width, Canvas& out) {
  const bool competitive = text_of(view, "mode") == "competitive";
  const int owner = int_of(player, "seat");
  const std::string whose_gifts = owner == viewer_of(view) ? "your gifts" : fmt::format("Seat {}'s gifts", owner);
  const json& cost = pool["next_skill_cost"];
  const std::string next = cost.is_number() ? fmt::format("next skill costs {}", cost.get<int>()) : "no skill use left";
  out.put(competitive ? "Boons " : "Team boons ", Ink::mark);
  out.cell(fmt::format("{} · {} · {} chosen {}", int_of(pool, "boons", 0), next, whose_gifts, text_of(player, "gifts_chosen")),
           width - (competitive ? 6 : 11)).newline();
  std::string names, words;
  for (const auto& s : pool["skills"]) {
    names += (names.empty() ? "" : ", ") + text_of(s, "name");
    words += (words.empty() ? "" : ", ") + fmt::format("{} ({})", text_of(s, "name"), effect_words(text_of(s, "effect")));
  }
  const int room = width - 7;
  const std::string skills = names.empty()                       ? "none yet (a crop on a hammer ! teaches its skill)"
                             : Canvas::columns(words) <= room ? words
                                                              : names;
  const auto lines = wrap(skills, room);
  for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
    out.put(i ? "       " : "Skills ", Ink::mark).cell(lines[i], room, names.empty() ? Ink::quiet : Ink::plain).newline();
  }
  put_may(text_of(player, "may"), width, out);
}

// --- The other seats' maps, small ---------------------------------------------------------------

// Another seat's map in ten columns (the border apart from the field), "#" a shaded square; its title,
// and its gifts chosen (its own gift row and score in the competitive game).
Block small_map(const json& player, int to_act) {
  const int seat = int_of(player, "seat", 0);
  Block b{.width = kSmallMapWidth};
  b.canvas.put(fmt::format("Seat {}", seat), seat == to_act ? Ink::mark : Ink::plain);
  if (player.value("passed", false)) b.canvas.put(" passed", Ink::quiet);
  b.canvas.newline();
  const std::vector<bool> shaded = named_squares(player["squares"]["shaded"]);
  for (int row = 0; row < kGrid; ++row) {
    const std::string values = player["squares"]["rows"][static_cast<std::size_t>(row)].get<std::string>();
    for (int col = 0; col < kGrid; ++col) {
      const char v = shaded[static_cast<std::size_t>(cell_index(row, col))] ? '#' : values[static_cast<std::size_t>(col)];
      b.canvas.put(std::string(1, v), v == '#' ? Ink::quiet : value_ink(v));
      if (col == 0 || col == kColumns) b.canvas.put(" ");
    }
    b.canvas.newline();
  }
  if (player.contains("own")) {
    for (const auto& g : player["own"]["gifts"]) {
      const std::string v = g["value"].is_string() ? g["value"].get<std::string>() : "-";
      b.canvas.put(v, g.value("delivered", false) ? Ink::green : v == "-" ? Ink::quiet : Ink::plain);
    }
    b.canvas.put(fmt::format(" {} pts", int_of(player, "score", 0)));
  } else {
    b.canvas.put("gifts " + text_of(player, "gifts_chosen"), Ink::quiet);
  }
  return b;
}

// --- The facts beside the small maps -----------------------------------------------------------

// `lines` while fewer than `max_lines` are drawn, the first starting with `head` (marked).
void put_lines(const std::string& head, const std::vector<std::string>& wrapped, int width, int max_lines, Canvas& out, int& lines) {
  for (std::size_t i = 0; i < wrapped.size() && lines < max_lines; ++i, ++lines) {
    if (i == 0 && !head.empty() && wrapped[0].rfind(head, 0) == 0) {
      out.put(head, Ink::mark).cell(wrapped[0].substr(head.size()), width - Canvas::columns(head));
    } else {
      out.cell(wrapped[i], width, head.empty() ? Ink::quiet : Ink::plain);
    }
    out.newline();
  }
}

// The latest events, newest last, whole, in the `room` lines left.
void put_recent_events(const json& log, int width, int room, Canvas& out) {
  if (!log.is_array()) return;
  std::vector<std::string> recent;
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    const auto wrapped = wrap(it->get<std::string>(), width);
    if (static_cast<int>(recent.size() + wrapped.size()) > room - 1) break;
    recent.insert(recent.begin(), wrapped.begin(), wrapped.end());
  }
  if (recent.empty()) return;
  out.put("Lately", Ink::mark).newline();
  for (const auto& line : recent) out.cell(line, width, Ink::quiet).newline();
}

// The decks, the wrinkles, how to type a placement (when the seat is placing one), how to read the
// map, and the latest events, as many lines as `max_lines` allow.
Block facts_block(const json& view, bool placing, int width, int max_lines) {
  Block b{.width = width};
  int lines = 0;
  const json& decks = view["decks"];
  std::string deck = fmt::format("{} cards", int_of(decks, "season_cards", 0));
  if (decks.contains("top_card")) deck += fmt::format(" (next: {})", text_of(decks["top_card"], "name"));
  deck += fmt::format(", {} resource cards", int_of(decks, "resource_cards", 0));
  put_lines("Deck", wrap("Deck " + deck, width), width, max_lines, b.canvas, lines);
  std::string wrinkles;
  for (const auto& w : view["wrinkles"]) wrinkles += (wrinkles.empty() ? "" : ", ") + w.get<std::string>();
  if (!wrinkles.empty()) put_lines("Wrinkles", wrap("Wrinkles " + wrinkles, width), width, max_lines, b.canvas, lines);
  if (placing) {
    put_lines("Type", wrap("Type B3 r1 m for the shape's first square on B3, turned 1/4 clockwise, mirrored", width), width,
              max_lines, b.canvas, lines);
  }
  const std::vector<std::string> legend = {"^ crown", "! hammer", "# shaded", ". blank", "o x boon open, earned",
                                           "gift [3] delivered", "3* chosen by you"};
  put_lines("", pack(legend, width, "  "), width, max_lines, b.canvas, lines);
  put_recent_events(view["log"], width, max_lines - lines, b.canvas);
  return b;
}

// --- The heading line --------------------------------------------------------------------------

std::string current_name(const json& view) { return view.contains("current") ? text_of(view["current"], "name") : "the card"; }

// What happens now, in words: who decides what.
std::string what_now(const json& view, int you) {
  const int to_act = to_act_of(view), active = int_of(view, "active");
  const std::string who = seat_name(to_act, you), step = text_of(view, "step");
  const bool autumn = text_of(view, "season") == "Autumn";
  if (step == "choose a card") return fmt::format("{} chooses a {} from the market", who, autumn ? "demand" : "plan");
  if (step == "record the card") {
    if (!autumn && to_act == active) return fmt::format("{} records {}", who, current_name(view));
    if (!autumn) return fmt::format("{} records {} (chosen by {})", who, current_name(view), seat_name(active, you));
    if (to_act == active) return fmt::format("{} shades {} and must meet its demand", who, current_name(view));
    return fmt::format("{} shades {} anywhere (chosen by {})", who, current_name(view), seat_name(active, you));
  }
  if (step == "shade gifts" && view.contains("shading_gift")) {
    const json& g = view["shading_gift"];
    return fmt::format("{} shades a square holding {} for gift {}", who, text_of(g, "value"), text_of(g, "column"));
  }
  if (step == "deliver a gift") return fmt::format("{} delivers a gift", who);
  if (step == "refresh the market") return fmt::format("{} may discard market demands, or keep the market", who);
  return fmt::format("{}: {}", who, step);
}

void put_heading(const json& view, int you, Canvas& out) {
  const std::string season = text_of(view, "season");
  out.put(season, season == "Autumn" ? Ink::yellow : Ink::green).put(" · ");
  out.cell(what_now(view, you), kScreenWidth - Canvas::columns(season) - 3, Ink::mark).newline();
}

// --- The ending --------------------------------------------------------------------------------

int delivered_count(const json& pool) {
  int n = 0;
  for (const auto& g : pool.value("gifts", json::array())) n += g.value("delivered", false) ? 1 : 0;
  return n;
}

std::string loss_words(const std::string& result) {
  if (result.find("spring_pass_before_quota") != std::string::npos) {
    return "a player passed in Spring before choosing their share of the gifts";
  }
  if (result.find("autumn_all_passed") != std::string::npos) return "everyone passed in Autumn before all six gifts were delivered";
  return "the game ended before all six gifts were delivered";
}

// The team's result (cooperative): won or lost, why, and the score (gifts delivered).
void put_team_result(const json& view, Canvas& out) {
  const std::string result = text_of(view, "result");
  const int delivered = view.contains("team") ? delivered_count(view["team"]) : 0;
  if (result == "the team wins") {
    out.put("The team wins!", Ink::green).put(" All six gifts are delivered to the Crown.").newline();
  } else {
    out.put("The team loses:", Ink::red).put(fmt::format(" {}.", loss_words(result))).newline();
  }
  out.put(fmt::format("Score: {} of 6 gifts delivered.", delivered), Ink::mark).newline();
}

// The competitive result: who has the most points (ties share), and every seat's score.
void put_scores(const json& view, int you, Canvas& out) {
  int best = -1;
  for (const auto& p : view["players"]) best = std::max(best, int_of(p, "score", 0));
  std::vector<std::string> winners;
  std::string scores;
  for (const auto& p : view["players"]) {
    const int seat = int_of(p, "seat", 0), score = int_of(p, "score", 0);
    if (score == best) winners.push_back(seat_name(seat, you));
    scores += fmt::format("{}{} {} pts", scores.empty() ? "" : " · ", seat_name(seat, you), score);
  }
  std::string names;
  for (std::size_t i = 0; i < winners.size(); ++i) names += (i == 0 ? "" : i + 1 == winners.size() ? " and " : ", ") + winners[i];
  const std::string how = winners.size() == 1 ? "wins" : "share the win";
  out.put(names, Ink::green).put(fmt::format(" {} with {} points.", how, best)).newline();
  out.cell("Scores: " + scores, kScreenWidth).newline();
}

// How the game ended: its last events.
void put_last_events(const json& view, int count, Canvas& out) {
  const json& log = view["log"];
  if (!log.is_array() || log.empty()) return;
  out.put("How it ended", Ink::mark).newline();
  const std::size_t first = log.size() > static_cast<std::size_t>(count) ? log.size() - static_cast<std::size_t>(count) : 0;
  for (std::size_t i = first; i < log.size(); ++i) out.cell("  " + log[i].get<std::string>(), kScreenWidth, Ink::quiet).newline();
}

// --- The whole board ---------------------------------------------------------------------------

const json& player_of(const json& view, int seat) {
  for (const auto& p : view["players"]) if (int_of(p, "seat") == seat) return p;
  return view["players"][0];
}

// The gifts, skills and boons this map's owner plays with: the team's, or their own (competitive).
json pool_of(const json& view, const json& player) {
  if (view.contains("team")) return view["team"];
  return player.contains("own") ? player["own"] : json();
}

// The other seats' maps side by side, then the facts in the room left beside them.
// The columns the other seats' small maps take, side by side.
int others_width(const json& view) {
  return (static_cast<int>(view["players"].size()) - 1) * (kSmallMapWidth + kSmallGap);
}

// The other seats' maps side by side (the one to act titled in bold), then `facts` when given.
void put_others(const json& view, int owner, int to_act, const Block* facts, Canvas& out) {
  std::vector<Block> maps;
  for (const auto& p : view["players"]) if (int_of(p, "seat") != owner) maps.push_back(small_map(p, to_act));
  std::vector<const Block*> row;
  for (const Block& b : maps) row.push_back(&b);
  if (facts) row.push_back(facts);
  set_beside(row, kSmallGap, out);
}

std::string whose_map(int you, int owner) { return you >= 0 ? "Your map" : fmt::format("Seat {}'s map", owner); }

// In play: the heading; the seat's map beside the market, the pool and what the seat may do; the
// other maps small beside the facts. A spectator sees the active seat's map large.
void draw_play(const json& view, const json& preview, Canvas& out) {
  const int you = viewer_of(view), to_act = to_act_of(view);
  const int owner = you >= 0 ? you : int_of(view, "active", 0);
  const json& player = player_of(view, owner);
  const json pool = pool_of(view, player);
  put_heading(view, you, out);
  Block mine = big_map(player, pool, preview, whose_map(you, owner));
  const int right_width = kScreenWidth - kMapWidth - kGap;
  Block pool_lines{.width = right_width};
  if (pool.is_object()) put_pool(view, pool, player, right_width, pool_lines.canvas);
  Block right = market_block(view, player, right_width, kTopHeight - pool_lines.height());
  set_beside({&pool_lines}, 0, right.canvas);
  set_beside({&mine, &right}, kGap, out);
  int used = 1 + std::max(mine.height(), right.height());
  if (used + 1 + kSmallMapHeight <= kBoardHeight) out.newline(), ++used;
  const bool placing = to_act == you && text_of(view, "step") == "record the card";
  const int others = others_width(view);
  const Block facts = facts_block(view, placing, kScreenWidth - others, std::min(kBoardHeight - used, kSmallMapHeight));
  put_others(view, owner, to_act, &facts, out);
}

// At the end: the result and the score, the last events, the seat's map with the pool, every other map.
void draw_ending(const json& view, Canvas& out) {
  const int you = viewer_of(view);
  const int owner = you >= 0 ? you : 0;
  const json& player = player_of(view, owner);
  const json pool = pool_of(view, player);
  out.put("Game over", Ink::mark).newline();
  if (text_of(view, "mode") == "competitive") put_scores(view, you, out);
  else put_team_result(view, out);
  out.newline();
  put_last_events(view, 5, out);
  out.newline();
  Block mine = big_map(player, pool, json(), whose_map(you, owner));
  Block right{.width = kScreenWidth - kMapWidth - kGap};
  if (pool.is_object()) put_pool(view, pool, player, right.width, right.canvas);
  set_beside({&mine, &right}, kGap, out);
  if (view["players"].size() > 1) {
    out.newline();
    put_others(view, owner, -1, nullptr, out);
  }
}

}  // namespace

void draw_board(const nlohmann::json& view, const nlohmann::json& preview, court::Board& out) {
  Canvas drawn;
  if (view.value("terminal", false)) draw_ending(view, drawn);
  else draw_play(view, preview, drawn);
  for (const auto& line : drawn.lines()) out.put_line(line);   // without the spaces padding its end
}

// A placement's short form: the square where the turned shape's first square goes (its top row's
// leftmost square), "r" and the quarter turns clockwise, "m" when mirrored ("B3 r1 m"); a gift's
// shading is its square ("L3"). Unique: within one omission each orientation is listed once, under the
// first turn that gives it, and its first square fixes where it lies.
std::string move_shorthand(const nlohmann::json& parts) {
  const std::string kind = text_of(parts, "kind");
  if (kind == "shade_gift") return text_of(parts, "cell");
  if (kind != "place_plan" && kind != "shade_plan") return "";
  if (!parts.contains("cells") || parts["cells"].empty()) return "";
  return fmt::format("{} r{}{}", text_of(parts["cells"][0], "cell"), int_of(parts, "rotation", 0),
                     parts.value("mirrored", false) ? " m" : "");
}

}  // namespace court::gameshire
