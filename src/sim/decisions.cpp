#include "sim/decisions.h"

#include <algorithm>
#include <cmath>

#include "engine/match.h"

namespace court::sim {

SeatDecisions count_seat_decisions(const GameEntry& entry, std::shared_ptr<const GameFactory> factory,
                                   const std::string& stand_in, const std::string& others, std::uint64_t seed,
                                   std::uint64_t games) {
  const int players = factory->config().seats;
  SeatDecisions out;
  ActionList legal;
  GameReport report;
  for (std::uint64_t i = 0; i < games; ++i) {
    const Seat watched = static_cast<Seat>(i % static_cast<std::uint64_t>(players));
    std::vector<std::string> seats(static_cast<std::size_t>(players), others);
    seats[static_cast<std::size_t>(watched)] = stand_in;
    Match match(entry, factory, seed + i, seats);
    match.skip_replay();
    int decisions = 0, choices = 0;
    for (Seat s = match.next_bot(); s >= 0; s = match.next_bot()) {
      if (s == watched) {
        match.state().legal_actions(s, legal);
        ++decisions;
        choices += legal.size() >= 2 ? 1 : 0;
      }
      match.play_bot(s);
    }
    out.decisions.push_back(decisions);
    out.choices.push_back(choices);
    report.clear();
    match.state().report(report);
    if (report.has("rounds")) out.rounds.push_back(report.value("rounds"));
  }
  return out;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

}  // namespace court::sim
