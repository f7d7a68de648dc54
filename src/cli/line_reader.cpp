#include "cli/line_reader.h"

#include <histedit.h>

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <iostream>
#include <map>

#include "cli/move_menu.h"
#include "engine/board.h"
#include "engine/text.h"

namespace court::cli {
namespace {

bool starts_with_ignoring_case(std::string_view word, std::string_view start) {
  return lowered(word).rfind(lowered(start), 0) == 0;
}

// How many leading bytes `a` and `b` share (case ignored), not splitting a UTF-8 character.
std::size_t shared_start(std::string_view a, std::string_view b) {
  std::size_t n = 0;
  const std::string la = lowered(a), lb = lowered(b);
  while (n < la.size() && n < lb.size() && la[n] == lb[n]) ++n;
  while (n > 0 && n < a.size() && (static_cast<unsigned char>(a[n]) & 0xC0) == 0x80) --n;
  return n;
}

}  // namespace

Completion complete(std::string_view typed, const std::vector<std::string>& words) {
  Completion out{std::string(typed), {}};
  for (const std::string& word : words) {
    if (starts_with_ignoring_case(word, typed) &&
        std::find(out.candidates.begin(), out.candidates.end(), word) == out.candidates.end()) {
      out.candidates.push_back(word);
    }
  }
  if (out.candidates.empty()) return out;
  std::size_t common = out.candidates[0].size();
  for (const std::string& word : out.candidates) common = std::min(common, shared_start(out.candidates[0], word));
  if (common >= typed.size()) out.line = out.candidates[0].substr(0, common);
  if (out.candidates.size() == 1) out.candidates.clear();
  return out;
}

// libedit's state: the editor, one history per slot, the prompt shown and the words Tab completes.
struct LineReader::Editor {
  EditLine* edit = nullptr;
  std::map<int, History*> histories;
  History* history = nullptr;
  std::string prompt;
  std::vector<std::string> words;

  Editor() {
    std::setlocale(LC_CTYPE, "");   // libedit reads and measures UTF-8 by the locale
    edit = el_init("court", stdin, stdout, stderr);
    el_set(edit, EL_CLIENTDATA, this);
    el_set(edit, EL_EDITOR, "emacs");
    el_set(edit, EL_SIGNAL, 1);
    // The text between two \1 is sent to the terminal as it is and takes no columns.
    el_set(edit, EL_PROMPT_ESC, &Editor::prompt_of, '\1');
    el_set(edit, EL_ADDFN, "court-complete", "Complete a move or a command", &Editor::tab);
    el_set(edit, EL_BIND, "^I", "court-complete", nullptr);
    el_source(edit, nullptr);   // the person's own ~/.editrc, if any
    select(0);
  }
  ~Editor() {
    el_end(edit);
    for (auto& [slot, h] : histories) history_end(h);
  }

  void select(int slot) {
    History*& h = histories[slot];
    if (!h) {
      h = history_init();
      HistEvent event;
      ::history(h, &event, H_SETSIZE, 500);
      ::history(h, &event, H_SETUNIQUE, 1);
    }
    history = h;
    el_set(edit, EL_HIST, ::history, history);
  }

  static Editor& of(EditLine* edit) {
    void* data = nullptr;
    el_get(edit, EL_CLIENTDATA, &data);
    return *static_cast<Editor*>(data);
  }

  static char* prompt_of(EditLine* edit) { return of(edit).prompt.data(); }

  // Tab: completes the whole line (moves have spaces in them) when the cursor is at its end.
  static unsigned char tab(EditLine* edit, int) {
    Editor& self = of(edit);
    const LineInfo* line = el_line(edit);
    if (line->cursor != line->lastchar) return CC_REFRESH_BEEP;
    const std::string typed(line->buffer, line->lastchar);
    const Completion completion = complete(typed, self.words);
    if (completion.line != typed) {
      el_deletestr(edit, Board::columns(typed));   // counts characters, not bytes
      el_insertstr(edit, completion.line.c_str());
      return CC_REFRESH;
    }
    if (completion.candidates.empty()) return CC_REFRESH_BEEP;
    std::fputs("\n", stdout);
    for (const std::string& word : completion.candidates) std::fprintf(stdout, "  %s\n", word.c_str());
    return CC_REDISPLAY;
  }
};

LineReader::LineReader(bool editing) {
  if (editing) editor_ = std::make_unique<Editor>();
}

LineReader::~LineReader() = default;

namespace {

// The prompt as a pipe shows it: without the \001..\002 markers.
std::string unmarked(std::string_view prompt) {
  std::string out;
  for (char c : prompt) if (c != '\001' && c != '\002') out += c;
  return out;
}

}  // namespace

std::optional<std::string> LineReader::read(std::string_view prompt, bool remember) {
  std::fflush(stdout);
  if (!editor_) {
    std::fputs(unmarked(prompt).c_str(), stdout);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
  }
  // libedit marks both ends of an escape with the same character.
  editor_->prompt = std::string(prompt);
  std::replace(editor_->prompt.begin(), editor_->prompt.end(), '\002', '\001');
  int count = 0;
  const char* got = el_gets(editor_->edit, &count);
  if (!got || count <= 0) return std::nullopt;
  std::string line(got, static_cast<std::size_t>(count));
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  if (remember && !line.empty()) {
    HistEvent event;
    ::history(editor_->history, &event, H_ENTER, line.c_str());
  }
  return line;
}

void LineReader::complete_from(std::vector<std::string> words) {
  if (editor_) editor_->words = std::move(words);
}

void LineReader::use_history(int slot) {
  if (editor_) editor_->select(slot);
}

}  // namespace court::cli
