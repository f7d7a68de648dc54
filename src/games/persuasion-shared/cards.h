// Persuasion's trait deck, shared by both editions: five symbols and 60 trait cards, each with a
// desire row of two signed symbols (read when the card is someone's desires card) and a border of
// three signed symbols (the traits it adds to a hand). Loaded from data/persuasion/traits.toml, which
// tools/persuasion/make_deck.cpp generates.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.h"

namespace court::persuasion {

// A card of the deck (an index into PersuasionDeck::cards, 0-based; the data's id is one more).
using CardId = std::uint8_t;
// A set of cards as a bitmask: the deck holds at most 64 cards.
using CardSet = std::uint64_t;
// One of the five symbols: 0 Wealth, 1 Title, 2 Mystery, 3 Romance, 4 Danger (names are data).
using Symbol = std::uint8_t;

inline constexpr int kSymbols = 5;
inline constexpr int kMaxCards = 64;
inline constexpr CardId kNoCard = 0xff;

// A symbol with its sign, as printed on a card: +Wealth, -Danger ...
struct SignedSymbol {
  Symbol symbol = 0;
  std::int8_t sign = 1;  // +1 or -1
  friend constexpr bool operator==(SignedSymbol, SignedSymbol) = default;
};

struct TraitCard {
  int id = 0;                               // the number printed on the card (data order, from 1)
  std::array<SignedSymbol, 2> desire{};     // the underlined desire row
  std::array<SignedSymbol, 3> border{};     // the traits this card adds to a hand
};

struct SymbolInfo {
  std::string key;    // "wealth": how data files name it
  std::string name;   // "Wealth"
  std::string emoji;  // "💎"
};

struct PersuasionDeck {
  std::array<SymbolInfo, kSymbols> symbols;
  std::vector<TraitCard> cards;
  // Per card: how often the deck's desire rows name the signed symbols on its border (summed over
  // its three border symbols). A quick, knowledge-free measure of how attractive a card is to show.
  std::array<int, kMaxCards> appeal{};

  int size() const { return static_cast<int>(cards.size()); }
  CardSet all() const { return cards.size() >= 64 ? ~CardSet{0} : (CardSet{1} << cards.size()) - 1; }
  // "+Wealth" (labels and the log use words; the browser draws its own icons)
  std::string signed_name(SignedSymbol s) const;
  // "+Wealth" (as signed_name)
  std::string signed_short(SignedSymbol s) const;
  // "#07 +Title -Mystery +Romance": a card as a trait (its number and border); "a card" for kNoCard.
  const std::string& trait_label(CardId c) const;
  // "#07 wants +Wealth and -Danger": a card as a desires card (its desire row).
  const std::string& desire_label(CardId c) const;
  // "desires #07 wants +Wealth and -Danger": the card a seat holds as its desires (card impact).
  const std::string& desires_card_label(CardId c) const { return desires_card_labels.at(c); }
  // {"symbol": "wealth", "sign": 1}: a signed symbol as views show it.
  nlohmann::json symbol_view(SignedSymbol s) const;

  // Both labels of every card, written once by load_deck (views, logs and every simulated game's
  // report name cards: formatting them each time was a third of `court sim`'s time, issue 22).
  std::vector<std::string> trait_labels, desire_labels, desires_card_labels;
  // Every card as views show a trait card ({"id": 7, "symbols": [symbol_view...]}), written once by load_deck:
  // building them for every state message was a tenth of a busy server's time (issue 22).
  std::vector<nlohmann::json> trait_views;
};

// Reads data/persuasion/traits.toml (or `data_dir`/traits.toml); throws UserError naming the file,
// the card and the field on bad data.
PersuasionDeck load_deck(const std::string& data_dir);

// What both editions' rules hold: the deck, the seat count and the round limit (option max_rounds).
struct EditionRules {
  PersuasionDeck deck;
  int seats = 3;
  int max_rounds = 30;
};
// The start of both editions' `prepare`: refuses a seat count outside min_seats..kMaxSeats, naming
// the game; then reads the deck and max_rounds.
EditionRules load_edition_rules(const GameConfig& config, const char* game_id, int min_seats);
// Refuses a deck with fewer than `needed` cards for `seats` players.
void check_deck_covers(const PersuasionDeck& deck, int seats, int needed);

// --- CardSet helpers -------------------------------------------------------------------------------
constexpr CardSet card_bit(CardId c) { return CardSet{1} << c; }
constexpr bool has_card(CardSet set, CardId c) { return (set >> c) & 1u; }
constexpr int card_count(CardSet set) { return std::popcount(set); }

}  // namespace court::persuasion
