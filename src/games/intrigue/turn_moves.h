// Intrigue: the blocks a turn's legal moves come in (docs/rules/intrigue.md, "A turn"): which targets each
// card may take when played face-up (kFaceUpMoves), the target sets worked out once a turn (TurnContext),
// and the blocks of the token, favor, face-down and discard moves. Private to the game's rules.cpp,
// which lists a turn's moves from these blocks (add_turn_moves), and state.cpp, which counts them and
// picks the k-th (legal_count, legal_action). Inline in a header: random playouts build them twice a step.
#pragma once

#include <array>
#include <cstdint>

#include "games/intrigue/state.h"

namespace court::intrigue {

inline constexpr std::uint32_t kAllLetters = (1u << kLetters) - 1;
inline constexpr std::uint32_t kAllEdges = (1u << kEdges) - 1;

// 1 when `card` is the first of its title in the hand so far (the title offers its moves there), else
// 0; marks the title seen. Without a branch: which cards repeat is random, and mispredicted branches
// were most of counting's time.
inline std::uint32_t first_of_title(std::uint32_t& seen, CardId card) {
  const std::uint32_t first = (seen >> card & 1) ^ 1;
  seen |= 1u << card;
  return first;
}

// The face-down plays of a card title: behind each character.
inline MoveBlock face_down_block(CardId card) { return {.move = Move::PlayFaceDown, .card = card, .first = kAllLetters}; }
// The discard after Oracle and face-up Defiance.
inline MoveBlock discard_block(CardId card) { return {.move = Move::Discard, .card = card}; }

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
inline constexpr std::array<FaceUpMoves, kFaceUpKinds> kFaceUpMoves = {{
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

// The tokens still lying on their characters.
inline MoveBlock IntrigueState::token_block() const {
  const std::uint32_t held = tokens_held_[0] | tokens_held_[1] | tokens_held_[2];
  return {.move = Move::TakeToken, .first = ((1u << token_count()) - 1) & ~held};
}

// The favors `seat` may still play (slots [played, 3) of its favor letters).
inline MoveBlock IntrigueState::favor_block(Seat seat) const {
  return {.move = Move::PlayFavor, .first = (kAllLetters << favors_played_[seat]) & kAllLetters,
          .letters = favor_letter_[seat].data()};
}

}  // namespace court::intrigue
