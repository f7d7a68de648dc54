// Belle of the Ball's rules, in the order and under the section names of docs/rules/belle.md: the setup,
// a turn step by step (for each step, the moves the rules allow and what each does), the end of a round
// with its scoring, and the end of the game with the outcome. Each rule is a named function; its comment
// says which part of the page (or which Court ruling, "Decisions where the rulebook is silent") it
// implements. The representation, the listing of moves by phase and the hidden facts are in state.cpp.
#include "games/belle/state.h"

#include <algorithm>
#include <bit>

namespace court::belle {
namespace {

std::int8_t as_seat(Seat s) { return static_cast<std::int8_t>(s); }
std::uint8_t seat_bit(Seat s) { return static_cast<std::uint8_t>(1u << s); }

}  // namespace

// --- Setup (docs/rules/belle.md, "Setup") ------------------------------------------------------------------

// Setup: shuffle every card into the deck, deal five to each player and five minglers. Seat 0 goes first.
BelleState BelleState::new_game(const BelleRules& rules, std::uint64_t seed) {
  BelleState s = blank(rules, seed);
  s.deck_.resize(rules.deck.size());
  std::copy(rules.deck.begin(), rules.deck.end(), s.deck_.begin());
  shuffle(s.deck_.begin(), s.deck_.end(), s.rng_);
  s.deal_round(0);
  return s;
}

// Deals a round ("Setup", and "End of a round" for the next one): a full hand to each player from
// `starter` on, then the minglers. If the deck runs out while dealing, the game is over.
void BelleState::deal_round(Seat starter) {
  starter_ = static_cast<std::int8_t>(starter);
  turn_ = static_cast<std::int8_t>(starter);
  phase_ = Phase::Invite;
  log_event({.kind = Event::RoundStart, .seat = starter_, .a = round_});
  for (int i = 0; i < seats_; ++i) refill_hand((starter + i) % seats_);
  while (static_cast<int>(minglers_.size()) < rules_->minglers && !deck_.empty()) {
    minglers_.push_back(deck_.back());
    deck_.pop_back();
  }
  if (deck_.empty()) {
    log_event({.kind = Event::DeckRanOut, .a = 5});
    end_game();
  }
}

// A card from the top of the deck into `seat`'s hand; none when the deck is empty or the hand full.
bool BelleState::draw_to_hand(Seat seat) {
  if (deck_.empty() || hands_[seat].full()) return false;
  hands_[seat].push_back(deck_.back());
  deck_.pop_back();
  return true;
}

// Up to a full hand (five), as far as the deck goes (the deal, step 5's draw back and step 6's refill).
void BelleState::refill_hand(Seat seat) {
  while (static_cast<int>(hands_[seat].size()) < rules_->hand_size && draw_to_hand(seat)) {}
}

// --- A turn (docs/rules/belle.md, "A turn"): a move, and the steps in order --------------------------------

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

// Moves the active player's turn on through its steps in the page's order (2. invitation power,
// 3. gift, 4. attract or repel), stopping at the first that asks for a choice; steps with nothing to
// choose are skipped.
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
  if (phase_ == Phase::Reach && reach_left_ > 0 && can_attract_or_repel(turn_)) return;
  reach_left_ = 0;
  finish_turn();
}

// --- A turn: 1. Invite -------------------------------------------------------------------------------------

namespace {

// The card titles met so far in a hand (ids below 128), so that each title is offered once. One 128-bit
// word, which stays in registers: two words picked by index lived in memory, and each card waited for
// the store of the one before.
class TitlesSeen {
 public:
  // Whether `card` was met before; it is met from now on.
  bool check_and_mark(CardId card) {
    const unsigned __int128 bit = static_cast<unsigned __int128>(1) << card;
    const bool seen = (seen_ & bit) != 0;
    seen_ |= bit;
    return seen;
  }

 private:
  unsigned __int128 seen_ = 0;
};

}  // namespace

