// Gameshire's data read into its immutable Rules: the maps, season cards, resource cards, skills and
// wrinkles from data/gameshire/*.toml (errors name the file, line, entry and what is allowed), and the options.
#include "games/gameshire/cards.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fmt/format.h>

#include "engine/data.h"

namespace court::gameshire {
namespace {

constexpr const char* kGameId = "gameshire";

// Errors read "<file>:<line>: <entry>: field '<key>' ...", citing the table's line ("<file>:<line>: field ..." with
// no entry).
FieldReader entry_reader(const toml::table& table, const std::string& file, const std::string& entry) {
  const std::string at = file_line(file, table);
  return FieldReader(table, entry.empty() ? at : fmt::format("{}: {}", at, entry));
}

// The entry's "name": not empty, and no earlier entry's (`find` looks it up among them: -1 when absent).
std::string distinct_name(const FieldReader& r, const GameshireRules& rules, int (GameshireRules::*find)(const std::string&) const) {
  std::string name = r.nonempty_text("name");
  if ((rules.*find)(name) >= 0) r.fail("name", fmt::format("'{}' appears twice; names must be distinct", name));
  return name;
}

int crop_index(char c) {
  const char* p = std::strchr(kCropLetters, c);
  return c && p ? static_cast<int>(p - kCropLetters) : -1;
}

// Value from a map or resource token: a crop letter or a cow digit 1-6.
int parse_value(const std::string& token) {
  if (token.size() != 1) return -1;
  if (int crop = crop_index(token[0]); crop >= 0) return crop_value(crop);
  if (token[0] >= '1' && token[0] <= '6') return cow_value(token[0] - '0');
  return -1;
}

void load_maps(GameshireRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "maps.toml", config.data_dir);
  const toml::array& list = table_array(root, "map", file);
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldReader r = entry_reader(*list[i].as_table(), file, fmt::format("map #{}", i + 1));
    r.only({"name", "grid"});
    MapInfo m;
    m.name = r.text("name", true);
    auto rows = r.strings("grid");
    if (rows.size() != kGrid) r.fail("grid", fmt::format("must have 8 rows, not {}", rows.size()));
    std::array<int, kColumns> crowns_in_column{};
    for (int row = 0; row < kGrid; ++row) {
      std::vector<std::string> tokens;
      std::string tok;
      for (char ch : rows[row] + " ") {
        if (ch == ' ') { if (!tok.empty()) tokens.push_back(tok); tok.clear(); } else tok += ch;
      }
      if (tokens.size() != kGrid) r.fail("grid", fmt::format("row {} must have 8 cells separated by spaces, not {}", row + 1, tokens.size()));
      for (int col = 0; col < kGrid; ++col) {
        const int cell = cell_index(row, col);
        const std::string& t = tokens[col];
        if (kFieldMask & cell_bit(cell)) {
          if (t == "C") { m.crowns |= cell_bit(cell); m.crown[col - 1] = static_cast<std::uint8_t>(cell); ++crowns_in_column[col - 1]; }
          else if (t == "H") m.hammers |= cell_bit(cell);
          else if (t != ".") r.fail("grid", fmt::format("row {} cell {}: '{}' is not allowed in the field; expected . (blank), C (crown) or H (hammer)", row + 1, col + 1, t));
        } else {
          int v = parse_value(t);
          if (v < 0) r.fail("grid", fmt::format("row {} cell {}: '{}' is not allowed on the border; expected a crop W O R P G Y or a cow 1-6", row + 1, col + 1, t));
          m.border[cell] = static_cast<Value>(v);
        }
      }
    }
    for (int c = 0; c < kColumns; ++c) {
      if (crowns_in_column[c] != 1) r.fail("grid", fmt::format("field column {} has {} crowns; expected exactly one", "ABCDEF"[c], crowns_in_column[c]));
    }
    if (std::popcount(m.hammers) != kCrops) r.fail("grid", fmt::format("has {} hammers; expected six", std::popcount(m.hammers)));
    rules.maps.push_back(m);
  }
  if (rules.maps.size() < 6 || rules.maps.size() > kMaxMaps) throw UserError(fmt::format("{}: {} maps; expected 6..{} (one per player)", file, rules.maps.size(), kMaxMaps));
}

