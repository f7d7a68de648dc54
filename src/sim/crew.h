// Threads kept from batch to batch for the runner. A thread started for each batch began 45-200
// microseconds late when the other cores were idle (an idle core sleeps and is woken), and the caller,
// asleep in join, woke as late: two threads were at 1.5-1.8x one on 2,000-game batches (issue 22).
// The crew's threads wait for the next batch spinning for a while before they sleep, so batches played
// back to back (a sweep, a ladder, the benchmark) start on every thread at once.
#pragma once

#include <functional>

namespace court::sim {

// Runs task(0), ..., task(n - 1) at the same time and returns when all have returned: task(0) on the
// calling thread, the others on the crew's threads (started as needed, kept until the program ends).
// While another call is running (two Lab jobs at once), or in a forked child, the call starts threads
// of its own for its tasks, as before. The tasks must not throw.
void run_together(int n, const std::function<void(int)>& task);

// A moment's wait in a spin loop (the processor's hint that this thread waits for another).
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace court::sim
