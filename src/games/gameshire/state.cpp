// Gameshire's position as data: the blank state (maps dealt, nothing else), who acts, the listing of
// legal moves (each step's writer is in rules.cpp), determinization and the hidden items.
#include "games/gameshire/state.h"

namespace court::gameshire {

// A loss cause as the outcome names it (the rules page's `spring_pass_before_quota`, `autumn_all_passed`).
const char* loss_cause_key(LossCause cause) {
  switch (cause) {
    case LossCause::SpringPass: return "spring_pass_before_quota";
    case LossCause::AutumnAllPassed: return "autumn_all_passed";
    case LossCause::None: break;
  }
  return nullptr;
}

// The rules, the generator and the options' numbers; the maps are dealt (rules.cpp, "Setup").
GameshireState GameshireState::blank(const GameshireRules& rules, std::uint64_t seed) {
  GameshireState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  s.seats_ = static_cast<std::uint8_t>(rules.seats);
  s.market_target_ = static_cast<std::uint8_t>(rules.market_size);
  s.deal_maps();
  return s;
}

// The recorder while a card is recorded, the player shading gifts at the start of Autumn, else the
// active player.
Seat GameshireState::actor() const {
  switch (step_) {
    case Step::Record: return recorder_;
    case Step::GiftShade: return shade_seat_;
    default: return active_;
  }
}

// Each step's moves come from its writer in rules.cpp, in the order the rules page gives them.
void GameshireState::legal_actions(Seat seat, ActionList& out) const {
  if (step_ == Step::Over || seat != actor()) return;
  switch (step_) {
    case Step::Choose: add_choose_moves(seat, out); break;
    case Step::Record: add_record_moves(seat, out); break;
    case Step::GiftShade: add_gift_shade_moves(seat, out); break;
    case Step::Deliver: add_deliver_moves(seat, out); break;
    case Step::Refresh: add_refresh_moves(out); break;
    case Step::Over: break;
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
