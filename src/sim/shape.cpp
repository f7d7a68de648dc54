// The shape of a game: following a game step by step, folding the records, and the report's "shape"
// object (shape.h; every figure is defined in docs/report.md, "The shape of a game").
#include "sim/shape.h"

#include <algorithm>
#include <span>
#include <stdexcept>

namespace court::sim {

void ShapeTracker::reset(int seats, bool has_standing) {
  seats_ = seats;
  has_standing_ = has_standing;
  decisions_ = {};
  forced_ = {};
  legal_ = {};
  leader_ = -1;
  lead_changes_ = 0;
  observed_ = 0;
  led_from_ = {};
  deficit_ = {};
  trailed_ = {};
}

void ShapeTracker::start(const GameState& state) {
  const int seats = state.num_seats();
  reset(seats, state.standing(std::span<double>(standing_.data(), static_cast<std::size_t>(seats))));
  if (has_standing_) observe();
}

void ShapeTracker::observe(std::span<const double> standing) {
  std::copy(standing.begin(), standing.end(), standing_.begin());
  observe();
}

void ShapeTracker::decision(const GameState& state, Seat seat) {
  const std::uint32_t n = LegalMoves(state, seat, moves_).size();
  ++decisions_[seat];
  forced_[seat] += n == 1 ? 1 : 0;
  legal_[seat] += n;
}

void ShapeTracker::step(const GameState& state) {
  if (!has_standing_) return;
  state.standing(std::span<double>(standing_.data(), static_cast<std::size_t>(seats_)));
  observe();
}

// One reading of the standing (observation `observed_`): the unique leader, if any, and each seat's
// deficit to the top.
void ShapeTracker::observe() {
  double top = standing_[0];
  int leader = 0, at_top = 1;
  for (int s = 1; s < seats_; ++s) {
    if (standing_[s] > top) {
      top = standing_[s];
      leader = s;
      at_top = 1;
    } else if (standing_[s] == top) {
      ++at_top;
    }
  }
  if (at_top > 1) leader = -1;
  if (leader >= 0) {
    if (leader_ >= 0 && leader != leader_) ++lead_changes_;
    leader_ = leader;
  }
  for (int s = 0; s < seats_; ++s) {
    if (s != leader) led_from_[s] = observed_ + 1;   // not the unique leader here: leads for good later, if ever
    if (standing_[s] < top) {
      deficit_[s] += top - standing_[s];
      ++trailed_[s];
    }
  }
  ++observed_;
}

ShapeRecord ShapeTracker::finish(const Outcome& outcome, const GameReport& report, std::uint32_t length) const {
  ShapeRecord r{};
  r.decisions = decisions_;
  r.forced = forced_;
  r.legal = legal_;
  r.has_standing = has_standing_;
  r.lead_changes = lead_changes_;
  r.rounds = report.has("rounds") ? static_cast<std::int32_t>(report.value("rounds")) : -1;
  int winners = 0, winner = -1;
  for (std::size_t s = 0; s < outcome.seats.size(); ++s) {
    if (outcome.seats[s].win) {
      ++winners;
      winner = static_cast<int>(s);
    }
  }
  r.single_winner = !outcome.cooperative && winners == 1;
  r.undivided = !outcome.cooperative && (winners == 0 || winners == static_cast<int>(outcome.seats.size()));
  r.decisive = -1;
  r.drama = -1;
  if (has_standing_ && r.single_winner) {
    // Observation k is the standing after k steps; leading for good from observation k is k / length
    // of the way through (0: from the start), 1 when the winner never leads alone.
    const double from = std::min<double>(led_from_[winner], length);
    r.decisive = length > 0 ? from / length : 0.0;
    r.drama = trailed_[winner] > 0 ? deficit_[winner] / trailed_[winner] : 0.0;
  }
  return r;
}

void ShapeSums::fold(const ShapeRecord& r, bool cooperative) {
  ++games;
  for (std::size_t s = 0; s < seat_decisions.size(); ++s) {
    decisions.add(r.decisions[s]);
    seat_decisions[s] += r.decisions[s];
    decided += r.decisions[s];
    forced += r.forced[s];
    legal += static_cast<double>(r.legal[s]);
  }
  if (r.rounds >= 0) {
    ++with_rounds;
    first_round += r.rounds <= 1 ? 1 : 0;
  }
  if (cooperative) return;
  ++competitive;
  single_winner += r.single_winner ? 1 : 0;
  undivided += r.undivided ? 1 : 0;
  if (!r.has_standing) return;
  ++standing;
  lead_changes.add(r.lead_changes);
  if (r.decisive < 0) return;
  ++decided_games;
  decisive += r.decisive;
  drama += r.drama;
  trailed += r.drama > 0 ? 1 : 0;
}

namespace {

nlohmann::json rate(double k, double n) {
  const Interval ci = wilson(k, n);
  return {{"count", k}, {"of", n}, {"rate", n > 0 ? k / n : 0.0}, {"ci95", {ci.low, ci.high}}};
}

}  // namespace

nlohmann::json ShapeSums::to_json() const {
  return {{"games", games}, {"decisions", counts_json(decisions)}, {"seat_decisions", seat_decisions},
          {"decided", decided}, {"forced", forced}, {"legal", legal}, {"with_rounds", with_rounds},
          {"first_round", first_round}, {"competitive", competitive}, {"single_winner", single_winner},
          {"undivided", undivided}, {"standing", standing}, {"lead_changes", counts_json(lead_changes)}, {"decided_games", decided_games},
          {"decisive", decisive}, {"drama", drama}, {"trailed", trailed}};
}

ShapeSums ShapeSums::from_json(const nlohmann::json& j, int players) {
  ShapeSums s(players);
  s.games = j.at("games").get<std::uint64_t>();
  s.decisions = counts_from_json(j.at("decisions"));
  s.seat_decisions = j.at("seat_decisions").get<std::vector<double>>();
  if (s.seat_decisions.size() != static_cast<std::size_t>(players)) {
    throw std::runtime_error("a checkpoint's shape has the wrong number of seats");
  }
  struct Field {
    double ShapeSums::*field;
    const char* name;
  };
  static constexpr Field kFields[] = {
      {&ShapeSums::decided, "decided"},         {&ShapeSums::forced, "forced"},
      {&ShapeSums::legal, "legal"},             {&ShapeSums::with_rounds, "with_rounds"},
      {&ShapeSums::first_round, "first_round"}, {&ShapeSums::competitive, "competitive"},
      {&ShapeSums::single_winner, "single_winner"}, {&ShapeSums::standing, "standing"},
      {&ShapeSums::decided_games, "decided_games"}, {&ShapeSums::decisive, "decisive"},
      {&ShapeSums::drama, "drama"},             {&ShapeSums::trailed, "trailed"}};
  for (const Field& f : kFields) s.*(f.field) = j.at(f.name).get<double>();
  // A checkpoint of a build before `undivided` resumes with none counted for the games it already played.
  s.undivided = j.value("undivided", 0.0);
  s.lead_changes = counts_from_json(j.at("lead_changes"));
  return s;
}

namespace {

nlohmann::json decisions_json(const ShapeSums& s, int players) {
  const Summary d = summarize(s.decisions);
  nlohmann::json per_seat = nlohmann::json::array();
  for (int seat = 0; seat < players; ++seat) per_seat.push_back(s.seat_decisions[seat] / static_cast<double>(s.games));
  return {{"mean", d.mean}, {"p10", d.p10}, {"p50", d.p50}, {"p90", d.p90}, {"min", d.min}, {"max", d.max},
          {"by_seat_mean", per_seat}};
}

}  // namespace

nlohmann::json shape_json(const ShapeSums& s, int players, std::uint64_t seed) {
  nlohmann::json j = {{"games", s.games}, {"players", players}, {"seed", seed},
                      {"decisions_per_seat", decisions_json(s, players)},
                      {"forced", rate(s.forced, s.decided)},
                      {"legal_per_decision", s.decided > 0 ? s.legal / s.decided : 0.0}};
  if (s.with_rounds > 0) j["first_round_end"] = rate(s.first_round, s.with_rounds);
  else j["first_round_end"] = nullptr;
  if (s.competitive > 0) {
    j["single_winner"] = rate(s.single_winner, s.competitive);
    j["undivided"] = rate(s.undivided, s.competitive);
  } else {
    j["single_winner"] = j["undivided"] = nullptr;   // every game was a team result: no seat wins alone
  }
  j["standing"] = s.standing > 0;
  if (s.standing > 0) {
    const Summary lead = summarize(s.lead_changes);
    const auto counted = s.lead_changes.sorted();
    const double none = counted.front().first == 0 ? static_cast<double>(counted.front().second) : 0.0;
    j["lead_changes"] = {{"mean", lead.mean}, {"p50", lead.p50}, {"p90", lead.p90}, {"none", rate(none, s.standing)}};
    const double n = s.decided_games;
    j["decisiveness"] = {{"games", n}, {"mean", n > 0 ? s.decisive / n : 0.0}};
    j["drama"] = {{"games", n}, {"mean", n > 0 ? s.drama / n : 0.0}, {"winner_trailed", rate(s.trailed, n)}};
  }
  return j;
}

}  // namespace court::sim
