#include "games/persuasion-shared/board_common.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

namespace court::persuasion {
namespace {

using nlohmann::json;

// Columns of the seat table: the name, the status, the symbol totals (one column per symbol, as wide
// as its name), then the note (this round's letter or choice) to the edge.
constexpr int kNameWidth = 14;
constexpr int kStatusWidth = 17;  // "engaged to Seat 3"; each total has a space before it
constexpr int kTotalsColumn = kNameWidth + kStatusWidth;
// A trait card in words ("#07 -Mystery -Romance -Wealth" is the longest, 29), a mark and a gap.
constexpr int kCardCell = 31;
constexpr int kCardsPerLine = 3;
constexpr int kHandIndent = 7;
constexpr int kLogLines = 6;

// --- Reading the view ---------------------------------------------------------------------------------

struct SymbolName {
  std::string key;
  std::string name;
};
using Legend = std::vector<SymbolName>;

Legend legend_of(const json& view) {
  Legend legend;
  for (const json& s : view.value("symbols", json::array())) {
    legend.push_back({s.value("symbol", std::string()), s.value("name", std::string())});
  }
  return legend;
}

std::string name_of(const Legend& legend, const std::string& key) {
  for (const SymbolName& s : legend) if (s.key == key) return s.name;
  return key;
}

int int_of(const json& node, const char* key, int otherwise = -1) {
  return node.contains(key) && node[key].is_number_integer() ? node[key].get<int>() : otherwise;
}

bool flag(const json& node, const char* key) { return node.contains(key) && node[key].is_boolean() && node[key].get<bool>(); }

std::string text_of(const json& node, const char* key) {
  return node.contains(key) && node[key].is_string() ? node[key].get<std::string>() : std::string();
}

json array_of(const json& node, const char* key) {
  return node.contains(key) && node[key].is_array() ? node[key] : json::array();
}

// --- Words ---------------------------------------------------------------------------------------------

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string seat_title(int seat, int you) { return seat == you ? fmt::format("Seat {} (you)", seat) : fmt::format("Seat {}", seat); }
std::string seat_name(int seat, int you) { return seat == you ? std::string("you") : fmt::format("Seat {}", seat); }

std::string signed_word(const Legend& legend, const json& s) {
  return fmt::format("{}{}", int_of(s, "sign", 1) > 0 ? '+' : '-', name_of(legend, text_of(s, "symbol")));
}

std::vector<std::string> signed_words(const Legend& legend, const json& list) {
  std::vector<std::string> out;
  for (const json& s : list) out.push_back(signed_word(legend, s));
  return out;
}

std::string card_number(const json& card) { return fmt::format("#{:02}", int_of(card, "id", 0)); }

// "#07 +Title -Mystery +Romance": a trait card by its number and border, as labels write it.
std::string card_words(const Legend& legend, const json& card) {
  std::string out = card_number(card);
  for (const std::string& s : signed_words(legend, array_of(card, "symbols"))) out += " " + s;
  return out;
}

// "+Wealth and -Danger" / "+Wealth, -Danger and +Title".
std::string listed(const std::vector<std::string>& items) {
  if (items.empty()) return "";
  if (items.size() == 1) return items[0];
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return fmt::format("{} and {}", fmt::join(head, ", "), items.back());
}

// What a desires card needs of a fiance: "both" (letterbox edition: all of its row) or "2 of them".
std::string needed_words(const json& desires) {
  const int need = int_of(desires, "at_least", 2);
  const int of = static_cast<int>(array_of(desires, "desires").size());
  return need >= of ? (of == 2 ? "both" : "all of them") : fmt::format("{} of them", need);
}

std::string signed_number(int n) { return n > 0 ? fmt::format("+{}", n) : fmt::format("{}", n); }
Ink sign_ink(int n) { return n > 0 ? Ink::green : n < 0 ? Ink::red : Ink::quiet; }

// --- Drawing helpers --------------------------------------------------------------------------------

int line_count(const Board& out) { return static_cast<int>(out.lines().size()); }

// `text`, cut with "…" when wider than `width`.
void put_fitted(Board& out, const std::string& text, int width, Ink ink = Ink::plain) {
  if (Board::columns(text) <= width) out.put(text, ink);
  else out.cell(text, width, ink);
}

int totals_width(const Legend& legend) {
  int width = 0;
  for (const SymbolName& s : legend) width += 1 + Board::columns(s.name);
  return width;
}

void put_symbol_names(Board& out, const Legend& legend) {
  for (const SymbolName& s : legend) out.put(" " + s.name, Ink::quiet);
}

// One number per symbol, right-aligned under its name, coloured by its sign; blank when unknown.
void put_totals(Board& out, const Legend& legend, const json& tally) {
  for (const SymbolName& s : legend) {
    const int width = Board::columns(s.name);
    if (!tally.contains(s.key)) {
      out.put(std::string(static_cast<std::size_t>(width + 1), ' '));
      continue;
    }
    const int n = tally[s.key].get<int>();
    const std::string number = signed_number(n);
    out.put(std::string(static_cast<std::size_t>(width + 1 - Board::columns(number)), ' '));
    out.put(number, sign_ink(n));
  }
}

// Signed symbols in words, each coloured by its sign.
void put_signed(Board& out, const Legend& legend, const json& list, const char* separator = " ") {
  bool first = true;
  for (const json& s : list) {
    if (!first) out.put(separator);
    first = false;
    out.put(signed_word(legend, s), int_of(s, "sign", 1) > 0 ? Ink::green : Ink::red);
  }
  if (first) out.put("none", Ink::quiet);
}

// --- During play: the title -----------------------------------------------------------------------------

void draw_title(const json& v, const BoardWords& words, Board& out) {
  const std::string phase = text_of(v, "phase");
  const int round = int_of(v, "round", 0);  // 0 during the letterbox edition's introductions
  if (round > 0) out.put(fmt::format("Round {}", round), Ink::mark);
  if (flag(v, "final_round") || flag(v, "last_round")) out.put(" (final round)", Ink::yellow);
  out.put(round > 0 ? " · " : "").put(capitalized(phase), Ink::mark);
  out.put(fmt::format(" · deck {}", int_of(v, "deck", 0)));
  if (v.contains("discard_pile")) out.put(fmt::format(" · discard pile {}", int_of(v, "discard_pile", 0)));
  out.newline();
  std::string_view hint;
  for (const PhaseHint& h : words.phase_hints) if (h.phase == phase) hint = h.hint;
  if (!hint.empty()) {
    put_fitted(out, std::string(hint), kBoardWidth, Ink::quiet);
    out.newline();
  }
}

// Your desires card and how Matrimony reads it (the rule in two lines, with the edition's "both" or
// "2 of them").
void draw_desires(const json& v, const Legend& legend, Board& out) {
  const json desires = v.value("desires", json::object());
  const json row = array_of(desires, "desires");
  const std::string needed = needed_words(desires);
  out.put("Your desires " + card_number(desires), Ink::mark).put(": ");
  put_signed(out, legend, row, row.size() == 2 ? " and " : ", ");
  out.put(fmt::format(". You win if your fiance has {} dominant,", needed), Ink::quiet).newline();
  put_fitted(out, fmt::format("  or if you are independent and nobody else has {}. Dominant: the sign of a hand's total.", needed),
             kBoardWidth, Ink::quiet);
  out.newline();
}

// --- During play: the seat table ------------------------------------------------------------------------

struct Letter {
  int from = -1, to = -1;
  std::string kind, state;
  json card, reply;  // null when the seat does not see it
};

std::vector<Letter> letters_of(const json& v) {
  std::vector<Letter> out;
  const json list = v.contains("mail") ? array_of(v, "mail") : array_of(v, "intentions");
  for (const json& l : list) {
    out.push_back({int_of(l, "from"), int_of(l, "to"), text_of(l, "kind"), text_of(l, "state"),
                   l.value("card", json()), l.value("reply", json())});
  }
  return out;
}

const Letter* letter_from(const std::vector<Letter>& letters, int seat) {
  for (const Letter& l : letters) if (l.from == seat) return &l;
  return nullptr;
}

std::string status_words(const json& player, int you) {
  if (player.contains("fiance")) return "engaged to " + seat_name(int_of(player, "fiance"), you);
  return text_of(player, "status");
}

// "proposal to Seat 3: undecided" (a letter lying unopened until its round ends says "returned").
std::string letter_words(const Letter& l, int you) {
  const std::string state = l.state == "returned unopened" ? "returned" : l.state;
  return fmt::format("{} to {}: {}", l.kind, seat_name(l.to, you), state);
}

void draw_table_header(const Legend& legend, Board& out) {
  out.cell("Seat", kNameWidth, Ink::quiet).cell("status", kStatusWidth, Ink::quiet);
  put_symbol_names(out, legend);
  out.put("  this round", Ink::quiet).newline();
}

// Whether `seat` is to act outside a choice everyone makes at once (those say "choosing…").
bool acts_alone(const json& v, const json& player) {
  if (player.contains("choosing") || player.contains("chosen")) return false;
  const json to_act = array_of(v, "to_act");
  return std::find(to_act.begin(), to_act.end(), json(int_of(player, "seat"))) != to_act.end();
}

void put_row_start(Board& out, const json& v, const json& player, int you, Ink name_ink) {
  const int seat = int_of(player, "seat");
  if (seat != you && acts_alone(v, player)) {
    out.put(seat_title(seat, you), name_ink).cell(" to act", kNameWidth - Board::columns(seat_title(seat, you)), Ink::yellow);
  } else {
    out.cell(seat_title(seat, you), kNameWidth, name_ink);
  }
  out.cell(status_words(player, you), kStatusWidth);
}

void put_note(Board& out, const Legend& legend, const std::string& note, Ink ink) {
  const int width = kBoardWidth - kTotalsColumn - totals_width(legend) - 2;
  if (note.empty()) return;
  out.put("  ");
  put_fitted(out, note, width, ink);
}

std::string choosing_words(const json& player) {
  return flag(player, "choosing") ? "choosing…" : flag(player, "chosen") ? "ready" : "";
}

// Your row's note: the intention you chose, or your letter, or whether you are still to choose.
std::string your_note(const json& v, const json& player, const std::vector<Letter>& letters, int you) {
  if (v.contains("your_intention")) {
    const json& mine = v["your_intention"];
    std::string note = "chose " + text_of(mine, "kind");
    if (mine.contains("seat")) note += " to " + seat_name(int_of(mine, "seat"), you);
    if (mine.contains("card")) note += ", " + card_number(mine["card"]);
    return note;
  }
  if (const Letter* l = letter_from(letters, you)) return letter_words(*l, you);
  return choosing_words(player);
}

void draw_hand(const Legend& legend, const json& hand, Board& out) {
  for (std::size_t i = 0; i < hand.size(); ++i) {
    if (i % kCardsPerLine == 0) {
      if (i > 0) out.newline();
      out.cell(i == 0 ? "  hand" : "", kHandIndent, Ink::quiet);
    }
    const std::string words = card_words(legend, hand[i]) + (flag(hand[i], "mailed") ? "*" : "");
    const bool last_of_line = i % kCardsPerLine == kCardsPerLine - 1 || i + 1 == hand.size();
    if (last_of_line) out.put(words);
    else out.cell(words, kCardCell);
  }
  out.newline();
}

bool any_mailed(const json& hand) {
  return std::any_of(hand.begin(), hand.end(), [](const json& c) { return flag(c, "mailed"); });
}

// The cards a reflection drew, in the hand's columns.
void draw_drawn(const Legend& legend, const json& drawn, Board& out) {
  out.cell("  drew", kHandIndent, Ink::quiet);
  for (const json& c : drawn) out.cell(card_words(legend, c), kCardCell);
  put_fitted(out, "(keep one of them, or none)", kBoardWidth - kHandIndent - kCardCell * static_cast<int>(drawn.size()),
             Ink::quiet);
  out.newline();
}

void draw_your_rows(const json& v, const Legend& legend, const json& player, const std::vector<Letter>& letters,
                    int you, Board& out) {
  put_row_start(out, v, player, you, Ink::mark);
  put_totals(out, legend, v.value("your_symbols", json::object()));
  put_note(out, legend, your_note(v, player, letters, you), Ink::plain);
  out.newline();
  const json hand = array_of(v, "hand");
  draw_hand(legend, hand, out);
  if (v.contains("drawn")) draw_drawn(legend, array_of(v, "drawn"), out);
  if (any_mailed(hand)) out.put("       * mailed this round: away until the round ends", Ink::quiet).newline();
}

// Another seat's note: its letter this round, or whether it has chosen; and the card you show it.
std::string other_note(const json& v, const json& player, const std::vector<Letter>& letters, int you) {
  const int seat = int_of(player, "seat");
  std::string note;
  if (const Letter* l = letter_from(letters, seat)) note = letter_words(*l, you);
  else note = choosing_words(player);
  for (const json& shown : array_of(v, "introductions_chosen")) {
    if (int_of(shown, "seat") != seat) continue;
    note += (note.empty() ? "" : " · ") + std::string("you show ") + card_number(shown.value("card", json::object()));
  }
  return note;
}

// A letter to you waiting for your answer stands out.
Ink other_note_ink(const std::vector<Letter>& letters, int seat, int you) {
  const Letter* l = letter_from(letters, seat);
  return l && l->to == you && you >= 0 && l->state == "undecided" ? Ink::yellow : Ink::plain;
}

// What you know of another seat's cards, in groups ("hold #07 +Title -Mystery +Romance, #12 ...").
struct CardGroup {
  std::string label;
  std::vector<std::string> words, numbers;
  bool letter = false;  // a letter or a reply: its card keeps its words longest
};

bool shown_in_words(const std::vector<CardGroup>& groups, const std::string& number) {
  for (const CardGroup& g : groups) {
    if (g.letter && std::find(g.numbers.begin(), g.numbers.end(), number) != g.numbers.end()) return true;
  }
  return false;
}

// A group of cards; a card already in words in a letter's group is named by its number only.
void add_group(std::vector<CardGroup>& groups, const Legend& legend, std::string label, const json& cards,
               bool letter) {
  if (cards.empty()) return;
  CardGroup g{std::move(label), {}, {}, letter};
  for (const json& c : cards) {
    const std::string number = card_number(c);
    g.words.push_back(shown_in_words(groups, number) ? number : card_words(legend, c));
    g.numbers.push_back(number);
  }
  groups.push_back(std::move(g));
}

std::string groups_text(const std::vector<CardGroup>& groups) {
  std::vector<std::string> parts;
  for (const CardGroup& g : groups) parts.push_back(fmt::format("{} {}", g.label, fmt::join(g.words, ", ")));
  return fmt::format("{}", fmt::join(parts, " · "));
}

// The groups in words, but for the cards that do not fit the line: those go to their numbers one at
// a time from the last, the cards held before the letters' cards.
std::string knowledge_text(std::vector<CardGroup> groups, int width) {
  for (bool letters : {false, true}) {
    for (auto g = groups.rbegin(); g != groups.rend(); ++g) {
      if (g->letter != letters) continue;
      for (std::size_t i = g->words.size(); i-- > 0;) {
        if (Board::columns(groups_text(groups)) <= width) return groups_text(groups);
        g->words[i] = g->numbers[i];
      }
    }
  }
  return groups_text(groups);
}

std::vector<CardGroup> knowledge_of(const json& v, const Legend& legend, const std::vector<Letter>& letters, int seat,
                                    int you) {
  std::vector<CardGroup> groups;
  for (const Letter& l : letters) {
    if (l.from == seat && l.to == you && l.card.is_object()) add_group(groups, legend, l.kind, json::array({l.card}), true);
    if (l.from == you && l.to == seat && l.reply.is_object()) add_group(groups, legend, "reply", json::array({l.reply}), true);
  }
  for (const json& row : array_of(v, "spreadsheet")) {
    if (int_of(row, "seat") != seat) continue;
    add_group(groups, legend, "hold", array_of(row, "known"), false);
    add_group(groups, legend, "seen, may have left", array_of(row, "seen_may_have_left"), false);
  }
  return groups;
}

// The totals of the cards you are sure `seat` holds (blank when you are sure of none).
json sure_tally(const json& v, int seat) {
  for (const json& row : array_of(v, "spreadsheet")) {
    if (int_of(row, "seat") == seat && !array_of(row, "known").empty()) return row.value("tally", json::object());
  }
  return json::object();
}

void draw_other_rows(const json& v, const Legend& legend, const json& player, const std::vector<Letter>& letters,
                     int you, Board& out) {
  const int seat = int_of(player, "seat");
  put_row_start(out, v, player, you, Ink::plain);
  put_totals(out, legend, sure_tally(v, seat));
  put_note(out, legend, other_note(v, player, letters, you), other_note_ink(letters, seat, you));
  out.newline();
  const std::vector<CardGroup> groups = knowledge_of(v, legend, letters, seat, you);
  if (groups.empty()) return;
  out.put("  ");
  put_fitted(out, knowledge_text(groups, kBoardWidth - 2), kBoardWidth - 2, Ink::quiet);
  out.newline();
}

void draw_seat_table(const json& v, const Legend& legend, int you, Board& out) {
  const std::vector<Letter> letters = letters_of(v);
  const json players = array_of(v, "players");
  draw_table_header(legend, out);
  for (const json& p : players) if (int_of(p, "seat") == you) draw_your_rows(v, legend, p, letters, you, out);
  for (const json& p : players) if (int_of(p, "seat") != you) draw_other_rows(v, legend, p, letters, you, out);
}

// The latest lines of the log, as many as the board has room for.
void draw_recent_log(const json& v, Board& out) {
  const json log = array_of(v, "log");
  const int room = std::min(kLogLines, kBoardHeight - line_count(out));
  const int shown = std::min(room, static_cast<int>(log.size()));
  for (int i = 0; i < shown; ++i) {
    const json& line = log[log.size() - static_cast<std::size_t>(shown - i)];
    out.cell(i == 0 ? "Lately:" : "", 8, Ink::quiet);
    put_fitted(out, line.is_string() ? line.get<std::string>() : std::string(), kBoardWidth - 8, Ink::quiet);
    out.newline();
  }
}

void draw_play(const json& v, const BoardWords& words, Board& out) {
  const Legend legend = legend_of(v);
  const int you = int_of(v, "you");
  draw_title(v, words, out);
  if (you >= 0) draw_desires(v, legend, out);
  draw_seat_table(v, legend, you, out);
  draw_recent_log(v, out);
}

// --- The ending -----------------------------------------------------------------------------------------

struct Result {
  int seat = -1;
  json desires, traits, dominant;
  bool won = false;
};

std::vector<Result> results_of(const json& v) {
  std::vector<Result> out;
  for (const json& r : array_of(v, "matrimony")) {
    out.push_back({int_of(r, "seat"), r.value("desires", json::object()), array_of(r, "traits"), array_of(r, "dominant"),
                   flag(r, "won")});
  }
  return out;
}

bool same_signed(const json& a, const json& b) {
  return text_of(a, "symbol") == text_of(b, "symbol") && int_of(a, "sign", 1) == int_of(b, "sign", 1);
}

// The desired symbols (of `desires`) among a hand's dominant ones.
json matched(const json& desires, const json& dominant) {
  json out = json::array();
  for (const json& want : array_of(desires, "desires")) {
    if (std::any_of(dominant.begin(), dominant.end(), [&](const json& d) { return same_signed(want, d); })) out.push_back(want);
  }
  return out;
}

bool satisfies(const Result& fiance, const json& desires) {
  return static_cast<int>(matched(desires, fiance.dominant).size()) >= int_of(desires, "at_least", 2);
}

const Result* result_of(const std::vector<Result>& results, int seat) {
  for (const Result& r : results) if (r.seat == seat) return &r;
  return nullptr;
}

json player_of(const json& v, int seat) {
  for (const json& p : array_of(v, "players")) if (int_of(p, "seat") == seat) return p;
  return json::object();
}

std::string engaged_reason(const Legend& legend, const Result& r, const Result& fiance, int you) {
  const json has = matched(r.desires, fiance.dominant);
  const std::string who = seat_name(fiance.seat, you);
  if (has.empty()) return fmt::format("engaged to {}, who has none of them dominant", who);
  const bool enough = satisfies(fiance, r.desires);
  return fmt::format("engaged to {}, who has {}{} dominant{}", who, enough ? "" : "only ", listed(signed_words(legend, has)),
                     enough ? "" : fmt::format(" ({} needed)", int_of(r.desires, "at_least", 2)));
}

std::string independent_reason(const std::vector<Result>& results, const Result& r, int you) {
  std::vector<std::string> rivals;
  for (const Result& t : results) if (t.seat != r.seat && satisfies(t, r.desires)) rivals.push_back(seat_name(t.seat, you));
  if (rivals.empty()) return fmt::format("independent, and nobody else has {} dominant", needed_words(r.desires));
  const bool singular = rivals.size() == 1 && rivals[0] != "you";  // "Seat 2 has", "you have"
  return fmt::format("independent, but {} {} {} dominant", listed(rivals), singular ? "has" : "have",
                     needed_words(r.desires));
}

std::string result_reason(const json& v, const Legend& legend, const std::vector<Result>& results, const Result& r,
                          int you) {
  const json player = player_of(v, r.seat);
  if (player.contains("fiance")) {
    if (const Result* fiance = result_of(results, int_of(player, "fiance"))) return engaged_reason(legend, r, *fiance, you);
  }
  if (text_of(player, "status") == "independent") return independent_reason(results, r, you);
  const std::string status = text_of(player, "status");
  return fmt::format("still {} (an {} player cannot win)", status, status);
}

void draw_ending_title(const json& v, const std::vector<Result>& results, int you, Board& out) {
  const int round = int_of(v, "round", 0);
  out.put("Matrimony", Ink::mark)
      .put(fmt::format(" · the game ended{} because {}.", round > 0 ? fmt::format(" in round {}", round) : "",
                       text_of(v, "ending")));
  out.newline();
  std::vector<std::string> winners;
  for (const Result& r : results) if (r.won) winners.push_back(seat_title(r.seat, you));
  if (winners.empty()) out.put("Nobody wins.", Ink::mark);
  else out.put(fmt::format("{} {}.", listed(winners), winners.size() == 1 ? "wins" : "win"), Ink::green);
  out.newline();
}

// "Seat 0 (you): hand #03 #17 ..." with the hand's symbol totals at the right edge.
void draw_result_hand(const Legend& legend, const Result& r, int you, Board& out) {
  std::vector<std::string> numbers;
  json tally = json::object();
  for (const SymbolName& s : legend) tally[s.key] = 0;
  for (const json& card : r.traits) {
    numbers.push_back(card_number(card));
    for (const json& s : array_of(card, "symbols")) tally[text_of(s, "symbol")] = tally.value(text_of(s, "symbol"), 0) + int_of(s, "sign", 1);
  }
  const std::string head = fmt::format("{}: hand {}", seat_title(r.seat, you), fmt::join(numbers, " "));
  out.cell(head, kBoardWidth - totals_width(legend), r.seat == you ? Ink::mark : Ink::plain);
  put_totals(out, legend, tally);
  out.newline();
}

void draw_result(const json& v, const Legend& legend, const std::vector<Result>& results, const Result& r, int you,
                 Board& out) {
  draw_result_hand(legend, r, you, out);
  const json row = array_of(r.desires, "desires");
  out.put("  dominant ");
  put_signed(out, legend, r.dominant);
  out.put(" · desires " + card_number(r.desires) + ": ");
  if (row.size() > 2) out.put(fmt::format("{} of ", int_of(r.desires, "at_least", 2)));
  put_signed(out, legend, row, row.size() == 2 ? " and " : ", ");
  out.newline().put("  ");
  put_fitted(out, result_reason(v, legend, results, r, you) + ": ", kBoardWidth - 16);
  out.put(r.won ? "wins" : "does not win", r.won ? Ink::green : Ink::plain).newline();
}

// Every card the ending revealed, by number, in words: when the lines allow all of them (up to seven
// players).
void draw_card_glossary(const Legend& legend, const std::vector<Result>& results, Board& out) {
  std::vector<json> cards;
  for (const Result& r : results) for (const json& c : r.traits) cards.push_back(c);
  std::sort(cards.begin(), cards.end(), [](const json& a, const json& b) { return int_of(a, "id", 0) < int_of(b, "id", 0); });
  const int lines = (static_cast<int>(cards.size()) + kCardsPerLine - 1) / kCardsPerLine;
  if (cards.empty() || line_count(out) + lines > kEndingHeight) return;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i % kCardsPerLine == 0) out.cell(i == 0 ? "Cards:" : "", kHandIndent, Ink::quiet);
    const std::string words = card_words(legend, cards[i]);
    if (i % kCardsPerLine == kCardsPerLine - 1 || i + 1 == cards.size()) out.put(words).newline();
    else out.cell(words, kCardCell);
  }
}

