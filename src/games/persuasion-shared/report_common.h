// The simulator's report of a finished Persuasion game, shared by both editions (GameReport in
// engine/game.h): how the game ended, how many pairs and independents, who won how, and the cards
// each seat ended with (its trait cards, and its desires card) for "card impact".
#pragma once

#include <array>

#include "engine/game.h"
#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/cards_in_play.h"

namespace court::persuasion {

// A seat's standing at Matrimony, common to both editions (available = eligible).
enum class Standing : std::uint8_t { Available, Engaged, Independent };
// Why the game went to Matrimony: one or no available player, the final round, the round limit.
enum class EndKind : std::uint8_t { FewLeft, FinalRound, MaxRounds };

// An edition's Status (Available or Eligible, Engaged, Independent) as the common Standing.
template <class Status>
Standing standing_of(Status status) {
  return status == Status::Engaged       ? Standing::Engaged
         : status == Status::Independent ? Standing::Independent
                                         : Standing::Available;
}

template <class Status>
std::array<Standing, kMaxSeats> standings_of(const std::array<Status, kMaxSeats>& status, int seats) {
  std::array<Standing, kMaxSeats> out{};
  for (Seat s = 0; s < seats; ++s) out[s] = standing_of(status[s]);
  return out;
}

// An edition's Ending (FewAvailable or FewEligible, FinalRound, MaxRounds) as the common EndKind.
template <class Ending>
EndKind end_kind_of(Ending ending) {
  return ending == Ending::FinalRound ? EndKind::FinalRound
         : ending == Ending::MaxRounds ? EndKind::MaxRounds
                                       : EndKind::FewLeft;
}

// Figures (all per game; the report averages them):
//   rounds              rounds played
//   engaged_pairs       couples formed
//   independents        players who claimed independence
//   left_available      players still available (or eligible) at Matrimony, who cannot win
//   winners             players who won
//   satisfied_rate      winners / players
//   engaged_won         engaged players whose fiance satisfied them
//   independent_won     independent players nobody satisfied
//   one_or_none_left, final_round_played, max_rounds_reached   1 for the way the game ended
inline void fill_report(GameReport& r, const PersuasionDeck& deck, const CardsInPlay& table,
                        const std::array<Standing, kMaxSeats>& standing, const std::array<bool, kMaxSeats>& won,
                        EndKind end, int rounds) {
  const int n = table.seats;
  int engaged = 0, independent = 0, available = 0, winners = 0, engaged_won = 0, independent_won = 0;
  for (Seat s = 0; s < n; ++s) {
    engaged += standing[s] == Standing::Engaged;
    independent += standing[s] == Standing::Independent;
    available += standing[s] == Standing::Available;
    winners += won[s];
    engaged_won += won[s] && standing[s] == Standing::Engaged;
    independent_won += won[s] && standing[s] == Standing::Independent;
    for (CardId c : table.hands[s]) r.card(s, deck.trait_labels[c]);   // a hand holds real cards
    if (table.desires[s] != kNoCard) r.card(s, deck.desires_card_label(table.desires[s]));
  }
  r.set("rounds", rounds);
  r.set("engaged_pairs", engaged / 2);
  r.set("independents", independent);
  r.set("left_available", available);
  r.set("winners", winners);
  r.set("satisfied_rate", n > 0 ? static_cast<double>(winners) / n : 0);
  r.set("engaged_won", engaged_won);
  r.set("independent_won", independent_won);
  r.set("one_or_none_left", end == EndKind::FewLeft);
  r.set("final_round_played", end == EndKind::FinalRound);
  r.set("max_rounds_reached", end == EndKind::MaxRounds);
  r.capped = end == EndKind::MaxRounds;
}

}  // namespace court::persuasion
