// Intrigue's rules, in the order and under the section names of docs/rules/intrigue.md: the setup, a
// turn (the moves it allows and what each does: a token, a favor, a card face-down, a support, a
// relationship or an action), the end of a round (Debt, the reveal, the winner, scoring, the next round)
// and the end of the game with the favors and the outcome. Each rule is a named function; its comment
// says which part of the page (or which Court ruling, "Decisions where the rulebook is silent") it
// implements. The blocks the legal moves come in are in turn_moves.h; the representation, determinization
// and hidden items in state.cpp.
#include "games/intrigue/state.h"

#include <algorithm>

#include "games/intrigue/turn_moves.h"

namespace court::intrigue {
namespace {

std::int8_t as_seat(Seat s) { return static_cast<std::int8_t>(s); }

// Calls fn(card) for every card title of `hand`, in hand order, each once.
template <class Fn>
void for_each_title(const FixedVector<CardId, kMaxHand>& hand, Fn&& fn) {
  std::uint32_t seen = 0;
  for (CardId card : hand) {
    if (seen & (1u << card)) continue;
    seen |= 1u << card;
    fn(card);
  }
}

}  // namespace

// --- Setup (docs/rules/intrigue.md, "Setup") ---------------------------------------------------------------

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

// A round begins ("Setup"; "End of a round" 5 for the next one): `starter` plays first.
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
    auto& hand = hands_[seat];
    // Drawn one by one from the top (the deck's back), as draw_card does.
    const int drawn = std::clamp(rules_->hand_size - static_cast<int>(hand.size()), 0, static_cast<int>(deck_.size()));
    CardId* into = hand.append_unwritten(static_cast<std::size_t>(drawn));
    for (int i = 0; i < drawn; ++i) into[i] = deck_[deck_.size() - 1 - i];
    deck_.resize(deck_.size() - static_cast<std::size_t>(drawn));
    if (drawn > 0) {
      log_event({.kind = Event::Refilled, .seat = static_cast<std::int8_t>(seat), .a = static_cast<std::uint8_t>(drawn)});
    }
  }
}

// A card from the top of the deck into `seat`'s hand (a support's draw, Oracle); none when it is empty.
bool IntrigueState::draw_card(Seat seat, CardId* drawn) {
  if (deck_.empty()) return false;
  CardId card = deck_.back();
  deck_.pop_back();
  hands_[seat].push_back(card);
  if (drawn) *drawn = card;
  return true;
}

// --- A turn (docs/rules/intrigue.md, "A turn"): the moves it allows, and a move ----------------------------

// The moves a turn allows, in their order (the order legal_count and legal_action follow title by
// title, TurnContext::title_moves): 1. a token still lying on a character, 2. a favor not yet played,
// 3. a card from hand (each title once) face-down behind a character or face-up (MoveBlock says how).
void IntrigueState::add_turn_moves(Seat seat, ActionList& out) const {
  MoveBuffer moves;
  token_block().append_to(moves);
  favor_block(seat).append_to(moves);
  const TurnContext context = turn_context(seat);
  for_each_title(hands_[seat], [&](CardId card) {
    face_down_block(card).append_to(moves);
    context.face_up_block(card, rules_->face_up[card]).append_to(moves);
  });
  moves.append_to(out);
}

// A turn (rulebook, "Playing the Game") is one of: take a support token, play a card from hand, or
// play a favor face-down. Precondition: `action` is legal for `seat`.
void IntrigueState::apply(Seat seat, Action action) {
  const MoveCode m = MoveCode::decode(action);
  switch (m.move) {
    case Move::TakeToken: take_token(seat, m.a); break;
    case Move::PlayFavor: play_favor(seat, m.a); break;
    case Move::PlayFaceDown: play_face_down(seat, m.card, m.a); break;
    case Move::PlaySupportFaceUp: play_support_face_up(seat, m.card, m.a); break;
    case Move::PlayRelationship: play_relationship(seat, m.card, m.a, m.b != 0); break;
    case Move::PlayAction: play_action(seat, m.card, m.a, m.b); break;
    case Move::Discard: discard_from_hand(seat, m.card); break;
  }
}

// --- A turn: 1. Take a support token -----------------------------------------------------------------------

// Take one of the support tokens still lying on a character.
void IntrigueState::take_token(Seat seat, int token) {
  tokens_held_[seat] |= static_cast<std::uint8_t>(1u << token);
  log_event({.kind = Event::TookToken, .seat = as_seat(seat), .letter = token_letter(token),
             .who = character_[token_letter(token)], .a = static_cast<std::uint8_t>(token)});
  end_turn();
}

