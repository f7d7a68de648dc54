#include "games/intrigue/cards.h"

#include <fmt/format.h>

#include "engine/data.h"

namespace court::intrigue {
namespace {

constexpr const char* kGameId = "intrigue";

TraitId intern_trait(IntrigueRules& rules, const std::string& name) {
  for (std::size_t i = 0; i < rules.traits.size(); ++i) if (rules.traits[i] == name) return static_cast<TraitId>(i);
  rules.traits.push_back(name);
  return static_cast<TraitId>(rules.traits.size() - 1);
}

void load_characters(IntrigueRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "characters.toml", config.data_dir);
  const toml::array& list = table_array(root, "character", file);
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldReader r(*list[i].as_table(), fmt::format("{}: character #{}", file, i + 1));
    CharacterInfo c;
    c.name = r.nonempty_text("name");
    if (rules.find_character(c.name) >= 0) r.fail("name", fmt::format("'{}' appears twice; names must be distinct", c.name));
    c.priority = r.integer("priority", true, 0, -1000, 1000);
    for (const auto& t : r.array("traits")) {
      auto name = t.value<std::string>();
      if (!name || name->empty()) r.fail("traits", "must hold non-empty strings");
      c.traits.push_back(intern_trait(rules, *name));
    }
    rules.characters.push_back(std::move(c));
  }
  if (rules.characters.size() < static_cast<std::size_t>(kLetters) ||
      rules.characters.size() > static_cast<std::size_t>(kMaxCharacters)) {
    throw UserError(fmt::format("{}: {} characters; expected {}..{}", file, rules.characters.size(), kLetters,
                                kMaxCharacters));
  }

  if (const toml::table* tokens = root["tokens"].as_table()) {
    FieldReader r(*tokens, fmt::format("{}: [tokens]", file));
    const toml::array& values = r.array("support");
    if (values.empty() || values.size() > static_cast<std::size_t>(kMaxTokenValues)) {
      r.fail("support", fmt::format("must list 1..{} token values", kMaxTokenValues));
    }
    rules.token_count = static_cast<int>(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      auto v = toml_integer(values[i]);
      if (!v || *v < 0 || *v > 20) r.fail("support", "must hold integers 0..20");
      rules.token_values[i] = static_cast<int>(*v);
    }
    rules.losing_token_penalty = r.integer("losing_token_penalty", false, 1, 0, 20);
  }
  if (const toml::table* favors = root["favors"].as_table()) {
    FieldReader r(*favors, fmt::format("{}: [favors]", file));
    rules.favor_first_bonus = r.integer("first_bonus", false, 3, -20, 20);
    rules.favor_later_bonus = r.integer("later_bonus", false, 1, -20, 20);
    rules.favor_wrong_penalty = r.integer("wrong_penalty", false, 1, -20, 20);
  }
}

Effect parse_effect(const FieldReader& r, CardType type) {
  std::string name = r.text("effect", type != CardType::Relationship, "");
  if (type == CardType::Action) {
    static const std::pair<const char*, Effect> kActions[] = {
        {"oracle", Effect::Oracle}, {"assassination", Effect::Assassination}, {"virtue", Effect::Virtue},
        {"spy", Effect::Spy}, {"manipulate", Effect::Manipulate}, {"misinformation", Effect::Misinformation},
        {"lies", Effect::Lies}};
    for (const auto& [key, effect] : kActions) if (name == key) return effect;
    r.fail("effect", fmt::format("'{}' is not allowed for an action; expected one of oracle, assassination, "
                                 "virtue, spy, manipulate, misinformation, lies", name));
  }
  if (type == CardType::Support) {
    if (name == "draw") return Effect::Draw;
    if (name == "discard") return Effect::Discard;
    r.fail("effect", fmt::format("'{}' is not allowed for a support card; expected draw or discard", name));
  }
  if (!name.empty()) r.fail("effect", "is not used by relationship cards (use 'kind')");
  return Effect::None;
}

