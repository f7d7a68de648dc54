// `court advise` (issue 39): a design study of a game at one seat count, in findings a designer acts on.
// It plays only through sim::simulate, so every figure it states is `court sim`'s for the command it names:
//   baseline  every seat the baseline bot, shape on: seat balance, card impact, the shape findings;
//   probes    for each move kind met in random playouts, probe:take=KIND and probe:never=KIND in one seat
//             against the baseline elsewhere, rotated: dominant_strategy, dead_option, ending_kind;
//   luck      the strongest rung against the weakest (no_skill, upsets) and the deal's share of the
//             outcome variance from the same seeds replayed by different lineups (deal_decides);
//   strength  each raised baseline or probe finding checked again with the strong bot as the opponents;
//   parts     study_agency and study_cooperative (advisor/parts.h).
// docs/report.md, "The design advisor", defines each finding, its test, threshold and false-positive rate.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "advisor/finding.h"
#include "sim/runner.h"

namespace court::advisor {

struct AdviseRequest {
  Subject subject;
  std::string baseline;               // "": the game's heuristic, else random
  std::string strong;                 // "": kDefaultStrong
  std::vector<std::string> rungs;     // stronger ladder rungs after random and the baseline (may be empty)
  std::uint64_t games = 2000;         // per batch (the strength checks play strong_games)
  std::uint64_t strong_games = 0;     // 0: games / 4, at least 100
  std::uint64_t seed = 1;
  int threads = 0;
  double min_kind_share = 0.02;       // probe only kinds legal at this share of random playouts' decisions
  std::uint64_t deal_sample = 300;    // games per lineup kept for the deal's share of variance
  bool agency = true, cooperative = true;   // call the parts (tests of the core may leave them out)
};

// Called between batches: what is about to run, batches done, batches in all.
struct AdviseHooks {
  const std::atomic<bool>* stop = nullptr;
  sim::Progress* progress = nullptr;  // games finished over every batch
  std::function<void(const std::string& step, int done, int total)> step;
};

inline constexpr const char* kDefaultStrong = "ismcts:iters=100";
// The family-wise false-positive rate of each family of tests (the probes, the seats, the cards).
inline constexpr double kFamilyAlpha = 0.01;

// The advice document (docs/report.md, "The design advisor"). UserError on bad input (unknown bots).
nlohmann::json advise(const AdviseRequest& request, const AdviseHooks& hooks = {});

// The most games a study of `request` can play (every probe and every strength check raised), and how that
// is counted, in words: for the Lab's caps and its progress bar. It finds the move kinds as the study does.
struct StudyBound {
  std::uint64_t games = 0;
  std::string how;
};
StudyBound study_bound(const AdviseRequest& request);

}  // namespace court::advisor