// --- A turn: 2. Play a favor -------------------------------------------------------------------------------

// A favor goes face-down on top of the favor stack; the stack keeps its order until the end.
void IntrigueState::play_favor(Seat seat, Letter letter) {
  auto& letters = favor_letter_[seat];
  int played = favors_played_[seat];
  for (int k = played; k < kLetters; ++k) {
    if (letters[k] == letter) { std::swap(letters[k], letters[played]); break; }
  }
  favor_stack_.push_back(FavorPlay{as_seat(seat), static_cast<std::uint8_t>(played)});
  ++favors_played_[seat];
  log_event({.kind = Event::PlayedFavor, .seat = as_seat(seat), .letter = letter});
  end_turn();
}

// --- A turn: 3. Play a card (face-down, a support face-up, a relationship, an action) ----------------------

void IntrigueState::remove_from_hand(Seat seat, CardId card) {
  auto& hand = hands_[seat];
  hand.erase_at(static_cast<std::size_t>(hand.index_of(card)));
}

// Any card may be played face-down behind a character; only its support value counts.
void IntrigueState::play_face_down(Seat seat, CardId card, Letter letter) {
  remove_from_hand(seat, card);
  stacks_[letter].push_back(StackCard{card, as_seat(seat), false});
  face_down_letters_ |= static_cast<std::uint8_t>(1u << letter);
  log_event({.kind = Event::PlayedFaceDown, .seat = as_seat(seat), .card = card, .letter = letter,
             .who = character_[letter]});
  end_turn();
}

// A support card played face-up joins the character's stack (its value counts) and triggers its
// text: draw a card, or (Defiance) discard a card if you have one, which is a second choice.
void IntrigueState::play_support_face_up(Seat seat, CardId card, Letter letter) {
  remove_from_hand(seat, card);
  stacks_[letter].push_back(StackCard{card, as_seat(seat), true});
  NewEvent e{.kind = Event::PlayedSupport, .seat = as_seat(seat), .card = card, .letter = letter,
             .who = character_[letter], .b = kNoCard};
  if (rules_->cards[card].effect == Effect::Draw) {
    CardId drawn = kNoCard;
    if (draw_card(seat, &drawn)) { e.a = 1; e.b = drawn; }
    log_event(e);
    end_turn();
    return;
  }
  log_event(e);
  if (hands_[seat].empty()) {
    end_turn();
  } else {
    phase_ = Phase::Discard;
  }
}

// The second step after Oracle and face-up Defiance: discard one card from hand (each title once).
void IntrigueState::add_discard_moves(Seat seat, ActionList& out) const {
  MoveBuffer moves;
  for_each_title(hands_[seat], [&](CardId card) { discard_block(card).append_to(moves); });
  moves.append_to(out);
}

// The second half of Oracle and face-up Defiance: the chosen card goes to the discard pile (face-up).
void IntrigueState::discard_from_hand(Seat seat, CardId card) {
  remove_from_hand(seat, card);
  discard_.push_back(card);
  log_event({.kind = Event::Discarded, .seat = as_seat(seat), .card = card});
  phase_ = Phase::Turn;
  end_turn();
}

// A relationship goes on an empty place, or replaces one whose support value has the opposite sign.
bool IntrigueState::can_place_relationship(CardId card, int e) const {
  const Relationship& there = edges_[e];
  if (there.empty()) return true;
  // Only a positive card replaces a negative one and back; zero (Advantage) never takes part.
  return rules_->support_sign[card] * rules_->support_sign[there.card] < 0;
}

// A relationship goes on an edge of the circle in one of its two orientations. One per edge; a new
// one replaces the old only across signs (checked by can_place_relationship), and the old is discarded.
void IntrigueState::play_relationship(Seat seat, CardId card, int e, bool forward) {
  remove_from_hand(seat, card);
  CardId replaced = edges_[e].card;
  if (replaced != kNoCard) discard_.push_back(replaced);
  edges_[e] = Relationship{card, forward};
  log_event({.kind = Event::PlayedRelationship, .seat = as_seat(seat), .card = card,
             .a = static_cast<std::uint8_t>(e), .b = static_cast<std::uint8_t>(forward), .c = replaced});
  end_turn();
}

