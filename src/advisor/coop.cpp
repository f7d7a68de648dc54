// Cooperative play (issue 39, "The shape of a game"): the team's win rate under the baseline bot, the causes of
// its losses, and for a sample of lost games *when the loss became unavoidable*: the earliest step after which
// no continuation wins, estimated from that step's true state (the analyser reads it; no bot does) by playouts
// of the baseline bot and of random play, found by binary search over the recorded game's steps.
// docs/report.md ("Cooperative play") defines each figure and finding.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "advisor/parts.h"
#include "advisor/seat_play.h"
#include "sim/stats.h"

namespace court::advisor {
namespace {

constexpr std::uint64_t kMaxGames = kCoopGames;   // games played (the team's rate and the causes; parts.h)
constexpr std::size_t kMaxSearched = 16;    // lost games whose unavoidable point is searched
constexpr int kPlayouts = 4;                // playouts per bot (baseline, random) at each step tried

using Moves = std::vector<std::pair<Seat, Action>>;

struct Cause {
  std::uint64_t losses = 0;
  std::vector<double> fractions;             // the unavoidable step over the game's steps, searched games
  std::vector<double> steps;                 // the unavoidable step
  std::map<std::string, std::uint64_t> when; // the season (or round) at that step, from the public view
};

struct Tally {
  std::uint64_t games = 0, wins = 0, losses = 0, searched = 0;
  std::map<std::string, Cause> causes;
};

// The study's shared pieces: the game prepared once, and how the bots are made.
struct Coop {
  const StudyInput& in;
  std::unique_ptr<GameFactory> factory;
  std::size_t max_steps;

