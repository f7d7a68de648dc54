// The ratings file (data/ratings.toml, compiled in): each game's offered bots on its rating scale, as
// `court rate GAME --write` measured them (issue 40). One table per game, at the seat count it was rated at:
//
//   [intrigue]
//   players = 3                                        # seats at each table of the round-robin
//   options = ""                                       # --set key=value,... it was rated with ("": defaults)
//   command = "court rate intrigue --players 3 -n 40"  # how it was made
//   [intrigue.bots]
//   easy = { rating = 1012, low = 980, high = 1040 }   # low..high: the 95% interval
//
// The games layer reads the shipped file (all_games.cpp: the engine reads no file of games it does not know)
// and hands each game's ratings to its offered bots (OfferedBot::rating); `court rate --write` writes it. The
// text is checked against the registered games: a file naming an unknown game or bot, or malformed, is refused
// with its line and what is allowed.
#pragma once

#include <string>
#include <vector>

#include "engine/game.h"

namespace court {

struct BotScore {
  std::string bot;   // an offered bot's name
  double rating = 0, low = 0, high = 0;
};

struct GameRatings {
  std::string game;
  int players = 0;
  std::string options;
  std::string command;
  std::vector<BotScore> bots;
};

// The ratings in `text` (errors name `source`, the line and what is allowed) of the games in `entries`.
std::vector<GameRatings> parse_ratings(const std::string& text, const std::string& source,
                                       const std::vector<GameEntry>& entries);

// The file's text for `ratings` (games in the order of `entries`), checked by parsing it back.
std::string render_ratings(const std::vector<GameRatings>& ratings, const std::vector<GameEntry>& entries);

// Gives each offered bot of `entries` its rating from `ratings`.
void apply_ratings(const std::vector<GameRatings>& ratings, std::vector<GameEntry>& entries);

}  // namespace court