// An action card is resolved and discarded.
void IntrigueState::play_action(Seat seat, CardId card, std::uint8_t a, std::uint8_t b) {
  remove_from_hand(seat, card);
  discard_.push_back(card);
  switch (rules_->cards[card].effect) {
    case Effect::Oracle: resolve_oracle(seat, card); return;  // continues with the discard choice
    case Effect::Assassination: resolve_assassination(seat, card, a); break;
    case Effect::Virtue: resolve_virtue(seat, card, a); break;
    case Effect::Spy: resolve_spy(seat, card, a); break;
    case Effect::Manipulate: resolve_manipulate(seat, card, a, b); break;
    case Effect::Misinformation: resolve_misinformation(seat, card, a, b); break;
    case Effect::Lies: resolve_lies(seat, card, a); break;
    default: break;
  }
  end_turn();
}

// Oracle: draw two cards (what there is, if the deck runs short), then discard one from hand.
void IntrigueState::resolve_oracle(Seat seat, CardId card) {
  NewEvent e{.kind = Event::PlayedOracle, .seat = as_seat(seat), .card = card, .a = kNoCard, .b = kNoCard};
  CardId drawn = kNoCard;
  if (draw_card(seat, &drawn)) { e.a = drawn; ++e.c; }
  if (draw_card(seat, &drawn)) { e.b = drawn; ++e.c; }
  log_event(e);
  if (hands_[seat].empty()) {
    end_turn();
  } else {
    phase_ = Phase::Discard;
  }
}

// Assassination: a random unused character takes the target's place, with its letter, stack, tokens
// and relationships, but no votes (point tokens). The removed character becomes unused.
void IntrigueState::resolve_assassination(Seat seat, CardId card, Letter target) {
  std::array<CharacterId, kMaxCharacters> unused{};
  int n = 0;
  for (int c = 0; c < static_cast<int>(rules_->characters.size()); ++c) {
    bool in_play = false;
    for (CharacterId id : character_) in_play = in_play || id == c;
    if (!in_play) unused[n++] = static_cast<CharacterId>(c);
  }
  CharacterId incoming = unused[uniform(rng_, static_cast<std::uint32_t>(n))];
  log_event({.kind = Event::Assassinated, .seat = as_seat(seat), .card = card, .letter = target,
             .who = character_[target], .a = incoming});
  character_[target] = incoming;
  votes_[target] = 0;
}

// Virtue: flip the target's face-down cards from the most recently played down, until one is negative
// for that character; that one is discarded, the others stay face-up.
void IntrigueState::resolve_virtue(Seat seat, CardId card, Letter target) {
  auto& stack = stacks_[target];
  NewEvent e{.kind = Event::Virtue, .seat = as_seat(seat), .card = card, .letter = target,
             .who = character_[target], .b = kNoCard};
  for (int i = static_cast<int>(stack.size()) - 1; i >= 0; --i) {
    if (stack[i].face_up) continue;
    stack[i].face_up = true;
    ++e.a;
    if (rules_->support_value(stack[i].card, character_[target]) < 0) {
      e.b = stack[i].card;
      discard_.push_back(stack[i].card);
      stack.erase_at(static_cast<std::size_t>(i));
      break;
    }
  }
  note_face_down(target);
  log_event(e);
}

// Spy: one random face-down card of the target is turned face-up for everyone.
void IntrigueState::resolve_spy(Seat seat, CardId card, Letter target) {
  auto& stack = stacks_[target];
  std::array<std::uint8_t, kMaxDeck> down{};
  int n = 0;
  for (int i = 0; i < static_cast<int>(stack.size()); ++i) if (!stack[i].face_up) down[n++] = static_cast<std::uint8_t>(i);
  StackCard& flipped = stack[down[uniform(rng_, static_cast<std::uint32_t>(n))]];
  flipped.face_up = true;
  note_face_down(target);
  log_event({.kind = Event::Spied, .seat = as_seat(seat), .card = card, .letter = target, .who = character_[target],
             .b = flipped.card, .c = static_cast<std::uint8_t>(flipped.owner)});
}

// Manipulate: swap one of your support tokens with one an opponent holds.
void IntrigueState::resolve_manipulate(Seat seat, CardId card, int mine, int theirs) {
  const int opponent = token_holder(theirs);
  const auto swapped = static_cast<std::uint8_t>((1u << mine) | (1u << theirs));
  tokens_held_[seat] ^= swapped;
  tokens_held_[opponent] ^= swapped;
  log_event({.kind = Event::Manipulated, .seat = as_seat(seat), .card = card, .a = static_cast<std::uint8_t>(mine),
             .b = static_cast<std::uint8_t>(theirs), .c = static_cast<std::uint8_t>(opponent)});
}

