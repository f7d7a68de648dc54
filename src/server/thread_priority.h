// The server's thread pools: how many threads a pool has when its flag says 0, and the lowest CPU priority
// for the calling thread: what the server's background work runs at (the Lab's simulation jobs, the search
// bots' pool), so a table's own thread takes a core from it at once.
#pragma once

#include <algorithm>
#include <thread>

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace court::server {

// `wanted` threads, or (0) one per core, at least `at_least`.
inline int threads_or_cores(int wanted, int at_least) {
  if (wanted > 0) return wanted;
  return std::max(at_least, static_cast<int>(std::thread::hardware_concurrency()));
}

// Linux: SCHED_IDLE runs this thread only on a core nothing else wants, and a table's thread that wakes
// takes the core at once (a nice value of 19 alone still shares it: the median move latency doubled with
// a job alongside). The nice value stays as a fallback. Both are per thread and inherited by the
// threads this one starts (a simulation's workers, a search's own threads).
inline void lowest_priority() {
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
  const sched_param param{};
  pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
}

}  // namespace court::server
