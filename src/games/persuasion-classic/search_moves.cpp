// Character-card edition: the moves search considers (persuasion-shared/search_moves.h says the rule; here a
// seat wants the three attributes on its desires card's border, and a reflection discards the least
// appealing trait).
#include "games/persuasion-shared/search_moves.h"

#include "games/persuasion-classic/state.h"

namespace court::persuasion_classic {

using persuasion::GiveScores;
using persuasion::show_score;

void ClassicState::search_moves(Seat seat, ActionList& moves) const {
  const persuasion::PersuasionDeck& d = deck();
  GiveScores give(d, d.cards[table_.desires[seat]].border);
  auto known_by = [&](Seat t) { return table_.knowledge.known[t][seat]; };
  persuasion::keep_best_per_group(
      moves,
      [](Action a) {
        const MoveCode m = MoveCode::decode(a);
        const std::uint32_t detail = m.move == Move::Discard ? 0 : static_cast<std::uint32_t>(m.seat) & 7;
        return static_cast<std::uint32_t>(m.move) << 3 | detail;
      },
      [&](Action a) {
        const MoveCode m = MoveCode::decode(a);
        switch (m.move) {
          case Move::Invite:
          case Move::Reveal:
            return show_score(d, m.card, known_by(m.seat));
          case Move::Propose:
          case Move::Accept:
            return give(m.card);
          case Move::Discard:
            return -d.appeal[m.card];
          default:
            return 0;
        }
      });
}

}  // namespace court::persuasion_classic