void draw_ending(const json& v, Board& out) {
  const Legend legend = legend_of(v);
  const int you = int_of(v, "you");
  const std::vector<Result> results = results_of(v);
  draw_ending_title(v, results, you, out);
  out.cell("", kBoardWidth - totals_width(legend));
  put_symbol_names(out, legend);
  out.newline();
  for (const Result& r : results) draw_result(v, legend, results, r, you, out);
  draw_card_glossary(legend, results, out);
}

// --- Shorthand ------------------------------------------------------------------------------------------

std::string seat_and_card(const char* letter, const json& parts) {
  return fmt::format("{}{} {}", letter, int_of(parts, "seat"), int_of(parts, "card"));
}

}  // namespace

void draw_persuasion_board(const json& view, const BoardWords& words, Board& out) {
  if (flag(view, "terminal") && view.contains("matrimony")) draw_ending(view, out);
  else draw_play(view, words, out);
}

std::string persuasion_shorthand(const json& parts) {
  const std::string kind = text_of(parts, "kind");
  if (kind == "show") return seat_and_card("s", parts);
  if (kind == "invite") return seat_and_card("i", parts);
  if (kind == "propose") return seat_and_card("p", parts);
  if (kind == "accept" || kind == "reveal") return seat_and_card("a", parts);
  if (kind == "reject" || kind == "reject_invitation") return fmt::format("x{}", int_of(parts, "seat"));
  if (kind == "swap") return fmt::format("k{} {}", int_of(parts, "keep"), int_of(parts, "discard"));
  if (kind == "discard") return fmt::format("d{}", int_of(parts, "card"));
  if (kind == "independence") return "ind";
  if (kind == "reflect") return "r";
  if (kind == "pass") return "pass";
  if (kind == "keep_none") return "none";
  if (kind == "reject_all") return "x";
  return "";
}

}  // namespace court::persuasion
