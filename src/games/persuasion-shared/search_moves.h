// The moves search considers in Persuasion (both editions' `search_moves`, see HasSearchMoves in
// engine/game.h): one move for each kind of move and other player, its card picked by a quick rule,
// so that search spends its iterations on whom to invite, propose to, accept or leave, rather than
// on which of nine cards to send with it.
// - A card that shows your hand (an invitation, a reply to one): the most appealing one
//   (PersuasionDeck::appeal), preferring one the other player has not seen yet. The introductions are
//   a single move: the most appealing card not shown yet, to the lowest seat still waiting.
// - A card that joins your fiance's hand (a proposal, a reply to a proposal): the one that helps the
//   fiance most to satisfy your desires; among those, the least appealing to give away.
// - A reflection gives up the least appealing trait (letterbox: keep none, or one swap per drawn card).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

#include "engine/types.h"
#include "games/persuasion-shared/cards.h"

namespace court::persuasion {

// How much card c's border helps a hand towards `wanted`: +1 per wanted symbol it carries with the
// wanted sign, -1 per one with the other sign.
template <std::size_t N>
int card_fit(const PersuasionDeck& deck, CardId c, const std::array<SignedSymbol, N>& wanted) {
  int fit = 0;
  for (SignedSymbol x : deck.cards[c].border) {
    for (SignedSymbol w : wanted) if (x.symbol == w.symbol) fit += x.sign == w.sign ? 1 : -1;
  }
  return fit;
}

// The score of a card shown to a player who may know it already (`known`: what they know of the hand).
inline int show_score(const PersuasionDeck& deck, CardId c, CardSet known) {
  return deck.appeal[c] - (has_card(known, c) ? 10000 : 0);
}

// The score of a card given to a fiance, for a seat that wants `wanted`.
template <std::size_t N>
int give_score(const PersuasionDeck& deck, CardId c, const std::array<SignedSymbol, N>& wanted) {
  return card_fit(deck, c, wanted) * 10000 - deck.appeal[c];
}

// give_score of each card, computed once per card asked about.
template <std::size_t N>
class GiveScores {
 public:
  GiveScores(const PersuasionDeck& deck, const std::array<SignedSymbol, N>& wanted) : deck_(deck), wanted_(wanted) {}
  int operator()(CardId c) {
    if (!has_card(done_, c)) score_[c] = give_score(deck_, c, wanted_), done_ |= card_bit(c);
    return score_[c];
  }

 private:
  const PersuasionDeck& deck_;
  const std::array<SignedSymbol, N>& wanted_;
  std::array<int, kMaxCards> score_;
  CardSet done_ = 0;
};

// Groups of moves are numbered below this.
inline constexpr std::uint32_t kMoveGroups = 128;

// Keeps, of each group of moves with the same `key(action)` (below kMoveGroups), the one with the
// highest `score(action)` (the first on ties), in list order.
template <class Key, class Score>
void keep_best_per_group(ActionList& moves, Key&& key, Score&& score) {
  std::array<std::int16_t, kMoveGroups> group_of;
  group_of.fill(-1);
  std::array<int, kMoveGroups> best_index, best_score;  // by group, in order of first appearance
  int groups = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::uint32_t k = key(moves[i]);
    if (k >= kMoveGroups) throw std::logic_error("keep_best_per_group: a group number out of range");
    const int s = score(moves[i]);
    const int g = group_of[k];
    if (g < 0) {
      group_of[k] = static_cast<std::int16_t>(groups);
      best_index[groups] = static_cast<int>(i), best_score[groups] = s, ++groups;
    } else if (s > best_score[g]) {
      best_index[g] = static_cast<int>(i), best_score[g] = s;
    }
  }
  std::sort(best_index.begin(), best_index.begin() + groups);
  for (int g = 0; g < groups; ++g) moves[g] = moves[best_index[g]];
  moves.resize(groups);
}

}  // namespace court::persuasion
