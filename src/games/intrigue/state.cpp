// Intrigue: setup, the legal moves, determinization and the hidden positions.
#include "games/intrigue/state.h"

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
  for (CardId c : rules.deck) s.deck_.push_back(c);
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

void IntrigueState::log_event(const LogEvent& e) {
  if (log_.size() + 1 < log_.capacity()) {
    log_.push_back(e);
  } else if (log_.size() + 1 == log_.capacity()) {
    log_.push_back({.kind = Event::LogFull});
  }
}

int IntrigueState::face_down_count(Letter l) const {
  int n = 0;
  for (const StackCard& c : stacks_[l]) n += c.face_up ? 0 : 1;
  return n;
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

// A turn: a token, a favor, or a card from hand (each title once) face-down, face-up or on its targets.
void IntrigueState::add_turn_moves(Seat seat, MoveBuffer& out) const {
  for (int t = 0; t < token_count(); ++t) {
    if (token_holder_[t] < 0) out.add({.move = Move::TakeToken, .a = static_cast<std::uint8_t>(t)});
  }
  for (int k = favors_played_[seat]; k < kLetters; ++k) {
    out.add({.move = Move::PlayFavor, .a = favor_letter_[seat][k]});
  }
  std::uint32_t seen = 0;
  for (CardId card : hands_[seat]) {
    if (seen & (1u << card)) continue;
    seen |= 1u << card;
    for (std::uint8_t l = 0; l < kLetters; ++l) out.add({.move = Move::PlayFaceDown, .card = card, .a = l});
    const CardInfo& info = rules_->cards[card];
    switch (info.type) {
      case CardType::Support:
        for (std::uint8_t l = 0; l < kLetters; ++l) out.add({.move = Move::PlaySupportFaceUp, .card = card, .a = l});
        break;
      case CardType::Relationship:
        for (int e = 0; e < kEdges; ++e) {
          if (!can_place_relationship(card, e)) continue;
          for (int forward = 1; forward >= (info.symmetric() ? 1 : 0); --forward) {
            out.add({.move = Move::PlayRelationship, .card = card, .a = static_cast<std::uint8_t>(e),
                     .b = static_cast<std::uint8_t>(forward)});
          }
        }
        break;
      case CardType::Action:
        add_action_moves(seat, card, out);
        break;
    }
  }
}

// The targets an action card can be played on; an action without a target can only go face-down.
void IntrigueState::add_action_moves(Seat seat, CardId card, MoveBuffer& out) const {
  auto add = [&](int a, int b) {
    out.add({.move = Move::PlayAction, .card = card, .a = static_cast<std::uint8_t>(a), .b = static_cast<std::uint8_t>(b)});
  };
  switch (rules_->cards[card].effect) {
    case Effect::Oracle:
      add(0, 0);
      break;
    case Effect::Assassination:
      if (rules_->characters.size() > static_cast<std::size_t>(kLetters)) {
        for (int l = 0; l < kLetters; ++l) add(l, 0);
      }
      break;
    case Effect::Virtue:
    case Effect::Spy:
      for (int l = 0; l < kLetters; ++l) if (face_down_count(static_cast<Letter>(l)) > 0) add(l, 0);
      break;
    case Effect::Manipulate:
      for (int mine = 0; mine < token_count(); ++mine) {
        if (token_holder_[mine] != seat) continue;
        for (int theirs = 0; theirs < token_count(); ++theirs) {
          if (token_holder_[theirs] >= 0 && token_holder_[theirs] != seat) add(mine, theirs);
        }
      }
      break;
    case Effect::Misinformation:
      for (int from = 0; from < kEdges; ++from) {
        if (edges_[from].empty()) continue;
        for (int to = 0; to < kEdges; ++to) if (to != from && edges_[to].empty()) add(from, to);
      }
      break;
    case Effect::Lies:
      for (int e = 0; e < kEdges; ++e) if (!edges_[e].empty()) add(e, 0);
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
