#include "sim/cluster.h"

#include <algorithm>
#include <cstdlib>

#ifdef COURT_HAVE_MPI
#include <mpi.h>
#endif

namespace court::sim {

nlohmann::json records_to_json(const std::vector<GameRecord>& records) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : records) {
    nlohmann::json seats = nlohmann::json::array();
    for (const auto& s : r.seats) seats.push_back({s.win, s.score, s.rank});
    nlohmann::json cards = nlohmann::json::array();
    for (std::size_t s = 0; s < r.seats.size(); ++s) cards.push_back(r.report.cards[s]);
    out.push_back({{"i", r.index}, {"rot", r.rotation}, {"len", r.length}, {"seats", seats},
                   {"team", r.team_win}, {"cause", r.loss_cause}, {"values", r.report.values}, {"cards", cards},
                   {"capped", r.report.capped}});
  }
  return out;
}

std::vector<GameRecord> records_from_json(const nlohmann::json& doc) {
  std::vector<GameRecord> out;
  for (const auto& j : doc) {
    GameRecord r;
    r.index = j["i"];
    r.rotation = j["rot"];
    r.length = j["len"];
    for (const auto& s : j["seats"]) r.seats.push_back({s[0].get<bool>(), s[1].get<double>(), s[2].get<int>()});
    r.team_win = j["team"];
    r.loss_cause = j["cause"];
    r.report.values = j["values"].get<std::map<std::string, double>>();
    for (std::size_t s = 0; s < j["cards"].size() && s < r.report.cards.size(); ++s) {
      r.report.cards[s] = j["cards"][s].get<std::vector<std::string>>();
    }
    r.report.capped = j["capped"];
    out.push_back(std::move(r));
  }
  return out;
}

#ifdef COURT_HAVE_MPI

Cluster join_cluster() {
  Cluster c;
  if (!std::getenv("OMPI_COMM_WORLD_SIZE") && !std::getenv("PMI_SIZE")) return c;
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) MPI_Init(nullptr, nullptr);
  MPI_Comm_rank(MPI_COMM_WORLD, &c.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &c.size);
  c.mpi = true;
  return c;
}

void leave_cluster(const Cluster& cluster) {
  if (cluster.mpi) MPI_Finalize();
}

std::vector<GameRecord> gather_records(const Cluster& cluster, std::vector<GameRecord> records) {
  if (!cluster.mpi || cluster.size == 1) return records;
  const std::string mine = records_to_json(records).dump();
  int length = static_cast<int>(mine.size());
  std::vector<int> lengths(cluster.size), offsets(cluster.size);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (cluster.rank == 0) {
    int total = 0;
    for (int r = 0; r < cluster.size; ++r) { offsets[r] = total; total += lengths[r]; }
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (cluster.rank != 0) return records;
  for (int r = 1; r < cluster.size; ++r) {
    auto part = records_from_json(nlohmann::json::parse(all.substr(offsets[r], lengths[r])));
    for (auto& rec : part) records.push_back(std::move(rec));
  }
  std::sort(records.begin(), records.end(), [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
  return records;
}

#else

Cluster join_cluster() { return {}; }
void leave_cluster(const Cluster&) {}
std::vector<GameRecord> gather_records(const Cluster&, std::vector<GameRecord> records) { return records; }

#endif

}  // namespace court::sim
