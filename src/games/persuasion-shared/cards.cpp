#include "games/persuasion-shared/cards.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/data.h"

namespace court::persuasion {
namespace {

constexpr const char* kFile = "traits.toml";

// Reads "+wealth" / "-danger".
SignedSymbol parse_signed(const PersuasionDeck& deck, const toml::node& node, const FieldReader& r, const char* key) {
  auto value = node.value<std::string>();
  std::vector<std::string> keys;
  for (const auto& s : deck.symbols) keys.push_back(s.key);
  const std::string allowed = fmt::format("expected '+' or '-' and a symbol key ({})", fmt::join(keys, ", "));
  if (!value || value->size() < 2 || ((*value)[0] != '+' && (*value)[0] != '-')) {
    r.fail(key, fmt::format("holds a bad signed symbol; {}", allowed));
  }
  const std::string name = value->substr(1);
  for (int s = 0; s < kSymbols; ++s) {
    if (deck.symbols[s].key == name) {
      return SignedSymbol{static_cast<Symbol>(s), static_cast<std::int8_t>((*value)[0] == '+' ? 1 : -1)};
    }
  }
  r.fail(key, fmt::format("names an unknown symbol '{}'; {}", name, allowed));
}

template <std::size_t N>
std::array<SignedSymbol, N> parse_row(const PersuasionDeck& deck, const FieldReader& r, const char* key) {
  const toml::node* node = r.get(key);
  if (!node || !node->is_array() || node->as_array()->size() != N) {
    r.fail(key, fmt::format("must be an array of {} signed symbols", N));
  }
  std::array<SignedSymbol, N> row{};
  for (std::size_t i = 0; i < N; ++i) {
    row[i] = parse_signed(deck, *node->as_array()->get(i), r, key);
    for (std::size_t j = 0; j < i; ++j) {
      if (row[j].symbol == row[i].symbol) {
        r.fail(key, fmt::format("names the symbol '{}' twice; its symbols must differ", deck.symbols[row[i].symbol].key));
      }
    }
  }
  return row;
}

}  // namespace

// Labels and the log name symbols in words: not every screen has an emoji font (headless browsers
// draw boxes), and the browser's table draws its own icons from the views' symbol keys.
std::string PersuasionDeck::signed_name(SignedSymbol s) const {
  return fmt::format("{}{}", s.sign > 0 ? '+' : '-', symbols[s.symbol].name);
}

std::string PersuasionDeck::signed_short(SignedSymbol s) const { return signed_name(s); }

const std::string& PersuasionDeck::trait_label(CardId c) const {
  static const std::string kAnyCard = "a card";
  return c == kNoCard ? kAnyCard : trait_labels.at(c);
}

const std::string& PersuasionDeck::desire_label(CardId c) const { return desire_labels.at(c); }

nlohmann::json PersuasionDeck::symbol_view(SignedSymbol s) const {
  return {{"symbol", symbols[s.symbol].key}, {"sign", static_cast<int>(s.sign)}};
}

namespace {

// The labels and the view of every card, written once (see PersuasionDeck).
void write_labels(PersuasionDeck& deck) {
  for (const TraitCard& card : deck.cards) {
    deck.trait_labels.push_back(fmt::format("#{:02} {} {} {}", card.id, deck.signed_short(card.border[0]),
                                            deck.signed_short(card.border[1]), deck.signed_short(card.border[2])));
    deck.desire_labels.push_back(
        fmt::format("#{:02} wants {} and {}", card.id, deck.signed_name(card.desire[0]), deck.signed_name(card.desire[1])));
    deck.desires_card_labels.push_back("desires " + deck.desire_labels.back());
    nlohmann::json border = nlohmann::json::array();
    for (SignedSymbol s : card.border) border.push_back(deck.symbol_view(s));
    deck.trait_views.push_back({{"id", card.id}, {"symbols", std::move(border)}});
  }
}

}  // namespace

PersuasionDeck load_deck(const std::string& data_dir) {
  const auto [file, root] = load_data_file("persuasion", kFile, data_dir);
  PersuasionDeck deck;

  const toml::array& symbols = table_array(root, "symbol", file);
  if (symbols.size() != kSymbols) {
    throw UserError(fmt::format("{}: {} [[symbol]] tables; Persuasion has exactly {} symbols", file, symbols.size(),
                                kSymbols));
  }
  for (int s = 0; s < kSymbols; ++s) {
    const FieldReader r(*symbols.get(s)->as_table(), fmt::format("{}: symbol #{}", file, s + 1));
    deck.symbols[s] = {r.nonempty_text("key"), r.nonempty_text("name"), r.nonempty_text("emoji")};
    for (int o = 0; o < s; ++o) {
      if (deck.symbols[o].key == deck.symbols[s].key) {
        r.fail("key", fmt::format("'{}' appears twice; keys must differ", deck.symbols[s].key));
      }
    }
  }

  const toml::array& cards = table_array(root, "card", file);
  if (cards.empty() || cards.size() > static_cast<std::size_t>(kMaxCards)) {
    throw UserError(fmt::format("{}: {} [[card]] tables; expected 1..{}", file, cards.size(), kMaxCards));
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const FieldReader r(*cards.get(i)->as_table(), fmt::format("{}: card #{}", file, i + 1));
    TraitCard card;
    card.id = r.integer("id", false, static_cast<int>(i) + 1, 1, 99);
    for (const TraitCard& other : deck.cards) {
      if (other.id == card.id) r.fail("id", fmt::format("{} appears twice; ids must differ", card.id));
    }
    card.desire = parse_row<2>(deck, r, "desire");
    card.border = parse_row<3>(deck, r, "border");
    deck.cards.push_back(card);
  }
  std::array<std::array<int, 2>, kSymbols> desired{};
  for (const TraitCard& c : deck.cards) for (SignedSymbol x : c.desire) desired[x.symbol][x.sign > 0] += 1;
  for (std::size_t c = 0; c < deck.cards.size(); ++c) {
    for (SignedSymbol x : deck.cards[c].border) deck.appeal[c] += desired[x.symbol][x.sign > 0];
  }
  write_labels(deck);
  return deck;
}

EditionRules load_edition_rules(const GameConfig& config, const char* game_id, int min_seats) {
  if (config.seats < min_seats || config.seats > kMaxSeats) {
    throw UserError(fmt::format("{} is for {} to {} players, not {}", game_id, min_seats, kMaxSeats, config.seats));
  }
  EditionRules rules;
  rules.deck = load_deck(config.data_dir);
  rules.seats = config.seats;
  rules.max_rounds = static_cast<int>(config.options.get_int("max_rounds"));
  return rules;
}

void check_deck_covers(const PersuasionDeck& deck, int seats, int needed) {
  if (deck.size() < needed) {
    throw UserError(fmt::format("data/persuasion/traits.toml: {} cards; {} players need at least {}", deck.size(), seats,
                                needed));
  }
}

}  // namespace court::persuasion
