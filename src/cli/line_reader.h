// Reading what a person types at `court play`: on a terminal with line editing (libedit: arrows,
// Up recalls earlier lines, Tab completes a move or a command), otherwise plain lines from the pipe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace court::cli {

// What Tab makes of `typed` among `words`: the one word that starts with it (case ignored), else the
// longest start that all those words share; `candidates` lists them when there are several.
struct Completion {
  std::string line;
  std::vector<std::string> candidates;
};
Completion complete(std::string_view typed, const std::vector<std::string>& words);

class LineReader {
 public:
  // `editing`: stdin is a terminal and --plain was not given; otherwise lines come from std::getline.
  explicit LineReader(bool editing);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // One line, without its newline; nothing when input ended (end of the pipe, or Ctrl-D). `prompt` may
  // hold colour escapes wrapped in \001..\002. A non-empty line is added to the history when `remember`.
  std::optional<std::string> read(std::string_view prompt, bool remember = true);
  // The words Tab completes.
  void complete_from(std::vector<std::string> words);
  // Each slot (a seat) has its own history, so Up never recalls what another person typed.
  void use_history(int slot);

 private:
  struct Editor;
  std::unique_ptr<Editor> editor_;   // null without line editing
};

}  // namespace court::cli
