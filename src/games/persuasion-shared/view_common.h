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

// Views carry cards as objects a client draws without parsing: symbols by their data key ("wealth"),
// never by emoji.
// [{"symbol": "wealth", "name": "Wealth"}, ...]: the symbols in data order.
nlohmann::json symbol_legend(const PersuasionDeck& deck);
// {"symbol": "wealth", "sign": 1}
nlohmann::json signed_symbol(const PersuasionDeck& deck, SignedSymbol s);
// The number printed on card c (the data's id, from 1): how views and move parts name a card.
inline int card_number(const PersuasionDeck& deck, CardId c) { return deck.cards[c].id; }
// A trait card: {"id": 7, "symbols": [{"symbol": "title", "sign": 1}, ...]} (its border).
nlohmann::json trait_card(const PersuasionDeck& deck, CardId c);
// {"wealth": 2, "title": 0, ...}: a hand's symbol totals by symbol key.
nlohmann::json tally_json(const PersuasionDeck& deck, const SymbolTally& tally);
// [{"symbol": "wealth", "sign": -1}, ...]: the dominant signed symbols.
nlohmann::json dominant_json(const PersuasionDeck& deck, const SymbolTally& tally);
// One entry per other seat: the cards `seat` is sure of, those it saw that may have left since, and
// the tally of the sure ones.
nlohmann::json spreadsheet(const PersuasionDeck& deck, const CardsInPlay& table, Seat seat);

// The view's "matrimony" entry at the end of the game: every seat's desires card, traits, dominant
// symbols and result. `desires(c)` draws a desires card the edition's way.
template <class DesiresCard>
nlohmann::json matrimony_results(const PersuasionDeck& deck, const CardsInPlay& table, const std::array<bool, kMaxSeats>& won,
                                 DesiresCard&& desires) {
  using nlohmann::json;
  json result = json::array();
  for (Seat t = 0; t < table.seats; ++t) {
    json hand = json::array();
    for (CardId c : table.hands[t]) hand.push_back(trait_card(deck, c));
    result.push_back({{"seat", t}, {"desires", desires(table.desires[t])}, {"traits", hand},
                      {"dominant", dominant_json(deck, tally_of(deck, table.hands[t]))}, {"won", won[t]}});
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