void load_cards(IntrigueRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "cards.toml", config.data_dir);
  const toml::array& list = table_array(root, "card", file);
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldReader r(*list[i].as_table(), fmt::format("{}: card #{}", file, i + 1));
    CardInfo c;
    c.title = r.nonempty_text("title");
    if (rules.find_card(c.title) != kNoCard) r.fail("title", fmt::format("'{}' appears twice; titles must be distinct", c.title));
    std::string type = r.text("type", true);
    if (type == "action") c.type = CardType::Action;
    else if (type == "support") c.type = CardType::Support;
    else if (type == "relationship") c.type = CardType::Relationship;
    else r.fail("type", fmt::format("'{}' is not allowed; expected action, support or relationship", type));
    c.effect = parse_effect(r, c.type);
    c.text = r.text("text", false);
    c.quantity = r.integer("quantity", false, 1, 0, kMaxDeck);
    c.support = r.integer("support", true, 0, -10, 10);
    std::string trait = r.text("trait", false);
    if (!trait.empty()) {
      bool known = false;
      for (const auto& t : rules.traits) known = known || t == trait;
      if (!known) r.fail("trait", fmt::format("'{}' is no character's trait", trait));
      c.trait = intern_trait(rules, trait);
      c.support_without_trait = r.integer("support_without_trait", false, 0, -10, 10);
    }
    if (c.type == CardType::Relationship) {
      std::string kind = r.text("kind", false, "arrows");
      if (kind == "arrows") {
        c.kind = RelationshipKind::Arrows;
        c.left = r.integer("left", true, 0, -10, 10);
        c.right = r.integer("right", true, 0, -10, 10);
      } else if (kind == "debt" || kind == "blackmail") {
        c.kind = kind == "debt" ? RelationshipKind::Debt : RelationshipKind::Blackmail;
        c.left_role = r.text("left_role", false, kind == "debt" ? "Debtor" : "Blackmailer");
        c.right_role = r.text("right_role", false, kind == "debt" ? "Lender" : "Victim");
      } else {
        r.fail("kind", fmt::format("'{}' is not allowed; expected arrows, debt or blackmail", kind));
      }
    }
    rules.cards.push_back(std::move(c));
    if (rules.cards.size() > static_cast<std::size_t>(kMaxCardTypes)) {
      throw UserError(fmt::format("{}: more than {} card titles", file, kMaxCardTypes));
    }
    const CardInfo& added = rules.cards.back();
    rules.face_up[rules.cards.size() - 1] = face_up_kind(added);
    rules.support_sign[rules.cards.size() - 1] = static_cast<std::int8_t>((added.support > 0) - (added.support < 0));
    for (int q = 0; q < rules.cards.back().quantity; ++q) {
      if (rules.deck.size() >= static_cast<std::size_t>(kMaxDeck)) {
        throw UserError(fmt::format("{}: the deck holds more than {} cards", file, kMaxDeck));
      }
      rules.deck.push_back(static_cast<CardId>(rules.cards.size() - 1));
    }
  }
  if (rules.deck.empty()) throw UserError(fmt::format("{}: the deck is empty", file));
}

}  // namespace

FaceUp face_up_kind(const CardInfo& card) {
  switch (card.type) {
    case CardType::Support:
      return FaceUp::Support;
    case CardType::Relationship: {
      const int sign = card.support > 0 ? 0 : card.support < 0 ? 1 : 2;
      const int first = static_cast<int>(card.symmetric() ? FaceUp::PositiveRelationship : FaceUp::PositiveRelationshipBothWays);
      return static_cast<FaceUp>(first + sign);
    }
    case CardType::Action:
      switch (card.effect) {
        case Effect::Oracle: return FaceUp::Oracle;
        case Effect::Assassination: return FaceUp::Assassination;
        case Effect::Virtue:
        case Effect::Spy: return FaceUp::Revealing;
        case Effect::Manipulate: return FaceUp::Manipulate;
        case Effect::Misinformation: return FaceUp::Misinformation;
        case Effect::Lies: return FaceUp::Lies;
        default: return FaceUp::None;
      }
  }
  return FaceUp::None;
}

bool IntrigueRules::has_trait(CharacterId c, TraitId t) const {
  for (TraitId own : characters[c].traits) if (own == t) return true;
  return false;
}


CardId IntrigueRules::find_card(const std::string& title) const {
  for (std::size_t i = 0; i < cards.size(); ++i) if (cards[i].title == title) return static_cast<CardId>(i);
  return kNoCard;
}

int IntrigueRules::find_character(const std::string& name) const {
  for (std::size_t i = 0; i < characters.size(); ++i) if (characters[i].name == name) return static_cast<int>(i);
  return -1;
}

IntrigueRules load_intrigue_rules(const GameConfig& config) {
  if (config.seats != kSeats) {
    throw UserError(fmt::format("intrigue is for exactly {} players, not {}", kSeats, config.seats));
  }
  IntrigueRules rules;
  load_characters(rules, config);
  load_cards(rules, config);
  for (std::size_t card = 0; card < rules.cards.size(); ++card) {
    const CardInfo& info = rules.cards[card];
    for (std::size_t c = 0; c < rules.characters.size(); ++c) {
      const bool full = info.trait == kNoTrait || rules.has_trait(static_cast<CharacterId>(c), info.trait);
      rules.support_table[card][c] = static_cast<std::int8_t>(full ? info.support : info.support_without_trait);
    }
  }
  rules.hand_size = static_cast<int>(config.options.get_int("hand_size"));
  rules.rounds = static_cast<int>(config.options.get_int("rounds"));
  rules.starting_points = static_cast<int>(config.options.get_int("starting_points"));
  return rules;
}

}  // namespace court::intrigue