// Misinformation: a relationship moves to an empty neighbouring edge (on a circle of three, any other
// edge), keeping its direction around the circle.
void IntrigueState::resolve_misinformation(Seat seat, CardId card, int from, int to) {
  CardId moved = edges_[from].card;
  edges_[to] = edges_[from];
  edges_[from] = Relationship{};
  log_event({.kind = Event::Misinformed, .seat = as_seat(seat), .card = card, .a = static_cast<std::uint8_t>(from),
             .b = static_cast<std::uint8_t>(to), .c = moved});
}

// Lies: a relationship is turned round; its arrows now point the other way.
void IntrigueState::resolve_lies(Seat seat, CardId card, int e) {
  edges_[e].forward = !edges_[e].forward;
  log_event({.kind = Event::Lied, .seat = as_seat(seat), .card = card, .a = static_cast<std::uint8_t>(e),
             .c = edges_[e].card});
}

// --- End of a round (docs/rules/intrigue.md, "End of a round") ---------------------------------------------

// After each turn: the round ends as soon as some player has no cards in hand (rulebook, "End of
// Round"); otherwise play passes to the left (the next seat).
void IntrigueState::end_turn() {
  for (const auto& hand : hands_) {
    if (hand.empty()) {
      end_round();
      return;
    }
  }
  turn_seat_ = static_cast<std::int8_t>((turn_seat_ + 1) % kSeats);
}

// Round end: Debt moves a card, every stack is revealed and totalled, the winner (priority breaks
// ties, Blackmail redirects) gets a vote, players score their tokens; then the game ends (after the
// last round, or when a player has zero or fewer points) or the table is reset for the next round.
void IntrigueState::end_round() {
  settle_debts();
  for (Letter l = 0; l < kLetters; ++l) {
    last_reveal_[l].clear();
    CardId* revealed = last_reveal_[l].append_unwritten(stacks_[l].size());
    for (StackCard& c : stacks_[l]) {
      c.face_up = true;
      *revealed++ = c.card;
    }
  }
  face_down_letters_ = 0;
  const auto totals = support_totals();
  for (Letter l = 0; l < kLetters; ++l) {
    last_totals_[l] = static_cast<std::int8_t>(totals[l]);
    log_event({.kind = Event::Revealed, .letter = l, .who = character_[l], .a = static_cast<std::uint8_t>(totals[l])});
  }
  Letter victim = kLetters;
  Letter winner = round_winner(totals, &victim);
  if (victim != kLetters) log_event({.kind = Event::Blackmailed, .letter = victim, .who = character_[victim], .a = winner});
  last_winner_ = static_cast<std::int8_t>(winner);
  ++votes_[winner];
  score_round(winner);

  bool someone_broke = false;
  for (int s = 0; s < kSeats; ++s) someone_broke = someone_broke || points_[s] <= 0;
  if (round_ >= rules_->rounds || someone_broke) {
    end_game();
  } else {
    reset_for_next_round();
  }
}

// --- End of a round: 1. Debt -------------------------------------------------------------------------------

// Debt: before the reveal, one random face-down card moves from the debtor's stack to the lender's.
void IntrigueState::settle_debts() {
  for (int e = 0; e < kEdges; ++e) {
    const Relationship& r = edges_[e];
    if (r.empty() || rules_->cards[r.card].kind != RelationshipKind::Debt) continue;
    Letter debtor = static_cast<Letter>(r.forward ? e : (e + 1) % kLetters);
    Letter lender = static_cast<Letter>(r.forward ? (e + 1) % kLetters : e);
    auto& from = stacks_[debtor];
    std::array<std::uint8_t, kMaxDeck> down{};
    int n = 0;
    for (int i = 0; i < static_cast<int>(from.size()); ++i) if (!from[i].face_up) down[n++] = static_cast<std::uint8_t>(i);
    NewEvent event{.kind = Event::DebtMoved, .letter = debtor, .who = character_[debtor], .a = lender, .b = kNoCard};
    if (n > 0) {
      std::uint8_t index = down[uniform(rng_, static_cast<std::uint32_t>(n))];
      StackCard moved = from[index];
      from.erase_at(index);
      stacks_[lender].push_back(moved);
      note_face_down(debtor);
      note_face_down(lender);
      event.b = moved.card;
    }
    log_event(event);
  }
}

// --- End of a round: 2. Reveal, 3. Winner ------------------------------------------------------------------

