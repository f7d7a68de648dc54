// Letterbox edition: the moves search considers (persuasion-shared/search_moves.h says the rule).
#include "games/persuasion-shared/search_moves.h"

#include "games/persuasion/state.h"

namespace court::persuasion {

void LetterboxState::search_moves(Seat seat, ActionList& moves) const {
  const PersuasionDeck& d = deck();
  GiveScores give(d, d.cards[table_.desires[seat]].desire);
  auto known_by = [&](Seat t) { return table_.knowledge.known[t][seat]; };
  keep_best_per_group(
      moves,
      [&](Action a) {
        const MoveCode m = MoveCode::decode(a);
        // All introductions are one group (the card and the player to show it to next); a swap is
        // grouped by the drawn card it keeps; the rest by kind and other player.
        const std::uint32_t detail = m.move == Move::Show   ? 0
                                     : m.move == Move::Swap ? (m.card2 == table_.drawn[0] ? 0 : 1)
                                                            : static_cast<std::uint32_t>(m.seat) & 7;
        return static_cast<std::uint32_t>(m.move) << 3 | detail;
      },
      [&](Action a) {
        const MoveCode m = MoveCode::decode(a);
        switch (m.move) {
          case Move::Show:
            return show_score(d, m.card, 0) * 8 - m.seat;  // the best card, to the lowest seat waiting
          case Move::Invite:
            return show_score(d, m.card, known_by(m.seat));
          case Move::Propose:
            return give(m.card);
          case Move::Accept:
            return mail_[m.seat].kind == Intent::Propose ? give(m.card)
                                                         : show_score(d, m.card, known_by(m.seat));
          case Move::Swap:
            return -d.appeal[m.card];  // give up the least appealing trait
          default:
            return 0;
        }
      });
}

}  // namespace court::persuasion
