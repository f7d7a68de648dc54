// Registering a game with its bots: its own (a `heuristic`, and any others) and the generic ones
// that play every game, `random` (a uniformly random legal move) and `ismcts` (information-set MCTS,
// bots/ismcts.h, whose rollout=heuristic plays the game's own `heuristic`), and the advisor's `probe`
// (bots/probe_bot.h: take or never a move kind, otherwise as one of the others).
#pragma once

#include <map>
#include <string>

#include "bots/ismcts.h"
#include "bots/probe_bot.h"
#include "engine/game.h"

namespace court {

std::unique_ptr<Bot> make_random_bot(const BotParams& params, std::uint64_t seed);

// A game's own bots, as its registration names them.
struct OwnBots {
  BotKind heuristic;                    // the bot generic tools ask for (ismcts rollouts, filling seats); may be empty
  std::map<std::string, BotKind> more;  // any others, by name
  std::vector<OfferedBot> offered;      // the levels and personas it offers people (GameEntry::offered)
};

// The registry entry of game G with its own bots and the generic ones.
template <class G>
GameEntry game_entry(OwnBots own = {}) {
  GameEntry entry = make_game_entry<G>();
  entry.bots = std::move(own.more);
  entry.offered = std::move(own.offered);
  if (own.heuristic.make) entry.bots["heuristic"] = own.heuristic;
  entry.bots["random"] = make_random_bot;
  entry.bots["ismcts"] = BotKind(
      [heuristic = own.heuristic.make](const BotParams& params, std::uint64_t seed) {
        return make_ismcts_bot<G>(params, seed, heuristic);
      },
      check_ismcts_cost);
  entry.bots["probe"] = probe_bot_kind(entry.bots);   // probe:take=KIND / never=KIND (bots/probe_bot.h)
  return entry;
}

}  // namespace court
