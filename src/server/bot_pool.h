// The search bots' thread pool: a bot whose cost per move depends on its parameters (ismcts, a planner)
// chooses here, on threads of their own at the lowest CPU priority, never on the game threads that answer
// people. The pool has a budget of threads in all and a share of it per client address (the creator of
// the table); a search holds as many of them as it runs threads, and searches waiting for a thread are
// served round-robin over the clients that have some waiting, so one client's many tables do not put
// another's bots behind all of theirs (docs/protocol.md, "Limits").
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"

namespace court::server {

// How many of the pool's threads a move of the bot `spec` holds: 0 for a bot of a small fixed cost (no
// cost check: heuristic, random), which keeps answering on its table's strand; else its `threads`
// parameter (1 when not given). `spec` is a valid spec of `entry`.
int search_threads(const GameEntry& entry, const std::string& spec);

class BotPool {
 public:
  // `threads`: the budget in all (0: one per core); `per_client`: the most one client may hold at once
  // (0: half of the budget, at least 1). Starts its threads.
  BotPool(int threads, int per_client);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  int threads() const { return threads_; }
  int per_client() const { return per_client_; }
  // Queues `work` (a bot's choice; it must not throw) for `client`, holding `cost` threads while it runs.
  // A search of more threads than the share (or the budget) runs when its client (or the pool) holds none.
  // Dropped, never run, once the pool is stopping.
  void submit(const std::string& client, int cost, std::function<void()> work);
  // Drops the queued work and joins the threads (a running choice finishes first). Idempotent.
  void stop();

 private:
  struct Job {
    int cost = 1;
    std::function<void()> work;
  };
  struct Client {
    std::deque<Job> queue;
    int held = 0;   // threads its running searches hold
  };
  bool admits(const Client& client, int cost) const;
  bool take(std::string& client, Job& job);
  void work();

  int threads_;
  int per_client_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  int held_ = 0;                        // threads all running searches hold
  std::map<std::string, Client> clients_;
  std::deque<std::string> turns_;       // clients with searches waiting, in round-robin order
  std::vector<std::thread> workers_;
};

}  // namespace court::server
