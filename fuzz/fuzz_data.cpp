// Fuzz target: one game's data loader (built once per game, COURT_FUZZ_GAME names it), reached as
// `court play GAME --data DIR` reaches it. Input: byte 0 picks which of the game's data files is
// replaced (the others are the shipped ones) and the seat count; the rest is that file's text. A
// variant that loads is played for a few moves.
#include "engine/data.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court;
  if (size < 1) return 0;
  const GameEntry& entry = fuzz::game(COURT_FUZZ_GAME);
  const auto& files = entry.info.data_files;
  static const std::string dir = [&] {
    for (const auto& name : files) fuzz::write_file(name, read_data_file(COURT_FUZZ_DATA, name, ""));
    return fuzz::scratch().string();
  }();
  const std::string& name = files[data[0] % files.size()];
  const int seats = entry.info.min_seats + data[0] / 16 % (entry.info.max_seats - entry.info.min_seats + 1);
  fuzz::write_file(name, {reinterpret_cast<const char*>(data) + 1, size - 1});
  try {
    const auto factory = entry.prepare(entry.make_config(seats, {}, dir));
    const auto state = factory->new_game(data[0]);
    fuzz::play_some(*state, data[0], 64);
  } catch (const UserError&) {
  }
  fuzz::write_file(name, read_data_file(COURT_FUZZ_DATA, name, ""));   // the shipped file back
  return 0;
}
