#include "sim/memory.h"

#include <algorithm>
#include <array>
#include <bit>
#include <mutex>
#include <new>
#include <vector>

namespace court::sim {
namespace {

class Recycler final : public std::pmr::memory_resource {
 private:
  static constexpr std::size_t kSmallest = std::size_t{1} << 16;

  // The size class of `bytes`: blocks of class c are kSmallest << c bytes.
  static std::size_t size_class(std::size_t bytes) {
    return static_cast<std::size_t>(std::bit_width((std::max(bytes, kSmallest) - 1) / kSmallest));
  }
  static std::size_t class_bytes(std::size_t c) { return kSmallest << c; }
  static std::align_val_t alignment(std::size_t align) {
    return std::align_val_t{std::max(align, alignof(std::max_align_t))};
  }

  void* do_allocate(std::size_t bytes, std::size_t align) override {
    const std::size_t c = size_class(bytes);
    if (c < kept_.size() && align <= alignof(std::max_align_t)) {
      std::lock_guard<std::mutex> hold(lock_);
      if (!kept_[c].empty()) {
        void* block = kept_[c].back();
        kept_[c].pop_back();
        kept_bytes_ -= class_bytes(c);
        return block;
      }
    }
    return ::operator new(class_bytes(c), alignment(align));
  }

  void do_deallocate(void* block, std::size_t bytes, std::size_t align) override {
    const std::size_t c = size_class(bytes);
    if (c < kept_.size() && align <= alignof(std::max_align_t)) {
      std::lock_guard<std::mutex> hold(lock_);
      if (kept_bytes_ + class_bytes(c) <= kKeptBytes) {
        kept_[c].push_back(block);
        kept_bytes_ += class_bytes(c);
        return;
      }
    }
    ::operator delete(block, alignment(align));
  }

  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  std::mutex lock_;
  std::array<std::vector<void*>, 20> kept_;   // by size class: 64 KiB to 32 GiB
  std::size_t kept_bytes_ = 0;
};

}  // namespace

std::pmr::memory_resource* batch_memory() {
  static Recycler& recycler = *new Recycler;   // never destroyed: records may outlive static destructors
  return &recycler;
}

}  // namespace court::sim
