#include "engine/outcome.h"

#include <cstring>

namespace court {

Outcome Outcome::from_scores(const double* scores, int seats) {
  Outcome out;
  double best = scores[0];
  for (int s = 1; s < seats; ++s) best = std::max(best, scores[s]);
  for (int s = 0; s < seats; ++s) {
    SeatResult r;
    r.score = scores[s];
    r.rank = 1;
    for (int t = 0; t < seats; ++t) if (scores[t] > scores[s]) ++r.rank;
    r.win = scores[s] == best;
    out.seats.push_back(r);
  }
  return out;
}

nlohmann::json Outcome::to_json() const {
  nlohmann::json seats_json = nlohmann::json::array();
  for (std::size_t s = 0; s < seats.size(); ++s) {
    seats_json.push_back({{"seat", s}, {"win", seats[s].win}, {"score", seats[s].score}, {"rank", seats[s].rank}});
  }
  nlohmann::json out = {{"seats", seats_json}};
  if (cooperative) {
    out["team_win"] = team_win;
    out["loss_cause"] = loss_cause ? nlohmann::json(loss_cause) : nlohmann::json(nullptr);
  }
  return out;
}

bool operator==(const Outcome& a, const Outcome& b) {
  if (a.seats.size() != b.seats.size() || a.cooperative != b.cooperative || a.team_win != b.team_win) return false;
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    if (a.seats[s].win != b.seats[s].win || a.seats[s].score != b.seats[s].score || a.seats[s].rank != b.seats[s].rank)
      return false;
  }
  const char* ca = a.loss_cause ? a.loss_cause : "";
  const char* cb = b.loss_cause ? b.loss_cause : "";
  return std::strcmp(ca, cb) == 0;
}

}  // namespace court
