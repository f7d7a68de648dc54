// How Intrigue packs a move into an Action's 32 bits, and back.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"
#include "games/intrigue/cards.h"

namespace court::intrigue {

enum class Move : std::uint8_t {
  TakeToken = 1,        // a = token index (letter * token_count + k)
  PlayFavor,            // a = letter
  PlayFaceDown,         // card, a = letter
  PlaySupportFaceUp,    // card, a = letter
  PlayRelationship,     // card, a = edge, b = 1 when forward (left arrow on the edge's first letter)
  PlayAction,           // card, a/b by effect: letter; edge; (from edge, to edge); (my token, their token)
  Discard,              // card
};

struct MoveCode {
  Move move = Move::TakeToken;
  CardId card = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;

  Action encode() const {
    return Action{static_cast<std::uint32_t>(move) | (std::uint32_t{card} << 4) | (std::uint32_t{a} << 10) |
                  (std::uint32_t{b} << 14)};
  }
  static MoveCode decode(Action action) {
    MoveCode m;
    m.move = static_cast<Move>(action.code & 0xf);
    m.card = static_cast<CardId>((action.code >> 4) & 0x3f);
    m.a = static_cast<std::uint8_t>((action.code >> 10) & 0xf);
    m.b = static_cast<std::uint8_t>((action.code >> 14) & 0xf);
    return m;
  }
};

// The most moves one position offers: every token and favor, and for each distinct card of a full
// hand three face-down plays and at most nine more (Manipulate: three own tokens times three others').
inline constexpr std::size_t kMaxMoves = kTokens + kLetters + kMaxHand * (kLetters + 9);

// Moves gathered in a local array, then appended to the caller's list at once. Pushing them one by one
// onto the list reloads its size from memory after every store (the compiler cannot tell the size from
// the items), a chain that was most of legal_actions' time.
struct MoveBuffer {
  std::array<Action, kMaxMoves> items;  // not zeroed: only [0, size) is read
  std::size_t size = 0;

  void add(MoveCode m) { items[size++] = m.encode(); }
  void append_to(ActionList& out) const {
    Action* slot = out.append_unwritten(size);
    for (std::size_t i = 0; i < size; ++i) slot[i] = items[i];
  }
};

// How many bits of `bits` (below 64) are set: std::popcount is a library call on the baseline x86-64
// this builds for, and random playouts count moves at every step.
inline constexpr std::array<std::uint8_t, 64> kBitCounts = [] {
  std::array<std::uint8_t, 64> out{};
  for (int bits = 1; bits < 64; ++bits) out[bits] = static_cast<std::uint8_t>(out[bits >> 1] + (bits & 1));
  return out;
}();
static_assert(kTokens <= 6, "token sets must fit kBitCounts");
constexpr std::uint32_t bit_count(std::uint32_t bits) { return kBitCounts[bits & 63]; }

// The i-th set bit of `bits`, lowest first (i < bit_count(bits)).
constexpr std::uint8_t nth_bit(std::uint32_t bits, std::uint32_t i) {
  for (; i > 0; --i) bits &= bits - 1;
  return static_cast<std::uint8_t>(std::countr_zero(bits));
}

// Calls fn(i) for every set bit i of `bits`, lowest first.
template <class Fn>
void for_each_bit(std::uint32_t bits, Fn&& fn) {
  for (; bits != 0; bits &= bits - 1) fn(static_cast<std::uint8_t>(std::countr_zero(bits)));
}

// A block of legal moves alike but for a and b: one for every set bit x of `first` and y of `second`
// (x the outer loop, both lowest first), with a = x, or the letter in favor slot x when `letters` is
// given, and b = y ^ b_flip (relationships are offered forward, b = 1, first). legal_actions lists
// the blocks of IntrigueState::add_turn_moves (rules.cpp); legal_count and legal_action build the same
// blocks (turn_moves.h) and skip whole card titles by their move count, so that all three agree on the
// moves and their order.
struct MoveBlock {
  Move move = Move::TakeToken;
  CardId card = 0;
  std::uint32_t first = 1;
  std::uint32_t second = 1;
  const Letter* letters = nullptr;
  std::uint8_t b_flip = 0;

  std::uint32_t size() const { return bit_count(first) * bit_count(second); }
  MoveCode at(std::uint32_t k) const {
    const std::uint32_t per_a = bit_count(second);
    const std::uint32_t x = per_a == 1 ? k : k / per_a;  // most blocks have one b: no division then
    return code(nth_bit(first, x), nth_bit(second, k - x * per_a));
  }
  void append_to(MoveBuffer& out) const {
    for_each_bit(first, [&](std::uint8_t x) { for_each_bit(second, [&](std::uint8_t y) { out.add(code(x, y)); }); });
  }

 private:
  MoveCode code(std::uint8_t x, std::uint8_t y) const {
    return {.move = move, .card = card, .a = letters ? letters[x] : x, .b = static_cast<std::uint8_t>(y ^ b_flip)};
  }
};

}  // namespace court::intrigue
