// Persuasion, character-card edition: the terminal board (the drawing is shared:
// persuasion-shared/board_common.h).
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/board_common.h"

namespace court::persuasion_classic {
namespace {

std::string phase_hint(std::string_view phase) {
  if (phase == "share intentions") {
    return "In secret, everyone invites or proposes to an eligible player sharing a trait, or claims independence.";
  }
  if (phase == "resolve invitations") return "Invitations, lowest seat first: accept one by revealing another trait, or reject it.";
  if (phase == "resolve proposals") return "Each player sent proposals accepts one by giving a trait (engaged), or rejects them all.";
  if (phase == "reflection") return "Ignored and rejected players drew a card: each discards any one trait.";
  return "";
}

}  // namespace

void draw_board(const nlohmann::json& view, const nlohmann::json& preview, Board& out) {
  (void)preview;
  persuasion::draw_persuasion_board(view, persuasion::BoardWords{.phase_hint = phase_hint}, out);
}

}  // namespace court::persuasion_classic
