#include "games/belle/cards.h"

#include <fmt/format.h>

#include "engine/data.h"

namespace court::belle {
namespace {

constexpr const char* kGameId = "belle";
constexpr const char* kSymbolNames[kSymbols] = {"flirting", "snubbing", "eating", "drinking", "dancing"};
constexpr const char* kSymbolTitles[kSymbols] = {"Flirting", "Snubbing", "Eating", "Drinking", "Dancing"};
constexpr const char* kAllSymbols = "flirting, snubbing, eating, drinking, dancing";
constexpr const char* kBonusEffects = "per_symbol, per_family, per_couple, per_single, per_gift, per_family_present, flat";

// Every error names the file, the field's line, the card and the field.
FieldReader card_reader(const toml::table& table, const std::string& file, const std::string& card) {
  return FieldReader::citing_field_lines(table, file, card);
}

Symbol symbol_of(const FieldReader& r, const std::string& name, const char* key) {
  for (int s = 0; s < kSymbols; ++s) if (name == kSymbolNames[s]) return static_cast<Symbol>(s);
  r.fail(key, fmt::format("names an unknown symbol '{}'; expected one of {}", name, kAllSymbols));
}

// An array of one or two symbol names; 0 when the field is missing.
SymbolMask symbols_of(const FieldReader& r, const char* key) {
  const toml::node* node = r.get(key);
  if (!node) return 0;
  const toml::array* list = node->as_array();
  if (!list || list->empty() || list->size() > 2) r.fail(key, "must list one or two symbols");
  SymbolMask mask = 0;
  for (const auto& item : *list) {
    auto name = item.value<std::string>();
    if (!name) r.fail(key, fmt::format("must hold symbol names ({})", kAllSymbols));
    mask |= symbol_bit(symbol_of(r, *name, key));
  }
  return mask;
}

FamilyId family_of(const BelleRules& rules, const FieldReader& r, const std::string& name, const char* key) {
  int f = rules.find_family(name);
  if (f < 0) {
    std::string list;
    for (const auto& fam : rules.families) list += (list.empty() ? "" : ", ") + fam;
    r.fail(key, fmt::format("names an unknown family '{}'; expected one of {}", name, list));
  }
  return static_cast<FamilyId>(f);
}

// An end-of-round effect: { effect = "...", points = n, symbol/family = ... }.
BonusEffect parse_bonus(const BelleRules& rules, const toml::table& t, const std::string& file,
                        const std::string& card) {
  FieldReader r = card_reader(t, file, card);
  BonusEffect b;
  const std::string effect = r.text("effect", true);
  if (effect == "per_symbol") {
    r.only({"effect", "points", "symbol"});
    b.kind = Bonus::PerSymbol;
    b.param = static_cast<std::uint8_t>(symbol_of(r, r.text("symbol", true), "symbol"));
  } else if (effect == "per_family") {
    r.only({"effect", "points", "family"});
    b.kind = Bonus::PerFamily;
    b.param = family_of(rules, r, r.text("family", true), "family");
  } else if (effect == "per_couple" || effect == "per_single" || effect == "per_gift" ||
             effect == "per_family_present" || effect == "flat") {
    r.only({"effect", "points"});
    b.kind = effect == "per_couple"   ? Bonus::PerCouple
             : effect == "per_single" ? Bonus::PerSingle
             : effect == "per_gift"   ? Bonus::PerGift
             : effect == "flat"       ? Bonus::Flat
                                      : Bonus::PerFamilyPresent;
  } else {
    r.fail("effect", fmt::format("'{}' is not an end-of-round effect; expected one of {}", effect, kBonusEffects));
  }
  const int limit = b.kind == Bonus::Flat ? 10 : 5;
  b.points = static_cast<std::int8_t>(r.integer("points", true, 0, -limit, limit));
  return b;
}

void parse_invite_power(CardInfo& c, const toml::table& t, const std::string& file) {
  FieldReader r = card_reader(t, file, c.name);
  const std::string effect = r.text("effect", true);
  if (effect == "draw") {
    r.only({"effect", "count"});
    c.power = InvitePower::Draw;
    c.power_count = r.integer("count", true, 1, 1, 3);
  } else if (effect == "dismiss_mingler" || effect == "welcome_mingler" || effect == "extra_gift") {
    r.only({"effect"});
    c.power = effect == "dismiss_mingler"   ? InvitePower::DismissMingler
              : effect == "welcome_mingler" ? InvitePower::WelcomeMingler
                                            : InvitePower::ExtraGift;
  } else {
    r.fail("effect", fmt::format("'{}' is not an invitation power; expected one of draw, dismiss_mingler, "
                                 "welcome_mingler, extra_gift", effect));
  }
}

// Entry #n of the [[guest]] or [[belle]] list: a card of `kind` with its name read, and the reader its
// errors go through, which names the card (by its number in the list while it has no name).
struct CardEntry {
  CardInfo card;
  FieldReader reader;
};
CardEntry card_entry(const toml::table& t, const std::string& file, CardKind kind, std::size_t n) {
  const std::string numbered = fmt::format("{} #{}", kind == CardKind::Guest ? "guest" : "belle", n);
  CardInfo c;
  c.kind = kind;
  c.name = card_reader(t, file, numbered).text("name", true);
  FieldReader r = card_reader(t, file, c.name.empty() ? numbered : c.name);
  return {std::move(c), r};
}

void add_card(BelleRules& rules, CardInfo c, const FieldReader& r, const std::string& file) {
  if (c.name.empty()) r.fail("name", "must not be empty");
  if (rules.find_card(c.name) != kNoCard) {
    r.fail("name", fmt::format("'{}' appears twice; card names must be distinct", c.name));
  }
  if (rules.cards.size() >= static_cast<std::size_t>(kMaxCardTypes)) {
    throw UserError(fmt::format("{}: more than {} different cards", file, kMaxCardTypes));
  }
  rules.cards.push_back(std::move(c));
  for (int q = 0; q < rules.cards.back().quantity; ++q) {
    if (rules.deck.size() >= static_cast<std::size_t>(kMaxDeck)) {
      throw UserError(fmt::format("{}: the deck holds more than {} cards", file, kMaxDeck));
    }
    rules.deck.push_back(static_cast<CardId>(rules.cards.size() - 1));
  }
}

void load_guests(BelleRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "guests.toml", config.data_dir);
  const toml::array* families = root["families"].as_array();
  if (!families || families->empty() || families->size() > static_cast<std::size_t>(kMaxFamilies)) {
    throw UserError(fmt::format("{}: 'families' must list 1..{} family names", file, kMaxFamilies));
  }
  for (const auto& f : *families) {
    auto name = f.value<std::string>();
    if (!name || name->empty()) throw UserError(fmt::format("{}: 'families' must hold non-empty names", file));
    if (rules.find_family(*name) >= 0) throw UserError(fmt::format("{}: family '{}' is listed twice", file, *name));
    rules.families.push_back(*name);
  }
  const toml::array& list = table_array(root, "guest", file);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const toml::table& t = *list[i].as_table();
    auto [c, r] = card_entry(t, file, CardKind::Guest, i + 1);
    r.only({"name", "family", "social", "activity", "points", "attract", "attract_count", "repel", "invite",
            "end_of_round", "quantity"});
    c.source = file_line(file, t);
    c.family = family_of(rules, r, r.text("family", true), "family");
    const std::string social = r.text("social", false);
    if (!social.empty()) {
      if (social != "flirting" && social != "snubbing") {
        r.fail("social", fmt::format("'{}' is not a social symbol; expected flirting or snubbing (or leave it out)", social));
      }
      c.symbols |= symbol_bit(symbol_of(r, social, "social"));
    }
    const std::string activity = r.text("activity", false);
    if (!activity.empty()) {
      if (activity != "eating" && activity != "drinking" && activity != "dancing") {
        r.fail("activity", fmt::format("'{}' is not an activity; expected eating, drinking or dancing (or leave it out)",
                                       activity));
      }
      c.symbols |= symbol_bit(symbol_of(r, activity, "activity"));
    }
    c.points = r.integer("points", true, 0, -5, 10);
    const SymbolMask attract = symbols_of(r, "attract");
    const SymbolMask repel = symbols_of(r, "repel");
    if (attract && repel) r.fail("repel", "cannot be combined with 'attract': a guest attracts or repels");
    if (attract) { c.reach = Reach::Attract; c.reach_symbols = attract; }
    if (repel) { c.reach = Reach::Repel; c.reach_symbols = repel; }
    c.reach_count = r.integer("attract_count", false, 1, 1, 2);
    if (c.reach_count == 2 && !attract) r.fail("attract_count", "needs 'attract'");
    if (c.points < 0 && c.reach_count != 2) {
      r.fail("points", "may be negative only for a guest that attracts twice (attract_count = 2)");
    }
    if (const toml::table* power = r.table("invite")) parse_invite_power(c, *power, file);
    if (const toml::table* bonus = r.table("end_of_round")) c.bonus = parse_bonus(rules, *bonus, file, c.name);
    c.quantity = r.integer("quantity", false, 1, 0, kMaxDeck);
    add_card(rules, std::move(c), r, file);
  }
}

