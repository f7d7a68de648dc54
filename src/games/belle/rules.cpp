// Belle of the Ball: what each move does, the end of a turn, of a round and of the game. Each rule is a
// named function; its comment says which part of the rulebook (or which Court ruling) it implements.
#include "games/belle/state.h"

namespace court::belle {
namespace {

std::int8_t as_seat(Seat s) { return static_cast<std::int8_t>(s); }
std::uint8_t seat_bit(Seat s) { return static_cast<std::uint8_t>(1u << s); }

}  // namespace

// Precondition: `action` is legal for `seat`.
void BelleState::apply(Seat seat, Action action) {
  const MoveCode m = MoveCode::decode(action);
  switch (m.move) {
    case Move::InviteGuest: invite_guest(seat, m.card, m.flag, m.index); break;
    case Move::InviteBelle: invite_belle(seat, m.card); break;
    case Move::UsePower: draw_by_power(seat); break;
    case Move::PowerMingler: use_power_on_mingler(seat, m.index); break;
    case Move::SkipPower: decline_power(seat); break;
    case Move::Gift: give_gift(seat, m.card, m.index); break;
    case Move::NoGift:
      gifts_left_ = 0;
      advance();
      break;
    case Move::AttractMingler: attract_mingler(seat, m.index); break;
    case Move::AttractGuest: attract_guest(seat, m.index); break;
    case Move::AttractCouple: attract_couple(seat, m.index); break;
    case Move::Repel: repel(seat, m.index, m.to, m.flag); break;
    case Move::DeclineReach:
      log_event({.kind = Event::Declined, .seat = as_seat(seat), .card = invited_card_});
      reach_left_ = 0;
      advance();
      break;
    case Move::ReplaceSingle: replace_lost(seat, m.card, kNoCard); break;
    case Move::ReplaceCouple: replace_lost(seat, m.card, m.card2); break;
    case Move::NoReplace:
      victim_ = -1;
      phase_ = Phase::Reach;
      advance();
      break;
  }
}

void BelleState::remove_from_hand(Seat seat, CardId card) {
  auto& hand = hands_[seat];
  hand.erase_at(static_cast<std::size_t>(hand.index_of(card)));
}

// Moves a unit to the end of `owner`'s clique (it joins that clique last), keeping the invited guest's
// index right.
void BelleState::move_unit_to(int unit, Seat owner) {
  Unit u = units_[unit];
  units_.erase_at(static_cast<std::size_t>(unit));
  if (invited_unit_ > unit) --invited_unit_;
  if (u.couple() && u.gift_count < kGiftsPerCouple) {
    --open_couples_[u.owner];
    ++open_couples_[owner];
  }
  u.owner = as_seat(owner);
  units_.push_back(u);
}

// Step 1 (guest) and 1b: the guest joins your clique face-up, alone or on top of one of your single
// guests as a couple (the couple takes the top card's attributes). Step 1a: its invitation power is
// offered next (an extra gift simply allows a second gift).
void BelleState::invite_guest(Seat seat, CardId card, bool couple, int unit) {
  remove_from_hand(seat, card);
  const CardInfo& info = rules_->cards[card];
  CardId partner = kNoCard;
  if (couple) {
    Unit& u = units_[unit];
    partner = u.top;
    u.bottom = u.top;
    u.top = card;
    ++couples_;
    ++open_couples_[seat];
    invited_unit_ = static_cast<std::int8_t>(unit);
  } else {
    units_.push_back(Unit::joining(seat, card));
    invited_unit_ = static_cast<std::int8_t>(units_.size() - 1);
  }
  invited_card_ = card;
  log_event({.kind = Event::InvitedGuest, .seat = as_seat(seat), .card = card, .a = partner});
  reach_left_ = static_cast<std::uint8_t>(info.reach == Reach::None ? 0 : info.reach_count);
  gifts_left_ = 1;
  power_pending_ = InvitePower::None;
  switch (info.power) {
    case InvitePower::ExtraGift: gifts_left_ = 2; break;
    case InvitePower::Draw:
    case InvitePower::DismissMingler:
    case InvitePower::WelcomeMingler: power_pending_ = info.power; break;
    case InvitePower::None: break;
  }
  phase_ = Phase::Power;
  advance();
}

// Step 1 (Belle): she goes beside your clique; a Belle already there goes to the discard pile (one Belle
// per player). She attracts one couple from another clique by her criterion (step 2). A gift comes "in
// addition to inviting a guest" (step 1c), so not with a Belle unless the option gift_with_belle says so.
void BelleState::invite_belle(Seat seat, CardId card) {
  remove_from_hand(seat, card);
  const CardId old = belle_[seat];
  if (old != kNoCard) discard_.push_back(old);
  belle_[seat] = card;
  invited_card_ = card;
  invited_unit_ = -1;
  reach_left_ = 1;
  gifts_left_ = rules_->gift_with_belle ? 1 : 0;
  power_pending_ = InvitePower::None;
  log_event({.kind = Event::InvitedBelle, .seat = as_seat(seat), .card = card, .a = old});
  phase_ = Phase::Power;
  advance();
}

// The draw power: the guest's cards come from the deck into your hand (it may go above five; then the
// refill draws nothing).
void BelleState::draw_by_power(Seat seat) {
  int drawn = 0;
  for (int k = 0; k < rules_->cards[invited_card_].power_count; ++k) drawn += draw_to_hand(seat) ? 1 : 0;
  log_event({.kind = Event::DrewCards, .seat = as_seat(seat), .card = invited_card_, .a = static_cast<std::uint8_t>(drawn)});
  power_pending_ = InvitePower::None;
  advance();
}

// Step 1a is optional ("Optional: Resolve any invitation powers"): the player may decline any power.
void BelleState::decline_power(Seat seat) {
  log_event({.kind = Event::DeclinedPower, .seat = as_seat(seat), .card = invited_card_});
  power_pending_ = InvitePower::None;
  advance();
}

// The mingler powers: dismiss (the card goes to the discard pile) or welcome (the guest joins your clique
// as a single; it is not invited, so it has no power and attracts nothing).
void BelleState::use_power_on_mingler(Seat seat, int index) {
  const CardId card = minglers_[index];
  minglers_.erase_at(static_cast<std::size_t>(index));
  if (power_pending_ == InvitePower::DismissMingler) {
    discard_.push_back(card);
    log_event({.kind = Event::DismissedMingler, .seat = as_seat(seat), .card = card});
  } else {
    units_.push_back(Unit::joining(seat, card));
    log_event({.kind = Event::WelcomedMingler, .seat = as_seat(seat), .card = card});
  }
  power_pending_ = InvitePower::None;
  advance();
}

// Step 1c: a card from hand goes face-down on one of your couples as a gift (one a turn, two a couple).
// Only the giver knows what it is.
void BelleState::give_gift(Seat seat, CardId card, int unit) {
  remove_from_hand(seat, card);
  Unit& u = units_[unit];
  u.gifts[u.gift_count++] = Gift{card, seat_bit(seat)};
  if (u.gift_count == kGiftsPerCouple) --open_couples_[seat];
  log_event({.kind = Event::GaveGift, .seat = as_seat(seat), .card = card, .a = u.top, .b = u.bottom});
  --gifts_left_;
  advance();
}

// Step 2, attract: a mingling guest with one of the symbols joins your clique as a single.
void BelleState::attract_mingler(Seat seat, int index) {
  const CardId card = minglers_[index];
  minglers_.erase_at(static_cast<std::size_t>(index));
  units_.push_back(Unit::joining(seat, card));
  log_event({.kind = Event::Attracted, .seat = as_seat(seat), .card = card, .a = kFromMinglers});
  --reach_left_;
  advance();
}

// Step 2, attract: a single guest with one of the symbols comes from another clique; its player may
// replace it (step 2a).
void BelleState::attract_guest(Seat seat, int unit) {
  const Seat from = units_[unit].owner;
  log_event({.kind = Event::Attracted, .seat = as_seat(seat), .card = units_[unit].top, .a = static_cast<std::uint8_t>(from)});
  take_unit(seat, unit, false);
}

// Step 2, a Belle attracts: a couple (with its gifts) that meets her criterion comes from another
// clique; its player may replace it with two guests as a couple (step 2a).
void BelleState::attract_couple(Seat seat, int unit) {
  const Seat from = units_[unit].owner;
  log_event({.kind = Event::AttractedCouple, .seat = as_seat(seat), .card = units_[unit].top,
             .a = static_cast<std::uint8_t>(from), .b = units_[unit].bottom});
  take_unit(seat, unit, true);
}

// Step 2 and 2a: the attracted unit (a couple when `couple`) joins `seat`'s clique, and the player who
// lost it may replace it; with no guest in hand to replace it with, the turn goes on.
void BelleState::take_unit(Seat seat, int unit, bool couple) {
  const Seat from = units_[unit].owner;
  move_unit_to(unit, seat);
  --reach_left_;
  victim_ = as_seat(from);
  victim_lost_couple_ = couple;
  phase_ = Phase::Replace;
  if (!can_replace(from)) {  // no guest in hand to replace it with
    victim_ = -1;
    phase_ = Phase::Reach;
    advance();
  }
}

// Step 2, repel: a single guest of your clique with one of the symbols goes to another player's clique
// (it joins as a single) or to the discard pile.
void BelleState::repel(Seat seat, int unit, std::uint8_t to, bool discard) {
  const CardId card = units_[unit].top;
  if (discard) {
    units_.erase_at(static_cast<std::size_t>(unit));
    if (invited_unit_ > unit) --invited_unit_;
    discard_.push_back(card);
  } else {
    move_unit_to(unit, to);
  }
  log_event({.kind = Event::Repelled, .seat = as_seat(seat), .card = card, .a = discard ? kToDiscard : to});
  --reach_left_;
  advance();
}

// Step 2a: the player who lost a guest puts one from hand in its place (two as a couple for a lost couple);
// these are not invitations (no powers, no attraction). Then that player draws back up to a full hand.
void BelleState::replace_lost(Seat seat, CardId top, CardId bottom) {
  remove_from_hand(seat, top);
  if (bottom != kNoCard) {
    remove_from_hand(seat, bottom);
    ++couples_;
    ++open_couples_[seat];
  }
  units_.push_back(Unit::joining(seat, top, bottom));
  const int before = static_cast<int>(hands_[seat].size());
  refill_hand(seat);
  log_event({.kind = Event::Replaced, .seat = as_seat(seat), .card = top, .a = bottom,
             .b = static_cast<std::uint8_t>(static_cast<int>(hands_[seat].size()) - before)});
  victim_ = -1;
  phase_ = Phase::Reach;
  advance();
}

// Moves the active player's turn on through its steps in the rulebook's order (power, gift, attract or
// repel), stopping at the first that asks for a choice; steps with nothing to choose are skipped.
void BelleState::advance() {
  if (phase_ == Phase::Power) {
    if (power_has_target()) return;
    power_pending_ = InvitePower::None;
    phase_ = Phase::Gift;
  }
  if (phase_ == Phase::Gift) {
    if (gifts_left_ > 0 && can_give_gift(turn_)) return;
    gifts_left_ = 0;
    phase_ = Phase::Reach;
  }
  if (phase_ == Phase::Reach && reach_left_ > 0 && has_reach_move(turn_)) return;
  reach_left_ = 0;
  finish_turn();
}

// Steps 3 and 4: refill your hand, then the minglers drift. An empty deck ends the round and the game at
// once (Court's ruling on "runs out"); otherwise the couple threshold ends the round after this turn.
void BelleState::finish_turn() {
  refill_hand(turn_);
  if (deck_.empty()) {
    log_event({.kind = Event::DeckRanOut, .a = 3});
    end_round(RoundEnd::Deck);
    return;
  }
  drift_minglers();
  if (deck_.empty()) {
    log_event({.kind = Event::DeckRanOut, .a = 4});
    end_round(RoundEnd::Deck);
    return;
  }
  const int couples = couples_in_play();
  if (couples >= rules_->couples_to_end()) {
    log_event({.kind = Event::CouplesReached, .a = static_cast<std::uint8_t>(couples),
               .b = static_cast<std::uint8_t>(rules_->couples_to_end())});
    end_round(RoundEnd::Couples);
    return;
  }
  turn_ = static_cast<std::int8_t>((turn_ + 1) % seats_);
  phase_ = Phase::Invite;
  invited_card_ = kNoCard;
  invited_unit_ = -1;
}

// Step 4: with a full row, the mingler farthest from the deck leaves (discarded face-up) and the rest move
// along; then cards are drawn into the row until it is full again.
void BelleState::drift_minglers() {
  CardId left = kNoCard;
  if (static_cast<int>(minglers_.size()) >= rules_->minglers) {
    left = minglers_[0];
    minglers_.erase_at(0);
    discard_.push_back(left);
  }
  int drawn = 0;
  while (static_cast<int>(minglers_.size()) < rules_->minglers && !deck_.empty()) {
    minglers_.push_back(deck_.back());
    deck_.pop_back();
    ++drawn;
  }
  log_event({.kind = Event::Drifted, .card = left, .a = static_cast<std::uint8_t>(drawn)});
}

// End of round (rulebook, "End of Round" 2-4): every clique is scored and added to the totals. After an
// empty deck the game is over; otherwise the table is cleared (the discard pile is not reshuffled) and
// a new round is dealt, begun by the player after the one who took the last turn.
void BelleState::end_round(RoundEnd cause) {
  const int r = rounds_scored_ < kMaxRounds ? rounds_scored_ : kMaxRounds - 1;
  round_end_[r] = cause;
  const auto clique = clique_scores();
  for (int s = 0; s < seats_; ++s) {
    const int points = clique[s].total();
    scores_[s] = static_cast<std::int16_t>(scores_[s] + points);
    round_points_[r][s] = static_cast<std::int16_t>(points);
    const auto total = static_cast<std::uint16_t>(scores_[s]);
    log_event({.kind = Event::Scored, .seat = as_seat(s), .a = static_cast<std::uint8_t>(points),
               .b = static_cast<std::uint8_t>(total & 0xff), .c = static_cast<std::uint8_t>(total >> 8)});
  }
  if (rounds_scored_ < kMaxRounds) ++rounds_scored_;
  if (cause == RoundEnd::Deck) {
    end_game();
    return;
  }
  clear_table();
  ++round_;
  deal_round((turn_ + 1) % seats_);
}

// Hands and gifts are discarded face-down (their holders and givers still know them); guests, Belles and
// minglers face-up.
void BelleState::clear_table() {
  for (int s = 0; s < seats_; ++s) {
    for (CardId c : hands_[s]) buried_.push_back(Buried{c, seat_bit(s)});
    hands_[s].clear();
    if (belle_[s] != kNoCard) discard_.push_back(belle_[s]);
    belle_[s] = kNoCard;
  }
  for (const Unit& u : units_) {
    discard_.push_back(u.top);
    if (u.couple()) discard_.push_back(u.bottom);
    for (int g = 0; g < u.gift_count; ++g) buried_.push_back(Buried{u.gifts[g].card, u.gifts[g].known});
  }
  units_.clear();
  couples_ = 0;
  open_couples_.fill(0);
  for (CardId c : minglers_) discard_.push_back(c);
  minglers_.clear();
  invited_card_ = kNoCard;
  invited_unit_ = -1;
  reach_left_ = 0;
  gifts_left_ = 0;
  power_pending_ = InvitePower::None;
  victim_ = -1;
}

void BelleState::end_game() {
  phase_ = Phase::GameOver;
  log_event({.kind = Event::GameOver});
}

}  // namespace court::belle
