// Reading the files a person names (scenarios, replays, reports, data files under --data): every one
// goes through read_input_file, which holds the one size cap (docs/cli.md).
#pragma once

#include <cstddef>
#include <string>

namespace court {

// The most Court reads from one file: 16 MiB, far above any real scenario, replay, report or data file.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{16} * 1024 * 1024;

// The bytes of `path`, a regular file (or a link to one): a FIFO, a device, a socket or a directory is
// refused before it is opened, so `court replay FIFO` cannot wait forever for a writer. Reads at most
// kMaxInputFileBytes + 1 bytes whatever the file claims to be (a file can grow while it is read).
// UserError naming the file when it cannot be read, is not a regular file or is larger than the cap.
std::string read_input_file(const std::string& path);

}  // namespace court
