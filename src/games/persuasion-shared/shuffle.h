// Shuffling a Persuasion pile (at most 64 cards) exactly as engine/rng.h's `shuffle` does, without its
// two integer divisions per card. `rng(n)` (pcg's bounded_rand) draws r until r >= (2^32 - n) % n and
// returns r % n; here both the threshold and the remainder come from a table made at compile time
// (Lemire's "fastmod": exact for every 32-bit r), so the draws and the order are the same. The deal's
// shuffle of 60 cards was about half of a 3-player game's setup (issue 22).
#pragma once

#include <array>
#include <cstdint>

#include "engine/rng.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

struct SmallBound {
  std::uint32_t threshold = 0;  // (2^32 - n) % n: draws below it are rejected
  std::uint64_t magic = 0;      // 2^64 / n rounded up, for r % n
};

inline constexpr std::array<SmallBound, kMaxCards + 1> kSmallBounds = [] {
  std::array<SmallBound, kMaxCards + 1> out{};
  for (std::uint32_t n = 1; n <= kMaxCards; ++n) {
    out[n].threshold = (0u - n) % n;
    out[n].magic = ~std::uint64_t{0} / n + 1;
  }
  return out;
}();

// The same value as `rng(n)` for 1 <= n <= kMaxCards, with the same draws.
inline std::uint32_t uniform_small(Rng& rng, std::uint32_t n) {
  const SmallBound& b = kSmallBounds[n];
  for (;;) {
    const std::uint32_t r = rng();
    if (r >= b.threshold) {
      const std::uint64_t low = b.magic * r;
      return static_cast<std::uint32_t>((static_cast<unsigned __int128>(low) * n) >> 64);
    }
  }
}

// The same permutation as `court::shuffle(first, first + n, rng)` for n <= kMaxCards.
inline void shuffle_small(CardId* first, std::uint32_t n, Rng& rng) {
  for (std::uint32_t i = n; i > 1; --i) {
    const std::uint32_t j = uniform_small(rng, i);
    const CardId t = first[i - 1];
    first[i - 1] = first[j];
    first[j] = t;
  }
}

}  // namespace court::persuasion
