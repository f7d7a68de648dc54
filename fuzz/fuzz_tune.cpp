// Fuzz target: `court tune`'s knob and target specs (advisor/tune.h), as the command reads them before any
// game is played. Input: byte 0 picks the game; then lines, `knob SPEC` or `target SPEC`. A data knob reads the
// game's shipped data and, when it parses, sets its first value in that file through toml++ (what a candidate's
// data directory gets). A refusal is a UserError; beyond not crashing: a knob that parses has values to try.
#include <sstream>

#include "advisor/tune.h"
#include "engine/data.h"
#include "fuzz_support.h"

namespace {

void knob(const court::GameEntry& entry, const std::string& spec) {
  const court::advisor::Knob k = court::advisor::parse_knob(spec, entry, "");
  if (k.values.empty()) __builtin_trap();
  if (!k.data) return;
  const std::string text = court::read_data_file(entry.info.id, k.file, "");
  (void)court::advisor::set_data_field(text, k.file, k, k.values.front());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court;
  if (size < 1) return 0;
  const auto& all = games().all();
  const GameEntry& entry = all[data[0] % all.size()];
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  for (std::string line; std::getline(lines, line);) {
    try {
      if (line.rfind("knob ", 0) == 0) knob(entry, line.substr(5));
      else if (line.rfind("target ", 0) == 0) (void)advisor::parse_target(line.substr(7), entry);
    } catch (const UserError&) {
    }
  }
  return 0;
}
