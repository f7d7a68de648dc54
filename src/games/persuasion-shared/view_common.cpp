#include "games/persuasion-shared/view_common.h"

#include <fmt/format.h>

namespace court::persuasion {

nlohmann::json symbol_legend(const PersuasionDeck& deck) {
  nlohmann::json out = nlohmann::json::array();
  for (const SymbolInfo& s : deck.symbols) out.push_back({{"symbol", s.key}, {"name", s.name}});
  return out;
}

nlohmann::json signed_symbol(const PersuasionDeck& deck, SignedSymbol s) { return deck.symbol_view(s); }

nlohmann::json trait_card(const PersuasionDeck& deck, CardId c) { return deck.trait_views[c]; }

nlohmann::json tally_json(const PersuasionDeck& deck, const SymbolTally& tally) {
  nlohmann::json out = nlohmann::json::object();
  for (int s = 0; s < kSymbols; ++s) out[deck.symbols[s].key] = tally.total[s];
  return out;
}

nlohmann::json dominant_json(const PersuasionDeck& deck, const SymbolTally& tally) {
  nlohmann::json out = nlohmann::json::array();
  for (int s = 0; s < kSymbols; ++s) {
    const int sign = tally.dominant(static_cast<Symbol>(s));
    if (sign != 0) out.push_back(signed_symbol(deck, SignedSymbol{static_cast<Symbol>(s), static_cast<std::int8_t>(sign)}));
  }
  return out;
}

nlohmann::json spreadsheet(const PersuasionDeck& deck, const CardsInPlay& table, Seat seat) {
  nlohmann::json out = nlohmann::json::array();
  for (Seat t = 0; t < table.seats; ++t) {
    if (t == seat) continue;
    const CardSet sure = table.knowledge.known[seat][t];
    const CardSet maybe = table.knowledge.seen[seat][t] & ~sure;
    nlohmann::json known = nlohmann::json::array(), gone = nlohmann::json::array();
    for (CardSet r = sure; r; r &= r - 1) known.push_back(trait_card(deck, static_cast<CardId>(std::countr_zero(r))));
    for (CardSet r = maybe; r; r &= r - 1) gone.push_back(trait_card(deck, static_cast<CardId>(std::countr_zero(r))));
    nlohmann::json row = {{"seat", t}, {"known", known}, {"tally", tally_json(deck, tally_of_set(deck, sure))}};
    if (!gone.empty()) row["seen_may_have_left"] = gone;
    out.push_back(row);
  }
  return out;
}

nlohmann::json desires_json(const PersuasionDeck& deck, CardId c, std::span<const SignedSymbol> row) {
  nlohmann::json symbols = nlohmann::json::array();
  for (SignedSymbol s : row) symbols.push_back(signed_symbol(deck, s));
  return {{"id", card_number(deck, c)}, {"desires", symbols}, {"at_least", 2}};
}

std::string standing_words(Standing standing, Seat fiance, const char* open) {
  if (standing == Standing::Engaged) return fmt::format("engaged to seat {}", fiance);
  return standing == Standing::Independent ? "independent" : open;
}

}  // namespace court::persuasion
