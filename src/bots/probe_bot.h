// `probe`: a simple strategy built from a game's move kinds (parts(seat, action)["kind"], docs/protocol.md,
// "Move parts"), for the design advisor (issue 39). Specs:
//   probe:take=KIND[,base=NAME]   plays a legal move of kind KIND whenever one is legal, otherwise as its base
//   probe:never=KIND[,base=NAME]  never plays KIND while a move of another kind is legal, otherwise as its base
// base names one of the game's bots, without parameters (default: the game's `heuristic`, else `random`).
// Which move, when there is a choice: the base is asked first. take plays the base's choice when it is of
// KIND, else a uniformly random legal move of KIND (the only one, when there is one: then the base is not
// asked). never plays the base's choice when it is not of KIND, else a uniformly random legal move of another
// kind. A KIND no move ever has is not an error (it cannot be known in advance): the probe then plays as its base.
// A move's kind does not depend only on its action code (in Belle code 3 is `dismiss` or `welcome` by the
// power pending, and Gameshire's kinds follow the season: tests/advisor/probe_test.cpp), so the probe asks parts() of every legal move at every
// decision it makes (parts builds JSON: docs/report.md gives the cost measured).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court {

// The `probe` bot kind of a game whose other bots are `bots` (its base bots: named without parameters).
BotKind probe_bot_kind(std::map<std::string, BotKind> bots);

// The move kinds met in `games` random playouts from `seed` (seeds seed, seed+1, ...), every seat's legal
// moves at every decision, sorted by name.
std::vector<std::string> move_kinds(const GameFactory& factory, int games, std::uint64_t seed);

// How often each kind was legal in the playouts of move_kinds: for each kind, the share of decisions at
// which at least one legal move had it (sorted by name).
std::map<std::string, double> move_kind_shares(const GameFactory& factory, int games, std::uint64_t seed);

}  // namespace court
