// The probes of the advisor's study (advisor/advise.h): probe:take=KIND and probe:never=KIND in one seat
// against the baseline elsewhere, rotated; dominant_strategy, dead_option, ending_kind.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "advisor/study.h"
#include "advisor/seat_play.h"
#include "bots/probe_bot.h"

namespace court::advisor {
namespace {

constexpr double kProbeEdge = 0.03;       // a dominant probe wins at least this much above the baseline's rate
constexpr double kDeadTolerance = 0.03;   // a dead option's `never` interval reaches no lower than this below it
constexpr double kEndingShare = 0.5;      // an ending kind ends at least this share of games in round 1 ...
constexpr double kEndingMore = 0.25;      // ... and this much more often than the baseline
constexpr double kShorter = 0.6;          // without shape figures: games this much shorter than the baseline's

struct Probe {
  std::string kind, spec;
  bool take = true;
  BotRate rate;
  double p_value = 1, mean_length = 0;
  std::optional<double> first_round;
  std::string command;
};

struct Reference {
  double fair = 0, mean_length = 0;
  std::optional<double> first_round;
};

std::string probe_spec(const Study& s, const std::string& kind, bool take) {
  const auto& bots = s.in.subject.entry->bots;
  const std::string fallback = bots.contains("heuristic") ? "heuristic" : "random";
  std::string spec = fmt::format("probe:{}={}", take ? "take" : "never", kind);
  if (s.in.baseline != fallback) spec += ",base=" + s.in.baseline;
  return spec;
}

std::string doing(const Probe& p) {
  return fmt::format("{} `{}`", p.take ? "taking" : "never taking", p.kind) + (p.take ? " whenever legal" : "");
}

std::string ending_clause(const Probe& p, const Reference& ref) {
  if (p.first_round && ref.first_round) {
    return fmt::format("ends {} of games in the first round (the baseline {})", pct(*p.first_round),
                       pct(*ref.first_round));
  }
  return fmt::format("its games last {:.1f} moves against the baseline's {:.1f}", p.mean_length, ref.mean_length);
}

bool ends_early(const Probe& p, const Reference& ref) {
  if (p.first_round && ref.first_round) {
    return *p.first_round >= kEndingShare && *p.first_round - *ref.first_round >= kEndingMore;
  }
  return ref.mean_length > 0 && p.mean_length <= kShorter * ref.mean_length;
}

Finding probe_finding(const Study& s, const Probe& p, const Reference& ref, const std::string& code) {
  Finding f{code, Severity::Note, 0};
  const std::string rate = pct_ci(p.rate.rate, p.rate.low, p.rate.high);
  if (code == "dominant_strategy") {
    f.severity = p.rate.rate - ref.fair >= 0.10 ? Severity::Critical : Severity::Major;
    f.size = p.rate.rate - ref.fair;
    f.text = fmt::format("{}, {} wins {} against the {}'s {} in its seat (p = {:.2g}, Holm-corrected over the probes)",
                         s.at(), doing(p), rate, s.in.baseline, pct(ref.fair), p.p_value);
    if (ends_early(p, ref)) f.text += ", and " + ending_clause(p, ref);
    f.text += ".";
  } else if (code == "dead_option") {
    f.severity = Severity::Minor;
    f.size = p.rate.low - (ref.fair - kDeadTolerance);
    f.text = fmt::format("{}, never taking `{}` while another move is legal loses nothing: it wins {} against the "
                         "{}'s {} (within {} points).", s.at(), p.kind, rate, s.in.baseline, pct(ref.fair),
                         100 * kDeadTolerance);
  } else {
    f.severity = Severity::Major;
    f.size = p.first_round.value_or(1 - p.mean_length / std::max(1.0, ref.mean_length));
    f.text = fmt::format("{}, {} {}; it wins {}.", s.at(), doing(p), ending_clause(p, ref), rate);
  }
  f.evidence = {{"source", "probe"}, {"key", p.spec + " " + code}, {"probe", p.spec}, {"kind", p.kind},
                {"take", p.take}, {"win_rate", p.rate.rate}, {"ci95", {p.rate.low, p.rate.high}},
                {"games", p.rate.games}, {"baseline_rate", ref.fair}, {"p_value", p.p_value},
                {"mean_length", p.mean_length}, {"baseline_mean_length", ref.mean_length}};
  if (p.first_round) f.evidence["first_round"] = *p.first_round;
  f.command = p.command;
  return f;
}

nlohmann::json probe_json(const Probe& p) {
  nlohmann::json j = {{"spec", p.spec}, {"kind", p.kind}, {"take", p.take}, {"win_rate", p.rate.rate},
                      {"ci95", {p.rate.low, p.rate.high}}, {"games", p.rate.games}, {"p_value", p.p_value},
                      {"mean_length", p.mean_length}, {"command", p.command}};
  j["first_round"] = p.first_round ? nlohmann::json(*p.first_round) : nlohmann::json();
  return j;
}

// How often each kind is legal at the decisions of kKindGames games the baseline plays: a kind random play
// seldom reaches (Persuasion's independence when a variant opens it in round 3, after random games have ended)
// is met there.
std::map<std::string, double> baseline_kind_shares(const StudyInput& in, const GameFactory& factory) {
  const GameEntry& entry = *in.subject.entry;
  Chooser play(mix_seed(in.seed, 0x6b1d));
  std::map<std::string, double> counts;
  double decisions = 0;
  ActionList legal;
  for (int g = 0; g < kKindGames; ++g) {
    auto state = factory.new_game(in.seed + static_cast<std::uint64_t>(g));
    auto bots = make_bots(entry, in.baseline, in.subject.config.seats, mix_seed(in.seed, 0x6b1e + static_cast<std::uint64_t>(g)));
    for (int step = 0; step < entry.info.max_steps && !state->terminal(); ++step) {
      const Seat seat = next_seat(*state);
      state->legal_actions(seat, legal);
      std::set<std::string> kinds;
      for (const Action a : legal) kinds.insert(kind_of(*state, seat, a));
      for (const auto& k : kinds) counts[k] += 1;
      decisions += 1;
      if (auto error = state->apply(seat, play.choose(*bots[static_cast<std::size_t>(seat)], *state, seat))) {
        throw std::logic_error("probe kinds: an illegal move: " + *error);
      }
    }
  }
  for (auto& [kind, n] : counts) n /= std::max(decisions, 1.0);
  return counts;
}

std::vector<std::string> probe_kinds(Study& s, nlohmann::json& section) {
  const auto shares = probe_kind_shares(s.in);
  std::vector<std::string> kinds, skipped;
  for (const auto& [kind, share] : shares) (share >= s.request.min_kind_share ? kinds : skipped).push_back(kind);
  section["kinds"] = shares;
  section["skipped"] = skipped;
  s.check(fmt::format("move kinds in {} random playouts and {} games of the {}: {} legal at {} of decisions or more "
                      "in either are probed", kKindGames, kKindGames, s.in.baseline,
                      kinds.size(), pct(s.request.min_kind_share)),
          fmt::format("{}{}", fmt::join(kinds, ", "),
                      skipped.empty() ? "" : fmt::format("; too rare to probe: {}", fmt::join(skipped, ", "))));
  return kinds;
}

std::optional<Probe> play_probe(Study& s, const std::string& kind, bool take) {
  Probe p{kind, probe_spec(s, kind, take), take};
  const auto lineup = s.one_against(p.spec, s.in.baseline);
  const auto report = s.run(lineup, s.in.games, true, "probe " + p.spec);
  if (!report) return std::nullopt;
  p.rate = bot_rate(*report, p.spec).value_or(BotRate{});
  p.mean_length = report->value("mean_length", 0.0);
  p.first_round = first_round_share(*report);
  p.command = s.command(lineup, s.in.games, true);
  return p;
}

// The kind a seat cannot do without where the games end in the first round: its `never` probe loses far below
// the fair share, and its `take` probe ends most games in round 1. Nullptr when no kind is both.
const Probe* ending_need(const std::vector<Probe>& probes, const Reference& ref) {
  const Probe* need = nullptr;
  for (const auto& p : probes) {
    if (p.take || p.rate.high >= ref.fair - kProbeEdge || (need && p.rate.rate >= need->rate.rate)) continue;
    for (const auto& t : probes) {
      if (t.take && t.kind == p.kind && t.first_round.value_or(0) >= kEndingShare) need = &p;
    }
  }
  return need;
}

// An early end (shape_findings) explained from the probes: which kind ends the games, what a seat that never
// takes it wins, and which kinds no seat needs (their `never` probes lose nothing): "no seat benefits from
// corresponding".
void explain_early_end(Study& s, const std::vector<Probe>& probes, const Reference& ref) {
  auto f = std::find_if(s.findings.begin(), s.findings.end(), [](const Finding& x) { return x.code == "early_end"; });
  const Probe* need = ending_need(probes, ref);
  if (f == s.findings.end() || !need) return;
  std::vector<std::string> unneeded;
  for (const auto& p : probes) {
    if (!p.take && p.rate.low >= ref.fair - kDeadTolerance) unneeded.push_back("`" + p.kind + "`");
  }
  f->text += fmt::format(": every seat of the {} takes `{}` at once, and a seat that never does wins {} against "
                         "its {}", s.in.baseline, need->kind, pct_ci(need->rate.rate, need->rate.low, need->rate.high),
                         pct(ref.fair));
  if (!unneeded.empty()) {
    f->text += fmt::format("; no seat benefits from {}: never taking one of them loses nothing",
                           fmt::join(unneeded, ", "));
  }
  f->evidence["ended_by"] = need->kind;
  f->evidence["never_probe"] = {{"probe", need->spec}, {"win_rate", need->rate.rate},
                                {"ci95", {need->rate.low, need->rate.high}}, {"command", need->command}};
  f->evidence["unneeded"] = unneeded;
}

void probe_findings(Study& s, std::vector<Probe>& probes, const Reference& ref) {
  std::vector<double> p;
  for (auto& pr : probes) p.push_back(pr.p_value = one_sided_p(pr.rate.wins, pr.rate.games, ref.fair, true));
  const auto dominant = holm(p, kFamilyAlpha);
  int counts[3] = {0, 0, 0};
  for (std::size_t i = 0; i < probes.size(); ++i) {
    const Probe& pr = probes[i];
    const bool dom = dominant[i] && pr.rate.rate - ref.fair >= kProbeEdge;
    if (dom) s.findings.push_back(probe_finding(s, pr, ref, "dominant_strategy")), ++counts[0];
    if (!pr.take && !dom && pr.rate.low >= ref.fair - kDeadTolerance) {
      s.findings.push_back(probe_finding(s, pr, ref, "dead_option")), ++counts[1];
    }
    if (pr.take && !dom && ends_early(pr, ref)) s.findings.push_back(probe_finding(s, pr, ref, "ending_kind")), ++counts[2];
  }
  explain_early_end(s, probes, ref);
  s.check(fmt::format("{} probes against the {}'s {} in its seat: dominant when above it (one-sided, Holm at {}, at "
                      "least {} points)", probes.size(), s.in.baseline, pct(ref.fair), kFamilyAlpha, 100 * kProbeEdge),
          counts[0] ? fmt::format("{} dominant", counts[0]) : "no probe beats the baseline");
  s.check(fmt::format("dead options: a `never` probe whose interval reaches no lower than {} points below the baseline",
                      100 * kDeadTolerance),
          counts[1] ? fmt::format("{} dead option(s)", counts[1]) : "every kind matters");
  s.check("ending kinds: a `take` probe ending most games in the first round (or far shorter games)",
          counts[2] ? fmt::format("{} ending kind(s)", counts[2]) : "none");
}

}  // namespace

std::map<std::string, double> probe_kind_shares(const StudyInput& in) {
  const auto factory = in.subject.entry->prepare(in.subject.config);
  auto shares = move_kind_shares(*factory, kKindGames, in.seed);
  for (const auto& [kind, share] : baseline_kind_shares(in, *factory)) shares[kind] = std::max(shares[kind], share);
  return shares;
}

nlohmann::json study_probes(Study& s, const nlohmann::json& baseline) {
  nlohmann::json section = nlohmann::json::object();
  if (s.in.baseline.find(':') != std::string::npos) {
    s.check("probes", "skipped: the probes' base must be a bot without parameters, and the baseline is " + s.in.baseline);
    return section;
  }
  const auto kinds = probe_kinds(s, section);
  s.total_batches += 2 * static_cast<int>(kinds.size()) + 4;
  const Reference ref{baseline.value("fair_share", 0.0), baseline.value("mean_length", 0.0),
                      first_round_share(baseline)};
  std::vector<Probe> probes;
  for (const auto& kind : kinds) {
    for (const bool take : {true, false}) {
      auto p = play_probe(s, kind, take);
      if (!p) return section;
      probes.push_back(std::move(*p));
    }
  }
  probe_findings(s, probes, ref);
  section["list"] = nlohmann::json::array();
  for (const auto& p : probes) section["list"].push_back(probe_json(p));
  return section;
}

}  // namespace court::advisor
