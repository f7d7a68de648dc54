// Persuasion, letterbox edition: the terminal board (the drawing is shared: persuasion-shared/board_common.h).
#include "games/persuasion-shared/board_common.h"
#include "games/persuasion/game.h"

namespace court::persuasion {
namespace {

std::string phase_hint(std::string_view phase) {
  if (phase == "introductions") return "In secret, everyone shows one different trait card to each other player.";
  if (phase == "mail intentions") {
    return "In secret, everyone invites or proposes to an available player with a card, claims independence or reflects.";
  }
  if (phase == "reflection") return "Reflecting players draw two cards and keep one in place of a trait, or none.";
  if (phase == "correspondence") return "Letters are answered one at a time: accept one by sending a card back, or reject it.";
  if (phase == "await postman") return "Cards go home; an available player no card reached this round may reflect.";
  return "";
}

}  // namespace

void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out) {
  (void)preview;
  draw_persuasion_board(view, BoardWords{.phase_hint = phase_hint}, out);
}

}  // namespace court::persuasion