Requirement parse_requirement(const toml::table& t, const FieldReader& card, const std::string& file, const std::string& entry) {
  FieldReader r = entry_reader(t, file, entry);
  r.only({"kind", "n", "crop"});
  static const std::pair<const char*, ReqKind> kKinds[] = {
      {"distinct_crops", ReqKind::DistinctCrops}, {"distinct_cows", ReqKind::DistinctCows}, {"crops", ReqKind::Crops},
      {"cows", ReqKind::Cows}, {"same_crop", ReqKind::SameCrop}, {"cow_total", ReqKind::CowTotal},
      {"crop", ReqKind::Crop}, {"filled", ReqKind::Filled}};
  Requirement q;
  const std::string kind = r.text("kind", true);
  bool found = false;
  for (const auto& [name, k] : kKinds) if (kind == name) { q.kind = k; found = true; }
  if (!found) {
    r.fail("kind", fmt::format("'{}' is not allowed; expected one of distinct_crops, distinct_cows, crops, cows, "
                               "same_crop, cow_total, crop, filled", kind));
  }
  q.n = static_cast<std::uint8_t>(r.integer("n", true, 1, 1, 30));
  if (q.kind == ReqKind::Crop) {
    int c = crop_index(r.text("crop", true).size() == 1 ? r.text("crop", true)[0] : 0);
    if (c < 0) r.fail("crop", "must be one crop letter: W, O, R, P, G or Y");
    q.crop = static_cast<std::uint8_t>(c);
  }
  (void)card;
  return q;
}

// Placements of every orientation of `shape`, for each omission, deduplicated on (cells, symbols).
std::vector<Placed> placements_of(const Shape& shape, const std::vector<std::uint8_t>* symbols) {
  // (No allocation inside the loops but `out`'s: a Gameshire data file is read for every table and Lab
  // variant, and under the fuzzer's sanitizers each small vector cost more than the rest.)
  std::vector<Placed> out;
  const int n = static_cast<int>(shape.cells.size());
  out.reserve(static_cast<std::size_t>(n + 1) * kTransforms);
  for (int omit = 0; omit <= n; ++omit) {
    Shape reduced;
    for (int i = 0; i < n; ++i) {
      if (omit > 0 && shape.tags[i] == omit - 1) continue;
      reduced.cells.push_back(shape.cells[i]);
      reduced.tags.push_back(shape.tags[i]);
    }
    const std::size_t first = out.size();   // this omission's placements so far: out[first..]
    for (int t = 0; t < kTransforms; ++t) {
      Shape s = transform(reduced, t);
      Placed p;
      p.pattern = make_pattern(s);
      p.size = static_cast<std::uint8_t>(s.cells.size());
      p.omitted = static_cast<std::uint8_t>(omit);
      p.transform = static_cast<std::uint8_t>(t);
      for (std::size_t i = 0; i < s.cells.size(); ++i) {
        p.offset[i] = static_cast<std::uint8_t>(cell_index(s.cells[i].row, s.cells[i].col));
        p.symbol[i] = symbols ? (*symbols)[s.tags[i]] : 0;
      }
      // The same squares with the same symbols in order: an orientation already listed.
      const auto same = [&](const Placed& q) {
        return q.pattern.mask == p.pattern.mask && std::equal(p.symbol.begin(), p.symbol.begin() + p.size, q.symbol.begin());
      };
      if (std::any_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), same)) continue;
      out.push_back(p);
    }
  }
  return out;
}

