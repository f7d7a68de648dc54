// Belle of the Ball at the terminal (docs/rules/belle.md, "At the terminal"): the board one seat reads
// from its view. During play: the round, what the turn waits for, the minglers, every clique (its points,
// Belle, couples with the card under them and their gifts, single guests) and your hand. At the end: the
// winner and why, the scores by round and the last round's cliques. A gift shows its card only where the
// view names it (to its giver); every other gift is drawn face-down.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "games/belle/game.h"

namespace court::belle {
namespace {

using nlohmann::json;

// How much room the areas take. draw_board tries the layouts from the roomiest to the tightest and keeps
// the first that fits; the tightest shares the lines left among the cliques (clique_lines).
struct Layout {
  bool wrap_details = true;    // what a card does goes on as many lines as it needs (else it is cut)
  bool wrap_couples = true;    // so do a couple's card underneath and gifts
  bool flow_minglers = false;  // minglers one after another (name, points, symbols), not one a line
  bool flow_singles = false;   // a clique's single guests one after another
  bool flow_couples_and_hand = false;  // its couples too, and the cards of your hand
  bool name_bottoms = true;    // a couple names the card under it
  int list_lines = 99;         // lines the minglers and your hand may take; the rest are counted ("and 3 more")
  std::array<int, kMaxPlayers> clique_lines{99, 99, 99, 99, 99};  // lines each clique's guests may take
  bool cliques = true;         // the ending shows the last round's cliques
};

// Each layout gives up one more thing than the one before it: first what minglers do (a mingler that
// joins a clique was not invited, so only its end-of-round power still counts), then alignment.
constexpr Layout kLayouts[] = {
    {},
    {.wrap_details = false},
    {.wrap_details = false, .flow_minglers = true},
    {.wrap_details = false, .flow_minglers = true, .flow_singles = true},
    {.wrap_details = false, .wrap_couples = false, .flow_minglers = true, .flow_singles = true},
    {.wrap_details = false, .wrap_couples = false, .flow_minglers = true, .flow_singles = true,
     .flow_couples_and_hand = true},
    {.wrap_details = false, .wrap_couples = false, .flow_minglers = true, .flow_singles = true,
     .flow_couples_and_hand = true, .name_bottoms = false, .list_lines = 3},
};

// A card, a unit of a clique or a piece of text in a list, as inked spans.
using Item = std::vector<Span>;

constexpr std::string_view kFlowGap = " · ";
constexpr int kFlowGapWidth = 3;

// ---- Reading the view ---------------------------------------------------------------------------

const json& field(const json& j, const char* key) {
  static const json kNull;
  if (!j.is_object()) return kNull;
  const auto it = j.find(key);
  return it == j.end() ? kNull : *it;
}

const json& array_field(const json& j, const char* key) {
  static const json kEmpty = json::array();
  const json& f = field(j, key);
  return f.is_array() ? f : kEmpty;
}

std::string text(const json& j, const char* key) {
  const json& f = field(j, key);
  return f.is_string() ? f.get<std::string>() : "";
}

int number(const json& j, const char* key) {
  const json& f = field(j, key);
  return f.is_number() ? f.get<int>() : 0;
}

// The seat reading the board (the engine's "viewer"; -1 for a spectator).
int viewer(const json& view) {
  const json& v = field(view, "viewer");
  return v.is_number_integer() ? v.get<int>() : -1;
}

bool to_act(const json& view, int me) {
  for (const json& s : array_field(view, "to_act")) {
    if (s.is_number_integer() && s.get<int>() == me) return true;
  }
  return false;
}

std::string seat_name(int seat, int me) {
  return seat == me ? fmt::format("Seat {} (you)", seat) : fmt::format("Seat {}", seat);
}

std::string points_word(int n) { return n == 1 || n == -1 ? fmt::format("{} point", n) : fmt::format("{} points", n); }

std::string signed_points(int n) { return n > 0 ? fmt::format("+{}", n) : std::to_string(n); }

// ---- Cards --------------------------------------------------------------------------------------

bool is_belle(const json& card) { return text(card, "type") == "belle"; }

// The families' colours at the browser's table (web/app/src/render/belle/cards.ts), in the terminal's eight.
Ink family_ink(const json& card) {
  const std::string family = text(card, "family");
  if (family == "Goatsbury") return Ink::green;
  if (family == "Lordhurtz") return Ink::blue;
  if (family == "Richminster") return Ink::yellow;
  if (family == "Dundifax") return Ink::cyan;
  if (family == "Boarbottom") return Ink::red;
  if (family == "Crawhole") return Ink::magenta;
  return Ink::plain;
}

std::string joined(const json& words, std::string_view separator) {
  std::string out;
  for (const json& w : words) {
    if (w.is_string()) out += (out.empty() ? "" : std::string(separator)) + w.get<std::string>();
  }
  return out;
}

std::string symbols_text(const json& card) { return joined(array_field(card, "symbols"), " "); }

// What a card does, in the browser's words: a guest's "attracts twice flirting or dancing", "on invite:
// draw 2 cards", "end: +1 per Dancing guest"; a Belle's "attracts a Dancing couple" and her "end: ...".
Item card_details(const json& card) {
  Item out;
  if (is_belle(card)) out.push_back({text(field(card, "attracts_couple"), "text")});
  const std::string twice = number(card, "attract_count") == 2 ? " twice" : "";
  if (card.contains("attracts")) out.push_back({"attracts" + twice + " " + joined(card["attracts"], " or "), Ink::green});
  if (card.contains("repels")) out.push_back({"repels " + joined(card["repels"], " or "), Ink::red});
  if (card.contains("invite_power")) out.push_back({"on invite: " + text(card["invite_power"], "text")});
  if (card.contains("end_of_round")) out.push_back({"end: " + text(card["end_of_round"], "text")});
  return out;
}

// The widths of the card columns, the same in every area so cards line up down the board.
struct Columns {
  int name = 0;
  int symbols = 5;  // at least "Belle"
};

Columns columns_of(const json& view) {
  Columns cols;
  const auto see = [&](const json& c) {
    cols.name = std::max(cols.name, Board::columns(text(c, "name")));
    cols.symbols = std::max(cols.symbols, Board::columns(symbols_text(c)));
  };
  for (const json& c : array_field(view, "minglers")) see(c);
  for (const json& c : array_field(view, "hand")) see(c);
  see(field(view, "invited"));
  for (const json& p : array_field(view, "players")) {
    for (const json& u : array_field(p, "clique")) see(field(u, "top"));
  }
  return cols;
}

// The columns a card's brief takes: name, points, symbols.
int brief_width(const Columns& cols) { return cols.name + 5 + cols.symbols; }

// A card in columns: its name in its family's colour, its points and its symbols (a Belle: "Belle").
void put_brief(Board& out, const json& card, const Columns& cols) {
  out.cell(text(card, "name"), cols.name, family_ink(card));
  if (is_belle(card)) {
    out.put("     ").cell("Belle", cols.symbols, Ink::magenta);
    return;
  }
  out.put(fmt::format(" {:>2}  ", number(card, "points"))).cell(symbols_text(card), cols.symbols);
}

// A card in a list: "Lady Hortensia Goatsbury 2 flirting dancing", a Belle by her name ("Belle Amaranth",
// or "Kitty (Belle)" in a deck that does not name her so).
Item card_item(const json& card) {
  Item out{{text(card, "name"), family_ink(card)}};
  if (is_belle(card)) {
    if (!out[0].text.starts_with("Belle ")) out.push_back({" (Belle)", Ink::magenta});
    return out;
  }
  const std::string symbols = symbols_text(card);
  out.push_back({fmt::format(" {}{}{}", number(card, "points"), symbols.empty() ? "" : " ", symbols)});
  return out;
}

std::vector<Item> card_items(const json& cards) {
  std::vector<Item> out;
  for (const json& c : cards) out.push_back(card_item(c));
  return out;
}

// ---- Putting text on lines ------------------------------------------------------------------------

int width(const Item& item) {
  int w = 0;
  for (const Span& s : item) w += Board::columns(s.text);
  return w;
}

// Puts `item` in at most `room` columns (cut with "…").
void put_item(Board& out, const Item& item, int room) {
  for (const Span& s : item) {
    const int w = Board::columns(s.text);
    if (room <= 0) return;
    out.cell(s.text, std::min(w, room), s.ink);
    room -= w;
  }
}

// `pieces` after the `used` columns of the current line, `gap` between them. A piece that does not fit
// goes on a new line starting at column `wrap_to`; with kNoWrap, the line is cut at the board's edge.
constexpr int kNoWrap = -1;

void put_tail(Board& out, int used, const Item& pieces, std::string_view gap, int wrap_to) {
  int column = used;
  bool first = true;
  for (const Span& piece : pieces) {
    const int need = Board::columns(piece.text) + (first ? 0 : static_cast<int>(gap.size()));
    if (!first && column + need > kBoardWidth && wrap_to != kNoWrap) {
      out.newline().put(std::string(static_cast<std::size_t>(wrap_to), ' '));
      column = wrap_to;
      first = true;
    }
    if (!first) out.put(gap);
    column += first ? 0 : static_cast<int>(gap.size());
    const int room = kBoardWidth - column;
    if (room <= 0) break;
    out.cell(piece.text, std::min(room, Board::columns(piece.text)), piece.ink);
    column += Board::columns(piece.text);
    first = false;
  }
  out.newline();
}

// Which items go on which line when they follow one another from column `start`, wrapped at the board's
// edge to column `indent`.
std::vector<std::vector<int>> flow_lines(const std::vector<Item>& items, int start, int indent) {
  std::vector<std::vector<int>> lines(1);
  int column = start;
  for (int i = 0; i < static_cast<int>(items.size()); ++i) {
    const int need = width(items[i]) + (lines.back().empty() ? 0 : kFlowGapWidth);
    const bool title_line = lines.size() == 1 && start > indent;
    if ((!lines.back().empty() || title_line) && column + need > kBoardWidth) {
      lines.emplace_back();
      column = indent;
    }
    column += lines.back().empty() ? width(items[i]) : need;
    lines.back().push_back(i);
  }
  return lines;
}

// Keeps the first `max_lines` of `lines`, leaving room on the last for "and 12 more"; returns how many
// items are left on them.
int cap_lines(std::vector<std::vector<int>>& lines, const std::vector<Item>& items, int start, int indent,
              int max_lines) {
  if (static_cast<int>(lines.size()) > max_lines) {
    lines.resize(static_cast<std::size_t>(max_lines));
    const int reserve = kFlowGapWidth + 12;  // " · and 12 more"
    int column = max_lines == 1 ? start : indent;
    std::vector<int>& last = lines.back();
    std::size_t keep = 0;
    for (; keep < last.size(); ++keep) {
      column += width(items[last[keep]]) + (keep ? kFlowGapWidth : 0);
      if (column + reserve > kBoardWidth) break;
    }
    last.resize(keep);
  }
  int shown = 0;
  for (const auto& line : lines) shown += static_cast<int>(line.size());
  return shown;
}

// Items one after another from column `start` of the current line, wrapped to column `indent`, on at
// most `max_lines` lines; the last says how many more there are when they do not all fit.
void put_flow(Board& out, const std::vector<Item>& items, int start, int indent, int max_lines) {
  std::vector<std::vector<int>> lines = flow_lines(items, start, indent);
  const int more = static_cast<int>(items.size()) - cap_lines(lines, items, start, indent, max_lines);
  for (std::size_t l = 0; l < lines.size(); ++l) {
    int column = l == 0 ? start : indent;
    if (l > 0) out.put(std::string(static_cast<std::size_t>(indent), ' '));
    for (std::size_t k = 0; k < lines[l].size(); ++k) {
      if (k) out.put(kFlowGap);
      column += k ? kFlowGapWidth : 0;
      put_item(out, items[lines[l][k]], kBoardWidth - column);
      column += width(items[lines[l][k]]);
    }
    if (l + 1 == lines.size() && more > 0) {
      out.put(lines[l].empty() ? "" : std::string(kFlowGap)).put(fmt::format("and {} more", more), Ink::quiet);
    }
    out.newline();
  }
}

// What `card` does, after the `used` columns of the current line; then the line ends.
void put_details(Board& out, const json& card, int used, bool wrap) {
  const Item details = card_details(card);
  if (!details.empty()) {
    out.put("  ");
    put_tail(out, used + 2, details, "; ", wrap ? used + 2 : kNoWrap);
    return;
  }
  out.newline();
}

// ---- During play --------------------------------------------------------------------------------

// "Round 2 · 4 couples in play, 8 end the round · deck 31 · discard pile 12 face-up, 5 face-down".
void put_status(Board& out, const json& view) {
  const json& couples = field(view, "couples");
  out.put(fmt::format("Round {}", number(view, "round")), Ink::mark);
  const int in_play = number(couples, "in_play");
  out.put(fmt::format(" · {} in play, {} end the round · deck {} · discard pile {} face-up, {} face-down",
                      in_play == 1 ? "1 couple" : fmt::format("{} couples", in_play), number(couples, "round_ends_at"),
                      number(view, "deck_count"),
                      array_field(view, "discard_pile").size(), number(view, "face_down_discards")));
  out.newline();
}

// `text` a word a piece, for put_tail to wrap.
Item words(const std::string& text, Ink ink) {
  Item out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) out.push_back({text.substr(at, end - at), ink});
    at = end + 1;
  }
  return out;
}

