// Persuasion, character-card edition: the deck and options read into ClassicRules (prepare).
#include "games/persuasion-classic/cards.h"

#include <fmt/format.h>

namespace court::persuasion_classic {

ClassicRules load_classic_rules(const GameConfig& config) {
  if (config.seats < kMinSeats || config.seats > kMaxSeats) {
    throw UserError(fmt::format("persuasion-classic is for {} to {} players, not {}", kMinSeats, kMaxSeats, config.seats));
  }
  ClassicRules rules;
  rules.deck = load_deck(config.data_dir);
  rules.seats = config.seats;
  rules.max_rounds = static_cast<int>(config.options.get_int("max_rounds"));
  const int needed = config.seats * (kHandSize + 1) + 1;
  if (rules.deck.size() < needed) {
    throw UserError(fmt::format("data/persuasion/traits.toml: {} cards; {} players need at least {}", rules.deck.size(),
                                config.seats, needed));
  }
  return rules;
}

}  // namespace court::persuasion_classic
