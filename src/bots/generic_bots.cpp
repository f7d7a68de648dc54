#include "bots/generic_bots.h"

#include "engine/bot.h"

namespace court {

std::unique_ptr<Bot> make_random_bot(const BotParams& params, std::uint64_t seed);

const std::map<std::string, BotMaker>& generic_bots() {
  static const std::map<std::string, BotMaker> bots = {
      {"random", make_random_bot},
  };
  return bots;
}

}  // namespace court
