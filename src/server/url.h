// Request targets: "/api/tables/K7QX2M/replay/view?step=3&seat=spectator" into a path and query values.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace court::server {

struct Target {
  std::string path;
  std::map<std::string, std::string> query;   // percent-decoded; the last of repeated keys wins
};

Target parse_target(std::string_view target);

}  // namespace court::server