void load_belles(BelleRules& rules, const GameConfig& config) {
  auto [file, root] = load_data_file(kGameId, "belles.toml", config.data_dir);
  const toml::array& list = table_array(root, "belle", file);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const toml::table& t = *list[i].as_table();
    auto [c, r] = card_entry(t, file, CardKind::Belle, i + 1);
    r.only({"name", "attracts", "end_of_round", "quantity"});
    c.source = file_line(file, t);
    const toml::table* attracts = r.table("attracts");
    if (!attracts) r.fail("attracts", "is missing; expected { criterion = \"...\" }");
    FieldReader a = card_reader(*attracts, file, c.name);
    const std::string criterion = a.text("criterion", true);
    if (criterion == "any" || criterion == "gifted") {
      a.only({"criterion"});
      c.criterion = criterion == "any" ? Criterion::Any : Criterion::Gifted;
    } else if (criterion == "symbol") {
      a.only({"criterion", "symbol"});
      c.criterion = Criterion::Symbol;
      c.criterion_param = static_cast<std::uint8_t>(symbol_of(a, a.text("symbol", true), "symbol"));
    } else if (criterion == "family") {
      a.only({"criterion", "family"});
      c.criterion = Criterion::Family;
      c.criterion_param = family_of(rules, a, a.text("family", true), "family");
    } else if (criterion == "min_points") {
      a.only({"criterion", "points"});
      c.criterion = Criterion::MinPoints;
      c.criterion_param = static_cast<std::uint8_t>(a.integer("points", true, 0, 0, 10));
    } else {
      a.fail("criterion", fmt::format("'{}' is not a Belle's criterion; expected any, symbol, family, min_points or "
                                      "gifted", criterion));
    }
    const toml::table* bonus = r.table("end_of_round");
    if (!bonus) r.fail("end_of_round", fmt::format("is missing; expected {{ effect = ..., points = n }} ({})", kBonusEffects));
    c.bonus = parse_bonus(rules, *bonus, file, c.name);
    c.quantity = r.integer("quantity", false, 1, 0, kMaxDeck);
    add_card(rules, std::move(c), r, file);
  }
}