// Step 1: invite a guest (alone, or on top of one of your single guests as a couple) or a Belle.
void BelleState::add_invite_moves(Seat seat, MoveWriter& out) const {
  std::array<std::uint8_t, kMaxDeck> singles;  // the seat's single guests, found once (branch-free)
  std::size_t single_count = 0;
  for (std::size_t i = 0; i < units_.size(); ++i) {
    singles[single_count] = static_cast<std::uint8_t>(i);
    single_count += (units_[i].owner == seat) & !units_[i].couple();
  }
  TitlesSeen seen;
  for (CardId card : hands_[seat]) {
    if (seen.check_and_mark(card)) continue;
    if (rules_->cards[card].is_belle()) {
      out.add({.move = Move::InviteBelle, .card = card});
      continue;
    }
    out.add({.move = Move::InviteGuest, .card = card});
    for (std::size_t k = 0; k < single_count; ++k) {
      out.add({.move = Move::InviteGuest, .card = card, .index = singles[k], .flag = true});
    }
  }
}

// Step 1 (a guest): the guest joins your clique face-up, alone or on top of one of your single
// guests as a couple (the couple takes the top card's attributes). Step 2: its invitation power is
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

// Step 1 (a Belle): she goes beside your clique; a Belle already there goes to the discard pile (one Belle
// per player). She attracts one couple from another clique by her criterion (step 4). A gift comes "in
// addition to inviting a guest" (step 3), so not with a Belle unless the option gift_with_belle says so.
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

void BelleState::remove_from_hand(Seat seat, CardId card) {
  auto& hand = hands_[seat];
  hand.erase_at(static_cast<std::size_t>(hand.index_of(card)));
}

// --- A turn: 2. Invitation power ---------------------------------------------------------------------------

// Step 2: the invited guest's power, where it can do something; every power may be declined
// ("Optional: Resolve any invitation powers").
void BelleState::add_power_moves(MoveWriter& out) const {
  if (power_pending_ == InvitePower::Draw) {
    if (!deck_.empty() && !hands_[turn_].full()) out.add({.move = Move::UsePower});
  } else {
    for (std::size_t i = 0; i < minglers_.size(); ++i) {
      if (power_pending_ == InvitePower::WelcomeMingler && !rules_->cards[minglers_[i]].is_guest()) continue;
      out.add({.move = Move::PowerMingler, .index = static_cast<std::uint8_t>(i)});
    }
  }
  out.add({.move = Move::SkipPower});
}

