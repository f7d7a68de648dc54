// Files compiled into the binary: game data (data/<game>/...) and rules pages (docs/rules/...).
#pragma once

#include <optional>
#include <string_view>

namespace court {

struct EmbeddedFile {
  const char* path;     // relative to the repository root, e.g. "data/intrigue/cards.toml"
  const char* content;
};
extern const EmbeddedFile kEmbeddedFiles[];
extern const int kEmbeddedFilesCount;
// The charting libraries bundled into HTML reports (web/report/node_modules/...).
extern const EmbeddedFile kReportAssets[];
extern const int kReportAssetsCount;
// The browser client's built files (web/app, built by Vite): "index.html", "app.js", "app.css".
extern const EmbeddedFile kWebAssets[];
extern const int kWebAssetsCount;

// The compiled-in contents of `path`, if it was embedded.
std::optional<std::string_view> embedded_file(std::string_view path);
// A bundled report asset by its path under web/report/ (e.g. "node_modules/vega/build/vega.min.js").
std::optional<std::string_view> report_asset(std::string_view path);
// A file of the built browser client by its name ("index.html", "app.js", ...).
std::optional<std::string_view> web_asset(std::string_view path);

}  // namespace court
