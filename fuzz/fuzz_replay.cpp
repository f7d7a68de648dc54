// Fuzz target: replay documents, read and re-run as `court replay FILE` does.
#include "engine/registry.h"
#include "engine/replay.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court;
  const std::string path = fuzz::write_file("replay.json", {reinterpret_cast<const char*>(data), size});
  try {
    const Replay replay = Replay::from_json(read_json_file(path));
    const auto state = rerun(replay, games());
    (void)state->view(kSpectator);
    (void)replay.to_json().dump();
  } catch (const UserError&) {
  }
  return 0;
}
