// A designer's copy of one game's data folder, for tests that change a file and look at the error.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "engine/data.h"
#include "engine/user_error_support.h"

namespace court::test_support {

// Each test gets its own folder (under the temporary directory) holding the shipped `files` of `game`;
// SetUp() again restores them.
class DataCopyTest : public ::testing::Test {
 protected:
  DataCopyTest(std::string game, std::vector<std::string> files) : game_(std::move(game)), files_(std::move(files)) {}
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("court_" + game_ + "_data_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
    for (const std::string& f : files_) write(f, read_data_file(game_, f, ""));
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name) << text; }
  // The shipped file `name` with its first `from` replaced by `to`.
  void replace(const std::string& name, const std::string& from, const std::string& to) {
    std::string text = read_data_file(game_, name, "");
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    write(name, text);
  }
  // The error that loading the copy gives; empty when it loads.
  virtual std::string error() = 0;
  // The error names each of `texts`.
  testing::AssertionResult error_mentions(std::initializer_list<std::string> texts) {
    const std::string e = error();
    for (const std::string& text : texts) {
      if (e.find(text) == std::string::npos) return testing::AssertionFailure() << "no \"" << text << "\" in: " << e;
    }
    return testing::AssertionSuccess();
  }
  std::filesystem::path dir_;

 private:
  std::string game_;
  std::vector<std::string> files_;
};

}  // namespace court::test_support