// What the game waits for ("Now: seat 1 may give a gift to one of its couples"), and the card this turn
// invited with what it does.
void put_task(Board& out, const json& view, const Layout& layout, int me) {
  const bool mine = to_act(view, me);
  const std::string lead = mine ? "Now (you): " : "Now: ";
  out.put(lead, Ink::mark);
  put_tail(out, Board::columns(lead), words(text(view, "now"), mine ? Ink::mark : Ink::plain), " ", Board::columns(lead));
  const json& invited = field(view, "invited");
  if (!invited.is_object()) return;
  out.put("Invited: ", Ink::mark);
  const Item card = card_item(invited);
  put_item(out, card, kBoardWidth - 9);
  put_details(out, invited, 9 + width(card), layout.wrap_details);
}

// An area of cards: under a title line that labels the columns, a card a line with what it does; or,
// in a tight layout (`listed`), the cards one after another beside the title.
void put_card_area(Board& out, const std::string& name, const json& cards, const std::string& note, const Columns& cols,
                   const Layout& layout, bool listed) {
  const std::string title = fmt::format("{} ({}{})", name, cards.size(), listed && !note.empty() ? ", " + note : "");
  if (cards.empty() || listed) {
    out.put(title + ": ", Ink::mark);
    if (cards.empty()) out.put("none", Ink::quiet).newline();
    else put_flow(out, card_items(cards), Board::columns(title) + 2, 2, layout.list_lines);
    return;
  }
  out.cell(title, 2 + cols.name, Ink::mark).put("pts  ", Ink::quiet).cell("symbols", cols.symbols, Ink::quiet);
  out.put("  what it does", Ink::quiet).put(note.empty() ? "" : " · " + note, Ink::quiet).newline();
  for (const json& card : cards) {
    out.put("  ");
    put_brief(out, card, cols);
    put_details(out, card, 2 + brief_width(cols), layout.wrap_details);
  }
}

