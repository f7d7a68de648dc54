// Shared helpers for Court's libFuzzer targets (fuzz/README.md). Each target feeds its input to the
// same code the CLI or the server runs on that input; a UserError (a clear refusal) is an expected
// outcome, anything else (a crash, a sanitizer report, any other exception) is a finding.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/registry.h"

namespace court::fuzz {

// A private scratch folder for this process (files are rewritten for every input).
inline const std::filesystem::path& scratch() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("court-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

// Writes `text` to scratch()/name and returns the path.
inline std::string write_file(const std::string& name, std::string_view text) {
  const std::filesystem::path path = scratch() / name;
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(text.size()));
  return path.string();
}

inline const GameEntry& game(const char* id) {
  const GameEntry* entry = games().find(id);
  if (!entry) __builtin_trap();
  return *entry;
}

// Plays up to `steps` moves from `state`: the move picked by `choice` among each acting seat's legal
// moves. Every seat asked to act must have a legal move (the engine's promise). The views (the costly
// part: JSON and text) are built once, at the end, for the last seat that acted and for a spectator.
// Draws the terminal board of `viewer`'s view (every game has one), so boards meet the odd positions
// fuzzed files make; with some of the seat's legal moves drawn as previews, and their short forms.
inline void draw_board(const GameState& state, Seat viewer) {
  const BoardHooks& hooks = state.info().board;
  const nlohmann::json view = state.view(viewer);
  if (!hooks.draw) return;
  Board board;
  hooks.draw(view, nullptr, board);
  if (viewer == kSpectator || !state.to_act().contains(viewer)) return;
  ActionList legal;
  state.legal_actions(viewer, legal);
  const std::size_t stride = legal.size() / 8 + 1;   // some moves, spread over the list (Gameshire has hundreds)
  for (std::size_t i = 0; i < legal.size(); i += stride) {
    const nlohmann::json parts = state.parts(viewer, legal[i]);
    Board previewed;
    hooks.draw(view, parts, previewed);
    if (hooks.shorthand) (void)hooks.shorthand(parts);
  }
}

inline void play_some(GameState& state, std::uint8_t choice, int steps) {
  Seat seat = 0;
  for (int step = 0; step < steps && !state.terminal(); ++step) {
    seat = state.to_act().lowest();
    ActionList legal;
    state.legal_actions(seat, legal);
    if (legal.empty()) __builtin_trap();
    if (state.apply(seat, legal[(choice + step) % legal.size()])) __builtin_trap();
  }
  for (Seat viewer : {seat, kSpectator}) draw_board(state, viewer);
}

}  // namespace court::fuzz
