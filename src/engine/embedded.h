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

// The compiled-in contents of `path`, if it was embedded.
std::optional<std::string_view> embedded_file(std::string_view path);
// A bundled report asset by its path under web/report/ (e.g. "node_modules/vega/build/vega.min.js").
std::optional<std::string_view> report_asset(std::string_view path);

}  // namespace court
