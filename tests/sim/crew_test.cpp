// The runner's thread crew (crew.h) and the memory kept from batch to batch (memory.h).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "sim/crew.h"
#include "sim/memory.h"

namespace court::sim {
namespace {

// Waits until `count` reaches `target`, for at most 10 seconds; false if it never did.
bool reached(const std::atomic<int>& count, int target) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (count.load() < target) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

// Runs `n` tasks with run_together; each waits until all `n` have started (so they ran at the same
// time), and counts its index. Returns the counts by index.
std::vector<int> run_meeting(int n) {
  std::vector<std::atomic<int>> runs(static_cast<std::size_t>(n));
  std::atomic<int> started{0};
  std::atomic<bool> all_met{true};
  run_together(n, [&](int i) {
    runs[static_cast<std::size_t>(i)].fetch_add(1);
    started.fetch_add(1);
    if (!reached(started, n)) all_met = false;
  });
  EXPECT_TRUE(all_met.load()) << n << " tasks did not all run at the same time";
  std::vector<int> counts;
  for (const auto& r : runs) counts.push_back(r.load());
  return counts;
}

TEST(Crew, RunsEachTaskOnceAllAtTheSameTime) {
  for (int round = 0; round < 200; ++round) {
    for (int n : {1, 2, 4, 3, 2, 5}) {   // more helpers, then fewer: the idle ones run nothing
      const std::vector<int> counts = run_meeting(n);
      if (HasFailure()) return;   // the tasks did not meet: one failure is enough (each waited 10 seconds)
      ASSERT_EQ(counts, std::vector<int>(static_cast<std::size_t>(n), 1)) << n << " tasks, round " << round;
    }
  }
}

TEST(Crew, TaskZeroRunsOnTheCallingThread) {
  std::thread::id zero;
  std::vector<std::thread::id> others(3);
  run_together(4, [&](int i) {
    if (i == 0) zero = std::this_thread::get_id();
    else others[static_cast<std::size_t>(i - 1)] = std::this_thread::get_id();
  });
  EXPECT_EQ(zero, std::this_thread::get_id());
  for (auto id : others) EXPECT_NE(id, std::this_thread::get_id());
}

// Two calls at once (two Lab jobs): the second starts threads of its own, and both run all their tasks
// at the same time as each other.
TEST(Crew, TwoCallsAtOnceBothRunAllTheirTasks) {
  std::atomic<int> started{0};
  std::atomic<bool> all_met{true};
  std::atomic<int> runs{0};
  auto call = [&] {
    run_together(3, [&](int) {
      runs.fetch_add(1);
      started.fetch_add(1);
      if (!reached(started, 6)) all_met = false;
    });
  };
  std::thread first(call), second(call);
  first.join();
  second.join();
  EXPECT_EQ(runs.load(), 6);
  EXPECT_TRUE(all_met.load()) << "the two calls' tasks did not all run at the same time";
}

// A forked child has only the thread that forked: its calls start threads of their own (the crew's
// would never answer, and the child would wait forever).
TEST(Crew, AForkedChildRunsItsTasksOnThreadsOfItsOwn) {
  run_meeting(3);   // the crew has its threads in this process
  const pid_t child = fork();
  if (child == 0) {
    alarm(20);   // a child waiting on a crew it lacks is ended by the alarm, and the test fails
    std::atomic<int> runs{0};
    run_together(3, [&](int) { runs.fetch_add(1); });
    _exit(runs.load() == 3 ? 0 : 1);
  }
  ASSERT_GT(child, 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child's tasks did not all run (status " << status << ")";
}

TEST(BatchMemory, AFreedBlockServesTheNextRequestOfItsSize) {
  std::pmr::memory_resource* memory = batch_memory();
  void* first = memory->allocate(70'000);
  memory->deallocate(first, 70'000);
  void* second = memory->allocate(100'000);   // the same size class (128 KiB): the same block
  EXPECT_EQ(second, first);
  void* other = memory->allocate(100'000);    // another block: a new one, or one kept earlier
  EXPECT_NE(other, second);
  memory->deallocate(second, 100'000);
  memory->deallocate(other, 100'000);
}

TEST(BatchMemory, BlocksHoldWhatWasAskedAtTheAlignmentAsked) {
  std::pmr::memory_resource* memory = batch_memory();
  for (std::size_t bytes : {std::size_t{1}, std::size_t{65'536}, std::size_t{65'537}, std::size_t{3'000'000}}) {
    for (std::size_t align : {std::size_t{8}, std::size_t{64}, std::size_t{4096}}) {
      auto* p = static_cast<unsigned char*>(memory->allocate(bytes, align));
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % align, 0u) << bytes << " bytes at " << align;
      p[0] = 1;
      p[bytes - 1] = 2;   // the whole size is there (the address sanitizer build checks it)
      memory->deallocate(p, bytes, align);
    }
  }
}

}  // namespace
}  // namespace court::sim
