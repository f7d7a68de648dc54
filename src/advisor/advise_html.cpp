// `court advise --report FILE.html` (advisor/advise_html.h).
#include "advisor/advise_html.h"

#include <fmt/format.h>

#include "sim/report_html.h"

namespace court::advisor {
namespace {

// A collapsed finding's members (finding.h, rank), each in full.
std::string items_html(const nlohmann::json& f) {
  const auto& items = f["evidence"].value("items", nlohmann::json::array());
  if (items.empty()) return "";
  std::string out = "<ul>";
  for (const auto& item : items) {
    out += "<li>" + sim::html_escape(item["text"]) + " <code>" + sim::html_escape(item["command"]) + "</code></li>";
  }
  return out + "</ul>";
}

std::string findings_html(const nlohmann::json& doc) {
  std::string out = "<section><h2>Findings</h2>";
  if (doc["findings"].empty()) out += "<p>Nothing notable: see what was checked below.</p>";
  out += "<ol>";
  for (const auto& f : doc["findings"]) {
    out += fmt::format("<li class=\"{}\"><b>{}</b> <span class=code>{}</span><p>{}</p>", sim::html_escape(f["severity"]),
                       sim::html_escape(f["severity"]), sim::html_escape(f["code"]), sim::html_escape(f["text"]));
    if (f.contains("strength")) out += "<p>Second strength: " + sim::html_escape(f["strength"]) + "</p>";
    out += "<p><code>" + sim::html_escape(f["command"]) + "</code></p>" + items_html(f) + "</li>";
  }
  return out + "</ol></section>";
}

std::string checked_html(const nlohmann::json& doc) {
  std::string out = "<section><h2>What was checked</h2><table><tr><th>Check</th><th>Result</th></tr>";
  for (const auto& c : doc["checked"]) {
    out += "<tr><td>" + sim::html_escape(c["check"]) + "</td><td>" + sim::html_escape(c["result"]) + "</td></tr>";
  }
  return out + "</table></section>";
}

std::string probes_html(const nlohmann::json& doc) {
  std::string out = "<section><h2>Probes</h2><table><tr><th>Probe</th><th>Win rate</th><th>95% interval</th>"
                    "<th>Seat games</th><th>First-round ends</th><th>Mean length</th></tr>";
  for (const auto& p : doc.value("probes", nlohmann::json::array())) {
    const auto& fr = p["first_round"];
    out += fmt::format("<tr><td>{}</td><td>{:.1f}%</td><td>{:.1f}% to {:.1f}%</td><td>{}</td><td>{}</td>"
                       "<td>{:.1f}</td></tr>", sim::html_escape(p["spec"]), 100 * p["win_rate"].get<double>(),
                       100 * p["ci95"][0].get<double>(), 100 * p["ci95"][1].get<double>(), p["games"].get<double>(),
                       fr.is_null() ? std::string("-") : fmt::format("{:.0f}%", 100 * fr.get<double>()),
                       p["mean_length"].get<double>());
  }
  return out + "</table></section>";
}

}  // namespace

std::string advice_html(const nlohmann::json& doc) {
  std::string out = "<!doctype html><html><head><meta charset=utf-8><title>Court advice: " +
                    sim::html_escape(doc.value("game", "")) + "</title><style>body{font-family:sans-serif;max-width:60em;"
                    "margin:2em auto;padding:0 1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
                    "padding:.2em .5em;text-align:left}.critical b{color:#b00}.major b{color:#c60}.code{color:#555}"
                    "code{background:#f4f4f4;padding:.1em .3em}</style></head><body>";
  out += fmt::format("<h1>Design advice: {} at {} players</h1><p>Baseline {}, strong {}, {} games a batch, seed {}.</p>",
                     sim::html_escape(doc.value("title", doc.value("game", ""))), doc.value("players", 0),
                     sim::html_escape(doc.value("baseline", "")), sim::html_escape(doc.value("strong", "")),
                     doc.value("games", std::uint64_t{0}), doc.value("seed", std::uint64_t{0}));
  if (doc.value("interrupted", false)) out += "<p><b>Interrupted:</b> the study stopped before its end.</p>";
  out += findings_html(doc) + checked_html(doc) + probes_html(doc);
  out += "<section><h2>Luck and skill</h2><pre>" + sim::html_escape(doc.value("luck", nlohmann::json::object()).dump(2)) +
         "</pre></section>";
  return out + "</body></html>\n";
}

}  // namespace court::advisor
