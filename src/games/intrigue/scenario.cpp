// Intrigue scenarios: a JSON object (or the same structure in TOML) that fixes the table. See the
// "Scenario files" section of docs/rules/intrigue.md.
#include <fmt/format.h>

#include "engine/json_reader.h"
#include "games/intrigue/game.h"

namespace court::intrigue {
namespace {

using nlohmann::json;

constexpr int kMaxScenarioHand = 12;

using Hands = std::array<FixedVector<CardId, kMaxHand>, kSeats>;
using Stacks = std::array<FixedVector<StackCard, kMaxDeck>, kLetters>;
using Pile = FixedVector<CardId, kMaxDeck>;

// Cards named by title; counts the copies used so that no card is used more often than the deck holds it.
class Cards {
 public:
  explicit Cards(const IntrigueRules& rules) : rules_(rules) {}

  CardId card(const JsonValue& v) {
    if (!v.json().is_string()) v.fail("must be a card title (a string)");
    const CardId c = rules_.find_card(v.json().get<std::string>());
    if (c == kNoCard) {
      std::string titles;
      for (const auto& info : rules_.cards) titles += (titles.empty() ? "" : ", ") + info.title;
      v.fail(fmt::format("names no card: '{}'; the cards are: {}", v.json().get<std::string>(), titles));
    }
    if (++used_[c] > rules_.cards[c].quantity) {
      v.fail(fmt::format("uses more copies of '{}' than the deck holds ({})", rules_.cards[c].title,
                         rules_.cards[c].quantity));
    }
    return c;
  }

  int used(CardId c) const { return used_[c]; }

