// Gameshire scenarios: a JSON object (or the same structure in TOML) that fixes the maps, decks,
// market and, for tests and teaching, a table in mid-game. See "Scenario files" in
// docs/rules/gameshire.md.
#include <fmt/format.h>

#include "games/gameshire/game.h"

namespace court::gameshire {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw UserError(fmt::format("scenario: field '{}' {}", field, what));
}

std::string str(const json& j, const std::string& field) {
  if (!j.is_string()) fail(field, "must be a string");
  return j.get<std::string>();
}

int integer(const json& j, const std::string& field, int min, int max) {
  if (!j.is_number_integer() || j.get<long>() < min || j.get<long>() > max) fail(field, fmt::format("must be an integer {}..{}", min, max));
  return j.get<int>();
}

const json& array(const json& j, const std::string& field) {
  if (!j.is_array()) fail(field, "must be an array");
  return j;
}

Value value(const json& j, const std::string& field) {
  const std::string t = j.is_number_integer() ? std::to_string(j.get<int>()) : str(j, field);
  if (t.size() == 1) {
    for (int c = 0; c < kCrops; ++c) if (t[0] == kCropLetters[c]) return crop_value(c);
    if (t[0] >= '1' && t[0] <= '6') return cow_value(t[0] - '0');
  }
  fail(field, fmt::format("'{}' is not a result; expected a crop W O R P G Y or a cow 1-6", t));
}

int cell(const json& j, const std::string& field) {
  const std::string t = str(j, field);
  static const std::string kCols = "LABCDEFR";
  if (t.size() == 2 && kCols.find(t[0]) != std::string::npos && t[1] >= '0' && t[1] <= '7') {
    return cell_index(t[1] - '0', static_cast<int>(kCols.find(t[0])));
  }
  fail(field, fmt::format("'{}' is not a square; expected a column L A B C D E F R and a row 0-7, such as \"B3\"", t));
}

CardId card(const GameshireRules& rules, const json& j, const std::string& field, std::array<bool, kMaxSeasonCards>& used) {
  const int c = rules.find_card(str(j, field));
  if (c < 0) {
    std::string names;
    for (const auto& x : rules.cards) names += (names.empty() ? "" : ", ") + x.name;
    fail(field, fmt::format("names no season card: '{}'; the cards are: {}", j.get<std::string>(), names));
  }
  if (used[c]) fail(field, fmt::format("uses '{}' twice", j.get<std::string>()));
  used[c] = true;
  return static_cast<CardId>(c);
}

ResId resource(const GameshireRules& rules, const json& j, const std::string& field, std::array<int, kMaxResourceCards>& used) {
  const std::string t = str(j, field);
  const int w = rules.find_wrinkle(t);
  if (w >= 0) return static_cast<ResId>(kWrinkleBase + w);
  for (std::size_t r = 0; r < rules.resources.size(); ++r) {
    if (fmt::format("{} or {}", kCropLetters[rules.resources[r].crop], rules.resources[r].cows) == t && !used[r]) {
      used[r] = 1;
      return static_cast<ResId>(r);
    }
  }
  fail(field, fmt::format("'{}' is no unused resource card (such as \"W or 3\") or wrinkle name", t));
}

const std::vector<std::string> kKnown = {"maps", "season", "active", "season_deck", "resource_deck", "market",
                                         "boards", "gifts", "delivered", "skills", "boons", "track_used", "unlisted_cards"};

}  // namespace