std::string symbols_text(SymbolMask mask, const char* joiner) {
  std::string out;
  for (int s = 0; s < kSymbols; ++s) {
    if (mask & (1u << s)) out += (out.empty() ? "" : joiner) + std::string(kSymbolTitles[s]);
  }
  return out;
}

}  // namespace

const char* symbol_name(Symbol s) { return kSymbolNames[static_cast<int>(s)]; }
const char* symbol_title(Symbol s) { return kSymbolTitles[static_cast<int>(s)]; }

CardId BelleRules::find_card(const std::string& name) const {
  for (std::size_t i = 0; i < cards.size(); ++i) if (cards[i].name == name) return static_cast<CardId>(i);
  return kNoCard;
}

int BelleRules::find_family(const std::string& name) const {
  for (std::size_t i = 0; i < families.size(); ++i) if (families[i] == name) return static_cast<int>(i);
  return -1;
}

BelleRules load_belle_rules(const GameConfig& config) {
  if (config.seats < kMinSeats || config.seats > kMaxPlayers) {
    throw UserError(fmt::format("belle is for {}..{} players, not {}", kMinSeats, kMaxPlayers, config.seats));
  }
  BelleRules rules;
  rules.seats = config.seats;
  load_guests(rules, config);
  load_belles(rules, config);
  rules.hand_size = static_cast<int>(config.options.get_int("hand_size"));
  rules.minglers = static_cast<int>(config.options.get_int("minglers"));
  rules.couple_threshold = static_cast<int>(config.options.get_int("couples_to_end"));
  rules.buried_powers = config.options.get_bool("buried_powers");
  rules.optional_reach = config.options.get_bool("optional_reach");
  rules.gift_with_belle = config.options.get_bool("gift_with_belle");
  const std::size_t needed = static_cast<std::size_t>(rules.seats * rules.hand_size + rules.minglers + 1);
  if (rules.deck.size() < needed) {
    throw UserError(fmt::format("data/belle: the deck holds {} cards; {} players need at least {}", rules.deck.size(),
                                rules.seats, needed));
  }
  return rules;
}