// SeasonCard::spring_twins: the placements of `c.spring` that repeat an earlier one of their omission
// once the symbols take resource card `r`'s values.
Bits spring_twins(const SeasonCard& c, const ResourceCard& r) {
  static_assert((kMaxShapeCells + 1) * kTransforms <= 64, "a card's placements are bits of a Bits");
  Bits twins = 0;
  for (std::size_t i = 0; i < c.spring.size(); ++i) {
    const Placed& p = c.spring[i];
    for (std::size_t j = c.spring_from[p.omitted]; j < i; ++j) {
      const Placed& q = c.spring[j];
      bool same = q.pattern.mask == p.pattern.mask;
      for (int k = 0; k < p.size; ++k) same = same && plan_value(p.symbol[k], r) == plan_value(q.symbol[k], r);
      if (same) twins |= Bits{1} << i;
    }
  }
  return twins;
}

// The start of each omission's run in `list` (placements_of lists them by omission, the whole shape
// first); omissions past the last start at the end.
OmissionStarts omission_starts(const std::vector<Placed>& list) {
  OmissionStarts from{};
  std::size_t i = 0;
  for (std::size_t k = 0; k < from.size(); ++k) {
    while (i < list.size() && list[i].omitted < k) ++i;
    from[k] = static_cast<std::uint8_t>(i);
  }
  return from;
}

Shape read_shape(const FieldReader& r, const char* key, bool plan, std::vector<std::uint8_t>& symbols) {
  auto rows = r.strings(key);
  std::vector<Cell> cells;
  for (std::size_t row = 0; row < rows.size(); ++row) {
    for (std::size_t col = 0; col < rows[row].size(); ++col) {
      const char ch = rows[row][col];
      if (ch == '.') continue;
      std::uint8_t sym = 0;
      if (plan) {
        if (ch == '#') sym = kSymHash;
        else if (ch == '*') sym = kSymRainbow;
        else if (int v = parse_value(std::string(1, ch)); v > 0) sym = static_cast<std::uint8_t>(v);
        else r.fail(key, fmt::format("'{}' is not allowed in a plan; expected a crop W O R P G Y, a cow 1-6, # (the resource's cow), * (its crop) or . (no cell)", ch));
      } else if (ch != 'X') {
        r.fail(key, fmt::format("'{}' is not allowed in a demand; expected X (a cell) or . (no cell)", ch));
      }
      cells.push_back(Cell{static_cast<std::int8_t>(row), static_cast<std::int8_t>(col)});
      symbols.push_back(sym);
    }
  }
  if (cells.size() < 2 || cells.size() > 5) r.fail(key, fmt::format("has {} cells; expected a polyomino of 2-5 cells", cells.size()));
  Shape s = make_shape(cells);
  if (!connected(s)) r.fail(key, "is not connected; cells must join edge to edge");
  return s;
}

void load_cards(GameshireRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "seasons.toml", config.data_dir);
  const toml::array& list = table_array(root, "card", file);
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldReader r = entry_reader(*list[i].as_table(), file, fmt::format("card #{}", i + 1));
    r.only({"name", "plan", "demand", "require"});
    SeasonCard c;
    c.name = distinct_name(r, rules, &GameshireRules::find_card);
    std::vector<std::uint8_t> plan_symbols, unused;
    c.plan = read_shape(r, "plan", true, plan_symbols);
    c.plan_symbols = plan_symbols;
    c.demand = read_shape(r, "demand", false, unused);
    const toml::array& req = r.array("require");
    if (req.empty()) r.fail("require", "must list at least one clause");
    for (std::size_t k = 0; k < req.size(); ++k) {
      if (!req[k].is_table()) r.fail("require", "must hold tables such as {kind = \"crops\", n = 2}");
      c.require.push_back(parse_requirement(*req[k].as_table(), r, file, fmt::format("card '{}' require #{}", c.name, k + 1)));
      c.require_text += (k ? ", " : "") + requirement_text(c.require.back());
    }
    c.spring = placements_of(c.plan, &c.plan_symbols);
    c.autumn = placements_of(c.demand, nullptr);
    c.spring_from = omission_starts(c.spring);
    c.autumn_from = omission_starts(c.autumn);
    rules.cards.push_back(std::move(c));
  }
  if (rules.cards.size() < 6 || rules.cards.size() > kMaxSeasonCards) {
    throw UserError(fmt::format("{}: {} season cards; expected 6..{}", file, rules.cards.size(), kMaxSeasonCards));
  }
}