// Whether add_power_moves offers more than "skip": the pending power can do something.
bool BelleState::power_has_target() const {
  switch (power_pending_) {
    case InvitePower::Draw: return !deck_.empty() && !hands_[turn_].full();
    case InvitePower::DismissMingler: return !minglers_.empty();
    case InvitePower::WelcomeMingler:
      return std::any_of(minglers_.begin(), minglers_.end(), [&](CardId c) { return rules_->cards[c].is_guest(); });
    case InvitePower::None:
    case InvitePower::ExtraGift: break;
  }
  return false;
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

// Step 2 is optional ("Optional: Resolve any invitation powers"): the player may decline any power.
void BelleState::decline_power(Seat seat) {
  log_event({.kind = Event::DeclinedPower, .seat = as_seat(seat), .card = invited_card_});
  power_pending_ = InvitePower::None;
  advance();
}

// --- A turn: 3. A gift -------------------------------------------------------------------------------------

namespace {

// A couple of `seat`'s with room for a gift.
bool open_for_gift(const Unit& u, Seat seat) { return (u.owner == seat) & u.couple() & (u.gift_count < kGiftsPerCouple); }

}  // namespace

// Step 3: a card from hand face-down on one of your couples with fewer than two gifts (optional).
void BelleState::add_gift_moves(Seat seat, MoveWriter& out) const {
  std::array<std::uint8_t, kMaxDeck> open;  // the seat's couples with room for a gift, found once (branch-free)
  std::size_t open_count = 0;
  for (std::size_t i = 0; i < units_.size(); ++i) {
    open[open_count] = static_cast<std::uint8_t>(i);
    open_count += open_for_gift(units_[i], seat);
  }
  TitlesSeen seen;
  for (CardId card : hands_[seat]) {
    if (seen.check_and_mark(card)) continue;
    for (std::size_t k = 0; k < open_count; ++k) out.add({.move = Move::Gift, .card = card, .index = open[k]});
  }
  out.add({.move = Move::NoGift});
}

// Whether add_gift_moves offers more than "no gift": a card in hand and a couple with room.
bool BelleState::can_give_gift(Seat seat) const {
  return !hands_[seat].empty() && open_couples_[seat] > 0;
}

// Step 3: a card from hand goes face-down on one of your couples as a gift (one a turn, two a couple).
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

// --- A turn: 4. Attract or repel ---------------------------------------------------------------------------

// A guest showing one of `symbols` (its social symbol or its activity: Court's ruling 10), which an
// attraction or a repulsion may take. `&` not `&&`: no branch (see visit_attract_or_repel_moves).
bool BelleState::attractable_guest(CardId card, SymbolMask symbols) const {
  const CardInfo& info = rules_->cards[card];
  return info.is_guest() & ((info.symbols & symbols) != 0);
}

// A Belle's criterion, judged on the couple's top card (couples take the attributes of the top card).
bool BelleState::belle_wants(CardId belle, const Unit& u) const {
  const CardInfo& b = rules_->cards[belle];
  const CardInfo& top = rules_->cards[u.top];
  switch (b.criterion) {
    case Criterion::Any: return true;
    case Criterion::Symbol: return top.has(static_cast<Symbol>(b.criterion_param));
    case Criterion::Family: return top.family == b.criterion_param;
    case Criterion::MinPoints: return top.points >= b.criterion_param;
    case Criterion::Gifted: return u.gift_count > 0;
  }
  return false;
}

// Step 4: attract (a guest from the minglers or a single from another clique; a Belle: a couple from
// another clique) or repel (a single guest of your own clique, to another clique or the discard pile).
// Calls add(move, keep) for every candidate in order; the moves are those kept. Candidates are not
// skipped by a branch: whether a guest qualifies is random and a branch on it mispredicted often. The
// visit stops when add returns true (can_attract_or_repel needs only the first move kept).
template <class Add>
void BelleState::visit_attract_or_repel_moves(Seat seat, Add&& add) const {
  const CardInfo& invited = rules_->cards[invited_card_];
  if (invited.is_belle()) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
      const Unit& u = units_[i];
      if (add(MoveCode{.move = Move::AttractCouple, .index = static_cast<std::uint8_t>(i)},
              (u.owner != seat) & u.couple() && belle_wants(invited_card_, u))) return;
    }
  } else if (invited.reach == Reach::Attract) {
    for (std::size_t i = 0; i < minglers_.size(); ++i) {
      if (add(MoveCode{.move = Move::AttractMingler, .index = static_cast<std::uint8_t>(i)},
              attractable_guest(minglers_[i], invited.reach_symbols))) return;
    }
    for (std::size_t i = 0; i < units_.size(); ++i) {
      const Unit& u = units_[i];
      if (add(MoveCode{.move = Move::AttractGuest, .index = static_cast<std::uint8_t>(i)},
              (u.owner != seat) & !u.couple() & attractable_guest(u.top, invited.reach_symbols))) return;
    }
  } else if (invited.reach == Reach::Repel) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
      const Unit& u = units_[i];
      const bool repellable = (u.owner == seat) & !u.couple() & (static_cast<int>(i) != invited_unit_) &
                              attractable_guest(u.top, invited.reach_symbols);
      // A branch after all: few units can be repelled, and each has a move per seat.
      if (!repellable) continue;
      for (int to = 0; to < seats_; ++to) {
        if (add(MoveCode{.move = Move::Repel, .to = static_cast<std::uint8_t>(to), .index = static_cast<std::uint8_t>(i)},
                to != seat)) return;
      }
      if (add(MoveCode{.move = Move::Repel, .to = kToDiscard, .index = static_cast<std::uint8_t>(i), .flag = true}, true)) {
        return;
      }
    }
  }
}

// The moves of step 4; with the option optional_reach, "decline to attract or repel" when there is one.
void BelleState::add_attract_or_repel_moves(Seat seat, MoveWriter& out) const {
  visit_attract_or_repel_moves(seat, [&](MoveCode m, bool keep) {
    out.add_if(m, keep);
    return false;
  });
  if (rules_->optional_reach && !out.empty()) out.add({.move = Move::DeclineReach});
}

