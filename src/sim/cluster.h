// Distributed runs: under `mpirun -np K court sim ...` each rank plays the games whose index is
// its rank modulo K, and rank 0 gathers every record. Without MPI (or without mpirun) this is a
// cluster of one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sim/runner.h"

namespace court::sim {

struct Cluster {
  int rank = 0;
  int size = 1;
  bool mpi = false;
};

// Joins the MPI job when this process was started by mpirun and Court was built with MPI.
Cluster join_cluster();
void leave_cluster(const Cluster& cluster);

// Rank 0 gets every rank's finished records merged by game index; other ranks get theirs back.
Records gather_records(const Cluster& cluster, Records records);

// Records as JSON, names written out (for tests and reading).
nlohmann::json records_to_json(const Records& records);

// Records as bytes and back: the wire format between ranks (same machine build on every rank): the
// names once, then each game's numbers. records_from_bytes throws std::runtime_error on input that ends
// early, names too many seats or uses a name it does not list.
std::string records_to_bytes(const Records& records);
Records records_from_bytes(std::string_view bytes);

}  // namespace court::sim
