// View pieces shared by both editions: the symbol legend, symbol tallies in words, and a seat's
// "suitability spreadsheet" (what it knows of every other hand, with a running tally).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion-shared/cards_in_play.h"

namespace court::persuasion {

// "💎 Wealth, 👑 Title, 👤 Mystery, 🌹 Romance, 🗡️ Danger"
std::string symbol_legend(const PersuasionDeck& deck);
// "💎 +2  👑 0  👤 -1  🌹 +1  🗡️ 0"
std::string tally_words(const PersuasionDeck& deck, const SymbolTally& tally);
// "-💎 Wealth, +👤 Mystery" (or "none")
std::string dominant_words(const PersuasionDeck& deck, const SymbolTally& tally);
// One entry per other seat: the cards `seat` is sure of, those it saw that may have left since, and
// the tally of the sure ones.
nlohmann::json spreadsheet(const PersuasionDeck& deck, const CardsInPlay& table, Seat seat);

// The view's "matrimony" entry at the end of the game: every seat's desires card, traits, dominant
// symbols and result. `desires(c)` words a desires card the edition's way.
template <class DesiresWords>
nlohmann::json matrimony_results(const PersuasionDeck& deck, const CardsInPlay& table, const std::array<bool, kMaxSeats>& won,
                                 DesiresWords&& desires) {
  using nlohmann::json;
  json result = json::array();
  for (Seat t = 0; t < table.seats; ++t) {
    json hand = json::array();
    for (CardId c : table.hands[t]) hand.push_back(deck.trait_label(c));
    result.push_back({{"seat", t}, {"desires", desires(table.desires[t])}, {"traits", hand},
                      {"dominant", dominant_words(deck, tally_of(deck, table.hands[t]))}, {"won", won[t]}});
  }
  return result;
}

// The view's "log" and "log_total" entries: the kept events in words, as `render(e)` puts them for
// the viewing seat.
template <std::size_t N, class Render>
void put_log(nlohmann::json& v, const EventLog<N>& log, Render&& render) {
  nlohmann::json lines = nlohmann::json::array();
  for (std::uint32_t i = log.first(); i < log.total(); ++i) lines.push_back(render(log.at(i)));
  v["log"] = lines;
  v["log_total"] = log.total();
}

}  // namespace court::persuasion
