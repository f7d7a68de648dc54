#include "bots/ismcts.h"

#include "engine/bot.h"

#include <charconv>
#include <fmt/format.h>


namespace court {
namespace {

double param_double(const BotParams& params, const std::string& name, double fallback, double min, double max) {
  auto it = params.find(name);
  if (it == params.end()) return fallback;
  const std::string& text = it->second;
  double value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || !(value >= min && value <= max)) {
    throw UserError(fmt::format("bot ismcts: {}={} must be a number {}..{}", name, text, min, max));
  }
  return value;
}

}  // namespace

IsmctsParams IsmctsParams::parse(const BotParams& params) {
  check_bot_params("ismcts", params, {"iters", "ms", "c", "rollout", "others", "threads", "seed"});
  IsmctsParams p;
  p.iterations = bot_param_int("ismcts", params, "iters", p.iterations, 1, 100'000'000);
  p.ms = bot_param_int("ismcts", params, "ms", 0, 1, 3'600'000);
  if (params.count("ms") && params.count("iters")) {
    throw UserError("bot ismcts: give either iters (a fixed number of iterations) or ms (a time budget), not both");
  }
  p.exploration = param_double(params, "c", p.exploration, 0, 100);
  if (auto it = params.find("rollout"); it != params.end()) {
    if (it->second == "heuristic") {
      p.rollout = IsmctsParams::Rollout::Heuristic;
    } else if (it->second == "policy") {
      p.rollout = IsmctsParams::Rollout::Policy;
    } else if (it->second == "random") {
      p.rollout = IsmctsParams::Rollout::Random;
    } else {
      throw UserError(fmt::format("bot ismcts: rollout={} is not known; allowed: random, policy, heuristic",
                                  it->second));
    }
  }
  if (auto it = params.find("others"); it != params.end()) {
    if (it->second == "search") {
      p.others = IsmctsParams::Others::Search;
    } else if (it->second == "policy") {
      p.others = IsmctsParams::Others::Policy;
    } else {
      throw UserError(fmt::format("bot ismcts: others={} is not known; allowed: search, policy", it->second));
    }
  }
  p.threads = bot_param_int("ismcts", params, "threads", 1, 1, 64);
  if (params.count("seed")) {
    p.seed = static_cast<std::uint64_t>(bot_param_int("ismcts", params, "seed", 0, 0, 1L << 62));
    p.seed_given = true;
  }
  return p;
}

void ismcts_rewards(const Outcome& outcome, int seats, float* rewards) {
  if (outcome.cooperative) {
    for (int s = 0; s < seats; ++s) rewards[s] = outcome.team_win ? 1.0f : 0.0f;
    return;
  }
  for (int s = 0; s < seats; ++s) {
    const SeatResult& r = outcome.seats[s];
    const float rank = seats > 1 ? static_cast<float>(seats - r.rank) / static_cast<float>(seats - 1) : 1.0f;
    rewards[s] = (r.win ? 0.8f : 0.0f) + 0.2f * rank;
  }
}

void check_ismcts_cost(const std::string& name, const BotParams& params, const BotBudget& budget) {
  const IsmctsParams p = IsmctsParams::parse(params);
  if ((p.ms == 0 && p.iterations > budget.iterations) || p.ms > budget.millis || p.threads > budget.threads) {
    throw UserError(fmt::format("this server allows {} up to iters={}, ms={}, threads={}", name, budget.iterations,
                                budget.millis, budget.threads));
  }
  if (p.rollout == IsmctsParams::Rollout::Heuristic && p.ms == 0) {
    throw UserError(fmt::format("this server allows {} rollout=heuristic only with a time budget (ms=1..{})", name,
                                budget.millis));
  }
}

}  // namespace court
