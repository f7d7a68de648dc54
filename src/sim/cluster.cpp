#include "sim/cluster.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <vector>

#ifdef COURT_HAVE_MPI
#include <mpi.h>
#endif

namespace court::sim {

nlohmann::json records_to_json(const Records& records) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : records.games) {
    nlohmann::json seats = nlohmann::json::array();
    for (const auto& s : r.seats) seats.push_back({s.win, s.score, s.rank});
    nlohmann::json cards = nlohmann::json::array();
    std::size_t at = 0;
    for (std::size_t s = 0; s < r.seats.size(); ++s) {
      nlohmann::json held = nlohmann::json::array();
      for (std::size_t k = 0; k < r.card_counts[s]; ++k) held.push_back(records.names[r.cards[at++]]);
      cards.push_back(std::move(held));
    }
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [name, value] : r.figures) values[records.names[name]] = value;
    out.push_back({{"i", r.index}, {"rot", r.rotation}, {"len", r.length}, {"seats", seats},
                   {"team", r.team_win}, {"cause", records.loss_cause(r)}, {"values", values}, {"cards", cards},
                   {"capped", r.capped}});
  }
  return out;
}

namespace {

// The wire between ranks: a record's numbers as their bytes and its texts with a length in front. (JSON
// text was most of a two-rank run's time: building, printing and parsing it, and rank 0 parses alone.)
class Writer {
 public:
  template <class T>
  void put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void text(std::string_view s) {
    put(static_cast<std::uint32_t>(s.size()));
    out_ += s;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <class T>
  T get() {
    T value;
    std::memcpy(&value, take(sizeof value).data(), sizeof value);
    return value;
  }
  std::string text() { return std::string(take(get<std::uint32_t>())); }
  bool done() const { return in_.empty(); }

 private:
  std::string_view take(std::size_t n) {
    if (n > in_.size()) throw std::runtime_error("records from another rank end early");
    const std::string_view part = in_.substr(0, n);
    in_.remove_prefix(n);
    return part;
  }
  std::string_view in_;
};

}  // namespace

std::string records_to_bytes(const Records& records) {
  Writer w;
  w.put(static_cast<std::uint32_t>(records.names.size()));
  for (std::uint32_t i = 0; i < records.names.size(); ++i) w.text(records.names[i]);
  for (const auto& r : records.games) {
    w.put(r.index);
    w.put(r.rotation);
    w.put(r.length);
    w.put(static_cast<std::uint32_t>(r.seats.size()));
    for (const auto& s : r.seats) {
      w.put(s.win);
      w.put(s.score);
      w.put(s.rank);
    }
    w.put(r.cooperative);
    w.put(r.team_win);
    w.text(records.loss_cause(r));
    w.put(static_cast<std::uint32_t>(r.figures.size()));
    for (const auto& [name, value] : r.figures) {
      w.put(name);
      w.put(value);
    }
    for (std::size_t s = 0; s < r.seats.size(); ++s) w.put(r.card_counts[s]);
    for (std::uint32_t card : r.cards) w.put(card);
    w.put(r.capped);
  }
  return w.take();
}

Records records_from_bytes(std::string_view bytes) {
  Reader in(bytes);
  Records out;
  const auto names = in.get<std::uint32_t>();
  for (std::uint32_t i = 0; i < names; ++i) {
    if (out.names.id(in.text()) != i) throw std::runtime_error("records from another rank name a name twice");
  }
  const auto name = [&] {
    const auto id = in.get<std::uint32_t>();
    if (id >= names) throw std::runtime_error("records from another rank use a name they do not list");
    return id;
  };
  while (!in.done()) {
    GameRecord& r = out.add();
    r.index = in.get<std::uint64_t>();
    r.rotation = in.get<int>();
    r.length = in.get<std::uint32_t>();
    const auto seats = in.get<std::uint32_t>();
    if (seats > kMaxSeats) throw std::runtime_error("records from another rank name too many seats");
    std::vector<SeatResult> results(seats);
    for (SeatResult& seat : results) {
      seat.win = in.get<bool>();
      seat.score = in.get<double>();
      seat.rank = in.get<int>();
    }
    r.seats = ArenaList<SeatResult>::copy(out.arena(), results);
    r.cooperative = in.get<bool>();
    r.team_win = in.get<bool>();
    const std::string cause = in.text();
    r.loss_cause = cause.empty() ? kNoName : out.names.id(cause);
    std::vector<std::pair<std::uint32_t, double>> figures;   // grown as read: a count says nothing until its items are there
    for (auto n = in.get<std::uint32_t>(); n > 0; --n) {
      const auto id = name();
      figures.emplace_back(id, in.get<double>());
    }
    r.figures = ArenaList<std::pair<std::uint32_t, double>>::copy(out.arena(), figures);
    std::size_t held = 0;
    for (std::uint32_t s = 0; s < seats; ++s) held += r.card_counts[s] = in.get<std::uint16_t>();
    std::vector<std::uint32_t> cards(held);   // at most 8 x 65,535
    for (std::uint32_t& card : cards) card = name();
    r.cards = ArenaList<std::uint32_t>::copy(out.arena(), cards);
    r.capped = in.get<bool>();
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

Records gather_records(const Cluster& cluster, Records records) {
  if (!cluster.mpi || cluster.size == 1) return records;
  const std::string mine = records_to_bytes(records);
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
  for (int r = 1; r < cluster.size; ++r) merge(records, records_from_bytes(std::string_view(all).substr(offsets[r], lengths[r])));
  return records;
}

#else

Cluster join_cluster() { return {}; }
void leave_cluster(const Cluster&) {}
Records gather_records(const Cluster&, Records records) { return records; }

#endif

}  // namespace court::sim
