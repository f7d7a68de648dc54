// Replay documents: {game, players, options, seed, seats, scenario, data_dir, data_files, actions, outcome}. A game is
// fully described by them, so a replay re-runs exactly; the outcome is checked on re-run.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court {

// The replay format this Court writes and reads (field "court_replay"); a document of another version is refused.
inline constexpr int kReplayVersion = 1;

struct ReplayAction {
  Seat seat = 0;
  Action action{};
  std::string label;   // describe(seat, action) when it was played; checked on re-run
};

struct Replay {
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;
  std::uint64_t seed = 0;
  std::vector<std::string> seats;              // "human" or a bot spec, per seat
  std::optional<nlohmann::json> scenario;
  std::string data_dir;                        // empty: the compiled-in data
  // A variant's data files carried in the replay (a table of a designer's variant), so it re-runs on any
  // machine; when present they, not data_dir, are the data.
  std::map<std::string, std::string> data_files;
  std::vector<ReplayAction> actions;
  std::optional<nlohmann::json> outcome;       // present once the game ended

  nlohmann::json to_json() const;
  // Throws UserError naming the field when `doc` is not a replay document.
  static Replay from_json(const nlohmann::json& doc);
};

class GameRegistry;
// The state the replay starts from, before its first move (from its seed, or its scenario).
std::unique_ptr<GameState> start_state(const Replay& replay, const GameRegistry& registry);
// Re-runs `replay` from its seed (or scenario), its game looked up in `registry` (Court's own:
// games()): every move must be legal and carry the same label, and the outcome must match. Throws
// UserError naming the step that differs. `on_step` is called after each move with the state and
// the move's index.
std::unique_ptr<GameState> rerun(const Replay& replay, const GameRegistry& registry,
                                 const std::function<void(const GameState&, std::size_t)>& on_step = {});

// Reads a JSON file; UserError naming the file and the position of a syntax error.
nlohmann::json read_json_file(const std::string& path);

// A scenario file (.json or .toml) as JSON: tables become objects, arrays stay arrays.
nlohmann::json load_scenario_file(const std::string& path);

}  // namespace court
