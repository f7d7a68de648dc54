// The design advisor's findings (issue 39): what a study of a game found, in words a designer acts on, with
// its evidence, its interval, the command that reproduces it, and whether it holds at a second bot strength.
// The advisor sits above the simulator (docs/architecture.md): it plays through sim::simulate and reads the
// report documents and records the runner writes; the engine knows nothing of it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::advisor {

// How much a finding matters, most severe first in every report.
enum class Severity { Critical = 3, Major = 2, Minor = 1, Note = 0 };

// The finding codes (docs/report.md, "The design advisor", defines each with its test and its source):
//   dominant_strategy  a probe ("take KIND whenever legal") beats the baseline bot in its seat
//   dead_option        "never take KIND" loses nothing against the baseline
//   ending_kind        taking KIND ends the game early in most games (the share)
//   early_end          most games end in the first round
//   few_decisions      a seat's median decisions per game is below what a person would call a game
//   forced_decisions   a large share of decisions have one legal move
//   seat_imbalance     a seat (the first player included) wins significantly more or less than its share
//   strong_card        a card's holders win far more than those without it
//   weak_card          a card's holders win far less
//   drawish            many games end with every seat winning or none (nobody told apart)
//   early_decided      the final winner leads for good early (decisiveness)
//   no_lead_change     the lead rarely changes hands (from the public standing)
//   no_standing        (a note) the game has no public standing: lead changes, decisiveness, drama not measured
//   no_skill           the strongest rung barely beats the weakest (luck decides)
//   deal_decides       the deal explains most of the outcome variance
//   unwinnable         a cooperative team almost never wins
//   trivial_win        a cooperative team almost always wins
//   loss_cause         one loss cause dominates, and when it becomes unavoidable
struct Finding {
  std::string code;
  Severity severity = Severity::Note;
  double size = 0;            // the effect's size, for ranking within a severity (e.g. win rate above fair share)
  std::string text;           // the sentence: "at 3 players, claiming independence in round 1 wins 67% ..."
  nlohmann::json evidence;    // the figures: rates with "ci95": [lo, hi], "games", the probe or card named
  std::string command;        // the `court sim` (or `court advise`) command that reproduces the evidence
  std::string strength;       // at the second ladder rung: "holds", "flips: ...", or "" when not checked
};

// What a study is about: the game at a seat count, with its options and data, as command-line arguments too.
struct Subject {
  const GameEntry* entry = nullptr;
  GameConfig config;                       // seats, options, data_dir
  std::vector<std::string> set_args;       // the --set assignments given ("key=value"), for commands
  // "court sim GAME --players N --seats A,B,C -n GAMES --seed SEED [--set ...] [--data DIR]"
  std::string sim_command(const std::vector<std::string>& seats, std::uint64_t games, std::uint64_t seed) const;
};

// The inputs a part of a study shares: what, with which bots, how many games, from which seed, on how many threads.
struct StudyInput {
  Subject subject;
  std::string baseline;                    // the game's baseline bot (its heuristic; random when it has none)
  std::string strong;                      // the second strength checked (the ladder's top rung)
  std::uint64_t games = 2000;
  std::uint64_t seed = 1;
  int threads = 0;                         // 0: all cores
};

// Most severe first; within a severity, larger effects first; ties keep their order. Then kCollapseAt or more
// minor findings (or notes) of one code become one, so that a flood of small things cannot bury the rest: it
// names what each was about (its evidence's kind or card), says the largest in full, and keeps every one
// under evidence "items" (each with its text, evidence, command and strength).
void rank(std::vector<Finding>& findings);
inline constexpr std::size_t kCollapseAt = 3;

nlohmann::json to_json(const Finding& finding);
nlohmann::json to_json(const std::vector<Finding>& findings);
const char* severity_name(Severity severity);

}  // namespace court::advisor
