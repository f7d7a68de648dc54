// Files compiled into the binary (cmake/embed.cmake writes each table): game data (data/<game>/...)
// and rules pages (docs/rules/...) here; the report's charting libraries (sim/report_html.cpp) and
// the browser client (server/static_files.cpp) in the layers that use them.
#pragma once

#include <optional>
#include <string_view>

namespace court {

struct EmbeddedFile {
  const char* path;     // relative to the table's root, e.g. "data/intrigue/cards.toml"
  const char* content;
};
extern const EmbeddedFile kEmbeddedFiles[];
extern const int kEmbeddedFilesCount;

// The contents of `path` in one table of `count` files, if it is there.
std::optional<std::string_view> find_embedded(const EmbeddedFile* table, int count, std::string_view path);
// The compiled-in game data or rules page at `path`, if it was embedded.
std::optional<std::string_view> embedded_file(std::string_view path);

}  // namespace court
