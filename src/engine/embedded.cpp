#include "engine/embedded.h"

namespace court {

namespace {

std::optional<std::string_view> find(const EmbeddedFile* table, int count, std::string_view path) {
  for (int i = 0; i < count; ++i) {
    if (path == table[i].path) return std::string_view(table[i].content);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string_view> embedded_file(std::string_view path) {
  return find(kEmbeddedFiles, kEmbeddedFilesCount, path);
}

std::optional<std::string_view> report_asset(std::string_view path) {
  return find(kReportAssets, kReportAssetsCount, path);
}

std::optional<std::string_view> web_asset(std::string_view path) {
  return find(kWebAssets, kWebAssetsCount, path);
}

}  // namespace court
