// Helpers every game's tests share for drawn text (boards, logs, messages).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

namespace court::test_support {

// `text` contains each of `parts`; a failure names the first missing one and shows the text.
inline testing::AssertionResult contains_all(const std::string& text, std::initializer_list<std::string> parts) {
  for (const std::string& part : parts) {
    if (text.find(part) == std::string::npos) return testing::AssertionFailure() << "no \"" << part << "\" in:\n" << text;
  }
  return testing::AssertionSuccess();
}

}  // namespace court::test_support
