// The advice document (advisor/advise.h) as a self-contained HTML page: the findings first, then what was
// checked, the probes and the luck figures. No scripts, no outside files.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace court::advisor {

std::string advice_html(const nlohmann::json& doc);

}  // namespace court::advisor
