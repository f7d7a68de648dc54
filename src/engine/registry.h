// A list of registered games. Court's own are added in one visible place: src/games/all_games.cpp.
#pragma once

#include <string>
#include <vector>

#include "engine/game.h"

namespace court {

class GameRegistry {
 public:
  void add(GameEntry entry);
  // nullptr when no game has this id.
  const GameEntry* find(const std::string& id) const;
  // Throws UserError listing the registered ids when `id` is unknown.
  const GameEntry& get(const std::string& id) const;
  const std::vector<GameEntry>& all() const { return entries_; }

 private:
  std::vector<GameEntry> entries_;
};

// Every game Court ships, registered on first use. Defined above the engine, in src/games/all_games.cpp
// (the engine itself never calls it; the CLI, the server and the tools do).
const GameRegistry& games();

}  // namespace court
