// Gameshire: setup, the legal moves, determinization and the hidden positions.
#include "games/gameshire/state.h"

namespace court::gameshire {

const char* loss_cause_key(LossCause cause) {
  switch (cause) {
    case LossCause::SpringPass: return "spring_pass_before_quota";
    case LossCause::AutumnAllPassed: return "autumn_all_passed";
    case LossCause::None: break;
  }
  return nullptr;
}

GameshireState GameshireState::blank(const GameshireRules& rules, std::uint64_t seed) {
  GameshireState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  s.seats_ = static_cast<std::uint8_t>(rules.seats);
  s.market_target_ = static_cast<std::uint8_t>(rules.market_size);
  // Setup 4: each player gets a different map, dealt at random.
  std::array<std::uint8_t, kMaxMaps> order{};
  const int maps = static_cast<int>(rules.maps.size());
  for (int i = 0; i < maps; ++i) order[i] = static_cast<std::uint8_t>(i);
  shuffle(order.begin(), order.begin() + maps, s.rng_);
  for (int seat = 0; seat < s.seats_; ++seat) {
    Board& b = s.boards_[seat];
    b.map = order[seat];
    b.values = value_sets(rules.maps[b.map].border);
  }
  return s;
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

Seat GameshireState::actor() const {
  switch (step_) {
    case Step::Record: return recorder_;
    case Step::GiftShade: return shade_seat_;
    default: return active_;
  }
}

int GameshireState::quota(Seat s) const { return rules_->competitive() ? kColumns : rules_->quota[s]; }

int GameshireState::score(Seat s) const {
  const Pool& p = pool(s);
  const int delivered = count_squares(p.delivered);
  return rules_->competitive() ? 3 * delivered + boards_[s].demands_met : delivered;
}

Bits GameshireState::open_squares(Seat s) const {
  const Board& b = boards_[s];
  if (season_ == Season::Spring) return kFieldMask & ~b.written & ~b.shaded;
  return ~b.shaded;
}

Value GameshireState::symbol_value(std::uint8_t symbol, ResId res) const { return plan_value(symbol, rules_->resources[res]); }

bool GameshireState::placement_meets(Seat s, CardId card, const Placed& p, int anchor) const {
  std::array<Value, kMaxShapeCells> values{};
  for (int i = 0; i < p.size; ++i) values[i] = boards_[s].value(anchor + p.offset[i]);
  return meets(rules_->cards[card].require, values.data(), p.size);
}

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

bool GameshireState::some_omission_fits(Seat s, CardId card, bool as_active) const {
  for (int k = 0; k < card_squares(card); ++k) if (fits(s, card, as_active, k + 1)) return true;
  return false;
}

bool GameshireState::can_omit(Seat s) const {
  for (int crop = 0; crop < kCrops; ++crop) {
    if (rules_->skills[crop].effect == SkillEffect::Omit && skill_usable(s, crop)) return true;
  }
  return false;
}

int GameshireState::card_squares(CardId card) const {
  const SeasonCard& c = rules_->cards[card];
  return static_cast<int>(season_ == Season::Spring ? c.plan_symbols.size() : c.demand.cells.size());
}

bool GameshireState::resource_available() const { return !res_deck_.empty() || !res_discard_.empty(); }

int GameshireState::skill_cost(Seat s) const {
  const Pool& p = pool(s);
  if (p.track_used >= rules_->track.size()) return -1;
  return rules_->track[p.track_used];
}

bool GameshireState::skill_usable(Seat s, int crop) const {
  const Pool& p = pool(s);
  const int cost = skill_cost(s);
  return (p.skills >> crop & 1) && cost >= 0 && p.boons >= cost;
}

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

void GameshireState::legal_actions(Seat seat, ActionList& out) const {
  if (step_ == Step::Over || seat != actor()) return;
  switch (step_) {
    case Step::Choose: {
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
      break;
    }
    case Step::Record: {
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
      break;
    }
    case Step::GiftShade: {
      const Value gift = pool(seat).gift[shade_col_];
      for (Bits cells = ~boards_[seat].shaded & boards_[seat].values.of(gift); cells; cells &= cells - 1) {
        out.push_back(MoveCode{Move::ShadeGift, static_cast<std::uint8_t>(std::countr_zero(cells))}.encode());
      }
      break;
    }
    case Step::Deliver: {
      const std::uint8_t m = matching_gifts(seat, current_.res);
      for (int c = 0; c < kColumns; ++c) if (m >> c & 1) out.push_back(MoveCode{Move::Deliver, static_cast<std::uint8_t>(c)}.encode());
      break;
    }
    case Step::Refresh:
      for (std::size_t k = 0; k < market_.size(); ++k) out.push_back(MoveCode{Move::Discard, static_cast<std::uint8_t>(k)}.encode());
      out.push_back(MoveCode{Move::Keep}.encode());
      break;
    case Step::Over: break;
  }
}

namespace {

// Appends a placement move of list entry first + k at each anchor of anchors[k], in list then anchor
// order; written in place after one append_unwritten (a Record step lists dozens of them).
void push_placements(ActionList& out, std::size_t first, const Bits* anchors, std::size_t count) {
  int total = 0;
  for (std::size_t k = 0; k < count; ++k) total += count_squares(anchors[k]);
  Action* slot = out.append_unwritten(static_cast<std::size_t>(total));
  for (std::size_t k = 0; k < count; ++k) {
    const auto index = static_cast<std::uint8_t>(first + k);
    for (Bits a = anchors[k]; a; a &= a - 1) {
      *slot++ = MoveCode{Move::Place, index, static_cast<std::uint8_t>(std::countr_zero(a))}.encode();
    }
  }
}

}  // namespace

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

// Only card decks are hidden: the order of the resource deck, and of the season deck below its top
// card (whose other side shows, so everyone knows it). Everything else is public.
void GameshireState::determinize(Seat seat, Rng& rng) {
  (void)seat;
  if (!rules_->review_wrinkles) resample_hidden_wrinkles(rng);
  shuffle(res_deck_.begin(), res_deck_.end(), rng);
  if (season_deck_.size() > 1) shuffle(season_deck_.begin(), season_deck_.end() - 1, rng);
  const std::uint64_t high = rng();
  rng_ = make_rng((high << 32) | rng());
}

bool GameshireState::wrinkle_known(int w) const {
  if (rules_->review_wrinkles || wrinkle_drawn(w)) return true;
  return std::find(rules_->wrinkle_names.begin(), rules_->wrinkle_names.end(), w) != rules_->wrinkle_names.end();
}

// Without the review, the wrinkles chosen at random and not yet drawn are unknown but for their
// colour: each is replaced by a random one of its colour among those not known to be elsewhere.
void GameshireState::resample_hidden_wrinkles(Rng& rng) {
  for (int colour = 0; colour < 3; ++colour) {
    FixedVector<std::uint8_t, kMaxWrinkles> candidates;
    int hidden = 0;
    for (std::size_t w = 0; w < rules_->wrinkles.size(); ++w) {
      if (static_cast<int>(rules_->wrinkles[w].colour) != colour || wrinkle_known(static_cast<int>(w))) continue;
      candidates.push_back(static_cast<std::uint8_t>(w));
      hidden += wrinkles_in_game_.contains(static_cast<std::uint8_t>(w));
    }
    if (hidden == 0) continue;
    shuffle(candidates.begin(), candidates.end(), rng);
    int next = 0;
    for (std::uint8_t& w : wrinkles_in_game_) {
      if (static_cast<int>(rules_->wrinkles[w].colour) != colour || wrinkle_known(w)) continue;
      const std::uint8_t fresh = candidates[next++];
      for (ResId& r : res_deck_) if (r == kWrinkleBase + w) r = static_cast<ResId>(kWrinkleBase + fresh);
      w = fresh;
    }
  }
}

// A wrinkle whose name is hidden is listed by its colour only.
void GameshireState::hidden_items(Seat seat, HiddenList& out) const {
  (void)seat;
  for (ResId r : res_deck_) {
    const bool hidden_name = rules_->is_wrinkle(r) && !wrinkle_known(r - kWrinkleBase);
    const int colour = hidden_name ? static_cast<int>(rules_->wrinkles[r - kWrinkleBase].colour) : 0;
    out.push_back({0, static_cast<std::uint16_t>(hidden_name ? kWrinkleBase + kMaxWrinkles + colour : r)});
  }
  for (std::size_t i = 0; i + 1 < season_deck_.size(); ++i) out.push_back({1, season_deck_[i]});
}

}  // namespace court::gameshire