// Whether step 4 has a target ("if nothing matches, the power is ignored").
bool BelleState::can_attract_or_repel(Seat seat) const {
  bool found = false;
  visit_attract_or_repel_moves(seat, [&](MoveCode, bool keep) { return found = keep; });
  return found;
}

bool BelleState::reach_possible() const {
  if (phase_ == Phase::GameOver || invited_card_ == kNoCard) return false;
  return can_attract_or_repel(turn_);
}

// Step 4, attract: a mingling guest with one of the symbols joins your clique as a single.
void BelleState::attract_mingler(Seat seat, int index) {
  const CardId card = minglers_[index];
  minglers_.erase_at(static_cast<std::size_t>(index));
  units_.push_back(Unit::joining(seat, card));
  log_event({.kind = Event::Attracted, .seat = as_seat(seat), .card = card, .a = kFromMinglers});
  --reach_left_;
  advance();
}

// Step 4, attract: a single guest with one of the symbols comes from another clique; its player may
// replace it (step 5).
void BelleState::attract_guest(Seat seat, int unit) {
  const Seat from = units_[unit].owner;
  log_event({.kind = Event::Attracted, .seat = as_seat(seat), .card = units_[unit].top, .a = static_cast<std::uint8_t>(from)});
  take_unit(seat, unit, false);
}

// Step 4, a Belle attracts: a couple (with its gifts) that meets her criterion comes from another
// clique; its player may replace it with two guests as a couple (step 5).
void BelleState::attract_couple(Seat seat, int unit) {
  const Seat from = units_[unit].owner;
  log_event({.kind = Event::AttractedCouple, .seat = as_seat(seat), .card = units_[unit].top,
             .a = static_cast<std::uint8_t>(from), .b = units_[unit].bottom});
  take_unit(seat, unit, true);
}

// Steps 4 and 5: the attracted unit (a couple when `couple`) joins `seat`'s clique, and the player who
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

// Step 4, repel: a single guest of your clique with one of the symbols goes to another player's clique
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

// --- A turn: 5. Replacement --------------------------------------------------------------------------------

// Step 5: the player who lost a guest may put one guest from hand in its place; one who lost a couple,
// two guests as a couple (top first).
void BelleState::add_replace_moves(Seat seat, MoveWriter& out) const {
  const auto& hand = hands_[seat];
  TitlesSeen seen;
  if (!victim_lost_couple_) {
    for (CardId card : hand) {
      if (!rules_->cards[card].is_guest() || seen.check_and_mark(card)) continue;
      out.add({.move = Move::ReplaceSingle, .card = card});
    }
  } else {
    for (std::size_t i = 0; i < hand.size(); ++i) {
      if (!rules_->cards[hand[i]].is_guest() || seen.check_and_mark(hand[i])) continue;
      TitlesSeen seen_bottom;
      for (std::size_t j = 0; j < hand.size(); ++j) {
        if (j == i || !rules_->cards[hand[j]].is_guest() || seen_bottom.check_and_mark(hand[j])) continue;
        out.add({.move = Move::ReplaceCouple, .card = hand[i], .card2 = hand[j]});
      }
    }
  }
  out.add({.move = Move::NoReplace});
}

// Whether the victim of an attraction has something to replace the lost unit with (add_replace_moves
// offers more than "no replacement"): a guest in hand, two for a couple.
bool BelleState::can_replace(Seat seat) const {
  int guests = 0;
  for (CardId card : hands_[seat]) guests += rules_->cards[card].is_guest() ? 1 : 0;
  return guests >= (victim_lost_couple_ ? 2 : 1);
}

// Step 5: the player who lost a guest puts one from hand in its place (two as a couple for a lost couple);
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

// --- A turn: 6. Refill, 7. The minglers drift, 8. the couples' threshold -----------------------------------

// Steps 6 to 8: refill your hand, then the minglers drift. An empty deck ends the round and the game at
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

// Step 7: with a full row, the mingler farthest from the deck leaves (discarded face-up) and the rest move
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

// --- End of a round (docs/rules/belle.md, "End of a round") ------------------------------------------------

// End of a round: every clique is scored and added to the totals. After an empty deck the game is over;
// otherwise the table is cleared (the discard pile is not reshuffled) and a new round is dealt, begun by
// the player after the one who took the last turn.
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

