// Persuasion, character-card edition: the terminal board (the drawing is shared:
// persuasion-shared/board_common.h).
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/board_common.h"

namespace court::persuasion_classic {

// What each step of the character-card rules asks of the players (the title's second line; a
// constant, so this file's own).
constexpr persuasion::PhaseHint kPhaseHints[] = {
    {"share intentions",
     "In secret, everyone invites or proposes to an eligible player sharing a trait, or claims independence."},
    {"resolve invitations", "Invitations, lowest seat first: accept one by revealing another trait, or reject it."},
    {"resolve proposals", "Each player sent proposals accepts one by giving a trait (engaged), or rejects them all."},
    {"reflection", "Ignored and rejected players drew a card: each discards any one trait."},
};

void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out) {
  (void)preview;
  persuasion::draw_persuasion_board(view, persuasion::BoardWords{.phase_hints = kPhaseHints}, out);
}

}  // namespace court::persuasion_classic
