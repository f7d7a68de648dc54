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
std::vector<GameRecord> gather_records(const Cluster& cluster, std::vector<GameRecord> records);

// Records as JSON and back (for tests and reading).
nlohmann::json records_to_json(const std::vector<GameRecord>& records);
std::vector<GameRecord> records_from_json(const nlohmann::json& doc);

// Records as bytes and back: the wire format between ranks (same machine build on every rank).
// records_from_bytes throws std::runtime_error on input that ends early or names too many seats.
std::string records_to_bytes(const std::vector<GameRecord>& records);
std::vector<GameRecord> records_from_bytes(std::string_view bytes);

}  // namespace court::sim