std::string bonus_text(const BelleRules& rules, const BonusEffect& b) {
  const std::string pts = fmt::format("{}{}", b.points > 0 ? "+" : "", static_cast<int>(b.points));
  switch (b.kind) {
    case Bonus::None: return "";
    case Bonus::PerSymbol: return fmt::format("{} per {} guest", pts, symbol_title(static_cast<Symbol>(b.param)));
    case Bonus::PerFamily: return fmt::format("{} per {} guest", pts, rules.families[b.param]);
    case Bonus::PerCouple: return fmt::format("{} per couple", pts);
    case Bonus::PerSingle: return fmt::format("{} per single guest", pts);
    case Bonus::PerGift: return fmt::format("{} per gift", pts);
    case Bonus::PerFamilyPresent: return fmt::format("{} per family in the clique", pts);
    case Bonus::Flat: return fmt::format("{} at the end of the round", pts);
  }
  return "";
}

std::string criterion_text(const BelleRules& rules, const CardInfo& belle) {
  switch (belle.criterion) {
    case Criterion::Any: return "attracts any couple";
    case Criterion::Symbol:
      return fmt::format("attracts a {} couple", symbol_title(static_cast<Symbol>(belle.criterion_param)));
    case Criterion::Family: return fmt::format("attracts a {} couple", rules.families[belle.criterion_param]);
    case Criterion::MinPoints: return fmt::format("attracts a couple worth {}+", static_cast<int>(belle.criterion_param));
    case Criterion::Gifted: return "attracts a couple with a gift";
  }
  return "";
}

std::string card_summary(const BelleRules& rules, CardId id) {
  const CardInfo& c = rules.cards[id];
  std::vector<std::string> parts;
  if (c.is_belle()) {
    parts.push_back("Belle");
    parts.push_back(criterion_text(rules, c));
    parts.push_back(bonus_text(rules, c.bonus));
  } else {
    if (c.name.find(rules.families[c.family]) == std::string::npos) parts.push_back(rules.families[c.family]);
    if (c.symbols) parts.push_back(symbols_text(c.symbols, ", "));
    parts.push_back(fmt::format("{} pt{}", c.points, c.points == 1 || c.points == -1 ? "" : "s"));
    if (c.reach != Reach::None) {
      parts.push_back(fmt::format("{}{} {}", c.reach == Reach::Attract ? "attracts" : "repels",
                                  c.reach_count == 2 ? " twice" : "", symbols_text(c.reach_symbols, "/")));
    }
    switch (c.power) {
      case InvitePower::None: break;
      case InvitePower::Draw: parts.push_back(fmt::format("on invite: draw {}", c.power_count)); break;
      case InvitePower::DismissMingler: parts.push_back("on invite: dismiss a mingler"); break;
      case InvitePower::WelcomeMingler: parts.push_back("on invite: welcome a mingler"); break;
      case InvitePower::ExtraGift: parts.push_back("on invite: an extra gift"); break;
    }
    if (c.bonus.kind != Bonus::None) parts.push_back("end of round: " + bonus_text(rules, c.bonus));
  }
  std::string out = c.name + " (";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + ")";
}

}  // namespace court::belle
