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

void IntrigueState::note_face_down(Letter l) {
  face_down_letters_ = static_cast<std::uint8_t>((face_down_letters_ & ~(1u << l)) | (std::uint32_t{has_face_down(l)} << l));
}


bool IntrigueState::can_place_relationship(CardId card, int e) const {
  const Relationship& there = edges_[e];
  if (there.empty()) return true;
  // Only a positive card replaces a negative one and back; zero (Advantage) never takes part.
  return rules_->support_sign[card] * rules_->support_sign[there.card] < 0;
}

namespace {

constexpr std::uint32_t kAllLetters = (1u << kLetters) - 1;
constexpr std::uint32_t kAllEdges = (1u << kEdges) - 1;

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

// 1 when `card` is the first of its title in the hand so far (the title offers its moves there), else
// 0; marks the title seen. Without a branch: which cards repeat is random, and mispredicted branches
// were most of counting's time.
std::uint32_t first_of_title(std::uint32_t& seen, CardId card) {
  const std::uint32_t first = (seen >> card & 1) ^ 1;
  seen |= 1u << card;
  return first;
}

// The face-down plays of a card title: behind each character.
MoveBlock face_down_block(CardId card) { return {.move = Move::PlayFaceDown, .card = card, .first = kAllLetters}; }
// The discard after Oracle and face-up Defiance.
MoveBlock discard_block(CardId card) { return {.move = Move::Discard, .card = card}; }

}  // namespace

// The sets a face-up block's a's and b's are drawn from (MoveBlock::first and second), worked out
// once a turn (TurnContext::targets).
enum class Targets : std::uint8_t {
  None,          // no move
  One,           // a single move: the value 0
  Letters,       // every character
  Assassinable,  // every character when an unused one can take its place
  FaceDown,      // the characters with face-down cards (Virtue, Spy)
  MyTokens,      // the tokens the player holds (Manipulate)
  TheirTokens,   // the tokens other players hold
  Filled,        // the edges holding a relationship
  Empty,         // the empty edges
  ForPositive,   // where a positive relationship may go: an empty edge or over a negative one
  ForNegative,   // where a negative relationship may go: an empty edge or over a positive one
  BothWays,      // forward and backward (b = 1, then 0)
};
inline constexpr int kTargetSets = static_cast<int>(Targets::BothWays) + 1;

namespace {

// A face-up block by its FaceUp kind: its move and which sets give its a's and b's.
struct FaceUpMoves {
  Move move = Move::PlayAction;
  Targets first = Targets::None;
  Targets second = Targets::One;
  bool relationship = false;  // b counts forward (b_flip): see MoveBlock
};

constexpr FaceUpMoves relationship_moves(Targets edges, bool both_ways) {
  return {Move::PlayRelationship, edges, both_ways ? Targets::BothWays : Targets::One, true};
}

// Indexed by FaceUp. A relationship goes on an empty edge or replaces one of opposite sign
// (can_place_relationship), forward (b = 1) and, unless it looks the same both ways, backward.
constexpr std::array<FaceUpMoves, kFaceUpKinds> kFaceUpMoves = {{
    {Move::PlayAction, Targets::None, Targets::One, false},                // None: face-down only
    {Move::PlaySupportFaceUp, Targets::Letters, Targets::One, false},      // Support
    {Move::PlayAction, Targets::One, Targets::One, false},                 // Oracle
    {Move::PlayAction, Targets::Assassinable, Targets::One, false},        // Assassination
    {Move::PlayAction, Targets::FaceDown, Targets::One, false},            // Revealing
    {Move::PlayAction, Targets::MyTokens, Targets::TheirTokens, false},    // Manipulate: mine for theirs
    {Move::PlayAction, Targets::Filled, Targets::Empty, false},            // Misinformation: from, to
    {Move::PlayAction, Targets::Filled, Targets::One, false},              // Lies
    relationship_moves(Targets::ForPositive, false),
    relationship_moves(Targets::ForNegative, false),
    relationship_moves(Targets::Empty, false),
    relationship_moves(Targets::ForPositive, true),
    relationship_moves(Targets::ForNegative, true),
    relationship_moves(Targets::Empty, true),
}};
static_assert(kFaceUpMoves[static_cast<int>(FaceUp::NeutralRelationshipBothWays)].second == Targets::BothWays);

}  // namespace