 private:
  const IntrigueRules& rules_;
  std::array<int, kMaxCardTypes> used_{};
};

// "A", "B" or "C" as a letter; -1 for anything else.
int letter_of(const std::string& text) {
  return text.size() == 1 && text[0] >= 'A' && text[0] <= 'C' ? text[0] - 'A' : -1;
}

Letter letter(const JsonValue& v) {
  const int l = v.json().is_string() ? letter_of(v.json().get<std::string>()) : -1;
  if (l < 0) v.fail("must be a letter: \"A\", \"B\" or \"C\"");
  return static_cast<Letter>(l);
}

int edge_index(const JsonValue& v) {
  static const char* kNames[kEdges][2] = {{"A-B", "B-A"}, {"B-C", "C-B"}, {"C-A", "A-C"}};
  if (v.json().is_string()) {
    for (int e = 0; e < kEdges; ++e) {
      if (v.json().get<std::string>() == kNames[e][0] || v.json().get<std::string>() == kNames[e][1]) return e;
    }
  }
  v.fail("must be an edge: \"A-B\", \"B-C\" or \"C-A\"");
}

// The three characters, in letter order A, B, C.
void read_characters(const JsonReader& in, const IntrigueRules& rules, std::array<CharacterId, kLetters>& out) {
  if (!in.has("characters")) in.fail("characters", "is missing; expected three character names (A, B, C)");
  const JsonList chars = in.list("characters");
  if (chars.size() != kLetters) chars.fail("must name exactly three characters (A, B, C)");
  for (int l = 0; l < kLetters; ++l) {
    const JsonValue v = chars.item(l);
    const int id = v.json().is_string() ? rules.find_character(v.json().get<std::string>()) : -1;
    if (id < 0) {
      std::string names;
      for (const auto& c : rules.characters) names += (names.empty() ? "" : ", ") + c.name;
      v.fail(fmt::format("must name a character: one of {}", names));
    }
    for (int k = 0; k < l; ++k) if (out[k] == id) v.fail("names a character twice");
    out[l] = static_cast<CharacterId>(id);
  }
}

// `points` (seats 0, 1, 2) or `votes` (letters A, B, C): three numbers in min..max.
template <class T>
void read_three(const JsonReader& in, const char* key, const char* what, int min, int max, std::array<T, 3>& out) {
  if (!in.has(key)) return;
  const JsonList list = in.list(key);
  if (list.size() != 3) list.fail(what);
  for (std::size_t i = 0; i < 3; ++i) out[i] = static_cast<T>(list.item(i).integer(min, max));
}

void read_hands(const JsonReader& in, Cards& cards, Hands& hands) {
  const JsonList lists = in.list("hands");
  if (lists.size() != kSeats) lists.fail("must list three hands (seats 0, 1, 2)");
  for (int seat = 0; seat < kSeats; ++seat) {
    const JsonList hand = lists.item(seat).list();
    if (hand.size() > static_cast<std::size_t>(kMaxScenarioHand)) {
      hand.fail(fmt::format("holds more than {} cards", kMaxScenarioHand));
    }
    for (const JsonValue& v : hand.items()) hands[seat].push_back(cards.card(v));
  }
}

// `stacks`: letter -> cards from the bottom up, each {card, seat, face_up}.
void read_stacks(const JsonReader& in, Cards& cards, Stacks& stacks) {
  if (!in.has("stacks")) return;
  const JsonReader table = in.object("stacks", "must be a table of letters (A, B, C) to lists of cards");
  for (const std::string& key : table.keys()) {
    const int l = letter_of(key);
    if (l < 0) table.fail(key, "must be a letter: \"A\", \"B\" or \"C\"");
    for (const JsonValue& v : table.list(key).items()) {
      const char* form = "must be {card = \"Title\", seat = N, face_up = false}";
      const JsonReader entry = v.object(form);
      if (!entry.has("card") || !entry.has("seat")) v.fail(form);
      StackCard c{.card = kNoCard, .owner = -1, .face_up = false};
      c.card = cards.card(entry.value("card"));
      c.owner = static_cast<std::int8_t>(entry.integer("seat", true, 0, 0, kSeats - 1));
      c.face_up = entry.boolean("face_up", false, c.face_up);
      stacks[l].push_back(c);
    }
  }
}

// `relationships`: {edge, card, left}; `left` is the letter the card's left arrow points at.
void read_relationships(const JsonReader& in, const IntrigueRules& rules, Cards& cards,
                        std::array<Relationship, kEdges>& edges) {
  if (!in.has("relationships")) return;
  for (const JsonValue& v : in.list("relationships").items()) {
    const char* form = "must be {edge = \"A-B\", card = \"Title\", left = \"A\"}";
    const JsonReader entry = v.object(form);
    if (!entry.has("edge") || !entry.has("card")) v.fail(form);
    const int e = edge_index(entry.value("edge"));
    const CardId c = cards.card(entry.value("card"));
    if (rules.cards[c].type != CardType::Relationship) entry.fail("card", "must be a relationship card");
    if (!edges[e].empty()) entry.fail("edge", "already holds a relationship");
    bool forward = true;
    if (entry.has("left")) {
      const Letter left = letter(entry.value("left"));
      if (left != e && left != (e + 1) % kLetters) entry.fail("left", "must be one of the edge's two letters");
      forward = left == e;
    }
    edges[e] = Relationship{c, forward};
  }
}

// `tokens`: token ("A+3") -> the seat holding it (bit t of held[seat]).
void read_tokens(const JsonReader& in, const IntrigueState& s, std::array<std::uint8_t, kSeats>& held) {
  if (!in.has("tokens")) return;
  const JsonReader table = in.object("tokens", "must be a table of tokens (\"A+3\") to seats");
  for (const std::string& key : table.keys()) {
    int found = -1;
    for (int t = 0; t < s.token_count(); ++t) {
      if (fmt::format("{}+{}", static_cast<char>('A' + s.token_letter(t)), s.token_value(t)) == key) found = t;
    }
    if (found < 0) table.fail(key, "names no token; tokens are written like \"A+3\" or \"C+1\"");
    const auto seat = table.integer(key, true, 0, 0, kSeats - 1);
    held[seat] |= static_cast<std::uint8_t>(1u << found);
  }
}

struct Favors {
  std::array<std::array<Letter, kLetters>, kSeats>& letters;  // per seat; slots [0, played) are played
  std::array<std::uint8_t, kSeats>& played;
  FixedVector<FavorPlay, kSeats * kLetters>& stack;
};

// `favors`: the favors played, in play order, {seat, letter}.
void read_favors(const JsonReader& in, Favors favors) {
  if (!in.has("favors")) return;
  for (const JsonValue& v : in.list("favors").items()) {
    const char* form = "must be {seat = N, letter = \"A\"} (in play order)";
    const JsonReader entry = v.object(form);
    if (!entry.has("seat") || !entry.has("letter")) v.fail(form);
    const auto seat = static_cast<Seat>(entry.integer("seat", true, 0, 0, kSeats - 1));
    const Letter l = letter(entry.value("letter"));
    auto& letters = favors.letters[seat];
    const int played = favors.played[seat];
    int at = -1;
    for (int k = played; k < kLetters; ++k) if (letters[k] == l) at = k;
    if (at < 0) v.fail(fmt::format("seat {} has already played its favor {}", seat, entry.text("letter", true)));
    std::swap(letters[at], letters[played]);
    favors.stack.push_back(FavorPlay{static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(played)});
    ++favors.played[seat];
  }
}

// The discard pile, then the deck: listed cards on top (first = top), the rest below in random order or out of
// the game.
void read_piles(const JsonReader& in, const IntrigueRules& rules, Cards& cards, Pile& discard, Pile& deck, Rng& rng) {
  if (in.has("discard_pile")) {
    for (const JsonValue& v : in.list("discard_pile").items()) discard.push_back(cards.card(v));
  }
  std::vector<CardId> top;
  if (in.has("deck")) {
    for (const JsonValue& v : in.list("deck").items()) top.push_back(cards.card(v));
  }
  if (in.choice("unlisted_cards", {"under_deck", "out_of_game"}, "under_deck") == "under_deck") {
    for (std::size_t c = 0; c < rules.cards.size(); ++c) {
      for (int k = cards.used(static_cast<CardId>(c)); k < rules.cards[c].quantity; ++k) {
        deck.push_back(static_cast<CardId>(c));
      }
    }
    shuffle(deck.begin(), deck.end(), rng);
  }
  for (auto it = top.rbegin(); it != top.rend(); ++it) deck.push_back(*it);
}

}  // namespace

IntrigueState state_from_scenario(const IntrigueRules& rules, const json& scenario, std::uint64_t seed) {
  const JsonReader in = JsonReader::top(scenario, "scenario");
  in.only({"characters", "deck", "unlisted_cards", "hands", "starting_seat", "points", "round", "votes",
           "relationships", "stacks", "tokens", "favors", "discard_pile"});
  IntrigueState s = IntrigueState::blank(rules, seed);
  Cards cards(rules);
  read_characters(in, rules, s.character_);
  s.round_ = static_cast<std::uint8_t>(in.integer("round", false, s.round_, 1, rules.rounds));
  const auto starter = static_cast<Seat>(in.integer("starting_seat", false, 0, 0, kSeats - 1));
  read_three(in, "points", "must list three numbers (seats 0, 1, 2)", -99, 99, s.points_);
  read_three(in, "votes", "must list three numbers (A, B, C)", 0, kMaxRounds, s.votes_);
  const bool dealt = in.has("hands");
  if (dealt) read_hands(in, cards, s.hands_);
  read_stacks(in, cards, s.stacks_);
  for (Letter l = 0; l < kLetters; ++l) s.note_face_down(l);
  read_relationships(in, rules, cards, s.edges_);
  read_tokens(in, s, s.tokens_held_);
  read_favors(in, {s.favor_letter_, s.favors_played_, s.favor_stack_});
  read_piles(in, rules, cards, s.discard_, s.deck_, s.rng_);

  s.round_starter_ = static_cast<std::int8_t>(starter);
  s.turn_seat_ = static_cast<std::int8_t>(starter);
  s.phase_ = Phase::Turn;
  s.log_event({.kind = Event::RoundStart, .seat = static_cast<std::int8_t>(starter), .a = s.round_});
  if (!dealt) s.refill_hands();
  // A turn takes a token, plays a card or puts down a favor. A round ends after any turn that leaves a
  // hand empty, so only the first turn can find a player with none of them.
  ActionList first_moves;
  s.legal_actions(starter, first_moves);
  if (first_moves.empty()) {
    throw UserError(fmt::format("scenario: seat {} must take the first turn but has no legal move: its hand is empty "
                                "(field 'hands[{}]'), every support token is held (field 'tokens') and it has "
                                "played all its favors (field 'favors')",
                                starter, starter));
  }
  return s;
}

}  // namespace court::intrigue
