// Intrigue: setup, the legal moves, determinization and the hidden positions.
#include "games/intrigue/state.h"

#include <algorithm>
#include <bit>

namespace court::intrigue {

IntrigueState IntrigueState::blank(const IntrigueRules& rules, std::uint64_t seed) {
  IntrigueState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  for (int l = 0; l < kLetters; ++l) s.character_[l] = static_cast<CharacterId>(l);
  s.token_holder_.fill(-1);
  for (int seat = 0; seat < kSeats; ++seat) {
    s.points_[seat] = static_cast<std::int16_t>(rules.starting_points);
    for (int l = 0; l < kLetters; ++l) s.favor_letter_[seat][l] = static_cast<Letter>(l);
  }
  return s;
}

// Setup (rulebook, "Setting Up"): three random characters form the circle as A, B, C, each with its
// support tokens; the rest of the cards are shuffled into the deck; every player has the starting
// points and a favor for each letter. Court's ruling: hands are drawn at the start of each round.
IntrigueState IntrigueState::new_game(const IntrigueRules& rules, std::uint64_t seed) {
  IntrigueState s = blank(rules, seed);
  std::array<CharacterId, kMaxCharacters> order{};
  const int n = static_cast<int>(rules.characters.size());
  for (int i = 0; i < n; ++i) order[i] = static_cast<CharacterId>(i);
  shuffle(order.begin(), order.begin() + n, s.rng_);
  for (int l = 0; l < kLetters; ++l) s.character_[l] = order[l];
  s.deck_.resize(rules.deck.size());
  std::copy(rules.deck.begin(), rules.deck.end(), s.deck_.begin());
  shuffle(s.deck_.begin(), s.deck_.end(), s.rng_);
  s.round_ = 1;
  s.start_round(0);
  return s;
}

void IntrigueState::start_round(Seat starter) {
  round_starter_ = static_cast<std::int8_t>(starter);
  turn_seat_ = static_cast<std::int8_t>(starter);
  phase_ = Phase::Turn;
  log_event({.kind = Event::RoundStart, .seat = static_cast<std::int8_t>(starter), .a = round_});
  refill_hands();
}

// Court's ruling: at the start of every round each player, from the round's first player on, draws up
// to the hand size; when the deck runs out, players draw what there is.
void IntrigueState::refill_hands() {
  for (int i = 0; i < kSeats; ++i) {
    Seat seat = (round_starter_ + i) % kSeats;
    int drawn = 0;
    while (static_cast<int>(hands_[seat].size()) < rules_->hand_size && draw_card(seat)) ++drawn;
    if (drawn > 0) {
      log_event({.kind = Event::Refilled, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(drawn)});
    }
  }
}

bool IntrigueState::draw_card(Seat seat, CardId* drawn) {
  if (deck_.empty()) return false;
  CardId card = deck_.back();
  deck_.pop_back();
  hands_[seat].push_back(card);
  if (drawn) *drawn = card;
  return true;
}

bool IntrigueState::has_face_down(Letter l) const {
  for (const StackCard& c : stacks_[l]) {
    if (!c.face_up) return true;
  }
  return false;
}


bool IntrigueState::can_place_relationship(CardId card, int e) const {
  const Relationship& there = edges_[e];
  if (there.empty()) return true;
  // Only a positive card replaces a negative one and back; zero (Advantage) never takes part.
  int mine = rules_->cards[card].support;
  int theirs = rules_->cards[there.card].support;
  return (mine > 0 && theirs < 0) || (mine < 0 && theirs > 0);
}

void IntrigueState::legal_actions(Seat seat, ActionList& out) const {
  if (phase_ == Phase::GameOver || seat != turn_seat_) return;
  MoveBuffer moves;
  if (phase_ == Phase::Discard) {
    add_discard_moves(seat, moves);
  } else {
    add_turn_moves(seat, moves);
  }
  moves.append_to(out);
}

// The second half of Oracle and face-up Defiance: discard one card (each title once).
void IntrigueState::add_discard_moves(Seat seat, MoveBuffer& out) const {
  std::uint32_t seen = 0;
  for (CardId card : hands_[seat]) {
    if (seen & (1u << card)) continue;
    seen |= 1u << card;
    out.add({.move = Move::Discard, .card = card});
  }
}

// What the moves of a turn depend on besides the hand, read once per listing rather than once per card
// (bit i stands for token, letter or edge i).
struct IntrigueState::TurnContext {
  std::uint32_t free_tokens = 0;   // lying on their characters
  std::uint32_t my_tokens = 0;     // held by the seat to move
  std::uint32_t other_tokens = 0;  // held by another seat
  std::uint32_t filled_edges = 0;  // edges holding a relationship
  std::array<int, kEdges> edge_support{};  // the support of each edge's relationship card
};

IntrigueState::TurnContext IntrigueState::turn_context(Seat seat) const {
  TurnContext c;
  // Branch-free: who holds which token is random, a branch on it would be mispredicted half the time.
  for (int t = 0; t < token_count(); ++t) {
    const int holder = token_holder_[t];
    c.free_tokens |= std::uint32_t{holder < 0} << t;
    c.my_tokens |= std::uint32_t{holder == seat} << t;
    c.other_tokens |= std::uint32_t{holder >= 0 && holder != seat} << t;
  }
  for (int e = 0; e < kEdges; ++e) {
    if (edges_[e].empty()) continue;
    c.filled_edges |= 1u << e;
    c.edge_support[e] = rules_->cards[edges_[e].card].support;
  }
  return c;
}

namespace {

// Calls fn(i) for every set bit i of `bits`, lowest first.
template <class Fn>
void for_each_bit(std::uint32_t bits, Fn&& fn) {
  for (; bits != 0; bits &= bits - 1) fn(static_cast<std::uint8_t>(std::countr_zero(bits)));
}

}  // namespace

// A relationship on every edge where it may go (can_place_relationship), both ways round unless it
// looks the same both ways; nothing for other cards (written branch-free, kept only for a relationship).
// Inline: it runs for every card of the hand.
inline void IntrigueState::add_relationship_moves(CardId card, const CardInfo& info, const TurnContext& context,
                                                  MoveBuffer& out) const {
  const bool relationship = info.type == CardType::Relationship;
  const bool both_ways = relationship && !info.symmetric();
  for (std::uint8_t e = 0; e < kEdges; ++e) {
    const int theirs = context.edge_support[e];
    const bool empty = !(context.filled_edges & (1u << e));
    const bool placeable = relationship && (empty | (info.support > 0 && theirs < 0) | (info.support < 0 && theirs > 0));
    out.add_if({.move = Move::PlayRelationship, .card = card, .a = e, .b = 1}, placeable);
    out.add_if({.move = Move::PlayRelationship, .card = card, .a = e, .b = 0}, placeable && both_ways);
  }
}

// A turn: a token, a favor, or a card from hand (each title once) face-down, face-up or on its targets.
void IntrigueState::add_turn_moves(Seat seat, MoveBuffer& out) const {
  const TurnContext context = turn_context(seat);
  for (int t = 0; t < token_count(); ++t) {
    out.add_if({.move = Move::TakeToken, .a = static_cast<std::uint8_t>(t)}, (context.free_tokens >> t) & 1);
  }
  const int played = favors_played_[seat];
  for (int k = 0; k < kLetters; ++k) {
    out.add_if({.move = Move::PlayFavor, .a = favor_letter_[seat][std::min(played + k, kLetters - 1)]},
               played + k < kLetters);
  }
  std::uint32_t seen = 0;
  for (CardId card : hands_[seat]) {
    if (seen & (1u << card)) continue;
    seen |= 1u << card;
    for (std::uint8_t l = 0; l < kLetters; ++l) out.add({.move = Move::PlayFaceDown, .card = card, .a = l});
    const CardInfo& info = rules_->cards[card];
    // Support and relationship moves are written whatever the card is and kept when it is one.
    const bool support = info.type == CardType::Support;
    for (std::uint8_t l = 0; l < kLetters; ++l) out.add_if({.move = Move::PlaySupportFaceUp, .card = card, .a = l}, support);
    add_relationship_moves(card, info, context, out);
    if (info.type == CardType::Action) add_action_moves(card, info, context, out);
  }
}

// The targets an action card can be played on; an action without a target can only go face-down.
void IntrigueState::add_action_moves(CardId card, const CardInfo& info, const TurnContext& context,
                                     MoveBuffer& out) const {
  auto add = [&](std::uint8_t a, std::uint8_t b) { out.add({.move = Move::PlayAction, .card = card, .a = a, .b = b}); };
  switch (info.effect) {
    case Effect::Oracle:
      add(0, 0);
      break;
    case Effect::Assassination:
      if (rules_->characters.size() > static_cast<std::size_t>(kLetters)) {
        for (std::uint8_t l = 0; l < kLetters; ++l) add(l, 0);
      }
      break;
    case Effect::Virtue:
    case Effect::Spy:
      for (std::uint8_t l = 0; l < kLetters; ++l) {
        if (has_face_down(l)) add(l, 0);
      }
      break;
    case Effect::Manipulate:
      for_each_bit(context.my_tokens, [&](std::uint8_t mine) {
        for_each_bit(context.other_tokens, [&](std::uint8_t theirs) { add(mine, theirs); });
      });
      break;
    case Effect::Misinformation:
      for_each_bit(context.filled_edges, [&](std::uint8_t from) {
        for_each_bit(~context.filled_edges & ((1u << kEdges) - 1), [&](std::uint8_t to) { add(from, to); });
      });
      break;
    case Effect::Lies:
      for_each_bit(context.filled_edges, [&](std::uint8_t e) { add(e, 0); });
      break;
    default:
      break;
  }
}

// Everything `seat` cannot know is resampled: other players' hands, the deck order and the face-down
// cards others played go back into one pool and are dealt out again to the same places; other
// players' favor letters are permuted (only those still in hand once favors are revealed). Private
// details of other seats in the log are forgotten and the state's own generator is reseeded, so the
// copy carries no trace of the true hidden facts.
void IntrigueState::determinize(Seat seat, Rng& rng) {
  std::array<CardId, kMaxDeck> pool{};
  int n = 0;
  auto visit = [&](auto&& fn) {
    for (int t = 0; t < kSeats; ++t) {
      if (t == seat) continue;
      for (CardId& c : hands_[t]) fn(c);
    }
    for (CardId& c : deck_) fn(c);
    for (auto& stack : stacks_) {
      for (StackCard& c : stack) if (!c.face_up && c.owner != seat) fn(c.card);
    }
  };
  visit([&](CardId& c) { pool[n++] = c; });
  shuffle(pool.begin(), pool.begin() + n, rng);
  n = 0;
  visit([&](CardId& c) { c = pool[n++]; });

  for (int t = 0; t < kSeats; ++t) {
    if (t == seat) continue;
    int first = favors_revealed_ ? favors_played_[t] : 0;
    shuffle(favor_letter_[t].begin() + first, favor_letter_[t].end(), rng);
  }

  for (LogEvent& e : log_) {
    if (e.seat == seat) continue;
    switch (e.kind) {
      case Event::PlayedFavor: e.letter = 0; break;
      case Event::PlayedFaceDown: e.card = kNoCard; break;
      case Event::PlayedSupport: e.b = kNoCard; break;
      case Event::PlayedOracle: e.a = kNoCard; e.b = kNoCard; break;
      default: break;
    }
  }
  std::uint64_t high = rng();
  rng_ = make_rng((high << 32) | rng());
}

void IntrigueState::hidden_items(Seat seat, HiddenList& out) const {
  auto add = [&](int pool, int item) {
    out.push_back(HiddenItem{static_cast<std::uint16_t>(pool), static_cast<std::uint16_t>(item)});
  };
  for (int t = 0; t < kSeats; ++t) {
    if (t == seat) continue;
    for (CardId c : hands_[t]) add(0, c);
  }
  for (CardId c : deck_) add(0, c);
  for (const auto& stack : stacks_) {
    for (const StackCard& c : stack) if (!c.face_up && c.owner != seat) add(0, c.card);
  }
  for (int t = 0; t < kSeats; ++t) {
    if (t == seat) continue;
    int first = favors_revealed_ ? favors_played_[t] : 0;
    for (int k = first; k < kLetters; ++k) add(1 + t, favor_letter_[t][k]);
  }
}

std::array<int, kLetters> IntrigueState::support_totals() const {
  std::array<int, kLetters> totals{};
  for (int l = 0; l < kLetters; ++l) {
    for (const StackCard& c : stacks_[l]) totals[l] += rules_->support_value(c.card, character_[l]);
  }
  for (int e = 0; e < kEdges; ++e) {
    const Relationship& r = edges_[e];
    if (r.empty()) continue;
    const CardInfo& info = rules_->cards[r.card];
    if (info.kind != RelationshipKind::Arrows) continue;
    int first = e, second = (e + 1) % kLetters;
    totals[r.forward ? first : second] += info.left;
    totals[r.forward ? second : first] += info.right;
  }
  return totals;
}

// The round's winner (rulebook, "End of Round"): the highest support, ties to the higher Priority
// (Court: then the earlier letter). Then Blackmail: if the winner is a victim, its blackmailer wins
// instead (Court: once; the first such edge A-B, B-C, C-A counts).
Letter IntrigueState::round_winner(const std::array<int, kLetters>& totals, Letter* blackmail_victim) const {
  Letter best = 0;
  for (Letter l = 1; l < kLetters; ++l) {
    int pl = rules_->characters[character_[l]].priority;
    int pb = rules_->characters[character_[best]].priority;
    if (totals[l] > totals[best] || (totals[l] == totals[best] && pl > pb)) best = l;
  }
  for (int e = 0; e < kEdges; ++e) {
    const Relationship& r = edges_[e];
    if (r.empty() || rules_->cards[r.card].kind != RelationshipKind::Blackmail) continue;
    Letter blackmailer = static_cast<Letter>(r.forward ? e : (e + 1) % kLetters);
    Letter victim = static_cast<Letter>(r.forward ? (e + 1) % kLetters : e);
    if (victim == best) {
      if (blackmail_victim) *blackmail_victim = victim;
      return blackmailer;
    }
  }
  return best;
}

Letter IntrigueState::leading_letter() const {
  Letter best = 0;
  for (Letter l = 1; l < kLetters; ++l) {
    int pl = rules_->characters[character_[l]].priority;
    int pb = rules_->characters[character_[best]].priority;
    if (votes_[l] > votes_[best] || (votes_[l] == votes_[best] && pl > pb)) best = l;
  }
  return best;
}

Outcome IntrigueState::outcome() const {
  std::array<double, kSeats> scores{};
  for (int s = 0; s < kSeats; ++s) scores[s] = points_[s];
  return Outcome::from_scores(scores.data(), kSeats);
}

}  // namespace court::intrigue
