// The browser client's built files, compiled into the binary (kWebAssets), with their content types.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace court::server {

struct StaticFile {
  std::string_view content;
  std::string content_type;
};

// "/" is index.html; other paths name a file of the built client. Nothing for unknown paths.
std::optional<StaticFile> find_static_file(std::string_view path);

}  // namespace court::server