void put_minglers(Board& out, const json& view, const Columns& cols, const Layout& layout) {
  put_card_area(out, "Minglers", array_field(view, "minglers"), "the first leaves next", cols, layout,
                layout.flow_minglers);
}

// A couple's gifts: the cards the seat gave by name, the others counted face-down ("gift: face-down",
// "gifts: Belle Lavinia, 1 face-down").
std::string gifts_text(const json& unit) {
  const json& gifts = array_field(unit, "gifts");
  if (gifts.empty()) return "";
  std::string out = gifts.size() == 1 ? "gift: " : "gifts: ";
  int face_down = 0;
  for (const json& gift : gifts) {
    const json& card = field(gift, "card");
    if (card.is_object()) out += text(card, "name") + ", ";
    else ++face_down;
  }
  if (face_down == 0) return out.substr(0, out.size() - 2);
  return out + (gifts.size() == 1 ? "face-down" : fmt::format("{} face-down", face_down));
}

// What follows a couple's top card: "& Captain Horace Goatsbury" (the card under it) or "(couple)", and
// its gifts.
Item couple_tail(const json& unit, const Layout& layout) {
  Item out{{layout.name_bottoms ? "& " + text(field(unit, "bottom"), "name") : "(couple)", Ink::quiet}};
  const std::string gifts = gifts_text(unit);
  if (!gifts.empty()) out.push_back({gifts});
  return out;
}

