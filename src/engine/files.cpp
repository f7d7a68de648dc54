#include "engine/files.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "engine/types.h"

namespace court {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// What a file that is not a regular one is.
const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (a named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

// Refuses a path that is not a regular file before it is opened: opening a FIFO with no writer blocks
// forever, and a device never ends.
void require_regular_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw UserError(fmt::format("cannot read {}: {}", path, std::strerror(errno)));
  if (!S_ISREG(info.st_mode)) {
    throw UserError(fmt::format("{}: not a regular file but {}; Court reads only regular files (at most {} MiB)",
                                path, file_kind(info.st_mode), kMaxInputFileBytes / (1024 * 1024)));
  }
}

}  // namespace

std::string read_input_file(const std::string& path) {
  require_regular_file(path);
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) throw UserError(fmt::format("cannot read {}: {}", path, std::strerror(errno)));
  std::string text;
  char chunk[64 * 1024];
  while (text.size() <= kMaxInputFileBytes) {
    const std::size_t wanted = std::min(sizeof chunk, kMaxInputFileBytes + 1 - text.size());
    const std::size_t got = std::fread(chunk, 1, wanted, file.get());
    text.append(chunk, got);
    if (got < wanted) break;
  }
  if (std::ferror(file.get())) throw UserError(fmt::format("cannot read {}: {}", path, std::strerror(errno)));
  if (text.size() > kMaxInputFileBytes) {
    throw UserError(fmt::format("{}: larger than {} MiB, the most Court reads from one file (an endless file such "
                                "as /dev/zero is refused the same way)", path, kMaxInputFileBytes / (1024 * 1024)));
  }
  return text;
}

}  // namespace court
