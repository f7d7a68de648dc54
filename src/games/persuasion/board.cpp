// Persuasion, letterbox edition: the terminal board (the drawing is shared: persuasion-shared/board_common.h).
#include "games/persuasion-shared/board_common.h"
#include "games/persuasion/game.h"

namespace court::persuasion {
namespace {

// What each step of the letterbox rules asks of the players.
constexpr PhaseHint kPhaseHints[] = {
    {"introductions", "In secret, everyone shows one different trait card to each other player."},
    {"mail intentions",
     "In secret, everyone invites or proposes to an available player with a card, claims independence or reflects."},
    {"reflection", "Reflecting players draw two cards and keep one in place of a trait, or none."},
    {"correspondence", "Letters are answered one at a time: accept one by sending a card back, or reject it."},
    {"await postman", "Cards go home; an available player no card reached this round may reflect."},
};

}  // namespace

void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out) {
  (void)preview;
  draw_persuasion_board(view, BoardWords{.phase_hints = kPhaseHints}, out);
}

}  // namespace court::persuasion
