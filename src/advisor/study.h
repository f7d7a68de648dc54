// The pieces of the advisor's study (advisor/advise.h) shared by its files: one batch through sim::simulate,
// the tests (one-sided binomial, Holm), and the figures read from a report document.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "advisor/advise.h"
#include "sim/runner.h"
#include "sim/simulate.h"

namespace court::advisor {

// A bot's figures in a report document's "bots" (its seat games, wins, rate and interval).
struct BotRate {
  double wins = 0, games = 0, rate = 0, low = 0, high = 0;
};

class Study {
 public:
  Study(const AdviseRequest& request, const AdviseHooks& hooks);

  // One batch of `games` as `court sim` plays `lineup` (rotated when the bots differ), with the shape
  // figures when `shape`; the report document, or nothing when stopped.
  std::optional<nlohmann::json> run(const std::vector<std::string>& lineup, std::uint64_t games, bool shape,
                                    const std::string& step);
  // The same, keeping its records (for the bounded samples of per-seed outcomes).
  std::optional<sim::SimResult> run_records(const std::vector<std::string>& lineup, std::uint64_t games,
                                            bool rotate, const std::string& step);
  // The `court sim` command of such a batch.
  std::string command(const std::vector<std::string>& lineup, std::uint64_t games, bool shape) const;
  // [first, baseline, baseline, ...]
  std::vector<std::string> one_against(const std::string& first, const std::string& others) const;
  std::vector<std::string> everywhere(const std::string& bot) const;
  bool stopped() const;
  void check(const std::string& what, const std::string& result);
  // "At 3 players" (with the options given, when any).
  std::string at() const;
  int players() const { return in.subject.config.seats; }

  const AdviseRequest& request;
  const AdviseHooks& hooks;
  StudyInput in;
  std::vector<Finding> findings;
  nlohmann::json checked = nlohmann::json::array();
  int total_batches = 0, done_batches = 0;
};

// The one-sided p-value of `wins` in `games` being above (above=true) or below a rate p0 (normal approximation).
double one_sided_p(double wins, double games, double p0, bool above);
// Holm's step-down: which of `p` are rejected at family-wise rate `alpha`.
std::vector<bool> holm(const std::vector<double>& p, double alpha);
std::optional<BotRate> bot_rate(const nlohmann::json& report, const std::string& bot);
// The share of games ending in the first round: the report's shape "first_round_end" rate, or nothing.
std::optional<double> first_round_share(const nlohmann::json& report);
std::string pct(double rate);                             // "67%"
std::string pct_ci(double rate, double low, double high); // "67% [65%, 69%]"

// Each move kind's share of decisions where it is legal: the larger of kKindGames random playouts' and as many
// games of the baseline (advise_probes.cpp); the probes take the kinds at request.min_kind_share or more.
std::map<std::string, double> probe_kind_shares(const StudyInput& in);
inline constexpr int kKindGames = 40;
// The ladder's rungs for luck and skill: random, the baseline, then the request's rungs (advise_luck.cpp).
std::vector<std::string> rungs_of(const Study& s);
// The games of each second-strength batch: request.strong_games, else a quarter of a batch, at least 100.
std::uint64_t strong_batch(const AdviseRequest& request);

// The study's parts, each adding its findings and checks (advise_*.cpp).
// Baseline findings of `report` (seat balance, cards, shape), for the bot `bot`.
std::vector<Finding> baseline_findings(Study& study, const nlohmann::json& report, const std::string& bot,
                                       bool record_checks);
nlohmann::json study_probes(Study& study, const nlohmann::json& baseline);
nlohmann::json study_luck(Study& study);
void check_strength(Study& study, const nlohmann::json& baseline);

}  // namespace court::advisor