void load_resources(GameshireRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "resources.toml", config.data_dir);
  FieldReader r = entry_reader(root, file, "");
  for (const std::string& text : r.strings("resources")) {
    // "W or 3"
    if (text.size() != 6 || text.substr(1, 4) != " or " || crop_index(text[0]) < 0 || text[5] < '1' || text[5] > '6') {
      r.fail("resources", fmt::format("entry '{}' is not allowed; expected \"<crop> or <cow>\" such as \"W or 3\" (crops W O R P G Y, cows 1-6)", text));
    }
    rules.resources.push_back({static_cast<std::uint8_t>(crop_index(text[0])), static_cast<std::uint8_t>(text[5] - '0')});
  }
  if (rules.resources.size() < 6 || rules.resources.size() > kMaxResourceCards) {
    throw UserError(fmt::format("{}: {} resource cards; expected 6..{}", file, rules.resources.size(), kMaxResourceCards));
  }
}

void load_skills(GameshireRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "skills.toml", config.data_dir);
  FieldReader top = entry_reader(root, file, "");
  for (const auto& item : top.array("track")) {
    auto v = toml_integer(item);
    if (!v || *v < 0 || *v > 20) top.fail("track", "must hold integers 0..20");
    rules.track.push_back(static_cast<int>(*v));
  }
  if (rules.track.empty() || rules.track.size() > kMaxTrack) top.fail("track", fmt::format("must hold 1..{} numbers", kMaxTrack));
  const toml::array& list = table_array(root, "skill", file);
  std::array<bool, kCrops> seen{};
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldReader r = entry_reader(*list[i].as_table(), file, fmt::format("skill #{}", i + 1));
    r.only({"crop", "name", "effect"});
    const std::string crop = r.text("crop", true);
    int c = crop.size() == 1 ? crop_index(crop[0]) : -1;
    if (c < 0) r.fail("crop", "must be one crop letter: W, O, R, P, G or Y");
    if (seen[c]) r.fail("crop", fmt::format("'{}' has two skills; each crop has one", crop));
    seen[c] = true;
    rules.skills[c].name = r.text("name", true);
    const std::string effect = r.text("effect", true);
    bool found = false;
    for (std::size_t e = 0; e < std::size(kSkillEffectKeys); ++e) {
      if (effect == kSkillEffectKeys[e]) { rules.skills[c].effect = static_cast<SkillEffect>(e); found = true; }
    }
    if (!found) r.fail("effect", fmt::format("'{}' is not allowed; expected one of erase, omit, write, swap_resource, add_plan, return_plan", effect));
  }
  for (int c = 0; c < kCrops; ++c) if (!seen[c]) throw UserError(fmt::format("{}: no skill for crop {}; each crop needs one", file, kCropLetters[c]));
}

