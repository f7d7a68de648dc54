// Persuasion, letterbox edition: the deck and options read into LetterboxRules (prepare).
#include "games/persuasion/cards.h"

#include <fmt/format.h>

namespace court::persuasion {

LetterboxRules load_letterbox_rules(const GameConfig& config) {
  if (config.seats < kMinSeats || config.seats > kMaxSeats) {
    throw UserError(fmt::format("persuasion is for {} to {} players, not {}", kMinSeats, kMaxSeats, config.seats));
  }
  LetterboxRules rules;
  rules.deck = load_deck(config.data_dir);
  rules.seats = config.seats;
  rules.hand_size = letterbox_hand_size(config.seats);
  rules.max_rounds = static_cast<int>(config.options.get_int("max_rounds"));
  rules.extra_reflection = config.options.get_bool("extra_reflection");
  const int needed = config.seats * (rules.hand_size + 1) + 2;
  if (rules.deck.size() < needed) {
    throw UserError(fmt::format("data/persuasion/traits.toml: {} cards; {} players need at least {}", rules.deck.size(),
                                config.seats, needed));
  }
  return rules;
}

}  // namespace court::persuasion
