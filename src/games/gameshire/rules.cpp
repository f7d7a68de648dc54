// Gameshire: what each move does, one function per rule of the rulebook (quoted in our own words).
#include <bit>

#include "games/gameshire/state.h"

namespace court::gameshire {

void GameshireState::apply(Seat seat, Action action) {
  const MoveCode m = MoveCode::decode(action);
  switch (m.move) {
    case Move::Choose: choose(m.a); break;
    case Move::Place: place(seat, m.a, m.b); break;
    case Move::Pass: pass(seat); break;
    case Move::Omit:
      boards_[seat].omit = static_cast<std::uint8_t>(m.a + 1);
      boards_[seat].omit_token = false;
      log_event({.kind = Event::Omitted, .seat = static_cast<std::int8_t>(seat), .card = current_.card, .a = m.a});
      break;
    case Move::UseSkill: use_skill(seat, m.a, m.b); break;
    case Move::Erase: erase(seat, m.a); break;
    case Move::Write:
      boards_[seat].write_token = false;
      log_event({.kind = Event::Wrote, .seat = static_cast<std::int8_t>(seat), .a = m.a, .b = m.b});
      record_square(seat, m.a, m.b, season_ == Season::Spring);
      // "Once all six gifts have been chosen, Spring ends": also when a write chooses the last one
      // before a card is chosen (during a recording, the card is finished first).
      if (season_ == Season::Spring && step_ == Step::Choose && spring_complete()) start_autumn();
      break;
    case Move::ShadeGift:
      boards_[seat].shaded |= cell_bit(m.a);
      boards_[seat].fixed |= cell_bit(m.a);
      log_event({.kind = Event::GiftShaded, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(shade_col_), .b = m.a});
      next_gift_shade();
      break;
    case Move::Deliver: deliver(seat, m.a); break;
    case Move::Discard: discard_slot(seat, m.a); break;
    case Move::Keep: finish_card(); break;
  }
}

// "On your turn: 1. Fill the market": refilled to its size (three) from the season deck, each card
// with a resource card tucked under it.
void GameshireState::start_turn() {
  refill_market();
  step_ = Step::Choose;
  ++turns_[season_ == Season::Spring ? 0 : 1];
}

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

bool GameshireState::draw_season(CardId* card) {
  if (season_deck_.empty()) return false;
  *card = season_deck_.back();
  season_deck_.pop_back();
  return true;
}

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

// "Deliver a Crown gift": a resource option matching an undelivered gift delivers it (only one, even
// when it matches two).
void GameshireState::deliver(Seat seat, int column) {
  Pool& pool = pools_[pool_index(seat)];
  pool.delivered |= static_cast<std::uint8_t>(1u << column);
  log_event({.kind = Event::Delivered, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(column), .b = pool.gift[column]});
  finish_card();
}

// "Otherwise, discard up to two season cards" of the market.
void GameshireState::discard_slot(Seat seat, int slot) {
  log_event({.kind = Event::Discarded, .seat = static_cast<std::int8_t>(seat), .card = market_[slot].card});
  season_discard_.push_back(market_[slot].card);
  res_discard_.push_back(market_[slot].res);
  market_.erase_at(slot);
  if (--refresh_left_ <= 0 || market_.empty()) finish_card();
}

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

void GameshireState::end_game(bool won, LossCause cause) {
  won_ = won;
  loss_ = cause;
  season_ = Season::Over;
  step_ = Step::Over;
  log_event({.kind = won ? Event::Won : Event::Lost, .a = static_cast<std::uint8_t>(cause)});
}

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
