// View pieces shared by both editions: the symbol legend, symbol tallies in words, and a seat's
// "suitability spreadsheet" (what it knows of every other hand, with a running tally).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "games/persuasion/cards.h"
#include "games/persuasion/scoring.h"
#include "games/persuasion/table.h"

namespace court::persuasion {

// "💎 Wealth, 👑 Title, 👤 Mystery, 🌹 Romance, 🗡️ Danger"
std::string symbol_legend(const PersuasionDeck& deck);
// "💎 +2  👑 0  👤 -1  🌹 +1  🗡️ 0"
std::string tally_words(const PersuasionDeck& deck, const SymbolTally& tally);
// "-💎 Wealth, +👤 Mystery" (or "none")
std::string dominant_words(const PersuasionDeck& deck, const SymbolTally& tally);
// One entry per other seat: the cards `seat` is sure of, those it saw that may have left since, and
// the tally of the sure ones.
nlohmann::json spreadsheet(const PersuasionDeck& deck, const Table& table, Seat seat);

}  // namespace court::persuasion
