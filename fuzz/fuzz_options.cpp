// Fuzz target: option values and bot specs, as `court play/sim GAME --set key=value --seats SPEC`
// read them. Input: byte 0 picks the game and seat count; then lines: `bot SPEC` or `key=value`.
// Factories are kept per configuration (a repeated configuration teaches nothing new), so the
// fuzzer's time goes to reading options and specs, not to rebuilding Gameshire's placement tables.
#include <map>
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
    const auto assignments = parse_option_assignments(sets);
    std::string key = entry.info.id + "/" + std::to_string(seats);
    for (const auto& [name, value] : assignments) key += "\n" + name + "=" + value;
    static std::map<std::string, std::shared_ptr<const GameFactory>> factories;
    if (factories.size() > 256) factories.clear();
    auto& factory = factories[key];
    if (!factory) factory = entry.prepare(entry.make_config(seats, assignments));
    for (const auto& spec : bots) (void)make_bot(entry, spec, 1);   // made, not run: a spec may ask for hours
    const auto state = factory->new_game(data[0]);
    fuzz::play_some(*state, data[0], 64);
  } catch (const UserError&) {
  }
  return 0;
}
