#include "sim/crew.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

namespace court::sim {
namespace {

// How long a waiting thread spins before it sleeps: longer than the runner's own work between two
// batches (about 60 microseconds), short enough that a crew waiting for long costs next to nothing.
constexpr auto kSpin = std::chrono::microseconds(200);

// Waits until `word` no longer holds `old` (spinning for up to kSpin, then asleep); returns its value.
template <class T>
T await_change(const std::atomic<T>& word, T old) {
  const auto deadline = std::chrono::steady_clock::now() + kSpin;
  for (unsigned i = 1;; ++i) {
    if (const T now = word.load(std::memory_order_acquire); now != old) return now;
    if (i % 64 == 0 && std::chrono::steady_clock::now() > deadline) break;
    spin_pause();
  }
  for (;;) {
    word.wait(old, std::memory_order_acquire);
    if (const T now = word.load(std::memory_order_acquire); now != old) return now;
  }
}

class Crew {
 public:
  // Runs the tasks as run_together does, unless another call is running (then false, nothing run).
  bool try_run(int n, const std::function<void(int)>& task) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock()) return false;
    const auto helpers = static_cast<std::uint32_t>(n - 1);
    for (; started_ < helpers; ++started_) {
      std::thread([this, index = started_ + 1, seen = job_.load()] { serve(index, seen); }).detach();
    }
    task_ = &task;
    pending_.store(helpers, std::memory_order_relaxed);
    // A job is its number (high half) and how many helpers it needs (low half), in one word, so a
    // helper reads both at once; task_ is not rewritten until every helper it names has run.
    const std::uint64_t job = ((job_.load(std::memory_order_relaxed) >> 32) + 1) << 32 | helpers;
    job_.store(job, std::memory_order_release);
    job_.notify_all();
    task(0);
    for (std::uint32_t left = pending_.load(std::memory_order_acquire); left != 0;) left = await_change(pending_, left);
    return true;
  }

 private:
  // Helper `index` (1, 2, ...): runs task(index) of each job that needs it.
  void serve(std::uint32_t index, std::uint64_t seen) {
    for (;;) {
      seen = await_change(job_, seen);
      if (index > static_cast<std::uint32_t>(seen)) continue;   // this job needs fewer helpers
      (*task_)(static_cast<int>(index));
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
    }
  }

  std::mutex busy_;                        // held by the call running
  std::uint32_t started_ = 0;              // helpers, detached: waiting at the program's end, they end with it
  const std::function<void(int)>* task_ = nullptr;
  std::atomic<std::uint64_t> job_{0};
  std::atomic<std::uint32_t> pending_{0};  // helpers of the job still running
};

}  // namespace

void run_together(int n, const std::function<void(int)>& task) {
  if (n <= 1) {
    task(0);
    return;
  }
  static Crew& crew = *new Crew;   // never destroyed: its threads may still be waiting at exit
  static const pid_t owner = getpid();
  // A forked child has none of the crew's threads (fork copies only the calling thread).
  if (getpid() == owner && crew.try_run(n, task)) return;
  std::vector<std::thread> others;
  for (int i = 1; i < n; ++i) others.emplace_back(task, i);
  task(0);
  for (auto& t : others) t.join();
}

}  // namespace court::sim
