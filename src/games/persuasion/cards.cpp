#include "games/persuasion/cards.h"

#include <fmt/format.h>

#include "engine/data.h"

namespace court::persuasion {
namespace {

constexpr const char* kFile = "traits.toml";

std::string text_field(const toml::table& t, const char* key, const std::string& where) {
  const toml::node* node = t.get(key);
  if (!node || !node->is_string()) throw UserError(fmt::format("{}: field '{}' must be a string", where, key));
  std::string value = *node->value<std::string>();
  if (value.empty()) throw UserError(fmt::format("{}: field '{}' must not be empty", where, key));
  return value;
}

// Reads "+wealth" / "-danger".
SignedSymbol parse_signed(const PersuasionDeck& deck, const toml::node& node, const std::string& where,
                          const char* key) {
  auto value = node.value<std::string>();
  std::string keys;
  for (const auto& s : deck.symbols) keys += (keys.empty() ? "" : ", ") + s.key;
  const std::string allowed = fmt::format("expected '+' or '-' and a symbol key ({})", keys);
  if (!value || value->size() < 2 || ((*value)[0] != '+' && (*value)[0] != '-')) {
    throw UserError(fmt::format("{}: field '{}' holds a bad signed symbol; {}", where, key, allowed));
  }
  const std::string name = value->substr(1);
  for (int s = 0; s < kSymbols; ++s) {
    if (deck.symbols[s].key == name) {
      return SignedSymbol{static_cast<Symbol>(s), static_cast<std::int8_t>((*value)[0] == '+' ? 1 : -1)};
    }
  }
  throw UserError(fmt::format("{}: field '{}' names an unknown symbol '{}'; {}", where, key, name, allowed));
}

template <std::size_t N>
std::array<SignedSymbol, N> parse_row(const PersuasionDeck& deck, const toml::table& t, const char* key,
                                      const std::string& where) {
  const toml::node* node = t.get(key);
  if (!node || !node->is_array() || node->as_array()->size() != N) {
    throw UserError(fmt::format("{}: field '{}' must be an array of {} signed symbols", where, key, N));
  }
  std::array<SignedSymbol, N> row{};
  for (std::size_t i = 0; i < N; ++i) {
    row[i] = parse_signed(deck, *node->as_array()->get(i), where, key);
    for (std::size_t j = 0; j < i; ++j) {
      if (row[j].symbol == row[i].symbol) {
        throw UserError(fmt::format("{}: field '{}' names the symbol '{}' twice; its symbols must differ", where,
                                    key, deck.symbols[row[i].symbol].key));
      }
    }
  }
  return row;
}

}  // namespace

std::string PersuasionDeck::signed_name(SignedSymbol s) const {
  return fmt::format("{}{} {}", s.sign > 0 ? '+' : '-', symbols[s.symbol].emoji, symbols[s.symbol].name);
}

std::string PersuasionDeck::signed_short(SignedSymbol s) const {
  return fmt::format("{}{}", s.sign > 0 ? '+' : '-', symbols[s.symbol].emoji);
}

std::string PersuasionDeck::trait_label(CardId c) const {
  if (c == kNoCard) return "a card";
  const TraitCard& card = cards[c];
  return fmt::format("#{:02} {} {} {}", card.id, signed_short(card.border[0]), signed_short(card.border[1]),
                     signed_short(card.border[2]));
}

std::string PersuasionDeck::desire_label(CardId c) const {
  const TraitCard& card = cards[c];
  return fmt::format("#{:02} wants {} and {}", card.id, signed_name(card.desire[0]), signed_name(card.desire[1]));
}

PersuasionDeck load_deck(const std::string& data_dir) {
  const std::string file = data_file_name("persuasion", kFile, data_dir);
  const toml::table root = load_toml_data("persuasion", kFile, data_dir);
  PersuasionDeck deck;

  const toml::array& symbols = table_array(root, "symbol", file);
  if (symbols.size() != kSymbols) {
    throw UserError(fmt::format("{}: {} [[symbol]] tables; Persuasion has exactly {} symbols", file, symbols.size(),
                                kSymbols));
  }
  for (int s = 0; s < kSymbols; ++s) {
    const std::string where = fmt::format("{}: symbol #{}", file, s + 1);
    const toml::table& t = *symbols.get(s)->as_table();
    deck.symbols[s] = {text_field(t, "key", where), text_field(t, "name", where), text_field(t, "emoji", where)};
    for (int o = 0; o < s; ++o) {
      if (deck.symbols[o].key == deck.symbols[s].key) {
        throw UserError(fmt::format("{}: field 'key' '{}' appears twice; keys must differ", where, deck.symbols[s].key));
      }
    }
  }

  const toml::array& cards = table_array(root, "card", file);
  if (cards.empty() || cards.size() > static_cast<std::size_t>(kMaxCards)) {
    throw UserError(fmt::format("{}: {} [[card]] tables; expected 1..{}", file, cards.size(), kMaxCards));
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const std::string where = fmt::format("{}: card #{}", file, i + 1);
    const toml::table& t = *cards.get(i)->as_table();
    TraitCard card;
    card.id = static_cast<int>(i) + 1;
    if (const toml::node* id = t.get("id")) {
      auto v = id->value<std::int64_t>();
      if (!id->is_integer() || !v || *v < 1 || *v > 99) throw UserError(fmt::format("{}: field 'id' must be an integer 1..99", where));
      card.id = static_cast<int>(*v);
      for (const TraitCard& other : deck.cards) {
        if (other.id == card.id) throw UserError(fmt::format("{}: field 'id' {} appears twice; ids must differ", where, card.id));
      }
    }
    card.desire = parse_row<2>(deck, t, "desire", where);
    card.border = parse_row<3>(deck, t, "border", where);
    deck.cards.push_back(card);
  }
  std::array<std::array<int, 2>, kSymbols> desired{};
  for (const TraitCard& c : deck.cards) for (SignedSymbol x : c.desire) desired[x.symbol][x.sign > 0] += 1;
  for (std::size_t c = 0; c < deck.cards.size(); ++c) {
    for (SignedSymbol x : deck.cards[c].border) deck.appeal[c] += desired[x.symbol][x.sign > 0];
  }
  return deck;
}

}  // namespace court::persuasion