// A couple a line: its top card in columns, the card under it and its gifts (what does not fit goes on a
// line below the couple). Cut to one line, the card under it gives way to the gifts.
void put_couple(Board& out, const json& unit, const Columns& cols, const Layout& layout) {
  out.put("  ");
  put_brief(out, field(unit, "top"), cols);
  out.put("  ");
  const int used = 4 + brief_width(cols);
  Item tail = couple_tail(unit, layout);
  if (!layout.wrap_couples && tail.size() > 1 && used + width(tail) + 2 > kBoardWidth) {
    const int under = std::max(12, kBoardWidth - used - 2 - Board::columns(tail[1].text));
    out.cell(tail[0].text, std::min(under, Board::columns(tail[0].text)), tail[0].ink).put("  ");
    put_tail(out, used + under + 2, {tail[1]}, "", kNoWrap);
    return;
  }
  put_tail(out, used, tail, "  ", layout.wrap_couples ? 4 : kNoWrap);
}

// A couple in a list: "Lord Barnaby Goatsbury 3 flirting drinking & Captain Horace Goatsbury; gift: ...".
// Too long for a line, it leaves out the card underneath.
Item couple_item(const json& unit, const Layout& layout) {
  Item out = card_item(field(unit, "top"));
  const Item tail = couple_tail(unit, layout);
  out.push_back({" " + tail[0].text, tail[0].ink});
  if (tail.size() > 1) out.push_back({"; " + tail[1].text});
  if (layout.name_bottoms && width(out) > kBoardWidth - 2) {
    Layout shorter = layout;
    shorter.name_bottoms = false;
    return couple_item(unit, shorter);
  }
  return out;
}

