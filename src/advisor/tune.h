// The tuner (issue 39, "Tuning toward a target"): `court tune` searches declared ranges of option and data
// knobs for settings that meet a designer's targets (a win-rate band for every seat, a median length, a team
// win rate, a share of capped games, the shape figures), by successive halving (a racing method, as in
// Hyperband): every candidate plays a few games, the better half goes on with twice the games, until the budget
// is spent or one is left. Every batch goes through sim::simulate with the same seed, so candidates meet the same
// deals and the winner's `court sim` command reproduces its figures. docs/report.md, "Tuning", has the method.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "advisor/finding.h"
#include "engine/game.h"
#include "sim/runner.h"

namespace court::advisor {

// One step of a data knob's path: `key`, or a table of the list [[key]] chosen by its 1-based position
// (`card[3]`, as the loaders number them: "card #3") or by a text field (`card[title=Oracle]`).
struct DataStep {
  std::string key;
  bool list = false;
  int index = 0;                 // 1-based, when chosen by position
  std::string field, value;      // when chosen by a field
};

// What a knob varies: a game option (`starting_points=1..10`, `hand_size=3..7/2`, `mode=a|b`), or a numeric
// field of a TOML data file (`data:cards.toml:card[title=Oracle].quantity=0..3`).
struct Knob {
  std::string spec;              // as given
  std::string label;             // the option's name, or "cards.toml:card[title=Oracle].quantity"
  bool data = false;
  std::string file;              // data knobs: the data file
  std::vector<DataStep> path;    // data knobs: the steps to the field (the last one names it)
  std::vector<std::string> values;   // the values to try, as text (TOML literals for data knobs)
};

// Parses and checks a knob against `entry`'s options, or against its data file (read from `data_dir`, or the
// shipped data): UserError naming what was wrong and what is allowed.
Knob parse_knob(const std::string& spec, const GameEntry& entry, const std::string& data_dir);
// `text` (data file `source`) with the knob's field set to `value` (a TOML number), through toml++ (the file is
// written anew, without its comments). UserError when the path does not lead to a numeric field.
std::string set_data_field(const std::string& text, const std::string& source, const Knob& knob,
                           const std::string& value);

enum class TargetKind { WinBand, Length, TeamWin, Capped, FirstRoundEnd, Decisions };

// A target band `lo..hi` for one figure of a report (one-sided: `name<=x` or `name>=x`).
struct Target {
  std::string spec;
  std::string name;
  TargetKind kind = TargetKind::WinBand;
  double lo = 0, hi = 0;         // -inf / +inf on the open side
  double scale = 1;              // the band's width (a one-sided bound: its value; a zero bound: 1)
};

// Parses a target ("win_band=0.25..0.42", "length=20..40", "team_win=0.4..0.7", "capped<=0.05",
// "first_round_end<=0.1", "decisions>=6"): UserError naming what was wrong and the targets allowed.
Target parse_target(const std::string& spec, const GameEntry& entry);
bool needs_shape(const std::vector<Target>& targets);

// A target's figure in a report, its 95% interval, and its distance outside the band (0 inside) in units of the
// band's scale: at the figure, and the least and most over the interval.
struct Measure {
  double value = 0, lo = 0, hi = 0;
  double distance = 0, distance_lo = 0, distance_hi = 0;
  int seat = -1;                 // win_band: the seat farthest outside (or nearest the edge)
};
Measure measure(const Target& target, const nlohmann::json& report);

struct Candidate {
  std::vector<std::string> values;        // one per knob
  std::string problem;                    // the game's refusal of these settings (then never played)
  std::map<std::string, std::string> files;   // with data knobs: every data file, as edited
  std::uint64_t games = 0;                // games of its last rung
  std::uint64_t spent = 0;                // games over every rung it played
  int rungs = 0;                          // rungs played
  std::vector<Measure> measures;          // one per target, at its last rung
  double score = 0, score_lo = 0, score_hi = 0;   // summed distances
  nlohmann::json report;                  // its last rung's report
};

struct Rung {
  std::uint64_t games_each = 0;
  std::vector<std::size_t> played;        // candidate indices
  std::vector<std::size_t> kept;          // those that go on (empty after the last rung)
  std::uint64_t spent = 0;
};

struct TuneRequest {
  const GameEntry* entry = nullptr;
  int players = 0;
  std::vector<std::string> lineup;        // a bot per seat
  std::vector<std::string> sets;          // fixed --set key=value
  std::string data_dir;                   // the base data ("" for the shipped data)
  std::vector<Knob> knobs;
  std::vector<Target> targets;
  std::uint64_t budget = 2000;            // games over every rung
  std::uint64_t seed = 1;
  int threads = 0;
  std::size_t max_candidates = 16;        // a larger grid is sampled (seeded)
};

struct TuneResult {
  std::vector<Candidate> candidates;
  std::vector<Rung> rungs;
  std::size_t best = 0;
  std::vector<std::size_t> front;         // the Pareto front over the targets' distances: the best, then by score
  std::uint64_t spent = 0;
  std::uint64_t first_games = 0;          // the first rung's games per candidate
  bool interrupted = false;               // stopped before the last rung ended (best and front: what was played)
};

// A run's controls (the Lab's jobs): a stop flag checked before every batch and passed to it, the games
// finished over every batch, and a call before each batch with what is about to run, batches done and the
// batches the race is expected to play (halving from the rung's field).
struct TuneHooks {
  const std::atomic<bool>* stop = nullptr;
  sim::Progress* progress = nullptr;
  std::function<void(const std::string& step, int done, int total)> step;
};

// The candidates the request tries (the grid, or a seeded sample of it), each checked by the game's loader.
std::vector<Candidate> candidates_of(const TuneRequest& request);
// The first rung's games per candidate for `alive` candidates: UserError when the budget is too small.
std::uint64_t first_rung_games(const TuneRequest& request, std::size_t alive);
// Refuses a request that cannot run (no knobs or targets, a knob set twice, a budget too small), before play.
void check_tune(const TuneRequest& request);

// Runs the race. `progress` gets a line per rung.
TuneResult tune(const TuneRequest& request, const std::function<void(const std::string&)>& progress = {},
                const TuneHooks& hooks = {});

// The candidate's options (the fixed --set and its option knobs), as key -> value.
std::map<std::string, std::string> candidate_options(const TuneRequest& request, const Candidate& c);
// The study subject of a candidate whose data (when it has data knobs) is in `data_dir`.
Subject candidate_subject(const TuneRequest& request, const Candidate& c, const std::string& data_dir);
// A Lab variant (POST /api/lab/variants) of the candidate: game, name, the data files that differ from the
// shipped ones, options.
nlohmann::json lab_variant(const TuneRequest& request, const Candidate& c, const std::string& name);
// "starting_points=2, cards.toml:card[3].quantity=1"
std::string describe(const TuneRequest& request, const Candidate& c);

nlohmann::json to_json(const TuneRequest& request, const TuneResult& result);

}  // namespace court::advisor
