// Gameshire's content: maps, season cards (plans and demands), resource cards, wrinkles, skills and
// the skill-use track, loaded once per configuration from data/gameshire/*.toml, plus the options.
// Wrinkle effects and demand requirements are data over small closed vocabularies (below).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "games/gameshire/geometry.h"

namespace court::gameshire {

// What a square holds: 0 blank, 1..6 a crop (W O R P G Y), 7..12 a cow (1..6).
using Value = std::uint8_t;
inline constexpr Value kBlank = 0;
inline constexpr int kCrops = 6;
inline constexpr int kColumns = 6;                // field columns A-F, and the six gifts
inline constexpr int kLines = 12;                 // six field rows and six field columns: the boon circles
// The six field squares of boon line `line`: rows 1-6 are lines 0-5, columns A-F lines 6-11.
constexpr Bits boon_line_mask(int line) {
  Bits m = 0;
  for (int k = 1; k <= 6; ++k) m |= cell_bit(line < 6 ? cell_index(line + 1, k) : cell_index(k, line - 6 + 1));
  return m;
}
// The boon lines all of whose six field squares are in `filled` (bit `line` as above): a row is a
// byte of the board, a column a bit that every field row has.
constexpr std::uint16_t full_lines(Bits filled) {
  std::uint16_t lines = 0;
  Bits columns = kAllCells;
  for (int row = 1; row <= 6; ++row) {
    const Bits bits = filled >> (row * kGrid);
    if ((bits & 0x7e) == 0x7e) lines |= static_cast<std::uint16_t>(1u << (row - 1));
    columns &= bits;
  }
  return static_cast<std::uint16_t>(lines | ((columns >> 1) & 0x3f) << 6);
}
constexpr Value crop_value(int crop) { return static_cast<Value>(1 + crop); }
constexpr Value cow_value(int cows) { return static_cast<Value>(6 + cows); }
constexpr bool is_crop(Value v) { return v >= 1 && v <= 6; }
constexpr bool is_cow(Value v) { return v >= 7 && v <= 12; }
constexpr int crop_of(Value v) { return v - 1; }
constexpr int cows_of(Value v) { return v - 6; }
inline constexpr const char* kCropLetters = "WORPGY";
std::string value_text(Value v);                  // "W", "4", "." for blank

using CardId = std::uint8_t;                      // a season card
using ResId = std::uint8_t;                       // a resource card (< resources.size()) or a wrinkle
inline constexpr CardId kNoCard = 0xff;
inline constexpr int kMaxSeasonCards = 32;
inline constexpr int kMaxResourceCards = 24;
inline constexpr int kMaxWrinkles = 24;
inline constexpr int kMaxResDeck = kMaxResourceCards + kMaxWrinkles;
inline constexpr ResId kWrinkleBase = 64;         // ResId of wrinkle w is kWrinkleBase + w
inline constexpr int kMaxTrack = 12;
inline constexpr int kMaxMaps = 8;

// A plan cell's symbol: a fixed result, the resource's cow (#) or its crop (rainbow).
inline constexpr std::uint8_t kSymHash = 13;
inline constexpr std::uint8_t kSymRainbow = 14;

enum class ReqKind : std::uint8_t { DistinctCrops, DistinctCows, Crops, Cows, SameCrop, CowTotal, Crop, Filled };
struct Requirement {
  ReqKind kind = ReqKind::Filled;
  std::uint8_t n = 0;
  std::uint8_t crop = 0;            // ReqKind::Crop only
};

enum class SkillEffect : std::uint8_t { Erase, Omit, Write, SwapResource, AddPlan, ReturnPlan };
// How skills.toml and views name each SkillEffect, in the enum's order.
inline constexpr const char* kSkillEffectKeys[] = {"erase", "omit", "write", "swap_resource", "add_plan", "return_plan"};
enum class WrinkleEffect : std::uint8_t {
  LoseBoons, RaiseCost, ForgetSkill, DiscardMarket, BurnSeason, Blight, BlightSparingCrowns, BlightBorder, ShrinkMarket
};
enum class Colour : std::uint8_t { Green, Yellow, Red };
inline constexpr const char* kColourNames[] = {"green", "yellow", "red"};   // by Colour

// One orientation of a card's shape (optionally with one cell left out), ready to place.
struct Placed {
  Pattern pattern;
  std::array<std::uint8_t, kMaxShapeCells> offset{};  // cell index (row * 8 + col) relative to the anchor
  std::array<std::uint8_t, kMaxShapeCells> symbol{};  // the plan symbol on that cell (Spring)
  std::uint8_t size = 0;
  std::uint8_t omitted = 0;        // 0 = full shape, k + 1 = the card's k-th cell left out
  std::uint8_t transform = 0;      // the first transform (geometry.h) giving this orientation
};

// fitting_anchors(p.pattern, allowed) (geometry.h) from the offsets: the shifts do not wait on one
// another, as they do when each square is found from the last in the mask.
inline Bits fitting_anchors(const Placed& p, Bits allowed) {
  Bits out = p.pattern.anchors;
  for (int i = 0; i < p.size; ++i) out &= allowed >> p.offset[i];
  return out;
}

// Where each omission's placements start in a card's list: [from[k], from[k + 1]) for omission k.
using OmissionStarts = std::array<std::uint8_t, kMaxShapeCells + 2>;

struct SeasonCard {
  std::string name;
  std::vector<std::uint8_t> plan_symbols;       // per plan cell, in reading order
  Shape plan;                                   // tags index plan_symbols
  Shape demand;
  std::vector<Requirement> require;
  std::string require_text;
  // Distinct orientations for each omission (0 = none, k + 1 = cell k omitted), concatenated; an
  // action names an index into these lists.
  std::vector<Placed> spring;
  std::vector<Placed> autumn;
  OmissionStarts spring_from{};
  OmissionStarts autumn_from{};
  // By resource card: bit i set when Spring placement i records the same results on the same squares
  // as an earlier one of its omission (a rainbow beside the crop it stands for): one move, listed once.
  std::vector<Bits> spring_twins;
};

struct ResourceCard {
  std::uint8_t crop = 0;
  std::uint8_t cows = 1;
};
// What a plan symbol records with resource card `r`: its cow for #, its crop for the rainbow.
constexpr Value plan_value(std::uint8_t symbol, const ResourceCard& r) {
  if (symbol == kSymHash) return cow_value(r.cows);
  if (symbol == kSymRainbow) return crop_value(r.crop);
  return symbol;
}

struct WrinkleStep {
  WrinkleEffect effect = WrinkleEffect::LoseBoons;
  std::uint8_t n = 1;
};
struct Wrinkle {
  std::string name;
  Colour colour = Colour::Green;
  std::string text;
  std::vector<WrinkleStep> effects;
};

struct MapInfo {
  std::string name;
  std::array<Value, kCells> border{};           // pre-printed values of the grey ring (0 inside)
  std::array<std::uint8_t, kColumns> crown{};   // the crown cell of each field column
  Bits crowns = 0;
  Bits hammers = 0;
};

struct SkillInfo {
  std::string name;
  SkillEffect effect = SkillEffect::Erase;
};

enum class Mode : std::uint8_t { Cooperative, Competitive };

struct GameshireRules {
  int seats = 1;
  std::vector<MapInfo> maps;
  std::vector<SeasonCard> cards;
  std::vector<ResourceCard> resources;
  std::vector<Wrinkle> wrinkles;
  std::array<SkillInfo, kCrops> skills{};       // by crop
  std::vector<int> track;                       // skill-use costs
  // Options.
  Mode mode = Mode::Cooperative;
  std::string wrinkle_spec;                     // as given: "", "green:2,yellow:1" or names
  std::array<std::uint8_t, 3> wrinkle_counts{};   // by colour (green, yellow, red), chosen at random
  std::vector<int> wrinkle_names;               // chosen by name
  int market_size = 3;
  bool autumn_reshuffle = true;
  int refresh_discards = 2;
  bool shaded_boons = true;                     // squares shaded in Spring count toward a line's boon
  bool review_wrinkles = true;                  // the wrinkles in the deck are listed before they are drawn
  std::array<std::uint8_t, kMaxSeats> quota{};  // gifts each seat (in turn order from seat 0) must choose