GameshireState state_from_scenario(const GameshireRules& rules, const json& sc, std::uint64_t seed) {
  if (!sc.is_object()) fail("(top)", "must be an object");
  for (const auto& [key, v] : sc.items()) {
    if (std::find(kKnown.begin(), kKnown.end(), key) == kKnown.end()) {
      std::string known;
      for (const auto& k : kKnown) known += (known.empty() ? "" : ", ") + k;
      fail(key, fmt::format("is not a scenario field; allowed: {}", known));
    }
  }
  GameshireState s = GameshireState::blank(rules, seed);
  if (sc.contains("maps")) {
    const json& maps = array(sc["maps"], "maps");
    if (static_cast<int>(maps.size()) != s.seats_) fail("maps", fmt::format("must name one map per player ({})", static_cast<int>(s.seats_)));
    for (int seat = 0; seat < s.seats_; ++seat) {
      const std::string name = str(maps[seat], "maps");
      int found = -1;
      for (std::size_t m = 0; m < rules.maps.size(); ++m) if (rules.maps[m].name == name) found = static_cast<int>(m);
      if (found < 0) fail("maps", fmt::format("names no map: '{}'", name));
      s.boards_[seat].map = static_cast<std::uint8_t>(found);
      s.boards_[seat].value = rules.maps[found].border;
    }
  }
  std::array<bool, kMaxSeasonCards> used_cards{};
  std::array<int, kMaxResourceCards> used_res{};
  FixedVector<MarketSlot, kMarketCapacity> market;
  if (sc.contains("market")) {
    for (const json& m : array(sc["market"], "market")) {
      if (!m.is_object() || !m.contains("card") || !m.contains("resource")) fail("market", "must hold {card, resource} objects");
      if (market.full()) fail("market", "holds more than 6 cards");
      market.push_back({card(rules, m["card"], "market.card", used_cards), resource(rules, m["resource"], "market.resource", used_res)});
    }
  }
  FixedVector<CardId, kMaxSeasonCards> listed;
  if (sc.contains("season_deck")) for (const json& c : array(sc["season_deck"], "season_deck")) listed.push_back(card(rules, c, "season_deck", used_cards));
  FixedVector<ResId, kMaxResDeck> listed_res;
  if (sc.contains("resource_deck")) {
    for (const json& r : array(sc["resource_deck"], "resource_deck")) listed_res.push_back(resource(rules, r, "resource_deck", used_res));
  }
  const std::string unlisted = sc.contains("unlisted_cards") ? str(sc["unlisted_cards"], "unlisted_cards") : "under_deck";
  if (unlisted != "under_deck" && unlisted != "out_of_game") fail("unlisted_cards", "must be \"under_deck\" or \"out_of_game\"");
  if (unlisted == "under_deck") {
    for (std::size_t c = 0; c < rules.cards.size(); ++c) if (!used_cards[c]) s.season_deck_.push_back(static_cast<CardId>(c));
    shuffle(s.season_deck_.begin(), s.season_deck_.end(), s.rng_);
    for (std::size_t r = 0; r < rules.resources.size(); ++r) if (!used_res[r]) s.res_deck_.push_back(static_cast<ResId>(r));
    shuffle(s.res_deck_.begin(), s.res_deck_.end(), s.rng_);
  }
  for (std::size_t i = listed.size(); i-- > 0;) s.season_deck_.push_back(listed[i]);     // first listed on top
  for (std::size_t i = listed_res.size(); i-- > 0;) {
    s.res_deck_.push_back(listed_res[i]);
    if (rules.is_wrinkle(listed_res[i])) s.wrinkles_in_game_.push_back(static_cast<std::uint8_t>(listed_res[i] - kWrinkleBase));
  }
  s.market_ = market;

  const std::string season = sc.contains("season") ? str(sc["season"], "season") : "spring";
  if (season != "spring" && season != "autumn") fail("season", "must be \"spring\" or \"autumn\"");
  if (season == "autumn") s.season_ = Season::Autumn;
  Pool& pool = s.pools_[0];
  if (sc.contains("gifts")) {
    const json& gifts = array(sc["gifts"], "gifts");
    if (gifts.size() != kColumns) fail("gifts", "must list six gifts (columns A-F); use \"\" for one not chosen");
    for (int c = 0; c < kColumns; ++c) {
      if (gifts[c].is_string() && gifts[c].get<std::string>().empty()) continue;
      pool.gift[c] = value(gifts[c], "gifts");
      pool.chosen |= static_cast<std::uint8_t>(1u << c);
    }
  }
  if (sc.contains("delivered")) {
    for (const json& d : array(sc["delivered"], "delivered")) {
      const std::string t = str(d, "delivered");
      if (t.size() != 1 || t[0] < 'A' || t[0] > 'F') fail("delivered", "must list gift columns A-F");
      pool.delivered |= static_cast<std::uint8_t>(1u << (t[0] - 'A'));
    }
  }
  if (sc.contains("skills")) {
    for (const json& k : array(sc["skills"], "skills")) {
      const std::string t = str(k, "skills");
      const char* p = t.size() == 1 ? std::strchr(kCropLetters, t[0]) : nullptr;
      if (!p) fail("skills", "must list crop letters W O R P G Y");
      const int crop = static_cast<int>(p - kCropLetters);
      pool.skills |= static_cast<std::uint8_t>(1u << crop);
      pool.learned_order.push_back(static_cast<std::uint8_t>(crop));
    }
  }
  if (sc.contains("boons")) pool.boons = pool.boons_earned = static_cast<std::int8_t>(integer(sc["boons"], "boons", 0, 100));
  if (sc.contains("track_used")) pool.track_used = static_cast<std::uint8_t>(integer(sc["track_used"], "track_used", 0, static_cast<int>(rules.track.size())));
  for (int p = 1; p < s.seats_; ++p) s.pools_[p] = pool;   // competitive: every player starts alike
  if (sc.contains("boards")) {
    const json& boards = array(sc["boards"], "boards");
    if (static_cast<int>(boards.size()) > s.seats_) fail("boards", "lists more boards than players");
    for (std::size_t seat = 0; seat < boards.size(); ++seat) {
      const json& b = boards[seat];
      const std::string f = fmt::format("boards[{}]", seat);
      if (!b.is_object()) fail(f, "must be an object with 'field', 'shaded', 'gifts_chosen'");
      Board& board = s.boards_[seat];
      if (b.contains("field")) {
        const json& rows = array(b["field"], f + ".field");
        if (rows.size() != 6) fail(f + ".field", "must have six rows of six characters");
        for (int r = 0; r < 6; ++r) {
          const std::string row = str(rows[r], f + ".field");
          if (row.size() != 6) fail(f + ".field", "must have six rows of six characters (. blank, a crop or a cow)");
          for (int c = 0; c < 6; ++c) {
            if (row[c] == '.') continue;
            const int cell = cell_index(r + 1, c + 1);
            board.value[cell] = value(std::string(1, row[c]), f + ".field");
            board.written |= cell_bit(cell);
          }
        }
      }
      if (b.contains("shaded")) for (const json& c : array(b["shaded"], f + ".shaded")) board.shaded |= cell_bit(cell(c, f + ".shaded"));
      // Spring squares shaded before play were lost to a blight; lines already full earned their boon.
      const bool spring = s.season_ == Season::Spring;
      if (spring) board.fixed = board.shaded;
      const Bits filled = board.written | (spring && rules.shaded_boons ? board.shaded : 0);
      for (int line = 0; line < kLines; ++line) {
        if ((filled & boon_line_mask(line)) == boon_line_mask(line)) board.boon_lines |= static_cast<std::uint16_t>(1u << line);
      }
      if (b.contains("gifts_chosen")) board.gifts_chosen = static_cast<std::uint8_t>(integer(b["gifts_chosen"], f + ".gifts_chosen", 0, 6));
    }
  }
  s.active_ = static_cast<std::int8_t>(sc.contains("active") ? integer(sc["active"], "active", 0, s.seats_ - 1) : 0);
  s.log_event({.kind = Event::SeasonStart, .a = static_cast<std::uint8_t>(s.season_)});
  s.start_turn();
  return s;
}

}  // namespace court::gameshire
