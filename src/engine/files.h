// Reading the files a person names (scenarios, replays, reports, data files under --data): every one
// goes through read_input_file, which holds the one size cap (docs/cli.md).
#pragma once

#include <cstddef>
#include <string>

namespace court {

// The most Court reads from one file: 16 MiB, far above any real scenario, replay, report or data file.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{16} * 1024 * 1024;

// The bytes of `path`. Reads at most kMaxInputFileBytes + 1 bytes whatever the file claims to be, so an
// endless file (/dev/zero, a pipe) is refused at once. UserError naming the file when it cannot be read,
// is a directory or is larger than the cap.
std::string read_input_file(const std::string& path);

}  // namespace court
