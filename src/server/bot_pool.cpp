#include "server/bot_pool.h"

#include <algorithm>

#include "engine/bot.h"
#include "server/thread_priority.h"

namespace court::server {

int search_threads(const GameEntry& entry, const std::string& spec) {
  const BotSpec parsed = resolve_bot_spec(entry, spec);   // an offered name ("strong") as its spec
  auto kind = entry.bots.find(parsed.name);
  if (kind == entry.bots.end() || !kind->second.check_cost) return 0;
  return static_cast<int>(bot_param_int(parsed.name, parsed.params, "threads", 1, 1, 1 << 16));
}

BotPool::BotPool(int threads, int per_client)
    : threads_(threads_or_cores(threads, 1)), per_client_(per_client > 0 ? std::min(per_client, threads_) : std::max(1, threads_ / 2)) {
  for (int i = 0; i < threads_; ++i) workers_.emplace_back([this] { work(); });
}

BotPool::~BotPool() { stop(); }

void BotPool::submit(const std::string& client, int cost, std::function<void()> work) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    Client& c = clients_[client];
    if (c.queue.empty()) turns_.push_back(client);
    c.queue.push_back({std::max(1, cost), std::move(work)});
  }
  wake_.notify_all();
}

void BotPool::stop() {
  std::map<std::string, Client> dropped;   // destroyed outside the lock: the work holds tables
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    dropped.swap(clients_);
    turns_.clear();
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

// A search of `cost` threads may start: its client stays within its share and the pool within its budget,
// or it is the only one of its client (of the pool) so that a search wider than the share still runs.
bool BotPool::admits(const Client& client, int cost) const {
  const bool in_share = client.held == 0 || client.held + cost <= per_client_;
  const bool in_budget = held_ == 0 || held_ + cost <= threads_;
  return in_share && in_budget;
}

// The next search that may start, in round-robin order over the clients with some waiting: that client
// goes to the back of the line (under mutex_).
bool BotPool::take(std::string& client, Job& job) {
  for (auto turn = turns_.begin(); turn != turns_.end(); ++turn) {
    Client& c = clients_[*turn];
    if (!admits(c, c.queue.front().cost)) continue;
    client = *turn;
    job = std::move(c.queue.front());
    c.queue.pop_front();
    c.held += job.cost;
    held_ += job.cost;
    turns_.erase(turn);
    if (!c.queue.empty()) turns_.push_back(client);
    return true;
  }
  return false;
}

void BotPool::work() {
  lowest_priority();
  std::unique_lock lock(mutex_);
  for (;;) {
    std::string client;
    Job job;
    wake_.wait(lock, [&] { return stopping_ || take(client, job); });
    if (stopping_ && !job.work) return;
    lock.unlock();
    job.work();
    job.work = nullptr;   // what it held (a table) goes before the lock is taken again
    lock.lock();
    held_ -= job.cost;
    if (auto it = clients_.find(client); it != clients_.end()) {
      it->second.held -= job.cost;
      if (it->second.held == 0 && it->second.queue.empty()) clients_.erase(it);
    }
    wake_.notify_all();
  }
}

}  // namespace court::server
