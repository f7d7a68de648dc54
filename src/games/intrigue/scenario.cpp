// Intrigue scenarios: a JSON object (or the same structure in TOML) that fixes the table. See the
// "Scenario files" section of docs/rules/intrigue.md.
#include <fmt/format.h>

#include "games/intrigue/game.h"

namespace court::intrigue {
namespace {

using nlohmann::json;

constexpr int kMaxScenarioHand = 12;

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw UserError(fmt::format("scenario: field '{}' {}", field, what));
}

class ScenarioReader {
 public:
  explicit ScenarioReader(const IntrigueRules& rules) : rules_(rules) {}

  CardId card(const json& j, const std::string& field) {
    if (!j.is_string()) fail(field, "must be a card title (a string)");
    CardId c = rules_.find_card(j.get<std::string>());
    if (c == kNoCard) {
      std::string titles;
      for (const auto& info : rules_.cards) titles += (titles.empty() ? "" : ", ") + info.title;
      fail(field, fmt::format("names no card: '{}'; the cards are: {}", j.get<std::string>(), titles));
    }
    if (++used_[c] > rules_.cards[c].quantity) {
      fail(field, fmt::format("uses more copies of '{}' than the deck holds ({})", rules_.cards[c].title,
                              rules_.cards[c].quantity));
    }
    return c;
  }

  static int integer(const json& j, const std::string& field, int min, int max) {
    if (!j.is_number_integer() || j.get<long>() < min || j.get<long>() > max) {
      fail(field, fmt::format("must be an integer {}..{}", min, max));
    }
    return j.get<int>();
  }

  static Letter letter(const json& j, const std::string& field) {
    if (!j.is_string() || j.get<std::string>().size() != 1 || j.get<std::string>()[0] < 'A' ||
        j.get<std::string>()[0] > 'C') {
      fail(field, "must be a letter: \"A\", \"B\" or \"C\"");
    }
    return static_cast<Letter>(j.get<std::string>()[0] - 'A');
  }

  static const json& array(const json& j, const std::string& field) {
    if (!j.is_array()) fail(field, "must be an array");
    return j;
  }

  int used(CardId c) const { return used_[c]; }

 private:
  const IntrigueRules& rules_;
  std::array<int, kMaxCardTypes> used_{};
};

int edge_index(const json& j, const std::string& field) {
  static const char* kNames[kEdges][2] = {{"A-B", "B-A"}, {"B-C", "C-B"}, {"C-A", "A-C"}};
  if (j.is_string()) {
    for (int e = 0; e < kEdges; ++e) {
      if (j.get<std::string>() == kNames[e][0] || j.get<std::string>() == kNames[e][1]) return e;
    }
  }
  fail(field, "must be an edge: \"A-B\", \"B-C\" or \"C-A\"");
}

const std::vector<std::string> kKnownFields = {
    "characters", "deck", "unlisted_cards", "hands", "starting_seat", "points", "round", "votes",
    "relationships", "stacks", "tokens", "favors", "discard_pile"};

}  // namespace

