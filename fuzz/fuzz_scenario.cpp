// Fuzz target: one game's scenario reader (built once per game, COURT_FUZZ_GAME names it), reached as
// `court play GAME --scenario FILE` reaches it. Input: byte 0 picks the seat count, byte 1 the format
// (even: JSON, odd: TOML) and the moves played afterwards; the rest is the file.
#include <map>

#include "engine/match.h"
#include "engine/replay.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court;
  if (size < 2) return 0;
  const GameEntry& entry = fuzz::game(COURT_FUZZ_GAME);
  const int seats = entry.info.min_seats + data[0] % (entry.info.max_seats - entry.info.min_seats + 1);
  static std::map<int, std::shared_ptr<const GameFactory>> factories;
  auto& factory = factories[seats];
  if (!factory) factory = entry.prepare(entry.make_config(seats, {}));
  const std::string path = fuzz::write_file(data[1] % 2 ? "scenario.toml" : "scenario.json",
                                            {reinterpret_cast<const char*>(data) + 2, size - 2});
  try {
    const Match match(entry, factory, 7, std::vector<std::string>(static_cast<std::size_t>(seats), "random"),
                      load_scenario_file(path));
    const auto state = match.state().clone();
    fuzz::play_some(*state, data[1], 64);
  } catch (const UserError&) {
  }
  return 0;
}