void load_wrinkles(GameshireRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "wrinkles.toml", config.data_dir);
  const toml::array& list = table_array(root, "wrinkle", file);
  static const std::pair<const char*, WrinkleEffect> kEffects[] = {
      {"lose_boons", WrinkleEffect::LoseBoons}, {"raise_cost", WrinkleEffect::RaiseCost}, {"forget_skill", WrinkleEffect::ForgetSkill},
      {"discard_market", WrinkleEffect::DiscardMarket}, {"burn_season", WrinkleEffect::BurnSeason},
      {"blight", WrinkleEffect::Blight}, {"blight_sparing_crowns", WrinkleEffect::BlightSparingCrowns},
      {"blight_border", WrinkleEffect::BlightBorder},
      {"shrink_market", WrinkleEffect::ShrinkMarket}};
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldReader r = entry_reader(*list[i].as_table(), file, fmt::format("wrinkle #{}", i + 1));
    r.only({"name", "colour", "text", "effects"});
    Wrinkle w;
    w.name = distinct_name(r, rules, &GameshireRules::find_wrinkle);
    const std::string colour = r.text("colour", true);
    if (colour == "green") w.colour = Colour::Green;
    else if (colour == "yellow") w.colour = Colour::Yellow;
    else if (colour == "red") w.colour = Colour::Red;
    else r.fail("colour", fmt::format("'{}' is not allowed; expected green, yellow or red", colour));
    w.text = r.text("text", false);
    const toml::array& effects = r.array("effects");
    if (effects.empty()) r.fail("effects", "must list at least one effect");
    for (std::size_t k = 0; k < effects.size(); ++k) {
      if (!effects[k].is_table()) r.fail("effects", "must hold tables such as {effect = \"blight\", n = 1}");
      FieldReader e = entry_reader(*effects[k].as_table(), file, fmt::format("wrinkle '{}' effect #{}", w.name, k + 1));
      e.only({"effect", "n"});
      const std::string name = e.text("effect", true);
      WrinkleStep step;
      bool found = false;
      for (const auto& [key, eff] : kEffects) if (name == key) { step.effect = eff; found = true; }
      if (!found) e.fail("effect", fmt::format("'{}' is not allowed; expected one of lose_boons, raise_cost, forget_skill, discard_market, burn_season, blight, "
                                              "blight_sparing_crowns, blight_border, shrink_market", name));
      step.n = static_cast<std::uint8_t>(e.integer("n", false, 1, 1, 10));
      w.effects.push_back(step);
    }
    rules.wrinkles.push_back(std::move(w));
  }
  if (rules.wrinkles.size() > kMaxWrinkles) throw UserError(fmt::format("{}: more than {} wrinkles", file, kMaxWrinkles));
}

}  // namespace

std::string value_text(Value v) {
  if (is_crop(v)) return std::string(1, kCropLetters[crop_of(v)]);
  if (is_cow(v)) return std::to_string(cows_of(v));
  return ".";
}

int GameshireRules::find_card(const std::string& name) const {
  for (std::size_t i = 0; i < cards.size(); ++i) if (cards[i].name == name) return static_cast<int>(i);
  return -1;
}

