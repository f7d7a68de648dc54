// Belle of the Ball's data: the guests and Belles of the designed deck, their symbols and powers, and the
// options. Loaded once per configuration from data/belle/*.toml; immutable while games run.
//
// Powers are data, not code per card: a small closed vocabulary of effects with parameters (see the
// comments in data/belle/guests.toml). An unknown effect is refused naming the file, line and card.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::belle {

// A card name in the deck (an index into BelleRules::cards). Copies of a card are alike.
using CardId = std::uint8_t;
// A family (an index into BelleRules::families).
using FamilyId = std::uint8_t;
// A set of symbols, one bit per Symbol.
using SymbolMask = std::uint8_t;

inline constexpr CardId kNoCard = 0xff;
inline constexpr FamilyId kNoFamily = 0xff;
inline constexpr int kMinSeats = 2;
inline constexpr int kMaxPlayers = 5;
inline constexpr int kMaxCardTypes = 127;   // card ids fit 7 bits of an action code
inline constexpr int kMaxDeck = 128;        // physical cards; also bounds units in play
inline constexpr int kMaxFamilies = 16;
inline constexpr int kMaxHand = 16;
inline constexpr int kMaxHandOption = 8;
inline constexpr int kMaxMinglers = 8;
inline constexpr int kGiftsPerCouple = 2;

// The rulebook's symbols: social (flirting, snubbing) and activity (eating, drinking, dancing).
enum class Symbol : std::uint8_t { Flirting, Snubbing, Eating, Drinking, Dancing };
inline constexpr int kSymbols = 5;
inline constexpr SymbolMask symbol_bit(Symbol s) { return static_cast<SymbolMask>(1u << static_cast<int>(s)); }
const char* symbol_name(Symbol s);          // "flirting"
const char* symbol_title(Symbol s);         // "Flirting"

enum class CardKind : std::uint8_t { Guest, Belle };

// What a newly invited guest does to other guests (once, for the new card only).
enum class Reach : std::uint8_t { None, Attract, Repel };

// Invitation powers of guests.
enum class InvitePower : std::uint8_t {
  None,
  Draw,             // draw `power_count` cards
  DismissMingler,   // may discard one mingling card
  WelcomeMingler,   // may bring one mingling guest into the clique (no powers, no attraction)
  ExtraGift,        // may bring one more gift this turn
};

// End-of-round popularity effects of guests and Belles.
enum class Bonus : std::uint8_t {
  None,
  PerSymbol,         // points per unit (single, or couple by its top) showing `symbol`
  PerFamily,         // points per unit of `family`
  PerCouple,
  PerSingle,
  PerGift,
  PerFamilyPresent,  // points per distinct family among the units
  Flat,
};

struct BonusEffect {
  Bonus kind = Bonus::None;
  std::int8_t points = 0;
  std::uint8_t param = 0;   // Symbol for PerSymbol, FamilyId for PerFamily
};

// Which couple a Belle attracts when invited (judged on the couple's top card).
enum class Criterion : std::uint8_t { Any, Symbol, Family, MinPoints, Gifted };

struct CardInfo {
  std::string name;
  CardKind kind = CardKind::Guest;
  // Guests.
  FamilyId family = kNoFamily;
  SymbolMask symbols = 0;         // its social and activity symbols
  int points = 0;
  Reach reach = Reach::None;
  SymbolMask reach_symbols = 0;
  int reach_count = 1;            // attracts twice when 2
  InvitePower power = InvitePower::None;
  int power_count = 0;            // Draw: cards to draw
  // Guests and Belles.
  BonusEffect bonus;
  // Belles.
  Criterion criterion = Criterion::Any;
  std::uint8_t criterion_param = 0;   // Symbol, FamilyId or minimum points
  int quantity = 1;
  std::string source;             // "data/belle/guests.toml:12", for messages

  bool is_guest() const { return kind == CardKind::Guest; }
  bool is_belle() const { return kind == CardKind::Belle; }
  bool has(Symbol s) const { return (symbols & symbol_bit(s)) != 0; }
};

struct BelleRules {
  std::vector<CardInfo> cards;
  std::vector<std::string> families;
  std::vector<CardId> deck;        // one entry per physical card, in data order
  int seats = 2;
  // Options.
  int hand_size = 5;
  int minglers = 5;
  int couple_threshold = 0;        // 0: by player count (players + 3)
  bool buried_powers = false;      // the bottom card of a couple keeps its end-of-round power
  bool optional_reach = false;     // attract and repel may be declined
  bool gift_with_belle = false;    // a gift may come with a Belle's invitation too (the rulebook: a guest's only)

  // Couples in play that end a round: 5, 6, 7, 8 for 2..5 players (rulebook), unless the option is set.
  int couples_to_end() const { return couple_threshold > 0 ? couple_threshold : seats + 3; }
  // The card id of `name`, or kNoCard.
  CardId find_card(const std::string& name) const;
  int find_family(const std::string& name) const;
  const CardInfo& card(CardId c) const { return cards[c]; }
};


// Reads the data files and options; throws UserError naming the file, line, card and field on bad data.
BelleRules load_belle_rules(const GameConfig& config);

// A card in words for labels and views: "Lady Hortensia Goatsbury (Flirting, Dancing, attracts Flirting)".
std::string card_summary(const BelleRules& rules, CardId c);
// The end-of-round effect in words: "+1 per Dancing guest".
std::string bonus_text(const BelleRules& rules, const BonusEffect& b);
// A Belle's invitation criterion in words: "attracts a couple whose top card is Dancing".
std::string criterion_text(const BelleRules& rules, const CardInfo& belle);

}  // namespace court::belle
