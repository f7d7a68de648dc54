// Persuasion, letterbox edition: the deck and options read into LetterboxRules (prepare).
#include "games/persuasion/cards.h"

namespace court::persuasion {

LetterboxRules load_letterbox_rules(const GameConfig& config) {
  LetterboxRules rules{load_edition_rules(config, "persuasion", kMinSeats)};
  rules.hand_size = letterbox_hand_size(config.seats);
  rules.extra_reflection = config.options.get_bool("extra_reflection");
  rules.independence_from = static_cast<int>(config.options.get_int("independence_from"));
  check_deck_covers(rules.deck, config.seats, config.seats * (rules.hand_size + 1) + 2);
  return rules;
}

}  // namespace court::persuasion
