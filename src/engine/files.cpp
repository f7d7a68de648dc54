#include "engine/files.h"

#include <fmt/format.h>

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

}  // namespace

std::string read_input_file(const std::string& path) {
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
