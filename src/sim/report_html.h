// The balance report as one self-contained HTML page: headline findings in words first, then
// charts (Vega-Lite, bundled into the page so it reads offline) and tables.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace court::sim {

// `doc` is a report (build_report) or a sweep ({"court_sweep": 1, "variants": [...]}).
std::string report_html(const nlohmann::json& doc);

// `text` safe inside an HTML element or a double-quoted attribute (& < > " escaped); the advisor's page
// (advisor/advise_html.h) writes its text through it too.
std::string html_escape(const std::string& text);

}  // namespace court::sim
