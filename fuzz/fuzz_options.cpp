// Fuzz target: option values and bot specs, as `court play/sim GAME --set key=value --seats SPEC`
// read them. Input: byte 0 picks the game and seat count; then lines: `bot SPEC` or `key=value`.
#include <sstream>

#include "engine/bot.h"
#include "engine/options.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court;
  if (size < 1) return 0;
  const auto& all = games().all();
  const GameEntry& entry = all[data[0] % all.size()];
  const int seats = entry.info.min_seats + data[0] / 16 % (entry.info.max_seats - entry.info.min_seats + 1);
  std::vector<std::string> sets, bots;
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("bot ", 0) == 0) bots.push_back(line.substr(4));
    else sets.push_back(line);
  }
  try {
    const auto factory = entry.prepare(entry.make_config(seats, parse_option_assignments(sets)));
    for (const auto& spec : bots) (void)make_bot(entry, spec, 1);   // made, not run: a spec may ask for hours
    const auto state = factory->new_game(data[0]);
    fuzz::play_some(*state, data[0], 64);
  } catch (const UserError&) {
  }
  return 0;
}
