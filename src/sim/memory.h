// Memory for batches' records, kept from one batch to the next: the blocks a finished batch's records
// held are handed to the next batch instead of going back to the system, whose fresh pages cost a
// fault each on first touch (30 of the 50 microseconds a 2,000-game batch spent on one thread before
// its games, issue 22). Sweeps, ladders, the Lab and the benchmark play batch after batch.
#pragma once

#include <cstddef>
#include <memory_resource>

namespace court::sim {

// Thread-safe. Blocks are made in sizes of powers of two from 64 KiB; up to kKeptBytes of freed
// blocks are kept for reuse, the rest go back to the system. 64 MiB holds the records of batches of
// tens of thousands of games (a record and its lists take 0.5-1 KB), and is the most a server running
// Lab jobs keeps idle.
std::pmr::memory_resource* batch_memory();
inline constexpr std::size_t kKeptBytes = std::size_t{64} << 20;

}  // namespace court::sim