int GameshireRules::find_wrinkle(const std::string& name) const {
  for (std::size_t i = 0; i < wrinkles.size(); ++i) {
    if (wrinkles[i].name.size() == name.size() &&
        std::equal(name.begin(), name.end(), wrinkles[i].name.begin(), [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

std::array<std::uint8_t, kMaxSeats> gift_quotas(int seats) {
  std::array<std::uint8_t, kMaxSeats> q{};
  switch (seats) {
    case 1: q = {6}; break;
    case 2: q = {3, 3}; break;
    case 3: q = {2, 2, 2}; break;
    case 4: q = {2, 2, 1, 1}; break;
    case 5: q = {2, 1, 1, 1, 1}; break;
    default: for (int s = 0; s < seats && s < kMaxSeats; ++s) q[s] = 1; break;
  }
  return q;
}

bool meets(const std::vector<Requirement>& require, const Value* values, int count) {
  std::array<int, 13> n{};
  for (int i = 0; i < count; ++i) ++n[values[i]];
  int crops = 0, cows = 0, distinct_crops = 0, distinct_cows = 0, same_crop = 0, cow_total = 0;
  for (int c = 0; c < kCrops; ++c) {
    const int k = n[crop_value(c)];
    crops += k; distinct_crops += k > 0; same_crop = std::max(same_crop, k);
    const int m = n[cow_value(c + 1)];
    cows += m; distinct_cows += m > 0; cow_total += m * (c + 1);
  }
  for (const Requirement& r : require) {
    int have = 0;
    switch (r.kind) {
      case ReqKind::DistinctCrops: have = distinct_crops; break;
      case ReqKind::DistinctCows: have = distinct_cows; break;
      case ReqKind::Crops: have = crops; break;
      case ReqKind::Cows: have = cows; break;
      case ReqKind::SameCrop: have = same_crop; break;
      case ReqKind::CowTotal: have = cow_total; break;
      case ReqKind::Crop: have = n[crop_value(r.crop)]; break;
      case ReqKind::Filled: have = crops + cows; break;
    }
    if (have < r.n) return false;
  }
  return true;
}

namespace {

// Counts per anchor, bit-sliced: bit a of plane j is bit j of anchor a's count (sums up to 63).
struct LaneCounts {
  std::array<Bits, 6> plane{};
  // Adds 2^weight_bit to every lane set in `x` (a ripple carry across the planes).
  void add(Bits x, int weight_bit = 0) {
    for (int j = weight_bit; x && j < static_cast<int>(plane.size()); ++j) {
      const Bits carry = plane[j] & x;
      plane[j] ^= x;
      x = carry;
    }
  }
  // Lanes whose count is at least n: compared from the highest bit down.
  Bits at_least(int n) const {
    if (n <= 0) return kAllCells;
    if (n >= 1 << plane.size()) return 0;
    Bits greater = 0, equal = kAllCells;
    for (int j = static_cast<int>(plane.size()) - 1; j >= 0; --j) {
      if (n >> j & 1) equal &= plane[j];
      else greater |= equal & plane[j];
    }
    return greater | equal;
  }
};

// Counts up to 7 per anchor (squares of a shape, kinds among six), three planes, no branches.
struct SmallCounts {
  Bits b0 = 0, b1 = 0, b2 = 0;
  void add(Bits x) {
    const Bits c0 = b0 & x;
    b0 ^= x;
    const Bits c1 = b1 & c0;
    b1 ^= c0;
    b2 |= c1;
  }
  Bits at_least(int n) const {
    switch (n) {
      case 0: return kAllCells;
      case 1: return b0 | b1 | b2;
      case 2: return b1 | b2;
      case 3: return b2 | (b1 & b0);
      case 4: return b2;
      case 5: return b2 & (b1 | b0);
      case 6: return b2 & b1;
      case 7: return b2 & b1 & b0;
      default: return 0;
    }
  }
};

// Anchors at which at least `n` squares of `p` lie on `squares`.
Bits anchors_covering(const Pattern& p, Bits squares, int n) {
  SmallCounts count;
  for (Bits m = p.mask; m; m &= m - 1) count.add(squares >> std::countr_zero(m));
  return count.at_least(n);
}

// Anchors at which `p` covers at least `n` different values of first..first + 5 (crops or cows): for
// each value, the anchors at which `p` covers some square holding it, all six in one pass over the
// shape's squares.
Bits anchors_distinct(const Pattern& p, const ValueSets& sets, Value first, int n) {
  std::array<Bits, 6> holding{}, touching{};
  for (int k = 0; k < 6; ++k) holding[k] = sets.of(static_cast<Value>(first + k));
  for (Bits m = p.mask; m; m &= m - 1) {
    const int offset = std::countr_zero(m);
    for (int k = 0; k < 6; ++k) touching[k] |= holding[k] >> offset;
  }
  SmallCounts count;
  for (int k = 0; k < 6; ++k) count.add(touching[k]);
  return count.at_least(n);
}

// Anchors at which at least `n` squares of `p` hold one crop (counted for the six together, in one
// pass over the shape's squares).
Bits anchors_same_crop(const Pattern& p, const ValueSets& sets, int n) {
  std::array<Bits, kCrops> holding{};
  std::array<SmallCounts, kCrops> count{};
  for (int c = 0; c < kCrops; ++c) holding[c] = sets.of(crop_value(c));
  for (Bits m = p.mask; m; m &= m - 1) {
    const int offset = std::countr_zero(m);
    for (int c = 0; c < kCrops; ++c) count[c].add(holding[c] >> offset);
  }
  Bits out = 0;
  for (int c = 0; c < kCrops; ++c) out |= count[c].at_least(n);
  return out;
}

// Anchors at which the cows covered total at least `n`: each cow square adds its number (1..6), bit by bit.
Bits anchors_cow_total(const Pattern& p, const ValueSets& sets, int n) {
  std::array<Bits, 3> weight_bit{};   // squares whose cow number has bit j set
  for (int cows = 1; cows <= 6; ++cows) {
    for (int j = 0; j < 3; ++j) if (cows >> j & 1) weight_bit[j] |= sets.of(cow_value(cows));
  }
  LaneCounts total;
  for (Bits m = p.mask; m; m &= m - 1) {
    const int offset = std::countr_zero(m);
    for (int j = 0; j < 3; ++j) total.add(weight_bit[j] >> offset, j);
  }
  return total.at_least(n);
}

Bits anchors_meeting(const Requirement& r, const Pattern& p, const ValueSets& sets) {
  switch (r.kind) {
    case ReqKind::DistinctCrops: return anchors_distinct(p, sets, crop_value(0), r.n);
    case ReqKind::DistinctCows: return anchors_distinct(p, sets, cow_value(1), r.n);
    case ReqKind::Crops: return anchors_covering(p, sets.crops(), r.n);
    case ReqKind::Cows: return anchors_covering(p, sets.cows(), r.n);
    case ReqKind::SameCrop: return anchors_same_crop(p, sets, r.n);
    case ReqKind::CowTotal: return anchors_cow_total(p, sets, r.n);
    case ReqKind::Crop: return anchors_covering(p, sets.of(crop_value(r.crop)), r.n);
    case ReqKind::Filled: return anchors_covering(p, sets.filled(), r.n);
  }
  return 0;
}

}  // namespace

// A map row is eight value bytes read as one word; bit j of each byte is gathered into a byte by one
// multiplication (each byte's bit lands on its own column of the top byte, without carries).
ValueSets value_sets(const std::array<Value, kCells>& values) {
  static_assert(std::endian::native == std::endian::little, "rows are read as little-endian words");
  constexpr std::uint64_t kLowBits = 0x0101010101010101ull;
  constexpr std::uint64_t kGather = 0x0102040810204080ull;
  ValueSets sets;
  for (int row = 0; row < kGrid; ++row) {
    std::uint64_t word = 0;
    std::memcpy(&word, values.data() + row * kGrid, sizeof word);
    for (int j = 0; j < 4; ++j) sets.plane[j] |= (((word >> j) & kLowBits) * kGather >> 56) << (row * kGrid);
  }
  return sets;
}

Bits meeting_anchors(const std::vector<Requirement>& require, const Pattern& p, const ValueSets& sets, Bits anchors) {
  for (const Requirement& r : require) {
    if (!anchors) break;
    anchors &= anchors_meeting(r, p, sets);
  }
  return anchors;
}

std::string requirement_text(const Requirement& r) {
  switch (r.kind) {
    case ReqKind::DistinctCrops: return fmt::format("at least {} different crops", r.n);
    case ReqKind::DistinctCows: return fmt::format("at least {} different cows", r.n);
    case ReqKind::Crops: return fmt::format("at least {} crop{}", r.n, r.n == 1 ? "" : "s");
    case ReqKind::Cows: return fmt::format("at least {} cow square{}", r.n, r.n == 1 ? "" : "s");
    case ReqKind::SameCrop: return fmt::format("at least {} of one crop", r.n);
    case ReqKind::CowTotal: return fmt::format("cows totalling at least {}", r.n);
    case ReqKind::Crop: return fmt::format("at least {} {}", r.n, kCropLetters[r.crop]);
    case ReqKind::Filled: return fmt::format("at least {} filled square{}", r.n, r.n == 1 ? "" : "s");
  }
  return "";
}

void parse_wrinkle_option(GameshireRules& rules, const std::string& text) {
  rules.wrinkle_counts = {};
  rules.wrinkle_names.clear();
  if (text.empty() || text == "none") return;
  std::vector<std::string> parts;
  std::string cur;
  for (char ch : text + ",") {
    if (ch == ',' || ch == '+') {
      std::size_t a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
      if (a != std::string::npos) parts.push_back(cur.substr(a, b - a + 1));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  for (const std::string& part : parts) {
    auto colon = part.find(':');
    if (colon != std::string::npos) {
      const std::string colour = part.substr(0, colon), count = part.substr(colon + 1);
      int k = -1;
      for (int c = 0; c < 3; ++c) if (colour == kColourNames[c]) k = c;
      int available = 0;
      if (k >= 0) for (const auto& w : rules.wrinkles) available += static_cast<int>(w.colour) == k;
      if (k < 0 || count.empty() || count.find_first_not_of("0123456789") != std::string::npos || count.size() > 2 ||
          std::stoi(count) > available) {
        throw UserError(fmt::format("option wrinkles: '{}' is not allowed; expected green:N, yellow:N or red:N with N "
                                    "at most the wrinkles of that colour, or wrinkle names", part));
      }
      rules.wrinkle_counts[k] = static_cast<std::uint8_t>(rules.wrinkle_counts[k] + std::stoi(count));
      int total = 0;
      if (rules.wrinkle_counts[k] > available) throw UserError(fmt::format("option wrinkles: more {} wrinkles than the {} there are", colour, available));
      (void)total;
    } else {
      int w = rules.find_wrinkle(part);
      if (w < 0) {
        std::string names;
        for (const auto& x : rules.wrinkles) names += (names.empty() ? "" : ", ") + x.name;
        throw UserError(fmt::format("option wrinkles: '{}' is no wrinkle; expected none, green:N, yellow:N, red:N or names: {}", part, names));
      }
      if (std::find(rules.wrinkle_names.begin(), rules.wrinkle_names.end(), w) != rules.wrinkle_names.end()) {
        throw UserError(fmt::format("option wrinkles: '{}' is named twice", part));
      }
      rules.wrinkle_names.push_back(w);
    }
  }
}

GameshireRules load_gameshire_rules(const GameConfig& config) {
  if (config.seats < 1 || config.seats > 6) throw UserError(fmt::format("gameshire is for 1-6 players, not {}", config.seats));
  GameshireRules rules;
  rules.seats = config.seats;
  load_maps(rules, config);
  load_cards(rules, config);
  load_resources(rules, config);
  for (SeasonCard& c : rules.cards) {
    for (const ResourceCard& r : rules.resources) c.spring_twins.push_back(spring_twins(c, r));
  }
  load_skills(rules, config);
  load_wrinkles(rules, config);
  rules.mode = config.options.get("mode") == "competitive" ? Mode::Competitive : Mode::Cooperative;
  rules.wrinkle_spec = config.options.get("wrinkles");
  parse_wrinkle_option(rules, rules.wrinkle_spec);
  rules.market_size = static_cast<int>(config.options.get_int("market_size"));
  rules.autumn_reshuffle = config.options.get_bool("autumn_reshuffle");
  rules.refresh_discards = static_cast<int>(config.options.get_int("refresh_discards"));
  rules.shaded_boons = config.options.get_bool("shaded_boons");
  rules.review_wrinkles = config.options.get_bool("review_wrinkles");
  rules.quota = gift_quotas(config.seats);
  return rules;
}

}  // namespace court::gameshire
