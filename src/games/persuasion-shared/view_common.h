// View pieces shared by both editions: the symbol legend, symbol tallies in words, a seat's
// "suitability spreadsheet" (what it knows of every other hand, with a running tally), desires cards,
// standings, a player's own cards, and the end of a view (Matrimony's results and the log).
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/report_common.h"
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
// A desires card: {"id", "desires": the signed symbols of `row`, "at_least": 2}, the row being the
// edition's (the letterbox edition's desire row, the character-card edition's border).
nlohmann::json desires_json(const PersuasionDeck& deck, CardId c, std::span<const SignedSymbol> row);
// A player's standing in words: "engaged to seat 2", "independent", or `open` ("available", "eligible").
std::string standing_words(Standing standing, Seat fiance, const char* open);

// What a player's view shows of its own cards and the others': "you", its "desires" card (drawn the
// edition's way), its "hand" (each card as `card(c)` draws it), "your_symbols" and the "spreadsheet".
template <class Card>
void put_own_cards(nlohmann::json& v, const PersuasionDeck& deck, const CardsInPlay& table, Seat seat,
                   nlohmann::json desires, Card&& card) {
  v["you"] = seat;
  v["desires"] = std::move(desires);
  nlohmann::json hand = nlohmann::json::array();
  for (CardId c : table.hands[seat]) hand.push_back(card(c));
  v["hand"] = hand;
  v["your_symbols"] = tally_json(deck, tally_of(deck, table.hands[seat]));
  v["spreadsheet"] = spreadsheet(deck, table, seat);
}

// The view's "matrimony" entry at the end of the game (`s`: either edition's state): every seat's
// desires card, traits, dominant symbols and result. `desires(c)` draws a desires card the edition's way.
template <class State, class DesiresCard>
nlohmann::json matrimony_results(const State& s, DesiresCard&& desires) {
  using nlohmann::json;
  const PersuasionDeck& deck = s.deck();
  const CardsInPlay& table = s.table();
  json result = json::array();
  for (Seat t = 0; t < table.seats; ++t) {
    json hand = json::array();
    for (CardId c : table.hands[t]) hand.push_back(trait_card(deck, c));
    result.push_back({{"seat", t}, {"desires", desires(table.desires[t])}, {"traits", hand},
                      {"dominant", dominant_json(deck, tally_of(deck, table.hands[t]))}, {"won", s.won(t)}});
  }
  return result;
}

// The end of both editions' views: once the game is over, "matrimony" (matrimony_results) and "ending"
// (why the game ended, in words); then "log" and "log_total" (put_log): the window's events of those kept, in
// words as `render(e)` puts them for the viewing seat.
template <class State, class DesiresCard, class Render>
void put_ending_and_log(nlohmann::json& v, const State& s, const char* ending, DesiresCard&& desires, Render&& render,
                        LogWindow window) {
  if (s.terminal()) {
    v["matrimony"] = matrimony_results(s, desires);
    v["ending"] = ending;
  }
  put_log(v, s.log().first(), s.log().total(), window,
          [&](std::size_t i) { return render(s.log().at(static_cast<std::uint32_t>(i))); });
}

}  // namespace court::persuasion
