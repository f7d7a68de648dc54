// Persuasion, character-card edition: the deck and options read into ClassicRules (prepare).
#include "games/persuasion-classic/cards.h"

namespace court::persuasion_classic {

ClassicRules load_classic_rules(const GameConfig& config) {
  ClassicRules rules{load_edition_rules(config, "persuasion-classic", kMinSeats)};
  check_deck_covers(rules.deck, config.seats, config.seats * (kHandSize + 1) + 1);
  return rules;
}

}  // namespace court::persuasion_classic
