// Belle of the Ball: setup, the legal moves, scoring, determinization and the hidden positions.
#include "games/belle/state.h"

#include <algorithm>
#include <bit>

namespace court::belle {

BelleState BelleState::blank(const BelleRules& rules, std::uint64_t seed) {
  BelleState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  s.seats_ = static_cast<std::int8_t>(rules.seats);
  s.belle_.fill(kNoCard);
  return s;
}

// Setup (rulebook, "Setup"): shuffle every card into the deck, deal five to each player and five
// minglers. Seat 0 goes first.
BelleState BelleState::new_game(const BelleRules& rules, std::uint64_t seed) {
  BelleState s = blank(rules, seed);
  s.deck_.resize(rules.deck.size());
  std::copy(rules.deck.begin(), rules.deck.end(), s.deck_.begin());
  shuffle(s.deck_.begin(), s.deck_.end(), s.rng_);
  s.deal_round(0);
  return s;
}

// Deals a round (rulebook, "Setup" and "End of Round" 4): a full hand to each player from `starter` on,
// then the minglers. If the deck runs out while dealing, the game is over.
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

bool BelleState::draw_to_hand(Seat seat) {
  if (deck_.empty() || hands_[seat].full()) return false;
  hands_[seat].push_back(deck_.back());
  deck_.pop_back();
  return true;
}

void BelleState::refill_hand(Seat seat) {
  while (static_cast<int>(hands_[seat].size()) < rules_->hand_size && draw_to_hand(seat)) {}
}

SeatSet BelleState::to_act() const {
  if (phase_ == Phase::GameOver) return SeatSet();
  return SeatSet::of(phase_ == Phase::Replace ? victim_ : turn_);
}

bool BelleState::attractable_guest(CardId card, SymbolMask symbols) const {
  const CardInfo& info = rules_->cards[card];
  return info.is_guest() & ((info.symbols & symbols) != 0);  // & not &&: no branch (see visit_reach_moves)
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

// A couple of `seat`'s with room for a gift.
bool open_for_gift(const Unit& u, Seat seat) { return (u.owner == seat) & u.couple() & (u.gift_count < kGiftsPerCouple); }

}  // namespace

void BelleState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  MoveWriter moves(out);
  switch (phase_) {
    case Phase::Invite: add_invite_moves(seat, moves); break;
    case Phase::Power: add_power_moves(moves); break;
    case Phase::Gift: add_gift_moves(seat, moves); break;
    case Phase::Reach: add_reach_moves(seat, moves); break;
    case Phase::Replace: add_replace_moves(seat, moves); break;
    case Phase::GameOver: break;
  }
  moves.commit();
}

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

// Step 1a: the invited guest's power, where it can do something; every power may be declined
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

// Step 1c: a card from hand face-down on one of your couples with fewer than two gifts (optional).
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

// Step 2: attract (a guest from the minglers or a single from another clique; a Belle: a couple from
// another clique) or repel (a single guest of your own clique, to another clique or the discard pile).
// Calls add(move, keep) for every candidate in order; the moves are those kept. Candidates are not
// skipped by a branch: whether a guest qualifies is random and a branch on it mispredicted often. The
// visit stops when add returns true (has_reach_move needs only the first move kept).
template <class Add>
void BelleState::visit_reach_moves(Seat seat, Add&& add) const {
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

void BelleState::add_reach_moves(Seat seat, MoveWriter& out) const {
  visit_reach_moves(seat, [&](MoveCode m, bool keep) {
    out.add_if(m, keep);
    return false;
  });
  if (rules_->optional_reach && !out.empty()) out.add({.move = Move::DeclineReach});
}

bool BelleState::has_reach_move(Seat seat) const {
  bool found = false;
  visit_reach_moves(seat, [&](MoveCode, bool keep) { return found = keep; });
  return found;
}

// Step 2a: the player who lost a guest may put one guest from hand in its place; one who lost a couple,
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

bool BelleState::reach_possible() const {
  if (phase_ == Phase::GameOver || invited_card_ == kNoCard) return false;
  return has_reach_move(turn_);
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

// Scoring (rulebook, "End of Round" 2): the face value of each single guest and of each couple's top
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

Outcome BelleState::outcome() const {
  std::array<double, kMaxPlayers> scores{};
  for (int s = 0; s < seats_; ++s) scores[s] = scores_[s];
  return Outcome::from_scores(scores.data(), seats_);
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