IntrigueState state_from_scenario(const IntrigueRules& rules, const json& scenario, std::uint64_t seed) {
  if (!scenario.is_object()) throw UserError("scenario: expected an object (a table) at the top level");
  for (const auto& [key, value] : scenario.items()) {
    bool known = false;
    for (const auto& k : kKnownFields) known = known || k == key;
    if (!known) {
      std::string all;
      for (const auto& k : kKnownFields) all += (all.empty() ? "" : ", ") + k;
      fail(key, fmt::format("is unknown; allowed fields: {}", all));
    }
  }
  IntrigueState s = IntrigueState::blank(rules, seed);
  ScenarioReader r(rules);

  // Characters, in letter order A, B, C.
  if (!scenario.contains("characters")) fail("characters", "is missing; expected three character names (A, B, C)");
  const json& chars = ScenarioReader::array(scenario["characters"], "characters");
  if (chars.size() != kLetters) fail("characters", "must name exactly three characters (A, B, C)");
  for (int l = 0; l < kLetters; ++l) {
    std::string field = fmt::format("characters[{}]", l);
    int id = chars[l].is_string() ? rules.find_character(chars[l].get<std::string>()) : -1;
    if (id < 0) {
      std::string names;
      for (const auto& c : rules.characters) names += (names.empty() ? "" : ", ") + c.name;
      fail(field, fmt::format("must name a character: one of {}", names));
    }
    for (int k = 0; k < l; ++k) if (s.character_[k] == id) fail(field, "names a character twice");
    s.character_[l] = static_cast<CharacterId>(id);
  }

  if (scenario.contains("round")) s.round_ = static_cast<std::uint8_t>(ScenarioReader::integer(scenario["round"], "round", 1, rules.rounds));
  int starter = scenario.contains("starting_seat") ? ScenarioReader::integer(scenario["starting_seat"], "starting_seat", 0, kSeats - 1) : 0;

  if (scenario.contains("points")) {
    const json& pts = ScenarioReader::array(scenario["points"], "points");
    if (pts.size() != kSeats) fail("points", "must list three numbers (seats 0, 1, 2)");
    for (int seat = 0; seat < kSeats; ++seat) {
      s.points_[seat] = static_cast<std::int16_t>(ScenarioReader::integer(pts[seat], fmt::format("points[{}]", seat), -99, 99));
    }
  }
  if (scenario.contains("votes")) {
    const json& v = ScenarioReader::array(scenario["votes"], "votes");
    if (v.size() != kLetters) fail("votes", "must list three numbers (A, B, C)");
    for (int l = 0; l < kLetters; ++l) {
      s.votes_[l] = static_cast<std::uint8_t>(ScenarioReader::integer(v[l], fmt::format("votes[{}]", l), 0, kMaxRounds));
    }
  }

  bool dealt = scenario.contains("hands");
  if (dealt) {
    const json& hands = ScenarioReader::array(scenario["hands"], "hands");
    if (hands.size() != kSeats) fail("hands", "must list three hands (seats 0, 1, 2)");
    for (int seat = 0; seat < kSeats; ++seat) {
      const json& hand = ScenarioReader::array(hands[seat], fmt::format("hands[{}]", seat));
      if (hand.size() > static_cast<std::size_t>(kMaxScenarioHand)) {
        fail(fmt::format("hands[{}]", seat), fmt::format("holds more than {} cards", kMaxScenarioHand));
      }
      for (std::size_t i = 0; i < hand.size(); ++i) {
        s.hands_[seat].push_back(r.card(hand[i], fmt::format("hands[{}][{}]", seat, i)));
      }
    }
  }

  if (scenario.contains("stacks")) {
    const json& stacks = scenario["stacks"];
    if (!stacks.is_object()) fail("stacks", "must be a table of letters (A, B, C) to lists of cards");
    for (const auto& [key, list] : stacks.items()) {
      Letter l = ScenarioReader::letter(json(key), "stacks." + key);
      ScenarioReader::array(list, "stacks." + key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        std::string field = fmt::format("stacks.{}[{}]", key, i);
        const json& entry = list[i];
        if (!entry.is_object() || !entry.contains("card") || !entry.contains("seat")) {
          fail(field, "must be {card = \"Title\", seat = N, face_up = false}");
        }
        StackCard c;
        c.card = r.card(entry["card"], field + ".card");
        c.owner = static_cast<std::int8_t>(ScenarioReader::integer(entry["seat"], field + ".seat", 0, kSeats - 1));
        if (entry.contains("face_up")) {
          if (!entry["face_up"].is_boolean()) fail(field + ".face_up", "must be true or false");
          c.face_up = entry["face_up"].get<bool>();
        }
        s.stacks_[l].push_back(c);
      }
    }
  }

  if (scenario.contains("relationships")) {
    const json& rels = ScenarioReader::array(scenario["relationships"], "relationships");
    for (std::size_t i = 0; i < rels.size(); ++i) {
      std::string field = fmt::format("relationships[{}]", i);
      const json& entry = rels[i];
      if (!entry.is_object() || !entry.contains("edge") || !entry.contains("card")) {
        fail(field, "must be {edge = \"A-B\", card = \"Title\", left = \"A\"}");
      }
      int e = edge_index(entry["edge"], field + ".edge");
      CardId c = r.card(entry["card"], field + ".card");
      if (rules.cards[c].type != CardType::Relationship) fail(field + ".card", "must be a relationship card");
      if (!s.edges_[e].empty()) fail(field + ".edge", "already holds a relationship");
      bool forward = true;
      if (entry.contains("left")) {
        Letter left = ScenarioReader::letter(entry["left"], field + ".left");
        if (left != e && left != (e + 1) % kLetters) fail(field + ".left", "must be one of the edge's two letters");
        forward = left == e;
      }
      s.edges_[e] = Relationship{c, forward};
    }
  }

  if (scenario.contains("tokens")) {
    const json& tokens = scenario["tokens"];
    if (!tokens.is_object()) fail("tokens", "must be a table of tokens (\"A+3\") to seats");
    for (const auto& [key, holder] : tokens.items()) {
      int found = -1;
      for (int t = 0; t < s.token_count(); ++t) {
        if (fmt::format("{}+{}", static_cast<char>('A' + s.token_letter(t)), s.token_value(t)) == key) found = t;
      }
      if (found < 0) fail("tokens." + key, "names no token; tokens are written like \"A+3\" or \"C+1\"");
      s.token_holder_[found] = static_cast<std::int8_t>(ScenarioReader::integer(holder, "tokens." + key, 0, kSeats - 1));
    }
  }

  if (scenario.contains("favors")) {
    const json& favors = ScenarioReader::array(scenario["favors"], "favors");
    for (std::size_t i = 0; i < favors.size(); ++i) {
      std::string field = fmt::format("favors[{}]", i);
      const json& entry = favors[i];
      if (!entry.is_object() || !entry.contains("seat") || !entry.contains("letter")) {
        fail(field, "must be {seat = N, letter = \"A\"} (in play order)");
      }
      Seat seat = ScenarioReader::integer(entry["seat"], field + ".seat", 0, kSeats - 1);
      Letter letter = ScenarioReader::letter(entry["letter"], field + ".letter");
      auto& letters = s.favor_letter_[seat];
      int played = s.favors_played_[seat];
      int at = -1;
      for (int k = played; k < kLetters; ++k) if (letters[k] == letter) at = k;
      if (at < 0) fail(field, fmt::format("seat {} has already played its favor {}", seat, entry["letter"].get<std::string>()));
      std::swap(letters[at], letters[played]);
      s.favor_stack_.push_back(FavorPlay{static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(played)});
      ++s.favors_played_[seat];
    }
  }

  if (scenario.contains("discard_pile")) {
    const json& pile = ScenarioReader::array(scenario["discard_pile"], "discard_pile");
    for (std::size_t i = 0; i < pile.size(); ++i) s.discard_.push_back(r.card(pile[i], fmt::format("discard_pile[{}]", i)));
  }

  // The deck: listed cards on top (first = top), the rest below in random order or out of the game.
  std::vector<CardId> top;
  if (scenario.contains("deck")) {
    const json& deck = ScenarioReader::array(scenario["deck"], "deck");
    for (std::size_t i = 0; i < deck.size(); ++i) top.push_back(r.card(deck[i], fmt::format("deck[{}]", i)));
  }
  std::string unlisted = "under_deck";
  if (scenario.contains("unlisted_cards")) {
    const json& u = scenario["unlisted_cards"];
    if (!u.is_string() || (u.get<std::string>() != "under_deck" && u.get<std::string>() != "out_of_game")) {
      fail("unlisted_cards", "must be \"under_deck\" (shuffled below the listed deck) or \"out_of_game\"");
    }
    unlisted = u.get<std::string>();
  }
  if (unlisted == "under_deck") {
    for (std::size_t c = 0; c < rules.cards.size(); ++c) {
      for (int k = r.used(static_cast<CardId>(c)); k < rules.cards[c].quantity; ++k) s.deck_.push_back(static_cast<CardId>(c));
    }
    shuffle(s.deck_.begin(), s.deck_.end(), s.rng_);
  }
  for (auto it = top.rbegin(); it != top.rend(); ++it) s.deck_.push_back(*it);

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