// Reveal: a character's support is the sum of its stack (a trait card's high value only for a character
// with the trait) plus the arrows of relationships pointing at it.
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

// --- End of a round: 4. Scoring, 5. the next round ---------------------------------------------------------

// Players score their tokens: a token of the winner pays its value, any other token costs a point.
// The winner's tokens are a run of bits (token t is letter t / token_count's): no division per token.
void IntrigueState::score_round(Letter winner) {
  const int per_letter = rules_->token_count;
  const int first = winner * per_letter;
  const std::uint32_t winners = ((1u << per_letter) - 1) << first;
  std::array<int, kSeats> delta{};
  for (int s = 0; s < kSeats; ++s) {
    for (int k = 0; k < per_letter; ++k) delta[s] += (tokens_held_[s] >> (first + k) & 1) * rules_->token_values[k];
    delta[s] -= static_cast<int>(bit_count(tokens_held_[s] & ~winners)) * rules_->losing_token_penalty;
  }
  for (int s = 0; s < kSeats; ++s) points_[s] = static_cast<std::int16_t>(points_[s] + delta[s]);
  log_event({.kind = Event::RoundWon, .letter = winner, .who = character_[winner],
             .a = static_cast<std::uint8_t>(delta[0]), .b = static_cast<std::uint8_t>(delta[1]),
             .c = static_cast<std::uint8_t>(delta[2])});
}

// Between rounds: tokens go back to their characters; stacks and the discard pile are shuffled into
// the deck; hands, relationships and the favor stack stay. The next round starts one seat to the left.
void IntrigueState::reset_for_next_round() {
  tokens_held_.fill(0);
  for (auto& stack : stacks_) {
    CardId* back = deck_.append_unwritten(stack.size());
    for (const StackCard& c : stack) *back++ = c.card;
    stack.clear();
  }
  std::copy(discard_.begin(), discard_.end(), deck_.append_unwritten(discard_.size()));
  discard_.clear();
  shuffle(deck_.begin(), deck_.end(), rng_);
  ++round_;
  start_round((round_starter_ + 1) % kSeats);
}

// --- End of the game (docs/rules/intrigue.md, "End of the game") -------------------------------------------

// End of game: the character with the most votes (priority breaks ties) is monarch. Favors are read
// in play order: the first for the monarch's letter earns the bonus, later ones less, others cost.
void IntrigueState::end_game() {
  monarch_ = leading_letter();
  log_event({.kind = Event::Crowned, .letter = monarch_, .who = character_[monarch_]});
  favors_revealed_ = true;
  bool first = true;
  for (std::size_t i = 0; i < favor_stack_.size(); ++i) {
    const FavorPlay& f = favor_stack_[i];
    const Letter letter = favor_letter_[f.seat][f.slot];
    const int delta = favor_points(i);
    const bool first_for_monarch = letter == monarch_ && first;
    first = first && letter != monarch_;
    points_[f.seat] = static_cast<std::int16_t>(points_[f.seat] + delta);
    log_event({.kind = Event::FavorScored, .seat = f.seat, .letter = letter, .who = character_[letter],
               .a = static_cast<std::uint8_t>(delta), .b = static_cast<std::uint8_t>(first_for_monarch)});
  }
  phase_ = Phase::GameOver;
}

// The crowned character: the most votes, ties to the higher priority.
Letter IntrigueState::leading_letter() const {
  Letter best = 0;
  for (Letter l = 1; l < kLetters; ++l) {
    int pl = rules_->characters[character_[l]].priority;
    int pb = rules_->characters[character_[best]].priority;
    if (votes_[l] > votes_[best] || (votes_[l] == votes_[best] && pl > pb)) best = l;
  }
  return best;
}

int IntrigueState::favor_points(std::size_t index) const {
  auto letter_of = [&](std::size_t i) { return favor_letter_[favor_stack_[i].seat][favor_stack_[i].slot]; };
  if (letter_of(index) != monarch_) return -rules_->favor_wrong_penalty;
  for (std::size_t i = 0; i < index; ++i) {
    if (letter_of(i) == monarch_) return rules_->favor_later_bonus;
  }
  return rules_->favor_first_bonus;
}

// The most points wins; tied players share the victory.
Outcome IntrigueState::outcome() const {
  std::array<double, kSeats> scores{};
  for (int s = 0; s < kSeats; ++s) scores[s] = points_[s];
  return Outcome::from_scores(scores.data(), kSeats);
}

}  // namespace court::intrigue