// What the moves of a turn depend on besides the hand, worked out once rather than once per card.
struct IntrigueState::TurnContext {
  std::array<std::uint32_t, kTargetSets> targets;  // by Targets, all written by turn_context

  std::uint32_t set(Targets t) const { return targets[static_cast<int>(t)]; }
  MoveBlock face_up_block(CardId card, FaceUp kind) const {
    const FaceUpMoves& m = kFaceUpMoves[static_cast<int>(kind)];
    return {.move = m.move, .card = card, .first = set(m.first), .second = set(m.second), .b_flip = m.relationship};
  }
  // How many moves a card title offers: face-down on each character, then its face-up block.
  // Counting and picking the k-th move skip whole titles with it.
  std::uint32_t title_moves(FaceUp kind) const {
    const FaceUpMoves& m = kFaceUpMoves[static_cast<int>(kind)];
    return kLetters + bit_count(set(m.first)) * bit_count(set(m.second));
  }
};

// Inline: built twice a step in random playouts (counting, then picking).
inline IntrigueState::TurnContext IntrigueState::turn_context(Seat seat) const {
  TurnContext c;
  const std::uint32_t mine = tokens_held_[seat];
  const std::uint32_t held = tokens_held_[0] | tokens_held_[1] | tokens_held_[2];
  std::uint32_t filled = 0, positive = 0, negative = 0;
  for (int e = 0; e < kEdges; ++e) {  // branch-free: what lies on the edges is random
    const bool there = !edges_[e].empty();
    const int support = rules_->support_sign[there ? edges_[e].card : 0];
    filled |= std::uint32_t{there} << e;
    positive |= std::uint32_t{there && support > 0} << e;
    negative |= std::uint32_t{there && support < 0} << e;
  }
  const std::uint32_t empty = ~filled & kAllEdges;
  const bool unused_character = rules_->characters.size() > static_cast<std::size_t>(kLetters);
  auto put = [&](Targets t, std::uint32_t set) { c.targets[static_cast<int>(t)] = set; };
  put(Targets::None, 0);
  put(Targets::One, 1);
  put(Targets::Letters, kAllLetters);
  put(Targets::Assassinable, unused_character ? kAllLetters : 0);
  put(Targets::FaceDown, face_down_letters_);
  put(Targets::MyTokens, mine);
  put(Targets::TheirTokens, held & ~mine);
  put(Targets::Filled, filled);
  put(Targets::Empty, empty);
  put(Targets::ForPositive, empty | negative);
  put(Targets::ForNegative, empty | positive);
  put(Targets::BothWays, 3);
  return c;
}

// `seat`'s moves, block by block in their order, passed to fn: the description of the moves that
// listing follows, and counting and picking the k-th follow title by title (TurnContext::title_moves).
// A turn: a token, a favor, or a card from hand (each title once) face-down on a character or face-up
// (MoveBlock says how). After Oracle and face-up Defiance: discard one card (each title once).
template <class Fn>
void IntrigueState::visit_blocks(Seat seat, Fn&& fn) const {
  if (phase_ == Phase::GameOver || seat != turn_seat_) return;
  if (phase_ == Phase::Discard) {
    for_each_title(hands_[seat], [&](CardId card) { fn(discard_block(card)); });
    return;
  }
  fn(token_block());
  fn(favor_block(seat));
  const TurnContext context = turn_context(seat);
  for_each_title(hands_[seat], [&](CardId card) {
    fn(face_down_block(card));
    fn(context.face_up_block(card, rules_->face_up[card]));
  });
}

// The tokens still lying on their characters.
MoveBlock IntrigueState::token_block() const {
  const std::uint32_t held = tokens_held_[0] | tokens_held_[1] | tokens_held_[2];
  return {.move = Move::TakeToken, .first = ((1u << token_count()) - 1) & ~held};
}

// The favors `seat` may still play (slots [played, 3) of its favor letters).
MoveBlock IntrigueState::favor_block(Seat seat) const {
  return {.move = Move::PlayFavor, .first = (kAllLetters << favors_played_[seat]) & kAllLetters,
          .letters = favor_letter_[seat].data()};
}

void IntrigueState::legal_actions(Seat seat, ActionList& out) const {
  MoveBuffer moves;
  visit_blocks(seat, [&](const MoveBlock& block) { block.append_to(moves); });
  moves.append_to(out);
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
