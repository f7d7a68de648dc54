// The balance report: every figure of a batch as JSON (documented in docs/report.md), a CSV with
// one row per game, and headline findings in words.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/runner.h"

namespace court::sim {

struct Aggregate;

struct ReportContext {
  const GameInfo* info = nullptr;
  int players = 0;
  std::vector<std::string> lineup;      // bot spec per seat before rotation
  BatchSettings settings;
  nlohmann::json options;               // every option value of this variant
  std::string data_dir;
  bool interrupted = false;
};

// The report document of a batch's finished games, folded (the one path: the records' report folds them).
nlohmann::json build_report(const ReportContext& context, const Aggregate& aggregate);
nlohmann::json build_report(const ReportContext& context, const Records& records);

// One row per game: index, seed, rotation, length, per seat bot/win/score/rank, team result, cap,
// and every game figure (the union over all parts). Several parts (a sweep) add a leading
// `variant` column numbering them.
struct CsvPart {
  const ReportContext* context;
  const Records* records;
};
std::string records_csv(const std::vector<CsvPart>& parts);

// "41% ± 2%": a rate and the half-width of its interval, in percent.
std::string percent_pm(double rate, double low, double high);

}  // namespace court::sim
