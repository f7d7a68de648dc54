// Intrigue's terminal board (engine/board.h), drawn from one seat's view (view.cpp) and nothing else.
// In play: whose turn it is, the three characters with votes, tokens and support stacks, the
// relationships between them, the players, the favors, your hand and the last round's result. At the
// end: the winners, the monarch, the favors in the order played with what each earned, the points, and
// the stacks revealed by the last round. The words are the browser table's (web/app/src/render/intrigue).
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "games/intrigue/game.h"

namespace court::intrigue {
namespace {

using nlohmann::json;
using Item = std::vector<Span>;  // a piece of a wrapped list, kept together on one line

// --- Words -------------------------------------------------------------------------------------

std::string signed_text(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }

Ink value_ink(int v) { return v > 0 ? Ink::green : v < 0 ? Ink::red : Ink::quiet; }

bool is_viewer(const json& view, int seat) {
  const json& viewer = view.at("viewer");
  return viewer.is_number_integer() && viewer.get<int>() == seat;
}

// "you" for the viewer, "Seat 2" for the others (the browser's short seat name without names).
std::string seat_name(const json& view, int seat) { return is_viewer(view, seat) ? "you" : fmt::format("Seat {}", seat); }

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

const json* character(const json& view, const std::string& letter) {
  for (const json& c : view.at("characters")) {
    if (c.at("letter") == letter) return &c;
  }
  return nullptr;
}

// "Duke (A)"
std::string character_name(const json& view, const std::string& letter) {
  const json* c = character(view, letter);
  return c ? fmt::format("{} ({})", c->at("name").get<std::string>(), letter) : letter;
}

// A card's support value as it counts in a stack, with the trait it needs ("+2 if Nobility, else 0").
std::string value_text(const json& card) {
  const std::string support = signed_text(card.at("support").get<int>()) + " support";
  if (!card.contains("trait")) return support;
  return fmt::format("{} if {}, else {}", support, card.at("trait").get<std::string>(),
                     signed_text(card.value("support_without_trait", 0)));
}

// What the card's arrows put on the two ends of an edge: "+1 to both", "Debtor -> Lender".
std::string arrow_words(const json& card) {
  const bool arrows = card.value("relation", "") == "arrows";
  const std::string left = arrows ? signed_text(card.value("left", 0)) : card.value("left_role", "");
  const std::string right = arrows ? signed_text(card.value("right", 0)) : card.value("right_role", "");
  return card.value("symmetric", false) ? left + " to both" : left + " -> " + right;
}

// What else a card in hand can do besides lying face-down in a stack.
std::string card_use(const json& card) {
  static const std::map<std::string, std::string> kEffects = {
      {"oracle", "action: draw 2, then discard 1"},
      {"assassination", "action: replace a character"},
      {"virtue", "action: reveal until a negative card"},
      {"spy", "action: reveal a face-down card"},
      {"manipulate", "action: swap tokens with an opponent"},
      {"misinformation", "action: move a relationship"},
      {"lies", "action: reverse a relationship"},
      {"draw", "face-up, then draw a card"},
      {"discard", "face-up, then discard a card"},
  };
  if (card.at("type") == "relationship") return "relationship: " + arrow_words(card);
  const auto it = kEffects.find(card.value("effect", ""));
  return it == kEffects.end() ? "" : it->second;
}

// --- Layout ------------------------------------------------------------------------------------

int item_columns(const Item& item) {
  int n = 0;
  for (const Span& s : item) n += Board::columns(s.text);
  return n;
}

// Puts `items` separated by `sep` on a line that already holds `used` columns, going on to a new line
// indented by `indent` columns whenever the next item would pass the board's width. Returns the
// columns the last line then holds.
int put_wrapped(Board& out, int used, int indent, const std::vector<Item>& items, std::string_view sep = ", ") {
  const std::string_view line_end = sep.substr(0, sep.find_last_not_of(' ') + 1);  // what a wrapped line ends with
  for (std::size_t i = 0; i < items.size(); ++i) {
    const int room = kBoardWidth - (i + 1 < items.size() ? Board::columns(line_end) : 0);
    if (i > 0 && used + Board::columns(sep) + item_columns(items[i]) > room) {
      out.put(line_end).newline().put(std::string(indent, ' '));
      used = indent;
    } else if (i > 0) {
      out.put(sep);
      used += Board::columns(sep);
    }
    for (const Span& s : items[i]) out.put(s.text, s.ink);
    used += item_columns(items[i]);
  }
  return used;
}

// --- The board during play ---------------------------------------------------------------------

// "Intrigue  Round 2 of 3  Your turn", the piles and the unused characters; the second line says how a
// round is won and paid.
void draw_status(const json& view, Board& out) {
  const int turn = view.at("turn").get<int>();
  const std::string who = is_viewer(view, turn) ? "You" : seat_name(view, turn);
  std::string doing = who == "You" ? "Your turn" : who + " to play";
  if (view.at("phase") == "discard") doing = who + " must discard a card to end the turn";
  const std::string round = fmt::format("  Round {} of {}", view.at("round").get<int>(), view.at("rounds").get<int>());
  std::vector<Item> facts = {{{"Intrigue", Ink::mark}, {round}},
                             {{doing, Ink::mark}},
                             {{fmt::format("Deck {}", view.at("deck_count").get<int>()), Ink::quiet}},
                             {{fmt::format("Discard pile {}", view.at("discard_pile").size()), Ink::quiet}}};
  const auto unused = view.at("unused_characters").get<std::vector<std::string>>();
  if (!unused.empty()) facts.push_back({{fmt::format("Unused: {}", fmt::join(unused, ", ")), Ink::quiet}});
  put_wrapped(out, 0, 10, facts, "  ");
  out.newline();
  out.put("A round ends when a hand is empty: most support wins a vote and pays its tokens; others cost 1.", Ink::quiet)
      .newline();
}

// What the viewer can count of a character's support: the values it sees and the arrows pointing at it.
struct Seen {
  int value = 0;
  int hidden = 0;
};

Seen seen_support(const json& view, const json& c) {
  Seen seen;
  for (const json& entry : c.at("stack")) {
    if (entry.contains("value")) seen.value += entry.at("value").get<int>();
    else ++seen.hidden;
  }
  const std::string letter = c.at("letter");
  for (const json& r : view.at("relationships")) {
    if (!r.contains("card") || r.at("card").value("relation", "") != "arrows") continue;
    if (r.at("from") == letter) seen.value += r.at("card").value("left", 0);
    if (r.at("to") == letter) seen.value += r.at("card").value("right", 0);
  }
  return seen;
}

// One card of a support stack the viewer knows: "Guilds +2", "Guilds +2 (yours, face-down)".
Item known_item(const json& entry) {
  const int value = entry.at("value").get<int>();
  Item item = {{entry.at("card").at("title").get<std::string>() + " "}, {signed_text(value), value_ink(value)}};
  if (!entry.at("face_up").get<bool>()) item.push_back({" (yours, face-down)", Ink::quiet});
  return item;
}

// A run of face-down cards the viewer cannot see: "face-down (Seat 1)", "3 face-down (Seats 1, 2, 1)".
Item face_down_item(const std::vector<int>& seats) {
  if (seats.size() == 1) return {{fmt::format("face-down (Seat {})", seats.front()), Ink::quiet}};
  return {{fmt::format("{} face-down (Seats {})", seats.size(), fmt::join(seats, ", ")), Ink::quiet}};
}

// A character's support stack, bottom first.
void draw_stack(const json& c, Board& out) {
  out.put("   ");
  if (c.at("stack").empty()) {
    out.put("no support yet", Ink::quiet).newline();
    return;
  }
  std::vector<Item> items;
  std::vector<int> hidden;  // the players of the current run of unseen cards
  for (const json& entry : c.at("stack")) {
    if (!entry.contains("card")) {
      hidden.push_back(entry.at("played_by").get<int>());
      continue;
    }
    if (!hidden.empty()) items.push_back(face_down_item(hidden));
    hidden.clear();
    items.push_back(known_item(entry));
  }
  if (!hidden.empty()) items.push_back(face_down_item(hidden));
  put_wrapped(out, 3, 3, items);
  out.newline();
}

void draw_tokens(const json& view, const json& c, Board& out) {
  std::string text;
  for (const json& t : c.at("tokens")) {
    const json& holder = t.at("holder");
    text += fmt::format("{} {}  ", signed_text(t.at("value").get<int>()),
                        holder.is_null() ? "free" : seat_name(view, holder.get<int>()));
  }
  out.cell(text, 22, Ink::yellow);
}

void draw_character(const json& view, const json& c, Board& out) {
  std::vector<std::string> traits = c.at("traits").get<std::vector<std::string>>();
  const Seen seen = seen_support(view, c);
  out.put(c.at("letter").get<std::string>() + "  ", Ink::yellow).cell(c.at("name").get<std::string>(), 11, Ink::mark);
  out.cell(std::to_string(c.at("votes").get<int>()), 7).cell(std::to_string(c.at("priority").get<int>()), 10);
  out.cell(fmt::format("{}", fmt::join(traits, ", ")), 21);
  draw_tokens(view, c, out);
  out.put(signed_text(seen.value), value_ink(seen.value));
  if (seen.hidden > 0) out.put(fmt::format(" and {} face-down", seen.hidden), Ink::quiet);
  out.newline();
  draw_stack(c, out);
}

void draw_court(const json& view, Board& out) {
  out.cell("Court", 14, Ink::mark).put("votes  priority  traits               tokens (holder)       support you see", Ink::quiet);
  out.newline();
  for (const json& c : view.at("characters")) draw_character(view, c, out);
}

// How a relationship on an edge points: "A +1, B -1", "A Debtor, B Lender", and "A +1, B +1" for a
// symmetric one (the view leaves its arrows empty).
std::string arrows_text(const json& r) {
  const std::string arrows = r.value("arrows", "");
  if (!arrows.empty()) return arrows;
  const json& card = r.at("card");
  return fmt::format("{} {}, {} {}", r.at("from").get<std::string>(), signed_text(card.value("left", 0)),
                     r.at("to").get<std::string>(), signed_text(card.value("right", 0)));
}

// "A-B  Friendship  A +1, B +1", "B-C  empty".
void draw_relationship(const json& r, Board& out) {
  out.cell(r.at("edge").get<std::string>(), 5, Ink::yellow);
  if (!r.contains("card")) {
    out.cell("empty", 41, Ink::quiet);
    return;
  }
  out.cell(r.at("card").at("title").get<std::string>(), 12, Ink::magenta).cell(arrows_text(r), 29);
}

void draw_player(const json& view, const json& p, Board& out) {
  const int seat = p.at("seat").get<int>();
  const bool to_act = view.at("turn").get<int>() == seat && view.at("phase") != "over";
  out.cell(seat_name(view, seat) + (to_act ? " (to play)" : ""), 17, is_viewer(view, seat) || to_act ? Ink::mark : Ink::plain);
  out.cell(std::to_string(p.at("points").get<int>()), 8).cell(std::to_string(p.at("hand_count").get<int>()), 9);
  out.put(fmt::format("{} of {}", p.at("favors_played").get<int>(),
                      p.at("favors_played").get<int>() + p.at("favors_in_hand").get<int>()));
}

// The relationships (left) beside the players (right), one edge and one seat a line.
void draw_relationships_and_players(const json& view, Board& out) {
  out.cell("Relationships", 46, Ink::mark).cell("Players", 17, Ink::mark).put("points  in hand  favors played", Ink::quiet);
  out.newline();
  const json& edges = view.at("relationships");
  const json& players = view.at("players");
  for (std::size_t i = 0; i < std::max(edges.size(), players.size()); ++i) {
    if (i < edges.size()) draw_relationship(edges[i], out);
    else out.cell("", 46);
    if (i < players.size()) draw_player(view, players[i], out);
    out.newline();
  }
}

// The favor stack in the order played (letters only where the viewer may know them) and your favors.
void draw_favors(const json& view, Board& out) {
  out.put("Favors played", Ink::mark).put(", oldest first: ");
  std::vector<Item> items;
  for (const json& f : view.at("favor_stack")) {
    items.push_back({{seat_name(view, f.at("seat").get<int>()) + " "}, {f.value("letter", "?"), Ink::yellow}});
  }
  if (items.empty()) items.push_back({{"none yet", Ink::quiet}});
  const int used = put_wrapped(out, 29, 4, items);
  if (view.contains("favors_in_hand")) {
    const std::string mine = fmt::format("{}", fmt::join(view.at("favors_in_hand").get<std::vector<std::string>>(), " "));
    const Item yours = {{"Your favors", Ink::mark}, {": "}, {mine.empty() ? "all played" : mine, Ink::yellow}};
    const bool wrap = used + 3 + item_columns(yours) > kBoardWidth;
    out.put(wrap ? "\n    " : "   ");
    for (const Span& span : yours) out.put(span.text, span.ink);
    const std::string hint = "  (bets on the next monarch)";
    if ((wrap ? 4 : used + 3) + item_columns(yours) + Board::columns(hint) <= kBoardWidth) out.put(hint, Ink::quiet);
  }
  out.newline();
}

// One card a line: its title, its support (what it adds face-down behind a character), its other use.
void draw_hand(const json& view, Board& out) {
  if (!view.contains("hand")) return;
  out.cell("Your hand", 12, Ink::mark);
  if (view.at("hand").empty()) out.put("no cards", Ink::quiet).newline();
  bool first = true;
  for (const json& card : view.at("hand")) {
    if (!first) out.put(std::string(12, ' '));
    out.cell(card.at("title").get<std::string>(), 21);
    const std::string use = card_use(card);
    const Ink ink = value_ink(card.at("support").get<int>());
    if (use.empty()) out.put(value_text(card), ink);
    else out.cell(value_text(card), 31, ink).cell(use, std::min(Board::columns(use), kBoardWidth - 64), Ink::quiet);
    out.newline();
    first = false;
  }
}

// "Last round: Duke (A) won. Support A +6, B +3, C +1."
void draw_last_round(const json& view, Board& out) {
  if (!view.contains("last_reveal")) return;
  const json& r = view.at("last_reveal");
  out.put("Last round: ", Ink::mark).put(character_name(view, r.at("winner")) + " won", Ink::yellow).put(". Support ");
  bool first = true;
  for (const json& s : r.at("stacks")) {
    const int total = s.at("total").get<int>();
    out.put(std::string(first ? "" : ", ") + s.at("letter").get<std::string>() + " ").put(signed_text(total), value_ink(total));
    first = false;
  }
  out.put(".").newline();
}

void draw_play(const json& view, Board& out) {
  draw_status(view, out);
  draw_court(view, out);
  draw_relationships_and_players(view, out);
  draw_favors(view, out);
  draw_hand(view, out);
  draw_last_round(view, out);
}

// --- The ending --------------------------------------------------------------------------------

// The seats with the most points.
std::vector<int> winners(const json& view) {
  int best = std::numeric_limits<int>::min();
  for (const json& p : view.at("players")) best = std::max(best, p.at("points").get<int>());
  std::vector<int> seats;
  for (const json& p : view.at("players")) {
    if (p.at("points").get<int>() == best) seats.push_back(p.at("seat").get<int>());
  }
  return seats;
}

int points_of(const json& view, int seat) {
  for (const json& p : view.at("players")) {
    if (p.at("seat").get<int>() == seat) return p.at("points").get<int>();
  }
  return 0;
}

// "Seat 2 wins with 7 points." or "You and Seat 1 share the victory with 5 points."
void draw_result(const json& view, Board& out) {
  const std::vector<int> seats = winners(view);
  std::vector<std::string> names;
  for (int s : seats) names.push_back(seat_name(view, s));
  const std::string who = capitalized(fmt::format("{}", fmt::join(names, " and ")));
  const int points = points_of(view, seats.front());
  const std::string verb = seats.size() > 1 ? "share the victory" : who == "You" ? "win" : "wins";
  out.put("Intrigue is over", Ink::mark).put(fmt::format(" after round {} of {}", view.at("round").get<int>(), view.at("rounds").get<int>()));
  if (view.at("round").get<int>() < view.at("rounds").get<int>()) out.put(" (a player ran out of points)");
  out.put(". ").put(fmt::format("{} {} with {} points.", who, verb, points), Ink::mark).newline();
}

std::string votes_word(int n) { return n == 1 ? "1 vote" : fmt::format("{} votes", n); }

bool tied_on_votes(const json& view, const json& crowned) {
  for (const json& c : view.at("characters")) {
    if (c.at("letter") != crowned.at("letter") && c.at("votes") == crowned.at("votes")) return true;
  }
  return false;
}

// "The Duke (A) ascends to the throne with 2 votes (Princess 1, Bishop 0)."
void draw_monarch(const json& view, Board& out) {
  if (!view.contains("monarch")) return;
  const std::string letter = view.at("monarch").at("letter");
  const json* crowned = character(view, letter);
  std::vector<std::string> others;
  for (const json& c : view.at("characters")) {
    if (c.at("letter") != letter) others.push_back(fmt::format("{} {}", c.at("name").get<std::string>(), c.at("votes").get<int>()));
  }
  std::vector<Item> words = {{{"The "}, {character_name(view, letter), Ink::yellow}, {" ascends to the throne"}}};
  if (crowned) {
    words.back().push_back({fmt::format(" with {}", votes_word(crowned->at("votes").get<int>()))});
    words.push_back({{fmt::format("({}).", fmt::join(others, ", "))}});
    if (tied_on_votes(view, *crowned)) words.push_back({{"Priority breaks the tie.", Ink::quiet}});
  }
  put_wrapped(out, 0, 4, words, " ");
  out.newline();
}

// Favors in the order played: who, for whom, what it earned.
void draw_favor_scoring(const json& view, Board& out) {
  out.put("Favors, in the order played", Ink::mark).put("  (the first for the monarch earns most, later ones less, others cost)", Ink::quiet).newline();
  const json& favors = view.at("favor_stack");
  if (favors.empty()) out.put("   nobody played a favor", Ink::quiet).newline();
  const std::string monarch = view.contains("monarch") ? view.at("monarch").at("letter").get<std::string>() : "";
  bool first_for_monarch = true;
  for (std::size_t i = 0; i < favors.size(); ++i) {
    const json& f = favors[i];
    const std::string letter = f.value("letter", "?");
    const int points = f.value("points", 0);
    out.cell(fmt::format("{:>3}. {}", i + 1, seat_name(view, f.at("seat").get<int>())), 14);
    out.cell(character_name(view, letter), 16, Ink::yellow);
    if (letter == monarch && first_for_monarch) out.cell(signed_text(points), 5, value_ink(points)).put("first for the monarch", Ink::quiet);
    else out.put(signed_text(points), value_ink(points));
    first_for_monarch = first_for_monarch && letter != monarch;
    out.newline();
  }
}

// Each seat's points: before the favors, from the favors, in all.
void draw_points(const json& view, Board& out) {
  std::map<int, int> from_favors;
  for (const json& f : view.at("favor_stack")) from_favors[f.at("seat").get<int>()] += f.value("points", 0);
  const std::vector<int> won = winners(view);
  out.cell("Points", 14, Ink::mark).put("before favors  favors  total", Ink::quiet).newline();
  for (const json& p : view.at("players")) {
    const int seat = p.at("seat").get<int>();
    const int total = p.at("points").get<int>();
    const bool winner = std::find(won.begin(), won.end(), seat) != won.end();
    out.cell("   " + seat_name(view, seat), 14, is_viewer(view, seat) ? Ink::mark : Ink::plain);
    out.cell(std::to_string(total - from_favors[seat]), 15).cell(signed_text(from_favors[seat]), 8, value_ink(from_favors[seat]));
    if (winner) out.cell(std::to_string(total), 7, Ink::mark).put("winner", Ink::green);
    else out.put(std::to_string(total), Ink::mark);
    out.newline();
  }
}

// What a card counts for a character: its support, or for a trait card without the trait its other value.
int value_for(const json& card, const json* c) {
  if (!card.contains("trait") || !c) return card.at("support").get<int>();
  for (const json& trait : c->at("traits")) {
    if (trait == card.at("trait")) return card.at("support").get<int>();
  }
  return card.value("support_without_trait", 0);
}

// The last round's stacks, face-up: each character's total and cards, and the relationships.
void draw_reveal(const json& view, Board& out) {
  if (!view.contains("last_reveal")) return;
  const json& r = view.at("last_reveal");
  out.put("Last round", Ink::mark).put(": the ").put(character_name(view, r.at("winner")), Ink::yellow).put(" won. The stacks, face-up:").newline();
  for (const json& s : r.at("stacks")) {
    const std::string letter = s.at("letter");
    const int total = s.at("total").get<int>();
    out.cell("   " + character_name(view, letter), 17).cell(signed_text(total), 5, value_ink(total));
    std::vector<Item> items;
    for (const json& card : s.at("cards")) {
      const int value = value_for(card, character(view, letter));
      items.push_back({{card.at("title").get<std::string>() + " "}, {signed_text(value), value_ink(value)}});
    }
    if (items.empty()) items.push_back({{"no cards", Ink::quiet}});
    put_wrapped(out, 22, 22, items);
    out.newline();
  }
  out.put("   Relationships: ");
  std::vector<Item> edges;
  for (const json& e : view.at("relationships")) {
    if (!e.contains("card")) continue;
    edges.push_back({{e.at("edge").get<std::string>() + " "}, {e.at("card").at("title").get<std::string>(), Ink::magenta},
                     {" (" + arrows_text(e) + ")"}});
  }
  if (edges.empty()) edges.push_back({{"none", Ink::quiet}});
  put_wrapped(out, 18, 18, edges);
  out.newline();
}

void draw_ending(const json& view, Board& out) {
  draw_result(view, out);
  draw_monarch(view, out);
  out.newline();
  draw_favor_scoring(view, out);
  out.newline();
  draw_points(view, out);
  out.newline();
  draw_reveal(view, out);
}

}  // namespace

void draw_board(const json& view, const json& preview, Board& out) {
  (void)preview;
  if (view.value("terminal", false)) draw_ending(view, out);
  else draw_play(view, out);
}

}  // namespace court::intrigue
