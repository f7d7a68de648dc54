// Agency by move kind (issue 39, "The shape of a game"): on a bounded sample of the baseline bot's decisions,
// the legal moves a seat has, the share of forced decisions, and for each move kind how often the strong
// bot's choice is of another kind than a random legal move's. docs/report.md ("Agency") defines each figure.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "advisor/parts.h"
#include "advisor/seat_play.h"
#include "sim/stats.h"

namespace court::advisor {
namespace {

constexpr std::uint64_t kMaxDecisions = 300;   // decisions sampled (each asks the strong bot once)
constexpr std::uint64_t kMaxGames = kAgencyGames;   // games played to find them (parts.h)
constexpr double kPerGame = 8;                 // decisions sampled per game, on average, spread over it

// What one move kind saw at the sampled decisions that were not forced.
struct KindCount {
  std::uint64_t legal = 0;          // decisions at which a move of the kind was legal
  std::uint64_t strong = 0;         // the strong bot chose one
  std::uint64_t random = 0;         // the random legal move was one
  std::uint64_t random_differs = 0; // of those, the strong bot's choice was of another kind
};

struct Counts {
  std::uint64_t games = 0, decisions = 0, forced = 0, unforced_differ = 0;
  double legal_moves = 0;
  std::map<std::string, KindCount> kinds;
};

// One sampled decision of `seat` in `truth`: its legal moves, and the kinds the strong bot and a random move pick.
void sample(Counts& c, const GameState& truth, Seat seat, Bot& strong, Chooser& chooser, Rng& rng) {
  ActionList legal;
  truth.legal_actions(seat, legal);
  ++c.decisions;
  c.legal_moves += static_cast<double>(legal.size());
  if (legal.size() <= 1) {
    ++c.forced;
    return;
  }
  std::vector<std::string> kinds;
  for (const Action a : legal) {
    std::string k = kind_of(truth, seat, a);
    if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(std::move(k));
  }
  for (const auto& k : kinds) ++c.kinds[k].legal;
  const std::string strong_kind = kind_of(truth, seat, chooser.choose(strong, truth, seat));
  const std::string random_kind = kind_of(truth, seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
  ++c.kinds[strong_kind].strong;
  KindCount& r = c.kinds[random_kind];
  ++r.random;
  if (strong_kind != random_kind) {
    ++r.random_differs;
    ++c.unforced_differ;
  }
}

// Plays the baseline's games and samples their decisions, about kPerGame a game, until kMaxDecisions. The first
// game only measures how long games are.
Counts collect(const StudyInput& in) {
  const GameEntry& entry = *in.subject.entry;
  const auto factory = entry.prepare(in.subject.config);
  const int seats = in.subject.config.seats;
  const std::size_t max_steps = static_cast<std::size_t>(entry.info.max_steps);
  Counts c;
  Rng rng = make_rng(mix_seed(in.seed, 0xa6e9c1));
  Chooser play(mix_seed(in.seed, 1)), ask(mix_seed(in.seed, 2));
  auto strong = make_bot(entry, in.strong, mix_seed(in.seed, 3));
  double share = 0;   // the chance a decision is sampled: kPerGame over the mean length so far (none in game 0)
  std::size_t all_steps = 0;
  const std::uint64_t games = std::min<std::uint64_t>(std::max<std::uint64_t>(in.games, 2), kMaxGames);
  for (std::uint64_t g = 0; g < games && c.decisions < kMaxDecisions; ++g) {
    auto state = factory->new_game(mix_seed(in.seed, 1000 + g));
    auto bots = make_bots(entry, in.baseline, seats, mix_seed(in.seed, 2000 + g));
    std::size_t steps = 0;
    for (; steps < max_steps && !state->terminal() && c.decisions < kMaxDecisions; ++steps) {
      const Seat seat = next_seat(*state);
      if (static_cast<double>(rng()) * 0x1.0p-32 < share) sample(c, *state, seat, *strong, ask, rng);
      const Action action = play.choose(*bots[static_cast<std::size_t>(seat)], *state, seat);
      if (auto error = state->apply(seat, action)) throw std::logic_error("agency: an illegal move: " + *error);
    }
    ++c.games;
    all_steps += steps;
    share = std::min(1.0, kPerGame * static_cast<double>(g + 1) / static_cast<double>(std::max<std::size_t>(all_steps, 1)));
  }
  return c;
}

// A kind the strong bot never chose at 30 or more decisions where it was legal (a quarter of them or more)
// although a random move took it at 5 or more: a dead option seen from agency (docs/report.md).
void dead_kinds(const StudyInput& in, const Counts& c, const nlohmann::json& section, std::vector<Finding>& out) {
  const std::uint64_t unforced = c.decisions - c.forced;
  for (const auto& [kind, k] : c.kinds) {
    if (k.strong != 0 || k.legal < 30 || 4 * k.legal < unforced || k.random < 5) continue;
    const sim::Interval ci = sim::wilson(0, static_cast<double>(k.legal));
    Finding f;
    f.code = "dead_option";
    f.severity = Severity::Minor;
    f.size = static_cast<double>(k.legal) / static_cast<double>(std::max<std::uint64_t>(unforced, 1));
    f.text = fmt::format("{} never chose a '{}' move at the {} sampled decisions where one was legal (at most "
                         "{:.0f}% at 95%), though a random legal move was one {} times: '{}' may be a dead option "
                         "(agency; the never-probe checks what it is worth)",
                         in.strong, kind, k.legal, 100 * ci.high, k.random, kind);
    f.evidence = {{"source", "agency"}, {"kind", kind}, {"strong", in.strong}, {"baseline", in.baseline},
                  {"legal_at", k.legal}, {"strong_took", rate_json(0, k.legal)}, {"random_took", k.random},
                  {"decisions", section["decisions"]}};
    f.command = in.subject.sim_command(std::vector<std::string>(static_cast<std::size_t>(in.subject.config.seats),
                                                                in.strong), 200, in.seed);
    out.push_back(std::move(f));
  }
}

nlohmann::json section_of(const StudyInput& in, const Counts& c) {
  const std::uint64_t unforced = c.decisions - c.forced;
  nlohmann::json kinds = nlohmann::json::object();
  for (const auto& [kind, k] : c.kinds) {
    kinds[kind] = {{"legal_at", k.legal}, {"strong_took", rate_json(k.strong, k.legal)},
                   {"random_took", rate_json(k.random, k.legal)}, {"strong_differs", rate_json(k.random_differs, k.random)}};
  }
  return {{"baseline", in.baseline}, {"strong", in.strong}, {"games", c.games}, {"decisions", c.decisions},
          {"legal_moves_mean", c.decisions ? c.legal_moves / static_cast<double>(c.decisions) : 0.0},
          {"forced", rate_json(c.forced, c.decisions)}, {"strong_differs", rate_json(c.unforced_differ, unforced)},
          {"kinds", kinds}};
}

}  // namespace

PartResult study_agency(const StudyInput& in) {
  const Counts c = collect(in);
  PartResult result;
  result.section = section_of(in, c);
  dead_kinds(in, c, result.section, result.findings);
  return result;
}

}  // namespace court::advisor
