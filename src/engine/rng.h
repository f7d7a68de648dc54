// Random numbers: every state owns a seeded PCG generator, so a game is fully described by its
// seed and its actions.
#pragma once

#include <array>
#include <cstdint>
#include <pcg_random.hpp>
#include <random>
#include <utility>

namespace court {

using Rng = pcg32;

// A well-mixed 64-bit value from two inputs (SplitMix64 finaliser). Used to derive independent
// seeds, e.g. for game `index` of a batch run with seed `run_seed`.
constexpr std::uint64_t mix_seed(std::uint64_t run_seed, std::uint64_t index) {
  std::uint64_t z = run_seed + 0x9e3779b97f4a7c15ull * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// The largest seed a replay carries exactly through JavaScript numbers (2^53 - 1).
inline constexpr std::uint64_t kMaxSeed = (std::uint64_t{1} << 53) - 1;

// A seed nobody can guess, drawn from the whole range 0..kMaxSeed: a deal is a function of its seed,
// so a small seed space would let a player search for the seed that deals the hand they hold.
inline std::uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32 | device()) & kMaxSeed;
}

inline Rng make_rng(std::uint64_t seed) { return Rng(seed, mix_seed(seed, 0x5eed)); }

// pcg's bounded draw (`rng(n)`) draws r until r >= (2^32 - n) % n and returns r % n: two integer
// divisions per call, a tenth of a random playout's step and most of a deal's shuffle (issue 22). For
// n up to kSmallBound, both the threshold and the remainder come from a table made at compile time
// (Lemire's "fastmod", exact for every 32-bit r), so the draws and the values are pcg's own.
inline constexpr std::uint32_t kSmallBound = 1024;

struct SmallBound {
  std::uint32_t threshold = 0;  // (2^32 - n) % n: draws below it are rejected
  std::uint64_t magic = 0;      // 2^64 / n rounded up, for r % n
};

inline constexpr std::array<SmallBound, kSmallBound + 1> kSmallBounds = [] {
  std::array<SmallBound, kSmallBound + 1> out{};
  for (std::uint32_t n = 1; n <= kSmallBound; ++n) {
    out[n].threshold = (0u - n) % n;
    out[n].magic = ~std::uint64_t{0} / n + 1;
  }
  return out;
}();

// r % n for 1 <= n <= kSmallBound, without dividing.
inline std::uint32_t small_remainder(std::uint32_t r, std::uint32_t n) {
  return static_cast<std::uint32_t>((static_cast<unsigned __int128>(kSmallBounds[n].magic * r) * n) >> 64);
}

// A uniform integer in [0, n), without modulo bias: the value `rng(n)` gives, with the same draws.
inline std::uint32_t uniform(Rng& rng, std::uint32_t n) {
  if (n > kSmallBound) return rng(n);
  for (;;) {
    const std::uint32_t r = rng();
    if (r >= kSmallBounds[n].threshold) return small_remainder(r, n);
  }
}

// Fisher-Yates shuffle of [first, last).
template <class It>
void shuffle(It first, It last, Rng& rng) {
  const auto n = static_cast<std::uint32_t>(last - first);
  for (std::uint32_t i = n; i > 1; --i) {
    const std::uint32_t j = uniform(rng, i);
    using std::swap;
    swap(first[i - 1], first[j]);
  }
}

}  // namespace court
