// Bot specs ("ismcts:iters=2000"), their parameters, and making a game's bots by name. The Bot
// interface itself is in engine/game.h.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court {

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

// The spec `text` stands for: an offered bot's name (`normal`, game.offered) becomes its spec, any other
// spec is itself. UserError when it is malformed, or names an offered bot with parameters.
BotSpec resolve_bot_spec(const GameEntry& game, const std::string& text);
// Makes the bot named by `spec` for `game`: an offered bot (resolve_bot_spec) or a spec of one of
// game.bots. Throws UserError listing the available bots when the name is unknown.
std::unique_ptr<Bot> make_bot(const GameEntry& game, const std::string& spec, std::uint64_t seed);
// Throws UserError ("this server allows ...") when the bot `spec` could cost more per move than
// `budget` (its kind's check_cost); UserError as make_bot's when the name is unknown.
void check_bot_cost(const GameEntry& game, const std::string& spec, const BotBudget& budget);
// The bot kinds available for `game` (its specs' names), in order.
std::vector<std::string> bot_names(const GameEntry& game);
// The bot that fills a seat for a person where nobody chose one: kDefaultBot ("normal") where the game
// offers it, else "heuristic" where it has one, else "random".
std::string default_bot(const GameEntry& game);
// game.offered as JSON, for `court games --json` and the server's game list (docs/protocol.md):
// [{"name", "title", "line", "level", "spec"}, ...], levels first; a rated bot adds "rating",
// "rating_interval" ([low, high]), "rating_players" and "rating_text" (rating_text below).
nlohmann::json offered_bots_json(const GameEntry& game);
// An offered bot's rating as people read it: "1500 ± 20" (the half width of its 95% interval, rounded), "1500"
// for the bot the scale is anchored at (no width), "" when unrated. The lobby and the Lab show this text.
std::string rating_text(const OfferedBot& bot);
// The names of the bots `game` offers people (game.offered), levels first.
std::vector<std::string> offered_bot_names(const GameEntry& game);

}  // namespace court
