// `probe:take=KIND` and `probe:never=KIND` (bots/probe_bot.h).
#include "bots/probe_bot.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <memory>

#include "engine/bot.h"

namespace court {
namespace {

struct ProbeSpec {
  bool take = true;
  std::string kind;
  std::string base;
};

std::vector<std::string> base_names(const std::map<std::string, BotKind>& bots) {
  std::vector<std::string> names;
  for (const auto& [name, kind] : bots) names.push_back(name);
  return names;
}

ProbeSpec parse_probe(const BotParams& params, const std::map<std::string, BotKind>& bots) {
  check_bot_params("probe", params, {"take", "never", "base"});
  const bool take = params.contains("take"), never = params.contains("never");
  if (take == never) {
    throw UserError("bot probe: give exactly one of take=KIND (play KIND whenever legal) or never=KIND (never play "
                    "KIND while another move is legal)");
  }
  ProbeSpec spec{take, params.at(take ? "take" : "never"), ""};
  if (spec.kind.empty()) throw UserError("bot probe: the move kind is empty");
  spec.base = params.contains("base") ? params.at("base") : bots.contains("heuristic") ? "heuristic" : "random";
  if (!bots.contains(spec.base)) {
    throw UserError(fmt::format("bot probe: unknown base '{}'; available: {}", spec.base,
                                fmt::join(base_names(bots), ", ")));
  }
  return spec;
}

class ProbeBot final : public Bot {
 public:
  ProbeBot(ProbeSpec spec, BotKind base, std::uint64_t seed)
      : spec_(std::move(spec)), base_kind_(std::move(base)), base_(base_kind_({}, seed)), rng_(make_rng(seed ^ 0x9e0b)) {}

  Action choose(GameState& state, Seat seat) override {
    legal_.clear();
    state.legal_actions(seat, legal_);
    std::uint32_t of_kind = 0;
    matches_.clear();
    for (const Action a : legal_) {
      matches_.push_back(is_kind(state, seat, a));
      of_kind += matches_.back() ? 1 : 0;
    }
    const auto count = static_cast<std::uint32_t>(legal_.size());
    if (of_kind == 0 || of_kind == count) return base_choice(state, seat);
    if (spec_.take && of_kind == 1) return nth(state, seat, true, 0);
    const Action chosen = base_choice(state, seat);
    if (of(chosen) == spec_.take) return chosen;
    const std::uint32_t wanted = spec_.take ? of_kind : count - of_kind;
    return nth(state, seat, spec_.take, uniform(rng_, wanted));
  }
  bool reseed(std::uint64_t seed) override {
    if (!base_->reseed(seed)) base_ = base_kind_({}, seed);
    rng_ = make_rng(seed ^ 0x9e0b);
    return true;
  }

 private:
  bool is_kind(const GameState& state, Seat seat, Action a) const {
    const nlohmann::json parts = state.parts(seat, a);
    const auto kind = parts.find("kind");
    return kind != parts.end() && kind->is_string() && kind->get_ref<const std::string&>() == spec_.kind;
  }
  // The k-th legal move (of legal_) whose kind matches (want true) or does not (want false).
  Action nth(const GameState&, Seat, bool want, std::uint32_t k) const {
    for (std::size_t i = 0; i < legal_.size(); ++i) {
      if (matches_[i] == want && k-- == 0) return legal_[i];
    }
    throw std::logic_error("probe: no such move");
  }
  // Whether the legal move `a` is of KIND (as listed at this decision).
  bool of(Action a) const {
    for (std::size_t i = 0; i < legal_.size(); ++i) {
      if (legal_[i] == a) return matches_[i];
    }
    return false;
  }
  Action base_choice(GameState& state, Seat seat) {
    if (base_->needs_state()) return base_->choose(state, seat);
    const LegalMoves legal(state, seat, scratch_);
    return legal[base_->choose_from_legal(legal, seat)];
  }

  ProbeSpec spec_;
  BotKind base_kind_;
  std::unique_ptr<Bot> base_;
  Rng rng_;
  ActionList legal_, scratch_;
  std::vector<bool> matches_;   // of KIND, for each of legal_
};

}  // namespace

BotKind probe_bot_kind(std::map<std::string, BotKind> bots) {
  auto shared = std::make_shared<const std::map<std::string, BotKind>>(std::move(bots));
  BotMaker make = [shared](const BotParams& params, std::uint64_t seed) -> std::unique_ptr<Bot> {
    ProbeSpec spec = parse_probe(params, *shared);
    const BotKind& base = shared->at(spec.base);
    return std::make_unique<ProbeBot>(std::move(spec), base, seed);
  };
  BotCostCheck check = [shared](const std::string&, const BotParams& params, const BotBudget& budget) {
    const ProbeSpec spec = parse_probe(params, *shared);
    const BotKind& base = shared->at(spec.base);
    if (base.check_cost) base.check_cost(spec.base, {}, budget);
  };
  return BotKind(std::move(make), std::move(check));
}

namespace {

// Every kind legal at each decision of `games` random playouts, as a set per decision, to `visit`.
template <class Visit>
void walk_kinds(const GameFactory& factory, int games, std::uint64_t seed, Visit&& visit) {
  ActionList legal;
  for (int g = 0; g < games; ++g) {
    auto state = factory.new_game(seed + static_cast<std::uint64_t>(g));
    Rng rng = make_rng(seed + static_cast<std::uint64_t>(g));
    for (int step = 0; !state->terminal() && step < factory.info().max_steps; ++step) {
      const Seat seat = state->to_act().lowest();
      state->legal_actions(seat, legal);
      std::vector<std::string> kinds;
      for (const Action a : legal) kinds.push_back(state->parts(seat, a).value("kind", std::string()));
      visit(kinds);
      state->apply_legal(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

}  // namespace

std::map<std::string, double> move_kind_shares(const GameFactory& factory, int games, std::uint64_t seed) {
  std::map<std::string, double> counts;
  double decisions = 0;
  walk_kinds(factory, games, seed, [&](std::vector<std::string>& kinds) {
    std::sort(kinds.begin(), kinds.end());
    kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
    for (const auto& k : kinds) counts[k] += 1;
    decisions += 1;
  });
  for (auto& [kind, n] : counts) n /= decisions > 0 ? decisions : 1;
  return counts;
}

std::vector<std::string> move_kinds(const GameFactory& factory, int games, std::uint64_t seed) {
  std::vector<std::string> out;
  for (const auto& [kind, share] : move_kind_shares(factory, games, seed)) out.push_back(kind);
  return out;
}

}  // namespace court
