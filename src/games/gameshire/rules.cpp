// Gameshire's rules in the order of docs/rules/gameshire.md, under its section names: the setup, each
// step of Spring and Autumn (which moves it allows and what each does), the end of a turn, of a season
// and of the game, skills, wrinkles, and the score and outcome. One function per rule, its comment
// naming the rule (quoted in our own words). state.cpp lists the moves through the writers here.
#include <bit>

#include "games/gameshire/state.h"

namespace court::gameshire {

// --- A move: what it does, by its kind (the rules below) ---

// A move does what its rule below says. Precondition: `action` is legal for `seat`.
void GameshireState::apply(Seat seat, Action action) {
  const MoveCode m = MoveCode::decode(action);
  switch (m.move) {
    case Move::Choose: choose(m.a); break;
    case Move::Place: place(seat, m.a, m.b); break;
    case Move::Pass: pass(seat); break;
    case Move::Omit: omit(seat, m.a); break;
    case Move::UseSkill: use_skill(seat, m.a, m.b); break;
    case Move::Erase: erase(seat, m.a); break;
    case Move::Write: write(seat, m.a, m.b); break;
    case Move::ShadeGift: shade_gift(seat, m.a); break;
    case Move::Deliver: deliver(seat, m.a); break;
    case Move::Discard: discard_slot(seat, m.a); break;
    case Move::Keep: finish_card(); break;
  }
}

// --- Setup (docs/rules/gameshire.md, "Setup") ---

// "Each player gets a different map, dealt at random" (blank() deals them: a scenario starts there too).
void GameshireState::deal_maps() {
  std::array<std::uint8_t, kMaxMaps> order{};
  const int maps = static_cast<int>(rules_->maps.size());
  for (int i = 0; i < maps; ++i) order[i] = static_cast<std::uint8_t>(i);
  shuffle(order.begin(), order.begin() + maps, rng_);
  for (int seat = 0; seat < seats_; ++seat) {
    Board& b = boards_[seat];
    b.map = order[seat];
    b.values = value_sets(rules_->maps[b.map].border);
  }
}

// Setup (rulebook, "Setup"): shuffle the season cards and the resource cards; make the plan market of
// three resource/season pairs; then shuffle the chosen wrinkles into the resource deck. Seat 0 is the
// first player (the simulator rotates seats).
GameshireState GameshireState::new_game(const GameshireRules& rules, std::uint64_t seed) {
  GameshireState s = blank(rules, seed);
  for (std::size_t c = 0; c < rules.cards.size(); ++c) s.season_deck_.push_back(static_cast<CardId>(c));
  shuffle(s.season_deck_.begin(), s.season_deck_.end(), s.rng_);
  for (std::size_t r = 0; r < rules.resources.size(); ++r) s.res_deck_.push_back(static_cast<ResId>(r));
  shuffle(s.res_deck_.begin(), s.res_deck_.end(), s.rng_);
  for (int i = 0; i < rules.market_size && !s.season_deck_.empty(); ++i) {
    MarketSlot slot;
    slot.res = s.res_deck_.back();
    s.res_deck_.pop_back();
    slot.card = s.season_deck_.back();
    s.season_deck_.pop_back();
    s.market_.push_back(slot);
  }
  // Wrinkles: by name, or chosen at random from each colour.
  for (int w : rules.wrinkle_names) s.wrinkles_in_game_.push_back(static_cast<std::uint8_t>(w));
  for (int colour = 0; colour < 3; ++colour) {
    FixedVector<std::uint8_t, kMaxWrinkles> pool;
    for (std::size_t w = 0; w < rules.wrinkles.size(); ++w) {
      if (static_cast<int>(rules.wrinkles[w].colour) == colour && !s.wrinkles_in_game_.contains(static_cast<std::uint8_t>(w))) {
        pool.push_back(static_cast<std::uint8_t>(w));
      }
    }
    shuffle(pool.begin(), pool.end(), s.rng_);
    for (int k = 0; k < rules.wrinkle_counts[colour] && k < static_cast<int>(pool.size()); ++k) s.wrinkles_in_game_.push_back(pool[k]);
  }
  for (std::uint8_t w : s.wrinkles_in_game_) s.res_deck_.push_back(static_cast<ResId>(kWrinkleBase + w));
  shuffle(s.res_deck_.begin(), s.res_deck_.end(), s.rng_);
  s.log_event({.kind = Event::SeasonStart, .a = static_cast<std::uint8_t>(Season::Spring)});
  s.start_turn();
  return s;
}

// --- Spring: 1. The market is refilled (docs/rules/gameshire.md, "Spring"; Autumn's step 1 too) ---

// "On your turn: 1. Fill the market": refilled to its size (three) from the season deck, each card
// with a resource card tucked under it.
void GameshireState::start_turn() {
  refill_market();
  step_ = Step::Choose;
  ++turns_[season_ == Season::Spring ? 0 : 1];
}

// Decision 17: with the season deck empty the market stays short; with no resource card to draw the
// season card goes back on its deck.
void GameshireState::refill_market() {
  while (static_cast<int>(market_.size()) < market_target_ && step_ != Step::Over) {
    CardId card = kNoCard;
    if (!draw_season(&card)) return;
    const ResId res = draw_resource();
    if (res == kNoCard) { season_deck_.push_back(card); return; }
    market_.push_back({card, res});
    log_event({.kind = Event::Refilled, .card = card, .res = res});
  }
}

// The season deck's top card, if any.
bool GameshireState::draw_season(CardId* card) {
  if (season_deck_.empty()) return false;
  *card = season_deck_.back();
  season_deck_.pop_back();
  return true;
}

// --- Spring: 2. Choose a plan you can fit (Autumn's step 2: a demand you can meet) ---

// Where a player may record now (Spring: blank field squares, not lost to a blight) or shade (Autumn:
// any unshaded square, the border too).
Bits GameshireState::open_squares(Seat s) const {
  const Board& b = boards_[s];
  if (season_ == Season::Spring) return kFieldMask & ~b.written & ~b.shaded;
  return ~b.shaded;
}

// Whether `card` fits with square `omitted` - 1 left out (0: the whole shape): the same shape, rotated
// and/or mirrored, on open squares; for the Autumn chooser, on squares that meet the demand.
bool GameshireState::fits(Seat s, CardId card, bool as_active, int omitted) const {
  const Bits open = open_squares(s);
  const SeasonCard& c = rules_->cards[card];
  const bool spring = season_ == Season::Spring;
  const auto& list = spring ? c.spring : c.autumn;
  const OmissionStarts& from = spring ? c.spring_from : c.autumn_from;
  const bool must_meet = !spring && as_active;
  for (std::size_t i = from[omitted]; i < from[omitted + 1]; ++i) {
    const Placed& p = list[i];
    const Bits anchors = fitting_anchors(p, open);
    if (!anchors) continue;
    if (!must_meet) return true;
    if (meeting_anchors(c.require, p.pattern, boards_[s].values, anchors)) return true;
  }
  return false;
}

// "You must be able to fit it on your map." Orange Peppers ("all players may omit one square when
// recording this card") counts: a player who can pay for it may choose a card that fits with one
// square left out, and uses the skill when recording.
bool GameshireState::can_fit(Seat s, CardId card, bool as_active) const {
  if (fits(s, card, as_active, 0)) return true;
  return can_omit(s) && some_omission_fits(s, card, as_active);
}

// Whether `card` fits with some one square left out (Orange Peppers).
bool GameshireState::some_omission_fits(Seat s, CardId card, bool as_active) const {
  for (int k = 0; k < card_squares(card); ++k) if (fits(s, card, as_active, k + 1)) return true;
  return false;
}

// The squares of the card's side this season: its plan in Spring, its demand in Autumn.
int GameshireState::card_squares(CardId card) const {
  const SeasonCard& c = rules_->cards[card];
  return static_cast<int>(season_ == Season::Spring ? c.plan_symbols.size() : c.demand.cells.size());
}

// "Choose a plan you can fit on your map. If you can fit none, you pass." (Autumn: a demand you can
// meet.) A skill may be used on this decision too ("Skills").
void GameshireState::add_choose_moves(Seat seat, ActionList& out) const {
  bool any = false;
  for (std::size_t k = 0; k < market_.size(); ++k) {
    if (can_fit(seat, market_[k].card, true)) {
      out.push_back(MoveCode{Move::Choose, static_cast<std::uint8_t>(k)}.encode());
      any = true;
    }
  }
  if (!any) out.push_back(MoveCode{Move::Pass}.encode());
  add_skill_moves(seat, out);
  add_token_moves(seat, out);
}

// "2. Choose one of the plans in the market to complete. You must be able to fit it on your map."
// (Autumn: a demand whose requirement you can meet.) Then every player records it in turn order,
// starting with the active player.
void GameshireState::choose(int slot) {
  current_ = market_[slot];
  market_.erase_at(slot);
  log_event({.kind = Event::Chose, .seat = active_, .card = current_.card, .res = current_.res});
  for (int s = 0; s < seats_; ++s) { boards_[s].omit = 0; boards_[s].omit_token = false; }
  step_ = Step::Record;
  recorder_ = active_;
}

// --- Spring: 3. Everyone records it (Autumn's step 3: shades it) ---

// "`#` becomes the resource card's cow, `*` its crop"; other plan cells are written as printed.
Value GameshireState::symbol_value(std::uint8_t symbol, ResId res) const { return plan_value(symbol, rules_->resources[res]); }

// "Everyone records it ... A player who cannot record it passes." With Orange Peppers paid for, a square
// of the card may be left out first; a skill may be used on this decision too ("Skills").
void GameshireState::add_record_moves(Seat seat, ActionList& out) const {
  const std::size_t before = out.size();
  add_placements(seat, out);
  if (out.size() == before) out.push_back(MoveCode{Move::Pass}.encode());
  const Board& b = boards_[seat];
  if (b.omit_token && b.omit == 0) {
    // Only an omission that leaves a placement (meeting the demand for the Autumn chooser).
    for (int k = 0; k < card_squares(current_.card); ++k) {
      if (fits(seat, current_.card, seat == active_, k + 1)) out.push_back(MoveCode{Move::Omit, static_cast<std::uint8_t>(k)}.encode());
    }
  }
  add_skill_moves(seat, out);
  add_token_moves(seat, out);
}

// Every placement of the card (with the square left out, if any) on open squares; for the Autumn
// chooser only those that meet the demand. Placements that write the same results are offered once.
void GameshireState::add_placements(Seat seat, ActionList& out) const {
  const SeasonCard& c = rules_->cards[current_.card];
  const bool spring = season_ == Season::Spring;
  const auto& list = spring ? c.spring : c.autumn;
  const OmissionStarts& from = spring ? c.spring_from : c.autumn_from;
  const Board& b = boards_[seat];
  const Bits open = open_squares(seat);
  const bool must_meet = !spring && seat == active_;
  std::array<Bits, kTransforms> anchors{};   // by orientation of this omission (at most eight)
  const std::size_t first = from[b.omit];
  const std::size_t count = from[b.omit + 1] - first;
  const Bits twins = spring ? c.spring_twins[current_.res] >> first : 0;   // one move for placements alike
  for (std::size_t k = 0; k < count; ++k) {
    const Placed& p = list[first + k];
    if (twins >> k & 1) continue;
    anchors[k] = fitting_anchors(p, open);
    if (must_meet && anchors[k]) anchors[k] = meeting_anchors(c.require, p.pattern, b.values, anchors[k]);
  }
  push_placements(out, first, anchors.data(), count);
}

// Spring: "record the plan's crops and cows in empty boxes, using the same shape (rotated and/or
// mirrored)", # and rainbow taking the resource card's cow and crop. Autumn: shade the same shape on
// unshaded squares; the active player's squares must meet the demand.
void GameshireState::place(Seat seat, int index, int anchor) {
  const SeasonCard& c = rules_->cards[current_.card];
  Board& b = boards_[seat];
  if (season_ == Season::Spring) {
    const Placed& p = c.spring[index];
    Bits mask = 0;
    for (int i = 0; i < p.size; ++i) {
      const int cell = anchor + p.offset[i];
      mask |= cell_bit(cell);
      b.values.set(cell, symbol_value(p.symbol[i], current_.res));
      b.written |= cell_bit(cell);
    }
    log_event({.kind = Event::Recorded, .seat = static_cast<std::int8_t>(seat), .card = current_.card, .res = current_.res, .cells = mask});
    // Hammers: a crop recorded on a hammer teaches everyone that skill (cows teach nothing).
    const MapInfo& map = rules_->maps[b.map];
    for (Bits h = mask & map.hammers; h; h &= h - 1) record_square(seat, std::countr_zero(h), b.value(std::countr_zero(h)), true);
    // Crowns, in column order (quota counted in that order), then boons.
    for (int column = 0; column < kColumns; ++column) {
      if (mask & cell_bit(map.crown[column])) record_square(seat, map.crown[column], b.value(map.crown[column]), true);
    }
    check_boons(seat);
  } else {
    const Placed& p = c.autumn[index];
    const Bits mask = p.pattern.mask << anchor;
    b.shaded |= mask;
    if (seat == active_) ++b.demands_met;
    log_event({.kind = Event::Shaded, .seat = static_cast<std::int8_t>(seat), .card = current_.card, .cells = mask});
  }
  b.omit = 0;
  next_recorder();
}

// Writes `v` on `cell` of `seat`'s map. In Spring, `triggers`: a crop on a hammer learns that skill; a
// result on the crown of a column whose gift is not yet chosen chooses that gift, if the player has not
// yet chosen their quota; a completed row or column earns a boon.
void GameshireState::record_square(Seat seat, int cell, Value v, bool triggers) {
  Board& b = boards_[seat];
  b.values.set(cell, v);
  b.written |= cell_bit(cell);
  if (!triggers || season_ != Season::Spring) return;
  const MapInfo& map = rules_->maps[b.map];
  Pool& pool = pools_[pool_index(seat)];
  if ((map.hammers & cell_bit(cell)) && is_crop(v) && !(pool.skills >> crop_of(v) & 1)) {
    pool.skills |= static_cast<std::uint8_t>(1u << crop_of(v));
    pool.learned_order.push_back(static_cast<std::uint8_t>(crop_of(v)));
    log_event({.kind = Event::Skill, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(crop_of(v))});
  }
  if (map.crowns & cell_bit(cell)) {
    const int column = cell % kGrid - 1;
    if (!(pool.chosen >> column & 1) && b.gifts_chosen < quota(seat)) {
      pool.chosen |= static_cast<std::uint8_t>(1u << column);
      pool.gift[column] = v;
      ++b.gifts_chosen;
      b.gift_circles |= static_cast<std::uint8_t>(1u << column);
      log_event({.kind = Event::Gift, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(column), .b = v});
    }
  }
  check_boons(seat);
}

// "When you fill all six white spaces in a row or column, you earn a boon." Boons are shared. The
// rulebook's note counts squares "sown, cowed, or shaded in the Spring" (option shaded_boons).
void GameshireState::check_boons(Seat seat) {
  Board& b = boards_[seat];
  const Bits filled = b.written | (season_ == Season::Spring && rules_->shaded_boons ? b.shaded : 0);
  const auto fresh = static_cast<std::uint16_t>(full_lines(filled) & ~b.boon_lines);
  if (!fresh) return;
  b.boon_lines |= fresh;
  const int earned = count_squares(fresh);
  Pool& pool = pools_[pool_index(seat)];
  pool.boons = static_cast<std::int8_t>(pool.boons + earned);
  pool.boons_earned = static_cast<std::int8_t>(pool.boons_earned + earned);
  log_event({.kind = Event::Boon, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(earned)});
}

// "in turn order starting with you": the next player who has not passed records; after the last, the
// card is finished (in Autumn after step 4).
void GameshireState::next_recorder() {
  for (int k = 1; k < seats_; ++k) {
    const Seat r = (recorder_ + k) % seats_;
    if (r == active_) break;
    if (!boards_[r].passed) { recorder_ = static_cast<std::int8_t>(r); return; }
  }
  // Everyone has recorded (or passed). Autumn step 4: deliver a matching gift, or refresh the market.
  if (season_ == Season::Autumn && !boards_[active_].passed) {
    const std::uint8_t m = matching_gifts(active_, current_.res);
    if (m && !(m & (m - 1))) { deliver(active_, std::countr_zero(m)); return; }   // one gift matches
    if (m) { step_ = Step::Deliver; return; }
    if (rules_->refresh_discards > 0 && !market_.empty()) {
      step_ = Step::Refresh;
      refresh_left_ = static_cast<std::int8_t>(rules_->refresh_discards);
      return;
    }
  }
  finish_card();
}

// --- Spring: 4. The plan is discarded; Spring ends or the next player plays (Autumn's step 5 too) ---

// "5. Discard the resolved card" and see whether the season or the game ends.
void GameshireState::finish_card() {
  season_discard_.push_back(current_.card);
  res_discard_.push_back(current_.res);
  current_ = {};
  for (int s = 0; s < seats_; ++s) { boards_[s].omit = 0; boards_[s].omit_token = false; }
  if (season_ == Season::Spring) {
    if (spring_complete()) { start_autumn(); return; }
  } else {
    if (!rules_->competitive() && pools_[0].delivered == 0x3f) { end_game(true, LossCause::None); return; }
    if (rules_->competitive() && pools_[active_].chosen && pools_[active_].delivered == pools_[active_].chosen) {
      end_game(false, LossCause::None);
      return;
    }
  }
  next_active();
}

// Spring ends once all six gifts are chosen (competitive: when every player has six or has passed).
bool GameshireState::spring_complete() const {
  if (!rules_->competitive()) return pools_[0].chosen == 0x3f;
  for (int s = 0; s < seats_; ++s) if (!boards_[s].passed && pools_[s].chosen != 0x3f) return false;
  return true;
}

// "the next player who has not passed takes a turn". When everyone has passed, Spring ends (or is
// lost, before the gifts are chosen), and Autumn is lost (competitive: the game ends).
void GameshireState::next_active() {
  for (int k = 1; k <= seats_; ++k) {
    const Seat s = (active_ + k) % seats_;
    if (!boards_[s].passed) {
      active_ = static_cast<std::int8_t>(s);
      start_turn();
      return;
    }
  }
  // Everyone has passed.
  if (season_ == Season::Spring) {
    if (rules_->competitive() || pools_[0].chosen == 0x3f) start_autumn();
    else end_game(false, LossCause::SpringPass);
    return;
  }
  end_game(false, rules_->competitive() ? LossCause::None : LossCause::AutumnAllPassed);
}

// --- Spring: Gift shares ---

// "Gift shares": each player's share of the six gifts, by seat count (competitive: six each).
int GameshireState::quota(Seat s) const { return rules_->competitive() ? kColumns : rules_->quota[s]; }

// --- Spring: Spring loss (and a pass in Autumn) ---

// Passing: a player who cannot choose or record a card is out for the rest of the season. In Spring,
// the team loses if that player has not yet chosen their share of the gifts.
void GameshireState::pass(Seat seat) {
  Board& b = boards_[seat];
  log_event({.kind = Event::Passed, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(season_)});
  b.passed = true;
  if (season_ == Season::Spring && !rules_->competitive() && b.gifts_chosen < quota(seat)) {
    end_game(false, LossCause::SpringPass);
    return;
  }
  if (step_ == Step::Choose) next_active();
  else next_recorder();
}

// --- Autumn: setup (docs/rules/gameshire.md, "Autumn") ---

// Autumn setup: the season deck is flipped (Court: with the used cards shuffled back in), the market
// turns to its demand side, each player shades one square matching each gift, and play goes on with
// the next player.
void GameshireState::start_autumn() {
  season_ = Season::Autumn;
  log_event({.kind = Event::SeasonStart, .a = static_cast<std::uint8_t>(Season::Autumn)});
  for (int s = 0; s < seats_; ++s) boards_[s].passed = false;
  if (rules_->autumn_reshuffle) {
    for (CardId c : season_discard_) season_deck_.push_back(c);
    season_discard_.clear();
    shuffle(season_deck_.begin(), season_deck_.end(), rng_);
    log_event({.kind = Event::Reshuffled, .a = 1});
  } else {
    // Flipping the deck over reverses its order.
    for (std::size_t i = 0, j = season_deck_.size(); i + 1 < j; ++i, --j) std::swap(season_deck_[i], season_deck_[j - 1]);
  }
  shade_start_ = static_cast<std::int8_t>((active_ + 1) % seats_);
  shade_seat_ = shade_start_;
  shade_count_ = 0;
  shade_col_ = -1;
  step_ = Step::GiftShade;
  next_gift_shade();
}

// Autumn setup: "shades one square holding each gift's value": any unshaded one.
void GameshireState::add_gift_shade_moves(Seat seat, ActionList& out) const {
  const Value gift = pool(seat).gift[shade_col_];
  for (Bits cells = ~boards_[seat].shaded & boards_[seat].values.of(gift); cells; cells &= cells - 1) {
    out.push_back(MoveCode{Move::ShadeGift, static_cast<std::uint8_t>(std::countr_zero(cells))}.encode());
  }
}

// The square is shaded for the gift for good (an erase never un-shades it); then the next gift.
void GameshireState::shade_gift(Seat seat, int cell) {
  boards_[seat].shaded |= cell_bit(cell);
  boards_[seat].fixed |= cell_bit(cell);
  log_event({.kind = Event::GiftShaded, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(shade_col_),
             .b = static_cast<std::uint8_t>(cell)});
  next_gift_shade();
}

// The next (player, gift) that has a matching unshaded square; a gift with none is skipped.
void GameshireState::next_gift_shade() {
  while (shade_count_ < seats_) {
    const Pool& p = pool(shade_seat_);
    const Board& b = boards_[shade_seat_];
    while (++shade_col_ < kColumns) {
      if ((p.chosen >> shade_col_ & 1) && (~b.shaded & b.values.of(p.gift[shade_col_]))) return;
    }
    shade_col_ = -1;
    ++shade_count_;
    shade_seat_ = static_cast<std::int8_t>((shade_seat_ + 1) % seats_);
  }
  active_ = shade_start_;
  start_turn();
}

// --- Autumn: 3. The active player's squares meet the requirement ---

// "you must shade unshaded squares meeting the requirement": the results under placement `p` at `anchor`.
bool GameshireState::placement_meets(Seat s, CardId card, const Placed& p, int anchor) const {
  std::array<Value, kMaxShapeCells> values{};
  for (int i = 0; i < p.size; ++i) values[i] = boards_[s].value(anchor + p.offset[i]);
  return meets(rules_->cards[card].require, values.data(), p.size);
}

// --- Autumn: 4. Deliver or refresh ---

// "if the crop or the cow of the demand's resource card equals an undelivered gift".
std::uint8_t GameshireState::matching_gifts(Seat s, ResId res) const {
  if (res >= rules_->resources.size()) return 0;
  const Pool& p = pool(s);
  const ResourceCard& r = rules_->resources[res];
  std::uint8_t out = 0;
  for (int c = 0; c < kColumns; ++c) {
    if (!(p.chosen >> c & 1) || (p.delivered >> c & 1)) continue;
    if (p.gift[c] == crop_value(r.crop) || p.gift[c] == cow_value(r.cows)) out |= static_cast<std::uint8_t>(1u << c);
  }
  return out;
}

// Step 4 with two matches: "only one is delivered", the active player's pick.
void GameshireState::add_deliver_moves(Seat seat, ActionList& out) const {
  const std::uint8_t m = matching_gifts(seat, current_.res);
  for (int c = 0; c < kColumns; ++c) if (m >> c & 1) out.push_back(MoveCode{Move::Deliver, static_cast<std::uint8_t>(c)}.encode());
}

// "Deliver a Crown gift": a resource option matching an undelivered gift delivers it (only one, even
// when it matches two).
void GameshireState::deliver(Seat seat, int column) {
  Pool& pool = pools_[pool_index(seat)];
  pool.delivered |= static_cast<std::uint8_t>(1u << column);
  log_event({.kind = Event::Delivered, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(column), .b = pool.gift[column]});
  finish_card();
}

// Step 4 with no match: "discard up to two market demands", one at a time, or keep the market.
void GameshireState::add_refresh_moves(ActionList& out) const {
  for (std::size_t k = 0; k < market_.size(); ++k) out.push_back(MoveCode{Move::Discard, static_cast<std::uint8_t>(k)}.encode());
  out.push_back(MoveCode{Move::Keep}.encode());
}

// "Otherwise, discard up to two season cards" of the market.
void GameshireState::discard_slot(Seat seat, int slot) {
  log_event({.kind = Event::Discarded, .seat = static_cast<std::int8_t>(seat), .card = market_[slot].card});
  season_discard_.push_back(market_[slot].card);
  res_discard_.push_back(market_[slot].res);
  market_.erase_at(slot);
  if (--refresh_left_ <= 0 || market_.empty()) finish_card();
}

// --- Autumn: Win, Autumn loss (the end of the game) ---

// "Win: all six gifts delivered"; or the team loses, by `cause`; or the competitive game ends.
void GameshireState::end_game(bool won, LossCause cause) {
  won_ = won;
  loss_ = cause;
  season_ = Season::Over;
  step_ = Step::Over;
  log_event({.kind = won ? Event::Won : Event::Lost, .a = static_cast<std::uint8_t>(cause)});
}

// --- Skills (docs/rules/gameshire.md, "Skills") ---

// "cross off the lowest unused number of the track and spend that many boons".
int GameshireState::skill_cost(Seat s) const {
  const Pool& p = pool(s);
  if (p.track_used >= rules_->track.size()) return -1;
  return rules_->track[p.track_used];
}

// A learned skill the team (competitive: the player) has the boons for.
bool GameshireState::skill_usable(Seat s, int crop) const {
  const Pool& p = pool(s);
  const int cost = skill_cost(s);
  return (p.skills >> crop & 1) && cost >= 0 && p.boons >= cost;
}

// Orange Peppers could be paid for now.
bool GameshireState::can_omit(Seat s) const {
  for (int crop = 0; crop < kCrops; ++crop) {
    if (rules_->skills[crop].effect == SkillEffect::Omit && skill_usable(s, crop)) return true;
  }
  return false;
}

// Purple Root, Green Grapes and Yellow Yams draw a resource card: the deck or its discards hold one.
bool GameshireState::resource_available() const { return !res_deck_.empty() || !res_discard_.empty(); }

// A skill is offered only when it can do something: a square someone may erase or write in (the
// user's own in the competitive variant), a square of this card to leave out that still leaves the
// user a placement, a resource card to draw, room in the market, a card to return.
bool GameshireState::skill_does_something(Seat seat, int crop) const {
  if (!skill_usable(seat, crop)) return false;
  const Board& user = boards_[seat];
  auto any_board = [&](auto&& has) {
    for (int s = 0; s < seats_; ++s) if ((s == seat || !rules_->competitive()) && has(s)) return true;
    return false;
  };
  switch (rules_->skills[crop].effect) {
    case SkillEffect::Erase:
      return !user.erase_token && any_board([&](int s) {
        const Board& b = boards_[s];
        return (season_ == Season::Spring ? b.written : b.shaded & ~b.fixed) != 0;
      });
    case SkillEffect::Write:
      return !user.write_token && any_board([&](int s) {
        return (open_squares(s) & ~boards_[s].values.filled()) != 0;
      });
    case SkillEffect::Omit:
      return step_ == Step::Record && !user.omit_token && user.omit == 0 && some_omission_fits(seat, current_.card, seat == active_);
    case SkillEffect::SwapResource: return !market_.empty() && resource_available();
    case SkillEffect::AddPlan: return !season_deck_.empty() && market_.size() < kMarketCapacity && resource_available();
    case SkillEffect::ReturnPlan: return !season_discard_.empty() && market_.size() < kMarketCapacity && resource_available();
  }
  return false;
}

// "you may use a learned skill if the team has the boons": each one that would do something, Purple
// Root on each market card, Yellow Yams for each discarded season card.
void GameshireState::add_skill_moves(Seat seat, ActionList& out) const {
  // Most turns no skill is learned or none can be paid for: settled once, not per crop.
  const Pool& p = pool(seat);
  if (p.skills == 0) return;
  const int cost = skill_cost(seat);
  if (cost < 0 || p.boons < cost) return;
  for (unsigned learned = p.skills; learned; learned &= learned - 1) {   // a skill not learned does nothing
    const int crop = std::countr_zero(learned);
    if (!skill_does_something(seat, crop)) continue;
    auto add = [&](int arg) { out.push_back(MoveCode{Move::UseSkill, static_cast<std::uint8_t>(crop), static_cast<std::uint8_t>(arg)}.encode()); };
    switch (rules_->skills[crop].effect) {
      case SkillEffect::SwapResource:
        for (std::size_t k = 0; k < market_.size(); ++k) add(static_cast<int>(k));
        break;
      case SkillEffect::ReturnPlan:
        for (CardId c : season_discard_) add(c);
        break;
      default: add(0); break;
    }
  }
}

// Using a skill: cross off the lowest unused number of the skill-use track and spend that many boons.
void GameshireState::use_skill(Seat seat, int crop, int arg) {
  Pool& pool = pools_[pool_index(seat)];
  const int cost = skill_cost(seat);
  pool.boons = static_cast<std::int8_t>(pool.boons - cost);
  ++pool.track_used;
  ++pool.skill_uses;
  log_event({.kind = Event::UsedSkill, .seat = static_cast<std::int8_t>(seat), .card = static_cast<CardId>(arg),
             .a = static_cast<std::uint8_t>(crop), .b = static_cast<std::uint8_t>(cost)});
  const bool everyone = !rules_->competitive();
  auto each = [&](auto&& f) {
    for (int s = 0; s < seats_; ++s) if (everyone || s == seat) f(boards_[s]);
  };
  switch (rules_->skills[crop].effect) {
    case SkillEffect::Erase: each([](Board& b) { b.erase_token = true; }); break;
    case SkillEffect::Write: each([](Board& b) { b.write_token = true; }); break;
    case SkillEffect::Omit: each([](Board& b) { if (b.omit == 0) b.omit_token = true; }); break;
    case SkillEffect::SwapResource: {
      // A wrinkle drawn on the way may discard the card itself (with its resource card).
      const CardId card = market_[arg].card;
      const ResId fresh = draw_resource();
      for (MarketSlot& slot : market_) {
        if (slot.card != card) continue;
        if (fresh == kNoCard) return;   // nothing left to draw: the card keeps its resource card
        res_discard_.push_back(slot.res);
        slot.res = fresh;
        return;
      }
      if (fresh != kNoCard) res_discard_.push_back(fresh);
      break;
    }
    case SkillEffect::AddPlan: {
      CardId card = kNoCard;
      if (!draw_season(&card)) break;
      const ResId res = draw_resource();
      if (res == kNoCard || market_.full()) { season_deck_.push_back(card); break; }
      market_.push_back({card, res});
      log_event({.kind = Event::Refilled, .card = card, .res = res});
      break;
    }
    case SkillEffect::ReturnPlan: {
      const int at = season_discard_.index_of(static_cast<CardId>(arg));
      if (at < 0) break;
      season_discard_.erase_at(static_cast<std::size_t>(at));
      const ResId res = draw_resource();
      if (res == kNoCard || market_.full()) { season_discard_.push_back(static_cast<CardId>(arg)); break; }
      market_.push_back({static_cast<CardId>(arg), res});
      log_event({.kind = Event::Refilled, .card = static_cast<CardId>(arg), .res = res});
      break;
    }
  }
}

// The erase (White Berries) and the write (Red Radishes) a player holds, usable at any later decision.
void GameshireState::add_token_moves(Seat seat, ActionList& out) const {
  const Board& b = boards_[seat];
  if (b.erase_token) {
    Bits cells = season_ == Season::Spring ? b.written : b.shaded & ~b.fixed;
    for (; cells; cells &= cells - 1) out.push_back(MoveCode{Move::Erase, static_cast<std::uint8_t>(std::countr_zero(cells))}.encode());
  }
  if (b.write_token) {
    for (Bits cells = open_squares(seat) & ~b.values.filled(); cells; cells &= cells - 1) {
      const int cell = std::countr_zero(cells);
      for (Value v = 1; v <= 12; ++v) out.push_back(MoveCode{Move::Write, static_cast<std::uint8_t>(cell), v}.encode());
    }
  }
}

// White Berries' token: in Spring erase a recorded square; in Autumn un-shade a square shaded for a
// demand (never one shaded for a gift or by a blight: offered only where it can be used).
void GameshireState::erase(Seat seat, int cell) {
  Board& b = boards_[seat];
  b.erase_token = false;
  if (season_ == Season::Spring) {
    b.values.set(cell, kBlank);
    b.written &= ~cell_bit(cell);
  } else {
    b.shaded &= ~cell_bit(cell);
  }
  log_event({.kind = Event::Erased, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(cell)});
}

// Orange Peppers' token: square `square` of the card being recorded is left out of the placements.
void GameshireState::omit(Seat seat, int square) {
  boards_[seat].omit = static_cast<std::uint8_t>(square + 1);
  boards_[seat].omit_token = false;
  log_event({.kind = Event::Omitted, .seat = static_cast<std::int8_t>(seat), .card = current_.card, .a = static_cast<std::uint8_t>(square)});
}

// Red Radishes' token: a result of the player's choice in a blank square; in Spring it is a recording
// (hammers, crowns and boons work as usual).
void GameshireState::write(Seat seat, int cell, Value v) {
  boards_[seat].write_token = false;
  log_event({.kind = Event::Wrote, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(cell), .b = v});
  record_square(seat, cell, v, season_ == Season::Spring);
  // "Once all six gifts have been chosen, Spring ends": also when a write chooses the last one
  // before a card is chosen (during a recording, the card is finished first).
  if (season_ == Season::Spring && step_ == Step::Choose && spring_complete()) start_autumn();
}

// --- Wrinkles (docs/rules/gameshire.md, "Wrinkles") ---

// Drawing a resource card. A wrinkle drawn is read aloud and applied at once, then leaves the game and
// another card is drawn. An empty deck is remade from the resource discards (Court's ruling).
ResId GameshireState::draw_resource() {
  for (;;) {
    if (res_deck_.empty()) {
      if (res_discard_.empty()) return kNoCard;
      for (ResId r : res_discard_) res_deck_.push_back(r);
      res_discard_.clear();
      shuffle(res_deck_.begin(), res_deck_.end(), rng_);
      log_event({.kind = Event::Reshuffled, .a = 0});
    }
    const ResId r = res_deck_.back();
    res_deck_.pop_back();
    if (!rules_->is_wrinkle(r)) return r;
    apply_wrinkle(r - kWrinkleBase);
  }
}

// "its effects happen at once", in the order the card lists them; it then leaves the game.
void GameshireState::apply_wrinkle(int w) {
  wrinkles_drawn_ |= 1u << w;
  log_event({.kind = Event::Wrinkle, .a = static_cast<std::uint8_t>(w)});
  const int pools = rules_->competitive() ? seats_ : 1;
  for (const WrinkleStep& step : rules_->wrinkles[w].effects) {
    const int n = step.n;
    switch (step.effect) {
      case WrinkleEffect::LoseBoons:
        for (int p = 0; p < pools; ++p) pools_[p].boons = static_cast<std::int8_t>(std::max(0, pools_[p].boons - n));
        break;
      case WrinkleEffect::RaiseCost:
        for (int p = 0; p < pools; ++p) {
          pools_[p].track_used = static_cast<std::uint8_t>(std::min<int>(static_cast<int>(rules_->track.size()), pools_[p].track_used + n));
        }
        break;
      case WrinkleEffect::ForgetSkill:
        for (int p = 0; p < pools; ++p) {
          for (int k = 0; k < n && !pools_[p].learned_order.empty(); ++k) {
            pools_[p].skills &= static_cast<std::uint8_t>(~(1u << pools_[p].learned_order.back()));
            pools_[p].learned_order.pop_back();
          }
        }
        break;
      case WrinkleEffect::DiscardMarket:
        for (int k = 0; k < n && !market_.empty(); ++k) {
          season_discard_.push_back(market_[0].card);
          res_discard_.push_back(market_[0].res);
          log_event({.kind = Event::Discarded, .card = market_[0].card});
          market_.erase_at(0);
        }
        break;
      case WrinkleEffect::BurnSeason:
        for (int k = 0; k < n && !season_deck_.empty(); ++k) {
          log_event({.kind = Event::Discarded, .card = season_deck_.back()});
          season_discard_.push_back(season_deck_.back());
          season_deck_.pop_back();
        }
        break;
      case WrinkleEffect::Blight: blight(n, BlightWhere::Anywhere); break;
      case WrinkleEffect::BlightSparingCrowns: blight(n, BlightWhere::SparingCrowns); break;
      case WrinkleEffect::BlightBorder: blight(n, BlightWhere::Border); break;
      case WrinkleEffect::ShrinkMarket:
        market_target_ = static_cast<std::uint8_t>(std::max(1, market_target_ - n));
        break;
    }
  }
}

// A blight: every player loses `n` random squares (Spring: blank field squares, which can never be
// recorded; Autumn: unshaded squares), or only squares other than crowns, or only squares of the grey
// border (used in Autumn only). The squares are shaded for good. By
// the rulebook's note a line "sown, cowed, or shaded in the Spring" earns its boon, so a blight that
// fills a line's last square earns it (option shaded_boons).
void GameshireState::blight(int n, BlightWhere where) {
  for (int seat = 0; seat < seats_; ++seat) {
    Board& b = boards_[seat];
    Bits lost = 0;
    Bits allowed = season_ == Season::Spring ? kFieldMask & ~b.written : kAllCells;
    if (where == BlightWhere::SparingCrowns) allowed &= ~rules_->maps[b.map].crowns;
    if (where == BlightWhere::Border) allowed = kAllCells & ~kFieldMask;
    for (int k = 0; k < n; ++k) {
      Bits open = allowed & ~b.shaded & ~lost;
      const int count = std::popcount(open);
      if (count == 0) break;
      int pick = static_cast<int>(uniform(rng_, static_cast<std::uint32_t>(count)));
      for (; pick > 0; --pick) open &= open - 1;
      lost |= cell_bit(std::countr_zero(open));
    }
    b.shaded |= lost;
    b.fixed |= lost;
    log_event({.kind = Event::Blighted, .seat = static_cast<std::int8_t>(seat), .cells = lost});
    if (season_ == Season::Spring) check_boons(seat);
  }
}

// --- Competitive variant: Score, and the outcome (docs/rules/gameshire.md, "Competitive variant") ---

// "Score: 3 points per gift you delivered plus 1 per demand you met as the active player"; the team's
// score is the gifts delivered (decision 19).
int GameshireState::score(Seat s) const {
  const Pool& p = pool(s);
  const int delivered = count_squares(p.delivered);
  return rules_->competitive() ? 3 * delivered + boards_[s].demands_met : delivered;
}

// The highest score wins, ties share (competitive); the team wins or loses together, with its loss cause.
Outcome GameshireState::outcome() const {
  if (rules_->competitive()) {
    std::array<double, kMaxSeats> scores{};
    for (int s = 0; s < seats_; ++s) scores[s] = score(s);
    return Outcome::from_scores(scores.data(), seats_);
  }
  Outcome o;
  o.cooperative = true;
  o.team_win = won_;
  o.loss_cause = won_ ? nullptr : loss_cause_key(loss_);
  for (int s = 0; s < seats_; ++s) o.seats.push_back({.win = won_, .score = static_cast<double>(score(s)), .rank = 1});
  return o;
}

}  // namespace court::gameshire
