// Which differences between two balance reports (`court sim --json`, one variant each, the same game) are
// significant: seat, bot, card and team win rates (two-proportion tests), mean length and game figures
// (Welch's test), with Holm's correction over every comparison (5% family-wise). `court compare` and the
// Lab's compare view both use it.
#pragma once

#include <nlohmann/json.hpp>

namespace court::sim {

// [{"what", "a", "b", "p_value", "significant"}], in a fixed order.
nlohmann::json compare_reports(const nlohmann::json& a, const nlohmann::json& b);

}  // namespace court::sim
