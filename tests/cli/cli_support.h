// Running the real court binary from a test: its output (stdout and stderr) and exit status, and reading
// back the files it wrote. Shared by the command-line tests (tests/cli/*_test.cpp).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>

namespace court::cli_test {

struct CommandResult {
  int status = -1;
  std::string output;   // stdout and stderr
};

// Runs a shell command line with `input` on standard input; collects output and exit status.
inline CommandResult run_shell(std::string command, const std::string& input = "") {
  command += " 2>&1";
  if (!input.empty()) {
    // One file per call: ctest runs tests in parallel processes.
    static int calls = 0;
    const std::string path = testing::TempDir() + "court_cli_input_" + std::to_string(getpid()) + "_" +
                             std::to_string(++calls) + ".txt";
    std::ofstream(path) << input;
    command += " < " + path;
  } else {
    command += " < /dev/null";
  }
  CommandResult r;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// `court ARGS`, the binary this build made.
inline CommandResult run(const std::string& args, const std::string& input = "") {
  return run_shell(std::string(COURT_BINARY) + " " + args, input);
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `court ARGS` fails, and its message contains each of `words` (what was wrong, what is allowed); returns
// the run for further checks.
inline CommandResult expect_refused(const std::string& args, std::initializer_list<const char*> words) {
  CommandResult r = run(args);
  EXPECT_NE(r.status, 0) << args << "\n" << r.output;
  for (const char* word : words) EXPECT_NE(r.output.find(word), std::string::npos) << args << "\n" << r.output;
  return r;
}

}  // namespace court::cli_test
