// Fuzz target: the name and talk rules and the look-alike skeleton (server/names.h), as `court serve`
// runs them on every join, Lab variant name and say. Beyond not crashing: a name the rules accept is a
// message they accept too (talk allows more), and its skeleton is the same on every call.
#include "server/names.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court::server;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto name = name_problem(text);
  (void)name_problem(text, 80);
  const auto talk = talk_text_problem(text);
  const std::string skeleton = name_skeleton(text);
  if (!name && !text.empty()) {
    if (talk) __builtin_trap();
    if (name_skeleton(text) != skeleton) __builtin_trap();
  }
  return 0;
}
