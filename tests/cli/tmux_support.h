// A real terminal for end-to-end tests of `court play`: a private tmux server (its own socket, no user
// configuration) with one window of a chosen size running a command; keys typed into it; its screen and
// its scrollback read back. Waiting polls the screen until a deadline, which only bounds how long a
// broken build makes a test hang: no test asserts on time.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace court::tmux {

// `text` in single quotes for sh.
inline std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Standard output of a shell command.
inline std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  pclose(pipe);
  return out;
}

struct PaneOptions {
  int width = 100;
  int height = 40;
  std::vector<std::string> env;   // "NAME=value", set for the command; NO_COLOR is unset unless given here
};

class Pane {
 public:
  // Starts `command` (a shell command line) in a fresh tmux server. When it ends, the pane shows
  // "[exit N]" with its status and stays open.
  explicit Pane(const std::string& command, PaneOptions options = {}) {
    static int panes = 0;
    socket_ = "court-test-" + std::to_string(getpid()) + "-" + std::to_string(++panes);
    const std::string script = testing::TempDir() + socket_ + ".sh";
    std::ofstream out(script);
    out << "unset NO_COLOR\nexport LC_ALL=C.UTF-8\n";
    for (const std::string& var : options.env) out << "export " << quoted(var) << "\n";
    out << command << "\necho \"[exit $?]\"\nexec sleep 86400\n";
    out.close();
    tmux("-f /dev/null new-session -d -s court -x " + std::to_string(options.width) + " -y " +
         std::to_string(options.height) + " " + quoted("sh " + script));
  }
  ~Pane() { tmux("kill-server"); }
  Pane(const Pane&) = delete;
  Pane& operator=(const Pane&) = delete;

  // Types `text` as it is.
  void type(const std::string& text) const { tmux("send-keys -t court -l -- " + quoted(text)); }
  // Presses a key by tmux's name for it: Enter, Tab, Up, C-d.
  void press(const std::string& key) const { tmux("send-keys -t court " + key); }
  void type_line(const std::string& text) const {
    type(text);
    press("Enter");
  }

  // The visible screen, wrapped lines joined.
  std::string screen() const { return tmux("capture-pane -p -J -t court"); }
  // The visible screen with its colours and attributes as escape sequences.
  std::string screen_with_escapes() const { return tmux("capture-pane -p -e -t court"); }
  // The scrollback and the screen.
  std::string everything() const { return tmux("capture-pane -p -J -S - -t court"); }

  // Polls the screen (with `scrollback`, the scrollback too) until `done` holds; false after `deadline`.
  bool wait_until(const std::function<bool(const std::string&)>& done, bool scrollback = false,
                  std::chrono::seconds deadline = std::chrono::seconds(60)) const {
    const auto end = std::chrono::steady_clock::now() + deadline;
    for (;;) {
      if (done(scrollback ? everything() : screen())) return true;
      if (std::chrono::steady_clock::now() > end) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  bool wait_for(const std::string& text) const {
    return wait_until([&](const std::string& s) { return s.find(text) != std::string::npos; });
  }
  bool wait_for_anywhere(const std::string& text) const {
    return wait_until([&](const std::string& s) { return s.find(text) != std::string::npos; }, true);
  }
  bool wait_for(const std::regex& pattern) const {
    return wait_until([&](const std::string& s) { return std::regex_search(s, pattern); });
  }

 private:
  std::string tmux(const std::string& args) const { return output_of("tmux -u -L " + socket_ + " " + args); }

  std::string socket_;
};

// The line of `screen` that holds `text` (empty when none).
inline std::string line_with(const std::string& screen, const std::string& text) {
  const auto at = screen.find(text);
  if (at == std::string::npos) return "";
  const auto start = screen.rfind('\n', at);
  const auto first = start == std::string::npos ? 0 : start + 1;
  return screen.substr(first, screen.find('\n', at) - first);
}

}  // namespace court::tmux
