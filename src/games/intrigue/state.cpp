// Intrigue's position as data: the blank state, the face-down marks kept move by move, the legal moves
// listed (from the rules' move writers in rules.cpp), counted and picked by index (from the blocks of
// turn_moves.h), determinization and the hidden positions.
#include "games/intrigue/state.h"

#include "games/intrigue/turn_moves.h"

namespace court::intrigue {

IntrigueState IntrigueState::blank(const IntrigueRules& rules, std::uint64_t seed) {
  IntrigueState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  for (int l = 0; l < kLetters; ++l) s.character_[l] = static_cast<CharacterId>(l);
  for (int seat = 0; seat < kSeats; ++seat) {
    s.points_[seat] = static_cast<std::int16_t>(rules.starting_points);
    for (int l = 0; l < kLetters; ++l) s.favor_letter_[seat][l] = static_cast<Letter>(l);
  }
  return s;
}

bool IntrigueState::has_face_down(Letter l) const {
  for (const StackCard& c : stacks_[l]) {
    if (!c.face_up) return true;
  }
  return false;
}

void IntrigueState::note_face_down(Letter l) {
  face_down_letters_ = static_cast<std::uint8_t>((face_down_letters_ & ~(1u << l)) | (std::uint32_t{has_face_down(l)} << l));
}

void IntrigueState::legal_actions(Seat seat, ActionList& out) const {
  if (phase_ == Phase::GameOver || seat != turn_seat_) return;
  if (phase_ == Phase::Discard) {
    add_discard_moves(seat, out);
  } else {
    add_turn_moves(seat, out);
  }
}

// Counting and picking follow visit_blocks' order title by title (TurnContext::title_moves).
std::uint32_t IntrigueState::legal_count(Seat seat) const {
  if (phase_ == Phase::GameOver || seat != turn_seat_) return 0;
  const auto& hand = hands_[seat];
  std::uint32_t seen = 0;  // bit c: title c has been passed
  std::uint32_t n = 0;
  if (phase_ == Phase::Discard) {
    for (CardId card : hand) n += first_of_title(seen, card);
    return n;
  }
  n = token_block().size() + favor_block(seat).size();
  const TurnContext context = turn_context(seat);
  for (CardId card : hand) {
    n += context.title_moves(rules_->face_up[card]) & (0u - first_of_title(seen, card));
  }
  return n;
}

Action IntrigueState::legal_action(Seat seat, std::uint32_t k) const {
  const auto& hand = hands_[seat];
  std::uint32_t seen = 0;
  if (phase_ == Phase::Discard) {
    for (CardId card : hand) {
      const std::uint32_t first = first_of_title(seen, card);
      if (k < first) return discard_block(card).at(0).encode();
      k -= first;
    }
    return Action{};
  }
  // The tokens and favors come first: picking one needs nothing else.
  const MoveBlock tokens = token_block();
  if (k < tokens.size()) return tokens.at(k).encode();
  k -= tokens.size();
  const MoveBlock favors = favor_block(seat);
  if (k < favors.size()) return favors.at(k).encode();
  k -= favors.size();
  const TurnContext context = turn_context(seat);
  for (CardId card : hand) {
    const FaceUp kind = rules_->face_up[card];
    const std::uint32_t moves = context.title_moves(kind) & (0u - first_of_title(seen, card));
    if (k < moves) {
      return (k < kLetters ? face_down_block(card).at(k) : context.face_up_block(card, kind).at(k - kLetters)).encode();
    }
    k -= moves;
  }
  return Action{};
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

}  // namespace court::intrigue
