#include "server/static_files.h"

#include "engine/embedded.h"

namespace court {
// The browser client's built files (web/app, built by Vite): "index.html", "app.js", "app.css".
extern const EmbeddedFile kWebAssets[];
extern const int kWebAssetsCount;
}  // namespace court

namespace court::server {
namespace {

std::string content_type(std::string_view name) {
  const auto dot = name.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json" || ext == "map") return "application/json";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "ico") return "image/x-icon";
  if (ext == "woff2") return "font/woff2";
  if (ext == "txt" || ext == "md") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace

std::optional<StaticFile> find_static_file(std::string_view path) {
  std::string_view name = path;
  while (!name.empty() && name.front() == '/') name.remove_prefix(1);
  if (name.empty()) name = "index.html";
  if (name.find("..") != std::string_view::npos) return std::nullopt;
  auto content = find_embedded(kWebAssets, kWebAssetsCount, name);
  if (!content) return std::nullopt;
  return StaticFile{*content, content_type(name)};
}

}  // namespace court::server
