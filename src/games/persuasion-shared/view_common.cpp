#include "games/persuasion-shared/view_common.h"

#include <fmt/format.h>

namespace court::persuasion {

std::string symbol_legend(const PersuasionDeck& deck) {
  std::string out;
  for (const SymbolInfo& s : deck.symbols) out += (out.empty() ? "" : ", ") + s.emoji + " " + s.name;
  return out;
}

std::string tally_words(const PersuasionDeck& deck, const SymbolTally& tally) {
  std::string out;
  for (int s = 0; s < kSymbols; ++s) {
    int v = tally.total[s];
    out += fmt::format("{}{} {}", out.empty() ? "" : "  ", deck.symbols[s].emoji, v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v));
  }
  return out;
}

std::string dominant_words(const PersuasionDeck& deck, const SymbolTally& tally) {
  std::string out;
  for (int s = 0; s < kSymbols; ++s) {
    int sign = tally.dominant(static_cast<Symbol>(s));
    if (sign == 0) continue;
    out += (out.empty() ? "" : ", ") +
           deck.signed_name(SignedSymbol{static_cast<Symbol>(s), static_cast<std::int8_t>(sign)});
  }
  return out.empty() ? "none" : out;
}

nlohmann::json spreadsheet(const PersuasionDeck& deck, const CardsInPlay& table, Seat seat) {
  nlohmann::json out = nlohmann::json::array();
  for (Seat t = 0; t < table.seats; ++t) {
    if (t == seat) continue;
    const CardSet sure = table.knowledge.known[seat][t];
    const CardSet maybe = table.knowledge.seen[seat][t] & ~sure;
    nlohmann::json known = nlohmann::json::array(), gone = nlohmann::json::array();
    for (CardSet r = sure; r; r &= r - 1) known.push_back(deck.trait_label(static_cast<CardId>(std::countr_zero(r))));
    for (CardSet r = maybe; r; r &= r - 1) gone.push_back(deck.trait_label(static_cast<CardId>(std::countr_zero(r))));
    nlohmann::json row = {{"seat", t}, {"known", known}, {"tally", tally_words(deck, tally_of_set(deck, sure))}};
    if (!gone.empty()) row["seen_may_have_left"] = gone;
    out.push_back(row);
  }
  return out;
}

}  // namespace court::persuasion
