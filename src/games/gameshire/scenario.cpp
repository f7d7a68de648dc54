// Gameshire scenarios: a JSON object (or the same structure in TOML) that fixes the maps, decks,
// market and, for tests and teaching, a table in mid-game. See "Scenario files" in
// docs/rules/gameshire.md.
#include <fmt/format.h>

#include <cstring>

#include "engine/json_reader.h"
#include "games/gameshire/game.h"

namespace court::gameshire {
namespace {

using nlohmann::json;

using Market = FixedVector<MarketSlot, kMarketCapacity>;
using SeasonCards = FixedVector<CardId, kMaxSeasonCards>;
using ResourceCards = FixedVector<ResId, kMaxResDeck>;

// A crop letter W O R P G Y or a cow count 1-6 as a square's value; 0 for anything else.
Value value_of(const std::string& t) {
  if (t.size() == 1) {
    for (int c = 0; c < kCrops; ++c) if (t[0] == kCropLetters[c]) return crop_value(c);
    if (t[0] >= '1' && t[0] <= '6') return cow_value(t[0] - '0');
  }
  return 0;
}

std::string not_a_result(const std::string& t) {
  return fmt::format("'{}' is not a result; expected a crop W O R P G Y or a cow 1-6", t);
}

Value value(const JsonValue& v) {
  const std::string t = v.json().is_number_integer() ? std::to_string(v.json().get<int>()) : v.text();
  const Value result = value_of(t);
  if (result == 0) v.fail(not_a_result(t));
  return result;
}

int cell(const JsonValue& v) {
  const std::string t = v.text();
  static const std::string kCols = "LABCDEFR";
  if (t.size() == 2 && kCols.find(t[0]) != std::string::npos && t[1] >= '0' && t[1] <= '7') {
    return cell_index(t[1] - '0', static_cast<int>(kCols.find(t[0])));
  }
  v.fail(fmt::format("'{}' is not a square; expected a column L A B C D E F R and a row 0-7, such as \"B3\"", t));
}

// Season cards and resource cards named in the scenario; each card may be named once (a wrinkle any number of times).
class Cards {
 public:
  explicit Cards(const GameshireRules& rules) : rules_(rules) {}

  CardId card(const JsonValue& v) {
    const std::string name = v.text();
    const int c = rules_.find_card(name);
    if (c < 0) {
      std::string names;
      for (const auto& x : rules_.cards) names += (names.empty() ? "" : ", ") + x.name;
      v.fail(fmt::format("names no season card: '{}'; the cards are: {}", name, names));
    }
    if (used_cards_[c]) v.fail(fmt::format("uses '{}' twice", name));
    used_cards_[c] = true;
    return static_cast<CardId>(c);
  }

  ResId resource(const JsonValue& v) {
    const std::string t = v.text();
    const int w = rules_.find_wrinkle(t);
    if (w >= 0) return static_cast<ResId>(kWrinkleBase + w);
    for (std::size_t r = 0; r < rules_.resources.size(); ++r) {
      if (fmt::format("{} or {}", kCropLetters[rules_.resources[r].crop], rules_.resources[r].cows) == t && !used_res_[r]) {
        used_res_[r] = 1;
        return static_cast<ResId>(r);
      }
    }
    v.fail(fmt::format("'{}' is no unused resource card (such as \"W or 3\") or wrinkle name", t));
  }

  bool card_used(std::size_t c) const { return used_cards_[c]; }
  bool resource_used(std::size_t r) const { return used_res_[r] != 0; }