// A clique's points and Belle: "Seat 1 (you)  12 points  +5 this round  5 in hand  Belle Amaranth: +2 per
// Dancing guest". `when` names the round's points ("this round", "in round 3").
void put_clique_head(Board& out, const json& player, int me, const std::string& when, bool hand) {
  const int seat = number(player, "seat");
  const Ink ink = seat == me ? Ink::mark : Ink::plain;
  out.cell(seat_name(seat, me), 14, ink).cell(points_word(number(player, "score")), 11, ink);
  out.cell(signed_points(number(player, "round_points_so_far")) + " " + when, 16);
  if (hand) out.cell(fmt::format("{} in hand", number(player, "hand_count")), 11);
  const json& belle = field(player, "belle");
  if (!belle.is_object()) {
    out.put("no Belle", Ink::quiet).newline();
    return;
  }
  const std::string effect = text(field(belle, "end_of_round"), "text");
  put_tail(out, hand ? 52 : 41, {{text(belle, "name") + (effect.empty() ? "" : ": " + effect), Ink::magenta}}, "", kNoWrap);
}

// The units of a clique the layout lists one after another: couples, then single guests.
std::vector<Item> listed_units(const json& player, const Layout& layout) {
  std::vector<Item> out;
  for (const json& u : array_field(player, "clique")) {
    if (field(u, "couple") == true && layout.flow_couples_and_hand) out.push_back(couple_item(u, layout));
  }
  for (const json& u : array_field(player, "clique")) {
    if (field(u, "couple") != true && layout.flow_singles) out.push_back(card_item(field(u, "top")));
  }
  return out;
}

