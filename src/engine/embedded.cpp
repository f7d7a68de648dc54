#include "engine/embedded.h"

namespace court {

std::optional<std::string_view> embedded_file(std::string_view path) {
  for (int i = 0; i < kEmbeddedFileCount; ++i) {
    if (path == kEmbeddedFiles[i].path) return std::string_view(kEmbeddedFiles[i].content);
  }
  return std::nullopt;
}

}  // namespace court
