// The advisor's parts of a study that are each one file, with their own report section and findings. The
// study (advisor/advise.h) calls them; each is tested on its own in tests/advisor/.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "advisor/finding.h"

namespace court::advisor {

// A part's result: its section of the advice document, and what it found.
struct PartResult {
  nlohmann::json section;
  std::vector<Finding> findings;
};

// The shape of a game (advisor/shape_findings.cpp): findings from a report's "shape" section (the runner's
// per-game shape figures, sim/shape.h): duration in decisions, first-round ends, forced decisions, draws,
// lead changes, decisiveness, drama. `shape` is a report document's "shape" object.
std::vector<Finding> shape_findings(const nlohmann::json& shape, const Subject& subject, const std::string& bot);

// Agency by move kind (advisor/agency.cpp): on a sample of the baseline's decisions, how often the strong
// bot's choice is of another kind than a random legal move's. It plays at most kAgencyGames games.
PartResult study_agency(const StudyInput& in);
inline constexpr std::uint64_t kAgencyGames = 200;

// Cooperative play (advisor/coop.cpp): the loss causes of the baseline's lost games and when each loss
// became unavoidable; findings unwinnable, trivial_win, loss_cause. Empty for a competitive game. It plays at
// most kCoopGames games.
PartResult study_cooperative(const StudyInput& in);
inline constexpr std::uint64_t kCoopGames = 300;

}  // namespace court::advisor