// A clique's couples, then its single guests: a line each, or listed one after another.
void put_clique_units(Board& out, const json& player, const Columns& cols, const Layout& layout) {
  const json& clique = array_field(player, "clique");
  if (clique.empty()) {
    out.put("  nobody yet", Ink::quiet).newline();
    return;
  }
  for (const json& u : clique) {
    if (field(u, "couple") == true && !layout.flow_couples_and_hand) put_couple(out, u, cols, layout);
  }
  for (const json& u : clique) {
    if (field(u, "couple") == true || layout.flow_singles) continue;
    out.put("  ");
    put_brief(out, field(u, "top"), cols);
    out.newline();
  }
  const std::vector<Item> listed = listed_units(player, layout);
  if (listed.empty()) return;
  const int seat = number(player, "seat");
  out.put("  ");
  put_flow(out, listed, 2, 2, seat >= 0 && seat < kMaxPlayers ? layout.clique_lines[seat] : 99);
}

void put_cliques(Board& out, const json& view, const Columns& cols, const Layout& layout, const std::string& when,
                 bool hand) {
  const int me = viewer(view);
  for (const json& player : array_field(view, "players")) {
    put_clique_head(out, player, me, when, hand);
    put_clique_units(out, player, cols, layout);
  }
}

void put_hand(Board& out, const json& view, const Columns& cols, const Layout& layout) {
  if (view.contains("hand")) {
    put_card_area(out, "Your hand", array_field(view, "hand"), "", cols, layout, layout.flow_couples_and_hand);
  }
}

void draw_play(const json& view, const Layout& layout, Board& out) {
  const Columns cols = columns_of(view);
  put_status(out, view);
  put_task(out, view, layout, viewer(view));
  put_minglers(out, view, cols, layout);
  put_cliques(out, view, cols, layout, "this round", true);
  put_hand(out, view, cols, layout);
}

// ---- The ending ---------------------------------------------------------------------------------

int best_score(const json& view) {
  int best = 0;
  bool first = true;
  for (const json& p : array_field(view, "players")) {
    best = first ? number(p, "score") : std::max(best, number(p, "score"));
    first = false;
  }
  return best;
}

// "Game over: Seat 2 wins with 31 points." or "... Seat 0 (you) and Seat 2 share the victory ...".
void put_winner(Board& out, const json& view, int me) {
  const int best = best_score(view);
  std::vector<std::string> winners;
  for (const json& p : array_field(view, "players")) {
    if (number(p, "score") == best) winners.push_back(seat_name(number(p, "seat"), me));
  }
  std::string who;
  for (std::size_t i = 0; i < winners.size(); ++i) {
    who += (i == 0 ? "" : i + 1 == winners.size() ? " and " : ", ") + winners[i];
  }
  const std::string verb = winners.size() == 1 ? "wins" : "share the victory";
  out.put(fmt::format("Game over: {} {} with {}.", who, verb, points_word(best)), Ink::mark).newline();
}

bool deck_ended_a_round(const json& view) {
  const json& rounds = array_field(view, "rounds");
  return !rounds.empty() && text(rounds.back(), "ended_by") == "deck";
}

// Why the game ended: the deck ran out during a round (which was scored) or while dealing a new one.
void put_ending_cause(Board& out, const json& view) {
  const int round = number(view, "round");
  if (deck_ended_a_round(view)) {
    out.put(fmt::format("The deck ran out in round {}; that round was scored, and the highest total wins.", round));
  } else {
    out.put(fmt::format("The deck ran out while dealing round {}; the highest total wins.", round));
  }
  out.newline();
}

