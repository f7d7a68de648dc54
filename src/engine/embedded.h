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
extern const int kEmbeddedFileCount;

// The compiled-in contents of `path`, if it was embedded.
std::optional<std::string_view> embedded_file(std::string_view path);

}  // namespace court
