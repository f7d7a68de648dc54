#include "engine/embedded.h"

namespace court {

std::optional<std::string_view> find_embedded(const EmbeddedFile* table, int count, std::string_view path) {
  for (int i = 0; i < count; ++i) {
    if (path == table[i].path) return std::string_view(table[i].content);
  }
  return std::nullopt;
}

std::optional<std::string_view> embedded_file(std::string_view path) {
  return find_embedded(kEmbeddedFiles, kEmbeddedFilesCount, path);
}

}  // namespace court
