// Belle of the Ball's position as data: the blank state, who acts, the listing of legal moves (by phase,
// from the rules' move writers in rules.cpp), what a seat observes of a move, determinization and the
// hidden positions.
#include "games/belle/state.h"

namespace court::belle {

BelleState BelleState::blank(const BelleRules& rules, std::uint64_t seed) {
  BelleState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  s.seats_ = static_cast<std::int8_t>(rules.seats);
  s.belle_.fill(kNoCard);
  return s;
}

SeatSet BelleState::to_act() const {
  if (phase_ == Phase::GameOver) return SeatSet();
  return SeatSet::of(phase_ == Phase::Replace ? victim_ : turn_);
}

void BelleState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  MoveWriter moves(out);
  switch (phase_) {
    case Phase::Invite: add_invite_moves(seat, moves); break;
    case Phase::Power: add_power_moves(moves); break;
    case Phase::Gift: add_gift_moves(seat, moves); break;
    case Phase::Reach: add_attract_or_repel_moves(seat, moves); break;
    case Phase::Replace: add_replace_moves(seat, moves); break;
    case Phase::GameOver: break;
  }
  moves.commit();
}

std::uint64_t BelleState::observe(Seat viewer, Seat actor, Action action) const {
  const MoveCode m = MoveCode::decode(action);
  if (viewer == actor || m.move != Move::Gift) return action.code;
  return MoveCode{.move = Move::Gift, .index = m.index}.encode().code | (1u << 31);
}

// Everything `seat` cannot know goes back into one pool and is dealt out again to the same places: the
// other players' hands, the deck, gifts it did not give and cards discarded face-down that it did not
// hold. Details of others' gifts in the log are forgotten and the state's generator is reseeded, so the
// copy carries no trace of the true hidden facts.
void BelleState::determinize(Seat seat, Rng& rng) {
  const std::uint8_t me = static_cast<std::uint8_t>(1u << seat);
  std::array<CardId, kMaxDeck> pool{};
  int n = 0;
  auto visit = [&](auto&& fn) {
    for (int t = 0; t < seats_; ++t) {
      if (t == seat) continue;
      for (CardId& c : hands_[t]) fn(c);
    }
    for (CardId& c : deck_) fn(c);
    for (Unit& u : units_) {
      for (int g = 0; g < u.gift_count; ++g) if (!(u.gifts[g].known & me)) fn(u.gifts[g].card);
    }
    for (Buried& b : buried_) if (!(b.known & me)) fn(b.card);
  };
  visit([&](CardId& c) { pool[n++] = c; });
  shuffle(pool.begin(), pool.begin() + n, rng);
  n = 0;
  visit([&](CardId& c) { c = pool[n++]; });
  for (LogEvent& e : log_) {
    if (e.kind == Event::GaveGift && e.seat != seat) e.card = kNoCard;
  }
  std::uint64_t high = rng();
  rng_ = make_rng((high << 32) | rng());
}

void BelleState::hidden_items(Seat seat, HiddenList& out) const {
  const std::uint8_t me = static_cast<std::uint8_t>(1u << seat);
  auto add = [&](CardId c) { out.push_back(HiddenItem{0, c}); };
  for (int t = 0; t < seats_; ++t) {
    if (t == seat) continue;
    for (CardId c : hands_[t]) add(c);
  }
  for (CardId c : deck_) add(c);
  for (const Unit& u : units_) {
    for (int g = 0; g < u.gift_count; ++g) if (!(u.gifts[g].known & me)) add(u.gifts[g].card);
  }
  for (const Buried& b : buried_) if (!(b.known & me)) add(b.card);
}

}  // namespace court::belle
