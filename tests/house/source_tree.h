// The house tests read the source tree itself: its root and a file's text.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace court::house {

inline const std::filesystem::path kRoot = COURT_SOURCE_DIR;

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace court::house
