// Gameshire: what each seat sees (every map is public; only the decks' order is hidden), move labels,
// and the public log in words.
#include <fmt/format.h>

#include <algorithm>

#include "games/gameshire/state.h"

namespace court::gameshire {

// Squares are named by column and row: field columns A-F with the border columns L (left) and R
// (right); rows 1-6 in the field with the border rows 0 (top) and 7 (bottom). "A1" is the field's
// top-left square, "L0" the top-left corner.
std::string cell_name(int cell) {
  static const char* kCols = "LABCDEFR";
  return fmt::format("{}{}", kCols[cell % kGrid], cell / kGrid);
}

namespace {

constexpr const char* kSeasonNames[] = {"Spring", "Autumn", "over"};  // in Season's order
const char* season_name(Season s) { return kSeasonNames[static_cast<int>(s)]; }

std::string cells_text(Bits cells) {
  std::string out;
  for (; cells; cells &= cells - 1) out.append(out.empty() ? "" : " ").append(cell_name(std::countr_zero(cells)));
  return out;
}

std::string column_name(int c) { return std::string(1, "ABCDEF"[c]); }

std::string resource_text(const GameshireRules& rules, ResId r) {
  if (r >= rules.resources.size()) return "?";
  return fmt::format("{} or {}", kCropLetters[rules.resources[r].crop], rules.resources[r].cows);
}

std::string plan_rows(const SeasonCard& c, bool demand) {
  const Shape& s = demand ? c.demand : c.plan;
  int h = 0, w = 0;
  for (Cell cell : s.cells) { h = std::max(h, cell.row + 1); w = std::max(w, cell.col + 1); }
  std::vector<std::string> rows(h, std::string(w, '.'));
  for (std::size_t i = 0; i < s.cells.size(); ++i) {
    char ch = 'X';
    if (!demand) {
      const std::uint8_t sym = c.plan_symbols[s.tags[i]];
      ch = sym == kSymHash ? '#' : sym == kSymRainbow ? '*' : value_text(sym)[0];
    }
    rows[s.cells[i].row][s.cells[i].col] = ch;
  }
  std::string out;
  for (const auto& r : rows) out += (out.empty() ? "" : "/") + r;
  return out;
}

}  // namespace

std::string GameshireState::describe(Seat seat, Action action) const {
  const MoveCode m = MoveCode::decode(action);
  const auto& cards = rules_->cards;
  switch (m.move) {
    case Move::Choose:
      if (m.a < market_.size()) return fmt::format("choose {}", cards[market_[m.a].card].name);
      break;
    case Move::Place: {
      if (current_.card == kNoCard) break;
      const auto& list = season_ == Season::Spring ? cards[current_.card].spring : cards[current_.card].autumn;
      if (m.a >= list.size() || !anchor_valid(list[m.a].pattern, m.b)) break;
      const Placed& p = list[m.a];
      if (season_ == Season::Autumn) return "shade " + cells_text(p.pattern.mask << m.b);
      std::array<std::pair<int, Value>, kMaxShapeCells> items{};
      for (int i = 0; i < p.size; ++i) items[i] = {m.b + p.offset[i], symbol_value(p.symbol[i], current_.res)};
      std::sort(items.begin(), items.begin() + p.size);
      std::string out;
      for (int i = 0; i < p.size; ++i) out += fmt::format("{}{}={}", i ? " " : "", cell_name(items[i].first), value_text(items[i].second));
      return out;
    }
    case Move::Pass: return "pass";
    case Move::Omit: return fmt::format("omit square {}", m.a + 1);
    case Move::UseSkill: {
      if (m.a >= kCrops) break;
      const SkillInfo& sk = rules_->skills[m.a];
      switch (sk.effect) {
        case SkillEffect::SwapResource:
          if (m.b < market_.size()) return fmt::format("use {} on {}", sk.name, cards[market_[m.b].card].name);
          break;
        case SkillEffect::ReturnPlan:
          if (m.b < cards.size()) return fmt::format("use {} to return {}", sk.name, cards[m.b].name);
          break;
        default: return fmt::format("use {}", sk.name);
      }
      break;
    }
    case Move::Erase:
      if (m.a < kCells) return fmt::format("{} {}", season_ == Season::Spring ? "erase" : "unshade", cell_name(m.a));
      break;
    case Move::Write:
      if (m.a < kCells && m.b >= 1 && m.b <= 12) return fmt::format("write {} at {}", value_text(m.b), cell_name(m.a));
      break;
    case Move::ShadeGift:
      if (m.a < kCells && shade_col_ >= 0) return fmt::format("shade {} for gift {}", cell_name(m.a), column_name(shade_col_));
      break;
    case Move::Deliver:
      if (m.a < kColumns) {
        const Seat owner = seat >= 0 && seat < seats_ ? seat : active_;
        return fmt::format("deliver gift {} ({})", column_name(m.a), value_text(pool(owner).gift[m.a]));
      }
      break;
    case Move::Discard:
      if (m.a < market_.size()) return fmt::format("discard {}", cards[market_[m.a].card].name);
      break;
    case Move::Keep: return "keep the market";
  }
  return fmt::format("move #{}", action.code);
}

namespace {

std::string render_event(const GameshireState& s, const LogEvent& e) {
  const GameshireRules& r = s.rules();
  const std::string who = fmt::format("Seat {}", static_cast<int>(e.seat));
  auto card = [&](CardId c) { return c < r.cards.size() ? r.cards[c].name : std::string("?"); };
  switch (e.kind) {
    case Event::SeasonStart: return fmt::format("{} begins.", season_name(static_cast<Season>(e.a)));
    case Event::Refilled: return fmt::format("{} ({}) joins the market.", card(e.card), resource_text(r, e.res));
    case Event::Chose: return fmt::format("{} chose {} ({}).", who, card(e.card), resource_text(r, e.res));
    case Event::Recorded: return fmt::format("{} recorded {} at {}.", who, card(e.card), cells_text(e.cells));
    case Event::Shaded: return fmt::format("{} shaded {} at {}.", who, card(e.card), cells_text(e.cells));
    case Event::Passed: return fmt::format("{} passed and is out for the rest of {}.", who, season_name(static_cast<Season>(e.a)));
    case Event::Skill: return fmt::format("{} recorded {} on a hammer: {} learned.", who, kCropLetters[e.a], r.skills[e.a].name);
    case Event::Gift: return fmt::format("{} chose gift {}: {}.", who, column_name(e.a), value_text(e.b));
    case Event::Boon: return fmt::format("{} completed {} line{} and earned {} boon{}.", who, e.a, e.a == 1 ? "" : "s", e.a, e.a == 1 ? "" : "s");
    case Event::UsedSkill: {
      std::string what;
      if (r.skills[e.a].effect == SkillEffect::ReturnPlan) what = fmt::format(" to return {}", card(e.card));
      return fmt::format("{} used {} for {} boon{}{}.", who, r.skills[e.a].name, e.b, e.b == 1 ? "" : "s", what);
    }
    case Event::Erased: return fmt::format("{} erased {}.", who, cell_name(e.a));
    case Event::Wrote: return fmt::format("{} wrote {} at {}.", who, value_text(e.b), cell_name(e.a));
    case Event::Omitted: return fmt::format("{} leaves out square {} of {}.", who, e.a + 1, card(e.card));
    case Event::Wrinkle: return fmt::format("Wrinkle drawn: {}. {}", r.wrinkles[e.a].name, r.wrinkles[e.a].text);
    case Event::Blighted: return e.cells ? fmt::format("{} lost {}.", who, cells_text(e.cells)) : fmt::format("{} had no square to lose.", who);
    case Event::GiftShaded: return fmt::format("{} shaded {} for gift {}.", who, cell_name(e.b), column_name(e.a));
    case Event::Delivered: return fmt::format("{} delivered gift {} ({}).", who, column_name(e.a), value_text(e.b));
    case Event::Discarded: return e.seat >= 0 ? fmt::format("{} discarded {}.", who, card(e.card)) : fmt::format("{} was discarded.", card(e.card));
    case Event::Reshuffled: return e.a == 0 ? "The resource discards were shuffled into a new deck." : "The season cards were shuffled into the Autumn deck.";
    case Event::Won: return "All six gifts are delivered: the team wins!";
    case Event::Lost:
      if (static_cast<LossCause>(e.a) == LossCause::SpringPass) return "A player passed before choosing their share of the gifts: the team loses.";
      if (static_cast<LossCause>(e.a) == LossCause::AutumnAllPassed) return "Everyone has passed before all six gifts were delivered: the team loses.";
      return "The game is over.";
    case Event::LogFull: return "(the log is full)";
  }
  return "";
}

const char* effect_key(SkillEffect e) { return kSkillEffectKeys[static_cast<int>(e)]; }

nlohmann::json resource_json(const GameshireRules& r, ResId res) {
  if (res >= r.resources.size()) return nullptr;
  const ResourceCard& card = r.resources[res];
  return {{"crop", std::string(1, kCropLetters[card.crop])}, {"cows", card.cows}, {"text", resource_text(r, res)}};
}

// One side of a season card as a table draws it: `side` "plan" (each square's symbol, and with a
// resource card its result) or "demand" (its squares and what the active player's squares must hold).
// The squares run in the card's reading order: square k + 1 is the one `omit square k + 1` leaves out.
nlohmann::json card_face(const GameshireState& s, CardId id, bool plan_side, const MarketSlot* slot) {
  const GameshireRules& r = s.rules();
  const SeasonCard& c = r.cards[id];
  const Shape& shape = plan_side ? c.plan : c.demand;
  const bool resolved = slot && slot->res < r.resources.size();
  nlohmann::json squares = nlohmann::json::array();
  for (std::size_t k = 0; k < shape.cells.size(); ++k) {
    const std::size_t i = static_cast<std::size_t>(std::find(shape.tags.begin(), shape.tags.end(), k) - shape.tags.begin());
    nlohmann::json square = {{"row", shape.cells[i].row}, {"col", shape.cells[i].col}};
    if (plan_side) {
      const std::uint8_t sym = c.plan_symbols[k];
      square["symbol"] = sym == kSymHash ? "#" : sym == kSymRainbow ? "*" : value_text(sym);
      if (resolved) square["value"] = value_text(s.symbol_value(sym, slot->res));
    }
    squares.push_back(std::move(square));
  }
  std::string picture = plan_rows(c, !plan_side);
  std::replace(picture.begin(), picture.end(), '/', '\n');
  nlohmann::json j = {{"id", id}, {"name", c.name}, {"side", plan_side ? "plan" : "demand"}, {"shape", squares}, {"picture", picture}};
  if (!plan_side) j["requires"] = c.require_text;
  if (slot) j["resource"] = resource_json(r, slot->res);
  return j;
}

nlohmann::json card_json(const GameshireState& s, MarketSlot slot, bool autumn) { return card_face(s, slot.card, !autumn, &slot); }

// The map as a picture: each square shows what it holds ("." blank), "^" after a crown square and "!"
// after a hammer square, "#" before a shaded square; the boon circles ("o" open, "x" earned) end each
// field row and sit under each field column; the gift row below (delivered gifts in brackets, "*" a
// gift this player chose).
std::string grid_text(const GameshireState& s, Seat seat) {
  const Board& b = s.board(seat);
  const MapInfo& map = s.rules().maps[b.map];
  const Pool& pool = s.pool(seat);
  std::string out = "      L   A   B   C   D   E   F   R\n";
  for (int row = 0; row < kGrid; ++row) {
    out += fmt::format("  {} ", row);
    for (int col = 0; col < kGrid; ++col) {
      const int cell = cell_index(row, col);
      const bool shaded = b.shaded >> cell & 1;
      const char mark = (map.crowns >> cell & 1) ? '^' : (map.hammers >> cell & 1) ? '!' : ' ';
      out += fmt::format(" {}{}{}", shaded ? '#' : ' ', value_text(b.value(cell)), mark);
    }
    if (row >= 1 && row <= 6) out += fmt::format("  {}", (b.boon_lines >> (row - 1) & 1) ? 'x' : 'o');
    out += "\n";
  }
  out += "  boon   ";
  for (int c = 0; c < kColumns; ++c) out += fmt::format(" {}  ", (b.boon_lines >> (6 + c) & 1) ? 'x' : 'o');
  out += "\n  gift    ";
  for (int c = 0; c < kColumns; ++c) {
    std::string g = (pool.chosen >> c & 1) ? value_text(pool.gift[c]) : "-";
    if (pool.delivered >> c & 1) g = "[" + g + "]";
    if (b.gift_circles >> c & 1) g += "*";
    out += fmt::format("{:<4}", g);
  }
  out += "\n  (^ crown, ! hammer, # shaded; boons o open x earned; gifts [delivered], * chosen by this player)";
  return out;
}

// The map as structured data for renderers: eight rows (row 0 = the top border), each eight
// characters from column L to R (a crop letter, a cow digit, "." blank), and the crown, hammer and
// shaded squares by name.
nlohmann::json cells_json(const GameshireState& s, Seat seat) {
  const Board& b = s.board(seat);
  const MapInfo& map = s.rules().maps[b.map];
  nlohmann::json values = nlohmann::json::array();
  for (int row = 0; row < kGrid; ++row) {
    std::string line(kGrid, '.');
    for (int col = 0; col < kGrid; ++col) line[col] = value_text(b.value(cell_index(row, col)))[0];
    values.push_back(std::move(line));
  }
  auto names = [](Bits cells) {
    nlohmann::json out = nlohmann::json::array();
    for (; cells; cells &= cells - 1) out.push_back(cell_name(std::countr_zero(cells)));
    return out;
  };
  nlohmann::json boons = nlohmann::json::array();
  for (int line = 0; line < kLines; ++line) {
    if (b.boon_lines >> line & 1) boons.push_back(line < 6 ? fmt::format("row {}", line + 1) : fmt::format("column {}", column_name(line - 6)));
  }
  return {{"rows", values}, {"crowns", names(map.crowns)}, {"hammers", names(map.hammers)}, {"shaded", names(b.shaded)},
          {"boon_lines", boons}};
}

nlohmann::json pool_json(const GameshireState& s, Seat seat) {
  const Pool& p = s.pool(seat);
  const GameshireRules& r = s.rules();
  nlohmann::json gifts = nlohmann::json::array();
  for (int c = 0; c < kColumns; ++c) {
    const bool chosen = p.chosen >> c & 1;
    gifts.push_back({{"column", column_name(c)}, {"value", chosen ? nlohmann::json(value_text(p.gift[c])) : nlohmann::json(nullptr)},
                     {"delivered", static_cast<bool>(p.delivered >> c & 1)}});
  }
  nlohmann::json skills = nlohmann::json::array();
  for (int c = 0; c < kCrops; ++c) {
    if (p.skills >> c & 1) skills.push_back({{"crop", std::string(1, kCropLetters[c])}, {"name", r.skills[c].name}, {"effect", effect_key(r.skills[c].effect)}});
  }
  const int cost = s.skill_cost(seat);
  return {{"gifts", gifts}, {"skills", skills}, {"boons", p.boons}, {"boons_earned", p.boons_earned},
          {"skill_track_used", p.track_used}, {"next_skill_cost", cost < 0 ? nlohmann::json("none left") : nlohmann::json(cost)}};
}

}  // namespace

nlohmann::json GameshireState::view(Seat seat, LogWindow window) const {
  (void)seat;   // every fact in a view is public
  nlohmann::json v;
  v["mode"] = rules_->competitive() ? "competitive" : "cooperative";
  v["season"] = season_name(season_);
  const bool autumn = season_ == Season::Autumn;
  static const char* kSteps[] = {"choose a card", "record the card", "shade gifts", "deliver a gift", "refresh the market", "over"};
  v["step"] = kSteps[static_cast<int>(step_)];
  v["active"] = static_cast<int>(active_);
  nlohmann::json market = nlohmann::json::array();
  for (const MarketSlot& m : market_) market.push_back(card_json(*this, m, autumn));
  v["market"] = market;
  if (current_.card != kNoCard) v["current"] = card_json(*this, current_, autumn);
  if (step_ == Step::GiftShade && shade_col_ >= 0) {
    v["shading_gift"] = {{"seat", static_cast<int>(shade_seat_)}, {"column", column_name(shade_col_)},
                         {"value", value_text(pool(shade_seat_).gift[shade_col_])}};
  }
  nlohmann::json deck = {{"season_cards", season_deck_.size()}, {"resource_cards", res_deck_.size()},
                         {"season_discards", season_discard_.size()}};
  if (!season_deck_.empty()) {
    // The deck shows the other side of its top card: a demand in Spring, a plan in Autumn.
    deck["top_card"] = card_face(*this, season_deck_.back(), season_ != Season::Spring, nullptr);
  }
  v["decks"] = deck;
  nlohmann::json wrinkles = nlohmann::json::array();
  // Without the review ("skip this step to add an extra challenge"), a wrinkle is named once drawn.
  for (std::uint8_t w : wrinkles_in_game_) {
    const Wrinkle& wr = rules_->wrinkles[w];
    wrinkles.push_back(wrinkle_known(w) ? wr.name : fmt::format("a {} wrinkle, not yet drawn", kColourNames[static_cast<int>(wr.colour)]));
  }
  v["wrinkles"] = wrinkles;
  if (!rules_->competitive()) v["team"] = pool_json(*this, 0);
  nlohmann::json players = nlohmann::json::array();
  for (int s = 0; s < seats_; ++s) {
    const Board& b = boards_[s];
    nlohmann::json p = {{"seat", s}, {"map", rules_->maps[b.map].name}, {"passed", b.passed},
                        {"gifts_chosen", fmt::format("{} of {}", b.gifts_chosen, quota(s))}};
    if (rules_->competitive()) { p["score"] = score(s); p["own"] = pool_json(*this, s); }
    if (b.erase_token || b.write_token || b.omit_token) {
      p["may"] = fmt::format("{}{}{}", b.erase_token ? "erase a square; " : "", b.write_token ? "write a square; " : "",
                             b.omit_token ? "leave out a square of this card" : "");
    }
    nlohmann::json columns = nlohmann::json::array();
    for (int c = 0; c < kColumns; ++c) if (b.gift_circles >> c & 1) columns.push_back(column_name(c));
    p["gift_columns"] = columns;
    p["grid"] = grid_text(*this, s);
    p["squares"] = cells_json(*this, s);
    players.push_back(p);
  }
  v["players"] = players;
  if (terminal()) {
    v["result"] = rules_->competitive() ? "game over" : won_ ? "the team wins" : fmt::format("the team loses ({})", loss_cause_key(loss_));
  }
  // The most recent lines (the whole log can run to hundreds); log_total says how many there are.
  constexpr std::size_t kRecentLines = 40;
  const std::size_t first = log_.size() > kRecentLines ? log_.size() - kRecentLines : 0;
  put_log(v, first, log_.size(), window, [&](std::size_t i) { return render_event(*this, log_[i]); });
  return v;
}

// --- Move parts (docs/protocol.md, "Move parts", Gameshire) -------------------------------------

namespace {

// A map square by name ("A1") and position: row 0 is the top border, column 0 the left border (L).
nlohmann::json square_json(int cell) { return {{"cell", cell_name(cell)}, {"row", cell / kGrid}, {"col", cell % kGrid}}; }

// The squares of `seat`'s map where some placement of `card`'s demand meets its requirement (with a
// square left out when the seat can pay for Orange Peppers): where the chooser could shade it.
Bits demand_squares(const GameshireState& s, Seat seat, CardId card) {
  const Bits open = s.open_squares(seat);
  const bool may_omit = s.can_omit(seat);
  Bits out = 0;
  for (const Placed& p : s.rules().cards[card].autumn) {
    if (p.omitted != 0 && !may_omit) continue;
    for_each_placement(p.pattern, open, [&](int anchor, Bits mask) {
      if (s.placement_meets(seat, card, p, anchor)) out |= mask;
    });
  }
  return out;
}

nlohmann::json square_names(Bits cells) {
  nlohmann::json out = nlohmann::json::array();
  for (; cells; cells &= cells - 1) out.push_back(cell_name(std::countr_zero(cells)));
  return out;
}

}  // namespace

// Place: the plan's card, orientation, anchor and the squares it covers with their values (null when the
// move names no valid placement).
nlohmann::json GameshireState::place_parts(const MoveCode& m) const {
  const bool autumn = season_ == Season::Autumn;
  if (current_.card == kNoCard) return nullptr;
  const auto& list = autumn ? rules_->cards[current_.card].autumn : rules_->cards[current_.card].spring;
  if (m.a >= list.size() || !anchor_valid(list[m.a].pattern, m.b)) return nullptr;
  const Placed& p = list[m.a];
  std::array<std::pair<int, Value>, kMaxShapeCells> items{};
  for (int i = 0; i < p.size; ++i) items[i] = {m.b + p.offset[i], autumn ? kBlank : symbol_value(p.symbol[i], current_.res)};
  std::sort(items.begin(), items.begin() + p.size);
  nlohmann::json squares = nlohmann::json::array();
  for (int i = 0; i < p.size; ++i) {
    nlohmann::json sq = square_json(items[i].first);
    if (!autumn) sq["value"] = value_text(items[i].second);
    squares.push_back(std::move(sq));
  }
  return {{"kind", autumn ? "shade_plan" : "place_plan"}, {"card", current_.card}, {"orientation", m.a},
          {"rotation", p.transform % 4}, {"mirrored", p.transform >= 4}, {"omitted", p.omitted},
          {"anchor", cell_name(m.b)}, {"cells", squares}};
}

// UseSkill: the skill, its crop, effect and cost, and what it names (null when the move is not valid).
nlohmann::json GameshireState::skill_parts(Seat seat, const MoveCode& m) const {
  if (m.a >= kCrops) return nullptr;
  const SkillInfo& sk = rules_->skills[m.a];
  const int cost = seat >= 0 && seat < seats_ ? skill_cost(seat) : -1;
  nlohmann::json j = {{"kind", "use_skill"}, {"skill", sk.name}, {"crop", std::string(1, kCropLetters[m.a])},
                      {"effect", effect_key(sk.effect)}, {"cost", cost}};
  if (sk.effect == SkillEffect::SwapResource) {
    if (m.b >= market_.size()) return nullptr;
    j["slot"] = m.b;
    j["card"] = market_[m.b].card;
  } else if (sk.effect == SkillEffect::ReturnPlan) {
    if (m.b >= rules_->cards.size()) return nullptr;
    j["card"] = m.b;
    j["name"] = rules_->cards[m.b].name;
  }
  return j;
}

nlohmann::json GameshireState::parts(Seat seat, Action action) const {
  const MoveCode m = MoveCode::decode(action);
  const bool autumn = season_ == Season::Autumn;
  switch (m.move) {
    case Move::Choose:
      if (m.a < market_.size()) {
        nlohmann::json j = {{"kind", "choose"}, {"slot", m.a}, {"card", market_[m.a].card}};
        if (autumn && seat >= 0 && seat < seats_) j["meets"] = square_names(demand_squares(*this, seat, market_[m.a].card));
        return j;
      }
      break;
    case Move::Place:
      if (nlohmann::json j = place_parts(m); !j.is_null()) return j;
      break;
    case Move::Pass: return {{"kind", "pass"}};
    case Move::Omit:
      if (current_.card != kNoCard && m.a < card_squares(current_.card)) return {{"kind", "omit"}, {"card", current_.card}, {"square", m.a + 1}};
      break;
    case Move::UseSkill:
      if (nlohmann::json j = skill_parts(seat, m); !j.is_null()) return j;
      break;
    case Move::Erase:
      if (m.a < kCells) {
        nlohmann::json j = square_json(m.a);
        j["kind"] = autumn ? "unshade" : "erase";
        return j;
      }
      break;
    case Move::Write:
      if (m.a < kCells && m.b >= 1 && m.b <= 12) {
        nlohmann::json j = square_json(m.a);
        j["kind"] = "write";
        j["value"] = value_text(m.b);
        return j;
      }
      break;
    case Move::ShadeGift:
      if (m.a < kCells && shade_col_ >= 0) {
        nlohmann::json j = square_json(m.a);
        j["kind"] = "shade_gift";
        j["column"] = column_name(shade_col_);
        j["value"] = value_text(pool(shade_seat_).gift[shade_col_]);
        return j;
      }
      break;
    case Move::Deliver:
      if (m.a < kColumns) {
        const Seat owner = seat >= 0 && seat < seats_ ? seat : active_;
        return {{"kind", "deliver"}, {"column", column_name(m.a)}, {"value", value_text(pool(owner).gift[m.a])}};
      }
      break;
    case Move::Discard:
      if (m.a < market_.size()) return {{"kind", "discard"}, {"slot", m.a}, {"card", market_[m.a].card}};
      break;
    case Move::Keep: return {{"kind", "keep"}};
  }
  return {{"kind", "unknown"}, {"code", action.code}};
}

}  // namespace court::gameshire
