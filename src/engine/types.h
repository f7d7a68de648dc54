// Small value types shared by every game: seats, seat sets, actions, fixed-capacity vectors.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace court {

// A seat at the table, 0-based. Seat 0 is the first player unless a game says otherwise.
using Seat = int;
// The seat of someone watching: views for it show public facts only.
inline constexpr Seat kSpectator = -1;
inline constexpr int kMaxSeats = 8;

// A player's choice, encoded by its game in 32 bits. Games pack their moves into `code`;
// `describe`/`parse` turn it into words and back.
// Trivial on purpose (no member initialiser): action lists are not zeroed on construction.
struct Action {
  std::uint32_t code;
  friend constexpr bool operator==(Action, Action) = default;
};

// The seats that must choose now. More than one seat means a simultaneous choice.
class SeatSet {
 public:
  constexpr SeatSet() = default;
  static constexpr SeatSet of(Seat s) { SeatSet set; set.insert(s); return set; }
  static constexpr SeatSet first(int n) { SeatSet set; set.bits_ = static_cast<std::uint16_t>((1u << n) - 1); return set; }

  constexpr void insert(Seat s) { bits_ |= static_cast<std::uint16_t>(1u << s); }
  constexpr void erase(Seat s) { bits_ &= static_cast<std::uint16_t>(~(1u << s)); }
  constexpr bool contains(Seat s) const { return s >= 0 && s < 16 && (bits_ >> s) & 1u; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  // The lowest seat in the set; -1 when empty.
  constexpr Seat lowest() const { return bits_ ? std::countr_zero(bits_) : -1; }
  constexpr std::uint16_t bits() const { return bits_; }
  friend constexpr bool operator==(SeatSet, SeatSet) = default;

  class Iterator {
   public:
    constexpr explicit Iterator(std::uint16_t bits) : bits_(bits) {}
    constexpr Seat operator*() const { return std::countr_zero(bits_); }
    constexpr Iterator& operator++() { bits_ &= static_cast<std::uint16_t>(bits_ - 1); return *this; }
    constexpr bool operator!=(const Iterator& o) const { return bits_ != o.bits_; }
   private:
    std::uint16_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  std::uint16_t bits_ = 0;
};

[[noreturn]] inline void fixed_vector_overflow(std::size_t capacity) {
  throw std::length_error("fixed-capacity list overflow (capacity " + std::to_string(capacity) + ")");
}

// A vector with its storage inline: no heap, copyable with memcpy when T is trivial.
template <class T, std::size_t N>
class FixedVector {
 public:
  using value_type = T;
  constexpr FixedVector() = default;

  constexpr void push_back(const T& value) {
    if (size_ >= N) fixed_vector_overflow(N);
    items_[size_++] = value;
  }
  constexpr void pop_back() { --size_; }
  constexpr void clear() { size_ = 0; }
  constexpr void resize(std::size_t n) {
    if (n > N) fixed_vector_overflow(N);
    for (std::size_t i = size_; i < n; ++i) items_[i] = T{};
    size_ = static_cast<std::uint32_t>(n);
  }
  // Grows by n elements left unwritten and returns the first of them: for a caller that writes them
  // all at once (resize would zero them first, a few per cent of listing many moves).
  constexpr T* append_unwritten(std::size_t n) {
    if (n > N - size_) fixed_vector_overflow(N);
    T* first = items_.data() + size_;
    size_ += static_cast<std::uint32_t>(n);
    return first;
  }
  // Removes the element at `i`, keeping the order of the rest.
  constexpr void erase_at(std::size_t i) {
    for (std::size_t j = i + 1; j < size_; ++j) items_[j - 1] = items_[j];
    --size_;
  }
  constexpr void insert_at(std::size_t i, const T& value) {
    if (size_ >= N) fixed_vector_overflow(N);
    for (std::size_t j = size_; j > i; --j) items_[j] = items_[j - 1];
    items_[i] = value;
    ++size_;
  }
  constexpr bool contains(const T& value) const {
    for (std::size_t i = 0; i < size_; ++i) if (items_[i] == value) return true;
    return false;
  }
  // Index of the first element equal to `value`, or -1.
  constexpr int index_of(const T& value) const {
    for (std::size_t i = 0; i < size_; ++i) if (items_[i] == value) return static_cast<int>(i);
    return -1;
  }

  constexpr std::size_t size() const { return size_; }
  static constexpr std::size_t capacity() { return N; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == N; }
  constexpr T& operator[](std::size_t i) { return items_[i]; }
  constexpr const T& operator[](std::size_t i) const { return items_[i]; }
  constexpr T& back() { return items_[size_ - 1]; }
  constexpr const T& back() const { return items_[size_ - 1]; }
  constexpr T* begin() { return items_.data(); }
  constexpr T* end() { return items_.data() + size_; }
  constexpr const T* begin() const { return items_.data(); }
  constexpr const T* end() const { return items_.data() + size_; }
  constexpr T* data() { return items_.data(); }

  friend constexpr bool operator==(const FixedVector& a, const FixedVector& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) if (!(a.items_[i] == b.items_[i])) return false;
    return true;
  }

 private:
  std::array<T, N> items_;   // not zeroed: only [0, size_) is ever read
  std::uint32_t size_ = 0;
};

// Legal actions are written into this list: the largest choice any game offers fits.
inline constexpr std::size_t kMaxActions = 2048;
using ActionList = FixedVector<Action, kMaxActions>;

// One hidden position as seen by a seat, for the determinization fairness check: `pool` groups the
// positions whose contents are exchangeable at the start of a game (for example "cards not seen"),
// `item` is what is there (a card id).
struct HiddenItem {
  std::uint16_t pool;
  std::uint16_t item;
  friend constexpr bool operator==(HiddenItem, HiddenItem) = default;
};
using HiddenList = FixedVector<HiddenItem, 1024>;

// An error caused by input from outside (arguments, files, moves, messages). Its message says what
// was wrong and what is allowed; the operation it interrupts changed nothing.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace court