  // The true state after the first `t` moves of the game dealt by `seed`.
  std::unique_ptr<GameState> at(std::uint64_t seed, const Moves& moves, std::size_t t) const {
    auto state = factory->new_game(seed);
    for (std::size_t i = 0; i < t; ++i) state->apply_legal(moves[i].first, moves[i].second);
    return state;
  }
  // Does some playout (kPlayouts of the baseline, then of random play) from `from` win for the team?
  bool winnable(const GameState& from, std::uint64_t seed) const {
    for (const std::string& spec : {in.baseline, std::string("random")}) {
      for (int k = 0; k < kPlayouts; ++k) {
        auto state = from.clone();
        const std::uint64_t s = mix_seed(seed, static_cast<std::uint64_t>(k) + (spec == "random" ? 100 : 0));
        auto bots = make_bots(*in.subject.entry, spec, from.num_seats(), s);
        Chooser chooser(s);
        play_out(*state, bots, chooser, max_steps);
        if (state->terminal() && state->outcome().team_win) return true;
      }
    }
    return false;
  }
  // The earliest step from which no playout wins (the game's last step is lost: it is over). Binary search
  // assumes that once lost a game stays lost, which holds of the truth though the playouts only estimate it.
  std::size_t unavoidable(std::uint64_t seed, const Moves& moves) const {
    if (!winnable(*at(seed, moves, 0), mix_seed(seed, 0))) return 0;
    std::size_t won = 0, lost = moves.size();
    while (lost - won > 1) {
      const std::size_t mid = won + (lost - won) / 2;
      (winnable(*at(seed, moves, mid), mix_seed(seed, mid)) ? won : lost) = mid;
    }
    return lost;
  }
};

// When a step is in the game's own words: its season, else its round, from the public view; "" when neither.
std::string when_of(const GameState& state) {
  const nlohmann::json view = state.view(kSpectator);
  if (const auto it = view.find("season"); it != view.end() && it->is_string()) return it->get<std::string>();
  if (const auto it = view.find("round"); it != view.end() && it->is_number_integer()) {
    return fmt::format("round {}", it->get<int>());
  }
  return "";
}

// One game of the baseline, recorded; searched for its unavoidable point when it is lost and the sample has room.
void play_game(const Coop& c, std::uint64_t seed, Tally& t) {
  auto state = c.factory->new_game(seed);
  auto bots = make_bots(*c.in.subject.entry, c.in.baseline, state->num_seats(), mix_seed(seed, 7));
  Chooser chooser(mix_seed(seed, 8));
  Moves moves;
  while (!state->terminal() && moves.size() < c.max_steps) {
    const Seat seat = next_seat(*state);
    const Action action = chooser.choose(*bots[static_cast<std::size_t>(seat)], *state, seat);
    if (auto error = state->apply(seat, action)) throw std::logic_error("cooperative: an illegal move: " + *error);
    moves.emplace_back(seat, action);
  }
  ++t.games;
  if (!state->terminal()) return;   // stopped at the step cap: neither won nor lost
  const Outcome outcome = state->outcome();
  if (outcome.team_win) {
    ++t.wins;
    return;
  }
  ++t.losses;
  Cause& cause = t.causes[outcome.loss_cause ? outcome.loss_cause : "unnamed"];
  ++cause.losses;
  if (t.searched >= kMaxSearched || moves.empty()) return;
  ++t.searched;
  const std::size_t step = c.unavoidable(seed, moves);
  cause.steps.push_back(static_cast<double>(step));
  cause.fractions.push_back(static_cast<double>(step) / static_cast<double>(moves.size()));
  if (const std::string when = when_of(*c.at(seed, moves, step)); !when.empty()) ++cause.when[when];
}

double median(std::vector<double> v) { return v.empty() ? 0.0 : sim::summarize(v).p50; }

// The season (or round) most losses of a cause had become unavoidable in, "" when none is known.
std::string usual_when(const Cause& c) {
  const auto it = std::max_element(c.when.begin(), c.when.end(),
                                   [](const auto& a, const auto& b) { return a.second < b.second; });
  return it == c.when.end() ? "" : it->first;
}

nlohmann::json section_of(const StudyInput& in, const Tally& t) {
  nlohmann::json causes = nlohmann::json::object();
  for (const auto& [name, c] : t.causes) {
    causes[name] = {{"losses", rate_json(c.losses, t.losses)}, {"searched", c.fractions.size()},
                    {"unavoidable_fraction_median", median(c.fractions)},
                    {"unavoidable_step_median", median(c.steps)}, {"unavoidable_when", c.when},
                    {"unavoidable_usually", usual_when(c)}};
  }
  return {{"baseline", in.baseline}, {"games", t.games}, {"team_wins", rate_json(t.wins, t.games)},
          {"losses", t.losses}, {"searched", t.searched}, {"playouts_per_step", 2 * kPlayouts},
          {"causes", causes}};
}

// "at 1 player the team (heuristic) wins 0% [0%, 2%] of 300 games"
std::string team_rate(const StudyInput& in, const nlohmann::json& wins) {
  return fmt::format("at {} player{} the team ({}) wins {:.0f}% [{:.0f}%, {:.0f}%] of {} games", in.subject.config.seats,
                     in.subject.config.seats == 1 ? "" : "s", in.baseline, 100 * wins["rate"].get<double>(),
                     100 * wins["ci95"][0].get<double>(), 100 * wins["ci95"][1].get<double>(), wins["of"].get<int>());
}

Finding coop_finding(const StudyInput& in, const nlohmann::json& section, std::string code, Severity severity) {
  Finding f;
  f.code = std::move(code);
  f.severity = severity;
  f.evidence = {{"team_wins", section["team_wins"]}, {"baseline", in.baseline}, {"causes", section["causes"]}};
  const auto games = section["games"].get<std::uint64_t>();
  f.command = in.subject.sim_command(std::vector<std::string>(static_cast<std::size_t>(in.subject.config.seats),
                                                              in.baseline), games, in.seed);
  return f;
}

// The cause of more than two thirds of 10 or more losses, named with when it usually became unavoidable.
void dominant_cause(const StudyInput& in, const nlohmann::json& section, std::vector<Finding>& out) {
  for (const auto& [name, c] : section["causes"].items()) {
    const nlohmann::json& share = c["losses"];
    if (share["of"].get<std::uint64_t>() < 10 || 3 * share["count"].get<std::uint64_t>() <= 2 * share["of"].get<std::uint64_t>()) continue;
    Finding f = coop_finding(in, section, "loss_cause", Severity::Minor);
    f.size = share["rate"].get<double>();
    const std::string usually = c["unavoidable_usually"].get<std::string>();
    f.text = fmt::format("{} of the team's losses are {} ({:.0f}% [{:.0f}%, {:.0f}%] of {}); in the {} lost games searched "
                         "such a loss became unavoidable at a median {:.0f}% of the game{}",
                         share["count"].get<int>(), name, 100 * f.size, 100 * share["ci95"][0].get<double>(),
                         100 * share["ci95"][1].get<double>(), share["of"].get<int>(), c["searched"].get<int>(),
                         100 * c["unavoidable_fraction_median"].get<double>(),
                         usually.empty() ? "" : fmt::format(" (usually in {})", usually));
    f.evidence["cause"] = name;
    out.push_back(std::move(f));
  }
}

std::vector<Finding> coop_findings(const StudyInput& in, const nlohmann::json& section) {
  std::vector<Finding> out;
  const nlohmann::json& wins = section["team_wins"];
  const double rate = wins["rate"].get<double>();
  if (wins["ci95"][1].get<double>() < 0.05) {
    Finding f = coop_finding(in, section, "unwinnable", Severity::Critical);
    f.size = 1 - rate;
    f.text = team_rate(in, wins) + ": the game is all but unwinnable for it";
    out.push_back(std::move(f));
  } else if (wins["ci95"][0].get<double>() > 0.95) {
    Finding f = coop_finding(in, section, "trivial_win", Severity::Major);
    f.size = rate;
    f.text = team_rate(in, wins) + ": the team almost always wins, so there is little to play for";
    out.push_back(std::move(f));
  }
  dominant_cause(in, section, out);
  return out;
}

}  // namespace

PartResult study_cooperative(const StudyInput& in) {
  const GameEntry& entry = *in.subject.entry;
  Coop c{in, entry.prepare(in.subject.config), static_cast<std::size_t>(entry.info.max_steps)};
  {
    auto probe = c.factory->new_game(mix_seed(in.seed, 0xc0));
    auto bots = make_bots(entry, "random", probe->num_seats(), in.seed);
    Chooser chooser(in.seed);
    play_out(*probe, bots, chooser, c.max_steps);
    if (!probe->terminal() || !probe->outcome().cooperative) return {};   // a competitive game: nothing to say
  }
  Tally t;
  const std::uint64_t games = std::min<std::uint64_t>(std::max<std::uint64_t>(in.games, 1), kMaxGames);
  for (std::uint64_t g = 0; g < games; ++g) play_game(c, mix_seed(in.seed, 5000 + g), t);
  PartResult result;
  result.section = section_of(in, t);
  result.findings = coop_findings(in, result.section);
  return result;
}

}  // namespace court::advisor
