// What Court tells a person: the message of a UserError, for tests that read it.
#pragma once

#include <string>

#include "engine/types.h"

namespace court::test_support {

// The message of the UserError that `run()` throws, or "" when it throws none.
template <class Run>
std::string error_of(Run&& run) {
  try {
    run();
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

}  // namespace court::test_support