 private:
  const GameshireRules& rules_;
  std::array<bool, kMaxSeasonCards> used_cards_{};
  std::array<int, kMaxResourceCards> used_res_{};
};

// `maps`: one map name per player.
void read_maps(const JsonReader& in, const GameshireRules& rules, int seats, std::array<Board, kMaxSeats>& boards) {
  if (!in.has("maps")) return;
  const JsonList maps = in.list("maps");
  if (static_cast<int>(maps.size()) != seats) maps.fail(fmt::format("must name one map per player ({})", seats));
  for (int seat = 0; seat < seats; ++seat) {
    const JsonValue v = maps.item(seat);
    const std::string name = v.text();
    int found = -1;
    for (std::size_t m = 0; m < rules.maps.size(); ++m) if (rules.maps[m].name == name) found = static_cast<int>(m);
    if (found < 0) v.fail(fmt::format("names no map: '{}'", name));
    boards[seat].map = static_cast<std::uint8_t>(found);
    boards[seat].values = value_sets(rules.maps[found].border);
  }
}

// `market`: {card, resource} pairs.
Market read_market(const JsonReader& in, Cards& cards) {
  Market market;
  if (!in.has("market")) return market;
  const JsonList list = in.list("market");
  for (const JsonValue& v : list.items()) {
    const json& m = v.json();
    if (!m.is_object() || !m.contains("card") || !m.contains("resource")) list.fail("must hold {card, resource} objects");
    const JsonReader slot = v.object();
    if (market.full()) list.fail("holds more than 6 cards");
    const CardId card = cards.card(slot.value("card"));
    market.push_back({card, cards.resource(slot.value("resource"))});
  }
  return market;
}

struct Decks {
  SeasonCards& season;
  ResourceCards& resources;
  FixedVector<std::uint8_t, kMaxWrinkles>& wrinkles;  // the wrinkles in the game
  Rng& rng;
};

// The season and resource decks: the listed cards on top (first listed on top), the rest shuffled below them
// or out of the game. A wrinkle is in the game only when listed.
void read_decks(const JsonReader& in, const GameshireRules& rules, Cards& cards, Decks decks) {
  SeasonCards listed;
  if (in.has("season_deck")) for (const JsonValue& v : in.list("season_deck").items()) listed.push_back(cards.card(v));
  ResourceCards listed_res;
  if (in.has("resource_deck")) {
    for (const JsonValue& v : in.list("resource_deck").items()) listed_res.push_back(cards.resource(v));
  }
  if (in.choice("unlisted_cards", {"under_deck", "out_of_game"}, "under_deck") == "under_deck") {
    for (std::size_t c = 0; c < rules.cards.size(); ++c) {
      if (!cards.card_used(c)) decks.season.push_back(static_cast<CardId>(c));
    }
    shuffle(decks.season.begin(), decks.season.end(), decks.rng);
    for (std::size_t r = 0; r < rules.resources.size(); ++r) {
      if (!cards.resource_used(r)) decks.resources.push_back(static_cast<ResId>(r));
    }
    shuffle(decks.resources.begin(), decks.resources.end(), decks.rng);
  }
  for (std::size_t i = listed.size(); i-- > 0;) decks.season.push_back(listed[i]);
  for (std::size_t i = listed_res.size(); i-- > 0;) {
    decks.resources.push_back(listed_res[i]);
    if (rules.is_wrinkle(listed_res[i])) decks.wrinkles.push_back(static_cast<std::uint8_t>(listed_res[i] - kWrinkleBase));
  }
}

// `gifts` (six, "" for a column not chosen) and `delivered` (gift columns A-F).
void read_gifts(const JsonReader& in, Pool& pool) {
  if (in.has("gifts")) {
    const JsonList gifts = in.list("gifts");
    if (gifts.size() != kColumns) gifts.fail("must list six gifts (columns A-F); use \"\" for one not chosen");
    for (int c = 0; c < kColumns; ++c) {
      const JsonValue v = gifts.item(c);
      if (v.json().is_string() && v.json().get<std::string>().empty()) continue;
      pool.gift[c] = value(v);
      pool.chosen |= static_cast<std::uint8_t>(1u << c);
    }
  }
  if (!in.has("delivered")) return;
  const JsonList delivered = in.list("delivered");
  for (const JsonValue& v : delivered.items()) {
    const std::string t = v.text();
    if (t.size() != 1 || t[0] < 'A' || t[0] > 'F') delivered.fail("must list gift columns A-F");
    pool.delivered |= static_cast<std::uint8_t>(1u << (t[0] - 'A'));
  }
}

// `skills` (crop letters, in the order learned), `boons`, `track_used`.
void read_skills(const JsonReader& in, const GameshireRules& rules, Pool& pool) {
  if (in.has("skills")) {
    const JsonList skills = in.list("skills");
    for (const JsonValue& v : skills.items()) {
      const std::string t = v.text();
      const char* p = t.size() == 1 ? std::strchr(kCropLetters, t[0]) : nullptr;
      if (!p) skills.fail("must list crop letters W O R P G Y");
      const int crop = static_cast<int>(p - kCropLetters);
      pool.skills |= static_cast<std::uint8_t>(1u << crop);
      pool.learned_order.push_back(static_cast<std::uint8_t>(crop));
    }
  }
  if (in.has("boons")) pool.boons = pool.boons_earned = static_cast<std::int8_t>(in.integer("boons", true, 0, 0, 100));
  pool.track_used = static_cast<std::uint8_t>(
      in.integer("track_used", false, pool.track_used, 0, static_cast<int>(rules.track.size())));
}

// A board's `field`: six rows of six characters, "." for a blank square.
void read_field(const JsonList& rows, Board& board) {
  if (rows.size() != 6) rows.fail("must have six rows of six characters");
  for (int r = 0; r < 6; ++r) {
    const std::string row = rows.item(r).text();
    if (row.size() != 6) rows.fail("must have six rows of six characters (. blank, a crop or a cow)");
    for (int c = 0; c < 6; ++c) {
      if (row[c] == '.') continue;
      const int square = cell_index(r + 1, c + 1);
      const Value v = value_of(std::string(1, row[c]));
      if (v == 0) rows.item(r).fail(not_a_result(std::string(1, row[c])));
      board.values.set(square, v);
      board.written |= cell_bit(square);
    }
  }
}

// One board: {field, shaded, gifts_chosen}.
void read_board(const JsonValue& v, const GameshireRules& rules, bool spring, Board& board) {
  const JsonReader b = v.object("must be an object with 'field', 'shaded', 'gifts_chosen'");
  if (b.has("field")) read_field(b.list("field"), board);
  if (b.has("shaded")) for (const JsonValue& c : b.list("shaded").items()) board.shaded |= cell_bit(cell(c));
  // Spring squares shaded before play were lost to a blight; lines already full earned their boon.
  if (spring) board.fixed = board.shaded;
  const Bits filled = board.written | (spring && rules.shaded_boons ? board.shaded : 0);
  for (int line = 0; line < kLines; ++line) {
    if ((filled & boon_line_mask(line)) == boon_line_mask(line)) board.boon_lines |= static_cast<std::uint16_t>(1u << line);
  }
  board.gifts_chosen = static_cast<std::uint8_t>(b.integer("gifts_chosen", false, board.gifts_chosen, 0, 6));
}

void read_boards(const JsonReader& in, const GameshireRules& rules, int seats, bool spring,
                 std::array<Board, kMaxSeats>& boards) {
  if (!in.has("boards")) return;
  const JsonList list = in.list("boards");
  if (static_cast<int>(list.size()) > seats) list.fail("lists more boards than players");
  for (std::size_t seat = 0; seat < list.size(); ++seat) read_board(list.item(seat), rules, spring, boards[seat]);
}

}  // namespace

GameshireState state_from_scenario(const GameshireRules& rules, const json& sc, std::uint64_t seed) {
  const JsonReader in = JsonReader::top(sc, "scenario");
  in.only({"maps", "season", "active", "season_deck", "resource_deck", "market", "boards", "gifts", "delivered",
           "skills", "boons", "track_used", "unlisted_cards"});
  GameshireState s = GameshireState::blank(rules, seed);
  read_maps(in, rules, s.seats_, s.boards_);
  Cards cards(rules);
  const Market market = read_market(in, cards);
  read_decks(in, rules, cards, {s.season_deck_, s.res_deck_, s.wrinkles_in_game_, s.rng_});
  s.market_ = market;
  if (in.choice("season", {"spring", "autumn"}, "spring") == "autumn") s.season_ = Season::Autumn;
  read_gifts(in, s.pools_[0]);
  read_skills(in, rules, s.pools_[0]);
  for (int p = 1; p < s.seats_; ++p) s.pools_[p] = s.pools_[0];   // competitive: every player starts alike
  read_boards(in, rules, s.seats_, s.season_ == Season::Spring, s.boards_);
  s.active_ = static_cast<std::int8_t>(in.integer("active", false, 0, 0, s.seats_ - 1));
  s.log_event({.kind = Event::SeasonStart, .a = static_cast<std::uint8_t>(s.season_)});
  s.start_turn();
  return s;
}

}  // namespace court::gameshire
