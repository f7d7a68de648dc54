#include "advisor/seat_play.h"

#include <fmt/format.h>

#include <stdexcept>

#include "sim/stats.h"

namespace court::advisor {

Action Chooser::choose(Bot& bot, const GameState& truth, Seat seat) {
  if (!bot.needs_state()) {
    const LegalMoves legal(truth, seat, legal_);
    const std::uint32_t k = bot.choose_from_legal(legal, seat);
    if (k >= legal.size()) throw std::logic_error(fmt::format("a bot chose move {} of {} legal moves", k, legal.size()));
    return legal[k];
  }
  if (!scratch_) scratch_ = truth.clone();
  else scratch_->copy_from(truth);
  scratch_->determinize(seat, rng_);
  return bot.choose(*scratch_, seat);
}

std::vector<std::unique_ptr<Bot>> make_bots(const GameEntry& entry, const std::string& spec, int seats,
                                            std::uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < seats; ++s) bots.push_back(make_bot(entry, spec, mix_seed(seed, static_cast<std::uint64_t>(s))));
  return bots;
}

Seat next_seat(const GameState& state) {
  for (Seat s : state.to_act()) return s;
  return -1;
}

std::size_t play_out(GameState& state, std::vector<std::unique_ptr<Bot>>& bots, Chooser& chooser,
                     std::size_t max_steps) {
  std::size_t steps = 0;
  for (; steps < max_steps && !state.terminal(); ++steps) {
    const Seat seat = next_seat(state);
    const Action action = chooser.choose(*bots[static_cast<std::size_t>(seat)], state, seat);
    if (auto error = state.apply(seat, action)) throw std::logic_error("a bot chose an illegal move: " + *error);
  }
  return steps;
}

nlohmann::json rate_json(std::uint64_t k, std::uint64_t n) {
  const sim::Interval ci = sim::wilson(static_cast<double>(k), static_cast<double>(n));
  return {{"count", k}, {"of", n}, {"rate", n ? static_cast<double>(k) / static_cast<double>(n) : 0.0},
          {"ci95", {ci.low, ci.high}}};
}

std::string kind_of(const GameState& state, Seat seat, Action action) {
  const nlohmann::json parts = state.parts(seat, action);
  const auto it = parts.find("kind");
  return it != parts.end() && it->is_string() ? it->get<std::string>() : "?";
}

}  // namespace court::advisor