// End-of-round effects count the units of the clique: singles, and couples by their top card. One pass
// over the units tallies what every effect counts, for every clique at once. The counts sit in one
// array, so that an effect reads its count at a slot found from its kind by table lookup: which effect
// a card has is random, and a switch on it mispredicted often.
struct BelleState::CliqueTally {
  static constexpr int kFamilySlots = kSymbols;                  // then one slot per family
  static constexpr int kCouples = kFamilySlots + kMaxFamilies;
  static constexpr int kSingles = kCouples + 1;
  static constexpr int kGifts = kCouples + 2;
  static constexpr int kFamiliesPresent = kCouples + 3;
  static constexpr int kOne = kCouples + 4;   // Flat counts once
  static constexpr int kZero = kCouples + 5;  // None counts nothing
  std::array<int, kZero + 1> counts{};
  std::uint32_t families = 0;

  void count(const CardInfo& top, const Unit& u) {
    for (int k = 0; k < kSymbols; ++k) counts[k] += (top.symbols >> k) & 1;
    counts[kFamilySlots + top.family] += 1;
    families |= 1u << top.family;
    counts[u.couple() ? kCouples : kSingles] += 1;
    counts[kGifts] += u.gift_count;
  }
  // After the last count: the counts that are not sums.
  void finish() {
    counts[kFamiliesPresent] = std::popcount(families);
    counts[kOne] = 1;
  }

  int value(const BonusEffect& b) const { return counts[slot(b)] * b.points; }

  // Where an effect's count is, by its kind (Bonus's order) and, for the first two, its parameter.
  static int slot(const BonusEffect& b) {
    static constexpr std::array<std::uint8_t, 8> kBase = {kZero, 0, kFamilySlots, kCouples, kSingles, kGifts,
                                                          kFamiliesPresent, kOne};
    static constexpr std::array<std::uint8_t, 8> kTakesParam = {0, 1, 1, 0, 0, 0, 0, 0};
    const auto kind = static_cast<std::size_t>(b.kind);
    return kBase[kind] + kTakesParam[kind] * b.param;
  }
};

// Scoring ("End of a round"): the face value of each single guest and of each couple's top
// card, one point per gift, then the guests' end-of-round powers (singles and couples' top cards; with
// the option buried_powers, bottom cards too) and the Belle's effect.
std::array<ScoreBreakdown, kMaxPlayers> BelleState::clique_scores() const {
  const auto& cards = rules_->cards;
  std::array<CliqueTally, kMaxPlayers> tallies{};
  for (const Unit& u : units_) {
    if (u.owner >= 0 && u.owner < seats_) tallies[u.owner].count(cards[u.top], u);
  }
  for (CliqueTally& tally : tallies) tally.finish();
  std::array<ScoreBreakdown, kMaxPlayers> scores{};
  for (const Unit& u : units_) {
    if (u.owner < 0 || u.owner >= seats_) continue;
    ScoreBreakdown& score = scores[u.owner];
    const CliqueTally& tally = tallies[u.owner];
    score.guests += cards[u.top].points;
    score.gifts += u.gift_count;
    score.powers += tally.value(cards[u.top].bonus);
    if (u.couple() && rules_->buried_powers) score.powers += tally.value(cards[u.bottom].bonus);
  }
  for (int s = 0; s < seats_; ++s) {
    if (belle_[s] != kNoCard) scores[s].belle = tallies[s].value(cards[belle_[s]].bonus);
  }
  return scores;
}

ScoreBreakdown BelleState::clique_score(Seat seat) const { return clique_scores()[seat]; }

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

// --- End of the game (docs/rules/belle.md, "End of the game") ----------------------------------------------

// The deck ran out: the game is over (the round in progress was scored, unless it ran out while dealing).
void BelleState::end_game() {
  phase_ = Phase::GameOver;
  log_event({.kind = Event::GameOver});
}

// The highest total wins; tied players share the victory (Court's ruling 17).
Outcome BelleState::outcome() const {
  std::array<double, kMaxPlayers> scores{};
  for (int s = 0; s < seats_; ++s) scores[s] = scores_[s];
  return Outcome::from_scores(scores.data(), seats_);
}

}  // namespace court::belle
