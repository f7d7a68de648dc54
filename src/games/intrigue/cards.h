// Intrigue's data: the deck's card titles, the characters, token and favor values, and the options,
// loaded once per configuration from data/intrigue/*.toml. Immutable while games run.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace court::intrigue {

// A card title in the deck (an index into IntrigueRules::cards). Copies of a title are alike.
using CardId = std::uint8_t;
// A character (an index into IntrigueRules::characters).
using CharacterId = std::uint8_t;
// A character's place in the circle: 0 = A, 1 = B, 2 = C. Favors and tokens name letters.
using Letter = std::uint8_t;
// A trait name (an index into IntrigueRules::traits).
using TraitId = std::uint8_t;

inline constexpr int kSeats = 3;
inline constexpr int kLetters = 3;
inline constexpr int kEdges = 3;                  // the three places for relationships around the circle
inline constexpr CardId kNoCard = 0xff;
inline constexpr TraitId kNoTrait = 0xff;
inline constexpr int kMaxCardTypes = 32;
inline constexpr int kMaxCharacters = 8;
inline constexpr int kMaxDeck = 48;
inline constexpr int kMaxHand = 16;
inline constexpr int kMaxHandOption = 8;
inline constexpr int kMaxRounds = 6;
inline constexpr int kMaxTokenValues = 2;         // tokens per character
inline constexpr int kTokens = kLetters * kMaxTokenValues;

enum class CardType : std::uint8_t { Action, Support, Relationship };

enum class Effect : std::uint8_t {
  None,
  // actions
  Oracle, Assassination, Virtue, Spy, Manipulate, Misinformation, Lies,
  // supports played face-up
  Draw, Discard,
};

enum class RelationshipKind : std::uint8_t { Arrows, Debt, Blackmail };

struct CardInfo {
  std::string title;
  CardType type = CardType::Support;
  Effect effect = Effect::None;
  std::string text;
  int quantity = 1;
  int support = 0;                 // value in a stack (when the character has `trait`, if any)
  TraitId trait = kNoTrait;
  int support_without_trait = 0;
  // Relationship cards.
  RelationshipKind kind = RelationshipKind::Arrows;
  int left = 0;                    // arrow values (Arrows kind)
  int right = 0;
  std::string left_role;           // "Debtor", "Blackmailer"
  std::string right_role;          // "Lender", "Victim"

  // Friendship and Feud look the same both ways round: they are offered in one orientation only.
  bool symmetric() const { return type == CardType::Relationship && kind == RelationshipKind::Arrows && left == right; }
};

// What a card's face-up moves depend on (state.cpp builds each kind's moves once per turn): its type,
// an action's effect, and a relationship's sign (what it may replace) and whether it is offered both
// ways round.
enum class FaceUp : std::uint8_t {
  None,            // an action without targets: face-down only
  Support,
  Oracle,
  Assassination,
  Revealing,       // Virtue and Spy: a character with face-down cards
  Manipulate,
  Misinformation,
  Lies,
  PositiveRelationship,
  NegativeRelationship,
  NeutralRelationship,
  PositiveRelationshipBothWays,
  NegativeRelationshipBothWays,
  NeutralRelationshipBothWays,
};
inline constexpr int kFaceUpKinds = static_cast<int>(FaceUp::NeutralRelationshipBothWays) + 1;
FaceUp face_up_kind(const CardInfo& card);

struct CharacterInfo {
  std::string name;
  std::vector<TraitId> traits;
  int priority = 0;
};

struct IntrigueRules {
  std::vector<CardInfo> cards;
  std::vector<CharacterInfo> characters;
  std::vector<std::string> traits;
  std::vector<CardId> deck;        // one entry per physical card, in data order
  std::array<FaceUp, kMaxCardTypes> face_up{};  // face_up_kind of each title, for the legal moves
  // The sign (-1, 0, 1) of each title's printed support, for the legal moves: a relationship replaces
  // one of opposite sign (can_place_relationship).
  std::array<std::int8_t, kMaxCardTypes> support_sign{};
  std::array<int, kMaxTokenValues> token_values{3, 1};
  int token_count = 2;             // tokens per character (1 or 2)
  int losing_token_penalty = 1;
  int favor_first_bonus = 3;
  int favor_later_bonus = 1;
  int favor_wrong_penalty = 1;
  // Options.
  int hand_size = 5;
  int rounds = 3;
  int starting_points = 3;

  bool has_trait(CharacterId c, TraitId t) const;
  // What `card` adds to character `c`'s support (trait-conditional values resolved), from a table made
  // when the data loads: every round's reveal asks it of every card in the stacks.
  int support_value(CardId card, CharacterId c) const { return support_table[card][c]; }
  std::array<std::array<std::int8_t, kMaxCharacters>, kMaxCardTypes> support_table{};
  // The card id of `title`, or kNoCard.
  CardId find_card(const std::string& title) const;
  // The character id of `name`, or -1.
  int find_character(const std::string& name) const;
};


// Reads the data files and options; throws UserError naming the file and field on bad data.
IntrigueRules load_intrigue_rules(const GameConfig& config);

}  // namespace court::intrigue
