// Bots: players that choose their own moves. The harness (Match) hands a bot a copy of the state
// determinized for the bot's seat, never the true state, so no bot can read hidden information.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court {

class Bot {
 public:
  virtual ~Bot() = default;
  // Picks a legal action for `seat`. `state` is a determinized copy for `seat`; the bot may
  // change it freely (search on it).
  virtual Action choose(GameState& state, Seat seat) = 0;

  // A bot that decides from its legal moves alone (such as `random`) says so; the harness then
  // hands it only that list (which a seat always knows) and makes no determinized copy.
  virtual bool needs_state() const { return true; }
  virtual Action choose_from_legal(const ActionList& legal, Seat seat);
};

// "ismcts:iters=2000,c=0.7" -> name "ismcts", params {iters: 2000, c: 0.7}.
struct BotSpec {
  std::string name;
  BotParams params;
  // Throws UserError on a malformed spec.
  static BotSpec parse(const std::string& text);
};

// Throws UserError naming the bot and the parameter when `params` holds one not in `allowed`.
void check_bot_params(const std::string& bot, const BotParams& params, const std::vector<std::string>& allowed);
// Reads an integer parameter with a default; UserError when it is not an integer in [min, max].
long bot_param_int(const std::string& bot, const BotParams& params, const std::string& name, long fallback,
                   long min, long max);

// Makes the bot named by `spec` for `game`: the game's own bots first, then the generic ones.
// Throws UserError listing the available bots when the name is unknown.
std::unique_ptr<Bot> make_bot(const GameEntry& game, const std::string& spec, std::uint64_t seed);
// The bot names available for `game` (generic and the game's own).
std::vector<std::string> bot_names(const GameEntry& game);

}  // namespace court
