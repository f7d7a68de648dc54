#include "sim/report_html.h"

#include <fmt/format.h>

#include "engine/embedded.h"
#include "engine/types.h"

namespace court {
// The charting libraries bundled into HTML reports (web/report/node_modules/...), by their path
// under web/report/ (e.g. "node_modules/vega/build/vega.min.js").
extern const EmbeddedFile kReportAssets[];
extern const int kReportAssetsCount;
}  // namespace court

namespace court::sim {
namespace {

using nlohmann::json;

// JSON to put inside a <script>: no "</" can close the element early.
std::string script_json(const json& value) {
  std::string text = value.dump();
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += "<\\";
    else out += text[i];
  }
  return out;
}

std::string asset(const char* path) {
  auto content = find_embedded(kReportAssets, kReportAssetsCount, path);
  if (!content) throw std::logic_error(fmt::format("report asset {} was not compiled in", path));
  return std::string(*content);
}

// A bar per row of `rows` (field `label`, `rate`, `ci95`), error bars, and a rule at `fair`.
json rate_chart(const std::string& title, const json& rows, const std::string& label, double fair) {
  json values = json::array();
  for (const auto& r : rows) {
    values.push_back({{"label", r[label].is_string() ? r[label].get<std::string>() : r[label].dump()},
                      {"rate", r["win_rate"]}, {"low", r["ci95"][0]}, {"high", r["ci95"][1]}});
  }
  json layers = json::array({
      {{"mark", {{"type", "bar"}, {"color", "#4c78a8"}}},
       {"encoding", {{"x", {{"field", "label"}, {"type", "nominal"}, {"title", label}, {"sort", nullptr}}},
                     {"y", {{"field", "rate"}, {"type", "quantitative"}, {"title", "win rate"},
                            {"axis", {{"format", ".0%"}}}}}}}},
      {{"mark", {{"type", "errorbar"}, {"ticks", true}}},
       {"encoding", {{"x", {{"field", "label"}, {"type", "nominal"}, {"sort", nullptr}}},
                     {"y", {{"field", "low"}, {"type", "quantitative"}, {"title", "win rate"}}},
                     {"y2", {{"field", "high"}}}}}},
  });
  if (fair > 0) {
    layers.push_back({{"data", {{"values", json::array({{{"fair", fair}}})}}},
                      {"mark", {{"type", "rule"}, {"color", "#e45756"}, {"strokeDash", {4, 4}}}},
                      {"encoding", {{"y", {{"field", "fair"}, {"type", "quantitative"}}}}}});
  }
  return {{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
          {"title", title},
          {"width", 420},
          {"height", 240},
          {"data", {{"values", values}}},
          {"layer", layers}};
}

json histogram_chart(const std::string& title, const json& histogram, const std::string& x_title) {
  return {{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
          {"title", title},
          {"width", 420},
          {"height", 200},
          {"data", {{"values", histogram}}},
          {"mark", {{"type", "rect"}, {"color", "#72b7b2"}, {"stroke", "white"}}},
          {"encoding", {{"x", {{"field", "from"}, {"type", "quantitative"}, {"title", x_title}}},
                        {"x2", {{"field", "to"}}},
                        {"y", {{"field", "count"}, {"type", "quantitative"}, {"title", "games"}}},
                        {"y2", {{"datum", 0}}}}}};
}

json cards_chart(const json& cards) {
  json values = json::array();
  for (const auto& c : cards) {
    values.push_back({{"card", c["card"]}, {"with", c["win_rate"]}, {"low", c["ci95"][0]}, {"high", c["ci95"][1]},
                      {"without", c["win_rate_without"]}});
  }
  const json y = {{"field", "card"}, {"type", "nominal"}, {"sort", {{"field", "with"}, {"order", "descending"}}}};
  return {{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
          {"title", "Card impact: win rate when held or played (dot, 95% interval) and without (tick)"},
          {"width", 420},
          {"data", {{"values", values}}},
          {"layer", json::array({
                        {{"mark", {{"type", "rule"}}},
                         {"encoding", {{"y", y}, {"x", {{"field", "low"}, {"type", "quantitative"},
                                                        {"axis", {{"format", ".0%"}}}, {"title", "win rate"}}},
                                       {"x2", {{"field", "high"}}}}}},
                        {{"mark", {{"type", "point"}, {"filled", true}, {"color", "#4c78a8"}}},
                         {"encoding", {{"y", y}, {"x", {{"field", "with"}, {"type", "quantitative"}}}}}},
                        {{"mark", {{"type", "tick"}, {"color", "#e45756"}}},
                         {"encoding", {{"y", y}, {"x", {{"field", "without"}, {"type", "quantitative"}}}}}},
                    })}};
}

json stats_chart(const json& stats) {
  json values = json::array();
  for (const auto& s : stats) {
    values.push_back({{"name", s["name"]}, {"mean", s["mean"]}, {"low", s["ci95"][0]}, {"high", s["ci95"][1]}});
  }
  const json y = {{"field", "name"}, {"type", "nominal"}, {"sort", nullptr}, {"title", nullptr}};
  return {{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
          {"title", "Game figures: mean per game (95% interval)"},
          {"width", 420},
          {"data", {{"values", values}}},
          {"layer", json::array({
                        {{"mark", {{"type", "bar"}, {"color", "#54a24b"}}},
                         {"encoding", {{"y", y}, {"x", {{"field", "mean"}, {"type", "quantitative"}}}}}},
                        {{"mark", {{"type", "errorbar"}}},
                         {"encoding", {{"y", y}, {"x", {{"field", "low"}, {"type", "quantitative"}}},
                                       {"x2", {{"field", "high"}}}}}},
                    })}};
}

json causes_chart(const json& causes) {
  json values = json::array();
  for (const auto& [cause, n] : causes.items()) values.push_back({{"cause", cause}, {"games", n}});
  return {{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
          {"title", "Losses by cause"},
          {"width", 420},
          {"data", {{"values", values}}},
          {"mark", "bar"},
          {"encoding", {{"y", {{"field", "cause"}, {"type", "nominal"}}},
                        {"x", {{"field", "games"}, {"type", "quantitative"}}}}}};
}

std::string pct(double v) { return fmt::format("{:.1f}%", 100 * v); }
std::string ci(const json& c) { return fmt::format("{} – {}", pct(c[0].get<double>()), pct(c[1].get<double>())); }

std::string table(const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows) {
  std::string out = "<table><tr>";
  for (const auto& h : head) out += "<th>" + html_escape(h) + "</th>";
  out += "</tr>";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const auto& cell : row) out += "<td>" + html_escape(cell) + "</td>";
    out += "</tr>";
  }
  return out + "</table>";
}

// The skill ladder: each strength's first-player and seat balance figures, then the flagged findings.
std::string ladder_html(const json& ladder) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& r : ladder["rungs"]) {
    const json& first = r["first_player"];
    const json& balance = r["seat_balance"];
    rows.push_back({r["bot"], first.is_null() ? "-" : pct(first["win_rate"]), first.is_null() ? "-" : ci(first["ci95"]),
                    balance.is_null() ? "-" : fmt::format("{:.3g}", balance["p_value"].get<double>()),
                    fmt::format("{:.1f}", r["mean_length"].get<double>())});
  }
  std::string out = "<h3>Skill ladder (every seat played by each bot in turn)</h3>" +
                    table({"bot", "first player wins", "95% interval", "seat balance p", "mean length"}, rows);
  out += "<ul class=\"findings\">";
  for (const auto& f : ladder["flags"]) out += "<li>" + html_escape(f["text"].get<std::string>()) + "</li>";
  if (ladder["flags"].empty()) out += "<li>No finding changes direction or significance between the strengths.</li>";
  return out + "</ul>";
}

// One report: its findings, charts (appended to `specs`) and tables.
std::string report_section(const json& r, json& specs, const std::string& heading) {
  std::string out = fmt::format("<section><h2>{}</h2>", html_escape(heading));
  out += "<h3>Headline findings</h3><ul class=\"findings\">";
  for (const auto& f : r["findings"]) out += "<li>" + html_escape(f.get<std::string>()) + "</li>";
  out += "</ul>";
  if (r["games"].get<int>() == 0) return out + "</section>";

  auto chart = [&](const json& spec) {
    out += fmt::format("<div class=\"chart\" id=\"chart{}\"></div>", specs.size());
    specs.push_back(spec);
  };
  const double fair = r.value("fair_share", 0.0);
  chart(rate_chart("Win rate by seat (95% interval; dashed: fair share)", r["seats"], "seat", fair));
  if (r["bots"].size() > 1) chart(rate_chart("Win rate by bot, over all its seats", r["bots"], "bot", fair));
  if (r.contains("loss_causes") && !r["loss_causes"].empty()) chart(causes_chart(r["loss_causes"]));
  chart(histogram_chart("Game length", r["length"]["histogram"], "moves"));
  chart(histogram_chart("Scores (every seat)", r["scores"]["histogram"], "score"));
  if (r.contains("margin")) chart(histogram_chart("Winning margin", r["margin"]["histogram"], "points ahead of the next"));
  if (!r["game_stats"].empty()) chart(stats_chart(r["game_stats"]));
  if (!r["cards"].empty()) chart(cards_chart(r["cards"]));

  std::vector<std::vector<std::string>> rows;
  for (const auto& s : r["seats"]) {
    rows.push_back({std::to_string(s["seat"].get<int>()),
                    r["rotate"].get<bool>() ? "every bot in turn" : s["bot"].get<std::string>(), fmt::format("{}", s["wins"].get<double>()),
                    pct(s["win_rate"]), ci(s["ci95"]), fmt::format("{:.2f}", s["mean_score"].get<double>()),
                    fmt::format("{:.3g}", s["p_value"].get<double>())});
  }
  out += "<h3>Seats</h3>" + table({"seat", "bot", "wins", "win rate", "95% interval", "mean score",
                                   "p (vs fair share)"}, rows);
  rows.clear();
  for (const auto& b : r["bots"]) {
    rows.push_back({b["bot"], fmt::format("{}", b["seat_games"].get<double>()), pct(b["win_rate"]), ci(b["ci95"]),
                    fmt::format("{:.2f}", b["mean_score"].get<double>())});
  }
  out += "<h3>Bots</h3>" + table({"bot", "seats played", "win rate", "95% interval", "mean score"}, rows);
  if (r.contains("head_to_head")) {
    rows.clear();
    for (const auto& h : r["head_to_head"]) {
      rows.push_back({h["bot"], h["opponent"], pct(h["ahead_rate"]), ci(h["ci95"]),
                      fmt::format("{}", h["pairs"].get<double>())});
    }
    out += "<h3>Head to head</h3>" + table({"bot", "against", "finishes ahead", "95% interval", "pairs"}, rows);
  }
  if (!r["game_stats"].empty()) {
    rows.clear();
    for (const auto& s : r["game_stats"]) {
      rows.push_back({s["name"], fmt::format("{:.3f}", s["mean"].get<double>()),
                      fmt::format("{:.3f} – {:.3f}", s["ci95"][0].get<double>(), s["ci95"][1].get<double>())});
    }
    out += "<h3>Game figures</h3>" + table({"figure", "mean per game", "95% interval"}, rows);
  }
  if (!r["cards"].empty()) {
    rows.clear();
    for (const auto& c : r["cards"]) {
      rows.push_back({c["card"], fmt::format("{}", c["seat_games"].get<double>()), pct(c["win_rate"]), ci(c["ci95"]),
                      pct(c["win_rate_without"]), c["significant"].get<bool>() ? "yes" : "no"});
    }
    out += "<h3>Card impact</h3>" +
           table({"card", "seats that held or played it", "win rate", "95% interval", "win rate without", "significant"},
                 rows);
  }
  if (r.contains("ladder")) out += ladder_html(r["ladder"]);
  out += fmt::format("<p class=\"settings\">{} games of {} requested, {} players, seed {}, seats rotated: {}, "
                     "options {}{}</p>", r["games"].get<int>(), r["games_requested"].get<int>(),
                     r["players"].get<int>(), r["seed"].get<std::uint64_t>(), r["rotate"].get<bool>() ? "yes" : "no",
                     html_escape(r["options"].dump()), r.contains("data_dir") ? html_escape(", data " + r["data_dir"].get<std::string>()) : "");
  return out + "</section>";
}

}  // namespace

std::string report_html(const json& doc) {
  const bool sweep = doc.contains("court_sweep");
  const json& first = sweep ? doc["variants"][0] : doc;
  json specs = json::array();
  std::string body;
  if (sweep) {
    for (const auto& v : doc["variants"]) body += report_section(v, specs, "Variant " + v["options"].dump());
  } else {
    body = report_section(doc, specs, "Findings");
  }
  std::string html = fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{0}: balance report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 980px; color: #222; }}
h1 {{ margin-bottom: 0; }} .sub {{ color: #666; margin-top: .2em; }}
ul.findings li {{ font-size: 1.1em; margin: .3em 0; }}
.chart {{ display: inline-block; margin: 1em 1em 0 0; vertical-align: top; }}
table {{ border-collapse: collapse; margin: .5em 0 1.5em; }} th, td {{ border: 1px solid #ccc; padding: .25em .6em; text-align: left; }}
th {{ background: #f3f3f3; }} .settings {{ color: #666; font-size: .9em; }}
</style></head><body>
<h1>{0}: balance report</h1>
<p class="sub">Court simulator, {1} players. Intervals are 95% Wilson intervals; "significant" means p &lt; 0.05.</p>
{2}
)", html_escape(first["title"].get<std::string>()), first["players"].get<int>(), body);
  html += "<script>" + asset("node_modules/vega/build/vega.min.js") + "</script>\n";
  html += "<script>" + asset("node_modules/vega-lite/build/vega-lite.min.js") + "</script>\n";
  html += "<script>" + asset("node_modules/vega-embed/build/vega-embed.min.js") + "</script>\n";
  html += "<script>\nconst specs = " + script_json(specs) + ";\n" +
          "specs.forEach((spec, i) => vegaEmbed('#chart' + i, spec, {renderer: 'svg', actions: false}));\n"
          "</script>\n</body></html>\n";
  return html;
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace court::sim