// Rounds down, seats across: each round's points and how it ended, then the totals.
void put_rounds(Board& out, const json& view, int me) {
  const json& players = array_field(view, "players");
  out.cell("Scores by round", 30, Ink::mark);
  for (const json& p : players) {
    const int seat = number(p, "seat");
    out.cell(seat_name(seat, me), 14, seat == me ? Ink::mark : Ink::plain);
  }
  out.newline();
  for (const json& r : array_field(view, "rounds")) {
    const std::string cause = text(r, "ended_by") == "deck" ? "the deck ran out" : "couples";
    out.cell(fmt::format("  round {} ({})", number(r, "round"), cause), 30);
    for (const json& points : array_field(r, "points")) out.cell(points.dump(), 14);
    out.newline();
  }
  out.cell("  total", 30, Ink::mark);
  const int best = best_score(view);
  for (const json& p : players) {
    const int score = number(p, "score");
    out.cell(std::to_string(score), 14, score == best ? Ink::mark : Ink::plain);
  }
  out.newline();
}

bool any_clique(const json& view) {
  for (const json& p : array_field(view, "players")) {
    if (!array_field(p, "clique").empty() || field(p, "belle").is_object()) return true;
  }
  return false;
}

void draw_ending(const json& view, const Layout& layout, Board& out) {
  const int me = viewer(view);
  put_winner(out, view, me);
  put_ending_cause(out, view);
  out.newline();
  put_rounds(out, view, me);
  if (!layout.cliques || !deck_ended_a_round(view) || !any_clique(view)) return;
  out.newline();
  out.put(fmt::format("The cliques at the end of round {}", number(view, "round")), Ink::mark);
  out.put(" (gifts stay face-down; each is named only to its giver)", Ink::quiet).newline();
  put_cliques(out, view, columns_of(view), layout, fmt::format("in round {}", number(view, "round")), false);
}

// The board without the spaces that pad the last column of a line.
Board trimmed(const Board& board) {
  Board out;
  for (Board::Line line : board.lines()) out.put_line(std::move(line));
  return out;
}

Board drawn(const json& view, const Layout& layout) {
  Board board;
  if (view.value("terminal", false)) draw_ending(view, layout, board);
  else draw_play(view, layout, board);
  return board;
}

int height(const json& view) { return view.value("terminal", false) ? kEndingHeight : kBoardHeight; }

bool fits(const Board& board, const json& view) { return static_cast<int>(board.lines().size()) <= height(view); }

// The tightest layout with the cliques' lists capped so the board loses `overflow` lines: the longest
// lists give up lines first, and each keeps one.
Layout squeezed(const json& view, int overflow) {
  Layout layout = std::end(kLayouts)[-1];
  std::vector<int> needs;
  for (const json& player : array_field(view, "players")) {
    needs.push_back(static_cast<int>(flow_lines(listed_units(player, layout), 2, 2).size()));
  }
  const auto lost = [&](int cap) {
    int sum = 0;
    for (int need : needs) sum += std::max(0, need - cap);
    return sum;
  };
  int cap = needs.empty() ? 1 : *std::max_element(needs.begin(), needs.end());
  while (cap > 1 && lost(cap) < overflow) --cap;
  layout.clique_lines.fill(cap);
  return layout;
}

}  // namespace

void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out) {
  (void)preview;
  Board board;
  for (const Layout& layout : kLayouts) {
    board = drawn(view, layout);
    if (fits(board, view)) {
      out = trimmed(board);
      return;
    }
  }
  Layout tight = squeezed(view, static_cast<int>(board.lines().size()) - height(view));
  board = drawn(view, tight);
  if (!fits(board, view)) {
    tight.cliques = false;  // the ending, after very many rounds
    board = drawn(view, tight);
  }
  out = trimmed(board);
}

}  // namespace court::belle