  bool competitive() const { return mode == Mode::Competitive; }
  int find_card(const std::string& name) const;
  int find_wrinkle(const std::string& name) const;
  bool is_wrinkle(ResId r) const { return r >= kWrinkleBase; }
};

// The rulings' quotas: 1 player 6; 2: 3 each; 3: 2 each; 4: 2, 2, 1, 1; 5: 2, 1, 1, 1, 1; 6: 1 each.
std::array<std::uint8_t, kMaxSeats> gift_quotas(int seats);

// Does a set of values meet a demand's requirement?
bool meets(const std::vector<Requirement>& require, const Value* values, int count);
// A map's values as four bit planes (bit `cell` of plane[j] is bit j of the square's value), from
// which the squares holding any value are a few ANDs: demands judged for every anchor at once. A
// board keeps its values so (read and written a square at a time with at and set).
struct ValueSets {
  std::array<Bits, 4> plane{};
  Bits of(Value v) const {
    Bits out = kAllCells;
    for (int j = 0; j < 4; ++j) out &= v >> j & 1 ? plane[j] : ~plane[j];
    return out;
  }
  Bits filled() const { return plane[0] | plane[1] | plane[2] | plane[3]; }
  Value at(int cell) const {
    Value v = 0;
    for (int j = 0; j < 4; ++j) v = static_cast<Value>(v | (plane[j] >> cell & 1) << j);
    return v;
  }
  void set(int cell, Value v) {
    for (int j = 0; j < 4; ++j) plane[j] = (plane[j] & ~cell_bit(cell)) | Bits{v >> j & 1u} << cell;
  }
  Bits cows() const { return plane[3] | (plane[2] & plane[1] & plane[0]); }   // 7..12
  Bits crops() const { return filled() & ~cows(); }                             // 1..6
};
ValueSets value_sets(const std::array<Value, kCells>& values);
// Those of `anchors` at which the squares `p` covers meet every requirement (as `meets` would judge
// their values), computed bit-sliced for all anchors together.
Bits meeting_anchors(const std::vector<Requirement>& require, const Pattern& p, const ValueSets& sets, Bits anchors);
std::string requirement_text(const Requirement& r);

// Reads the data files and options; UserError naming file, entry and what is allowed on bad input.
GameshireRules load_gameshire_rules(const GameConfig& config);
// Parses the `wrinkles` option value into `rules` (counts by colour or names); UserError on bad input.
void parse_wrinkle_option(GameshireRules& rules, const std::string& text);

}  // namespace court::gameshire
