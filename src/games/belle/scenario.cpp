// Belle of the Ball scenarios: a JSON object (or the same structure in TOML) that fixes the table. See the
// "Scenario files" section of docs/rules/belle.md.
#include <fmt/format.h>

#include "games/belle/game.h"

namespace court::belle {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw UserError(fmt::format("scenario: field '{}' {}", field, what));
}

const std::vector<std::string> kKnownFields = {"hands",  "minglers", "deck",   "unlisted_cards", "cliques",
                                               "belles", "scores",   "round",  "turn",           "discard_pile"};

class ScenarioReader {
 public:
  explicit ScenarioReader(const BelleRules& rules) : rules_(rules), used_(rules.cards.size(), 0) {}

  CardId card(const json& j, const std::string& field) {
    if (!j.is_string()) fail(field, "must be a card name (a string)");
    const CardId c = rules_.find_card(j.get<std::string>());
    if (c == kNoCard) fail(field, fmt::format("names no card: '{}' (see data/belle/guests.toml and belles.toml)", j.get<std::string>()));
    if (++used_[c] > rules_.cards[c].quantity) {
      fail(field, fmt::format("uses more copies of '{}' than the deck holds ({})", rules_.cards[c].name,
                              rules_.cards[c].quantity));
    }
    return c;
  }
  CardId guest(const json& j, const std::string& field) {
    const CardId c = card(j, field);
    if (!rules_.cards[c].is_guest()) fail(field, fmt::format("'{}' is a Belle; a guest is needed here", rules_.cards[c].name));
    return c;
  }
  static const json& array(const json& j, const std::string& field, std::size_t max) {
    if (!j.is_array()) fail(field, "must be an array");
    if (j.size() > max) fail(field, fmt::format("holds more than {} entries", max));
    return j;
  }
  static int integer(const json& j, const std::string& field, int min, int max) {
    if (!j.is_number_integer() || j.get<long>() < min || j.get<long>() > max) {
      fail(field, fmt::format("must be an integer {}..{}", min, max));
    }
    return j.get<int>();
  }
  int used(CardId c) const { return used_[c]; }

 private:
  const BelleRules& rules_;
  std::vector<int> used_;
};

// Every turn begins by inviting a card from hand, and only the player whose turn ends refills a hand: a
// seat without cards would have no legal move when its turn came. The first player's turn always comes;
// another seat's comes unless the deck is already empty (then the first turn's refill ends the game).
void refuse_empty_hands(const BelleState& s, Seat first, bool hands_listed) {
  for (Seat seat = 0; seat < s.num_seats(); ++seat) {
    if (!s.hand(seat).empty() || (seat != first && s.deck().empty())) continue;
    const std::string why = hands_listed ? fmt::format("its hand, field 'hands[{}]', is empty", seat)
                                         : std::string("the deck ran out before it was dealt a card");
    throw UserError(fmt::format("scenario: seat {} must invite on its turn but has no legal move ({}); give it a card",
                                seat, why));
  }
}

}  // namespace

BelleState state_from_scenario(const BelleRules& rules, const json& scenario, std::uint64_t seed) {
  if (!scenario.is_object()) throw UserError("scenario: expected an object (a table) at the top level");
  for (const auto& [key, value] : scenario.items()) {
    bool known = false;
    for (const auto& k : kKnownFields) known = known || k == key;
    if (!known) {
      std::string all;
      for (const auto& k : kKnownFields) all += (all.empty() ? "" : ", ") + k;
      fail(key, fmt::format("is unknown; allowed fields: {}", all));
    }
  }
  BelleState s = BelleState::blank(rules, seed);
  ScenarioReader r(rules);
  const int seats = rules.seats;
  auto per_seat = [&](const char* field) -> const json* {
    if (!scenario.contains(field)) return nullptr;
    const json& list = ScenarioReader::array(scenario[field], field, static_cast<std::size_t>(seats));
    if (static_cast<int>(list.size()) != seats) fail(field, fmt::format("must have one entry per seat ({})", seats));
    return &list;
  };

  if (const json* hands = per_seat("hands")) {
    for (int seat = 0; seat < seats; ++seat) {
      const std::string field = fmt::format("hands[{}]", seat);
      for (const auto& c : ScenarioReader::array((*hands)[seat], field, kMaxHand)) s.hands_[seat].push_back(r.card(c, field));
    }
  }
  if (const json* cliques = per_seat("cliques")) {
    for (int seat = 0; seat < seats; ++seat) {
      const std::string field = fmt::format("cliques[{}]", seat);
      for (const auto& entry : ScenarioReader::array((*cliques)[seat], field, kMaxDeck)) {
        Unit u{.owner = static_cast<std::int8_t>(seat)};
        if (entry.is_string()) {
          u.top = r.guest(entry, field);
        } else if (entry.is_object()) {
          if (!entry.contains("top")) fail(field, "entries are a guest's name or {top, bottom, gifts}");
          u.top = r.guest(entry["top"], field + ".top");
          if (entry.contains("bottom")) u.bottom = r.guest(entry["bottom"], field + ".bottom");
          if (entry.contains("gifts")) {
            if (!u.couple()) fail(field + ".gifts", "only a couple (with a bottom) carries gifts");
            for (const auto& g : ScenarioReader::array(entry["gifts"], field + ".gifts", kGiftsPerCouple)) {
              u.gifts[u.gift_count++] = Gift{r.card(g, field + ".gifts"), static_cast<std::uint8_t>(1u << seat)};
            }
          }
        } else {
          fail(field, "entries are a guest's name or {top, bottom, gifts}");
        }
        if (s.units_.full()) fail(field, "holds too many guests");
        s.units_.push_back(u);
      }
    }
  }
  if (const json* belles = per_seat("belles")) {
    for (int seat = 0; seat < seats; ++seat) {
      const std::string field = fmt::format("belles[{}]", seat);
      if ((*belles)[seat].is_null()) continue;
      const CardId c = r.card((*belles)[seat], field);
      if (!rules.cards[c].is_belle()) fail(field, fmt::format("'{}' is not a Belle", rules.cards[c].name));
      s.belle_[seat] = c;
    }
  }
  if (const json* scores = per_seat("scores")) {
    for (int seat = 0; seat < seats; ++seat) {
      s.scores_[seat] = static_cast<std::int16_t>(ScenarioReader::integer((*scores)[seat], fmt::format("scores[{}]", seat), -999, 999));
    }
  }
  if (scenario.contains("minglers")) {
    for (const auto& c : ScenarioReader::array(scenario["minglers"], "minglers", static_cast<std::size_t>(rules.minglers))) {
      s.minglers_.push_back(r.card(c, "minglers"));
    }
  }
  if (scenario.contains("discard_pile")) {
    for (const auto& c : ScenarioReader::array(scenario["discard_pile"], "discard_pile", kMaxDeck)) {
      s.discard_.push_back(r.card(c, "discard_pile"));
    }
  }
  // The deck: listed cards from the top down, then the rest of the cards below them (shuffled) or out of
  // the game.
  std::vector<CardId> top;
  if (scenario.contains("deck")) {
    for (const auto& c : ScenarioReader::array(scenario["deck"], "deck", kMaxDeck)) top.push_back(r.card(c, "deck"));
  }
  std::string unlisted = "under_deck";
  if (scenario.contains("unlisted_cards")) {
    if (!scenario["unlisted_cards"].is_string()) fail("unlisted_cards", "must be \"under_deck\" or \"out_of_game\"");
    unlisted = scenario["unlisted_cards"].get<std::string>();
    if (unlisted != "under_deck" && unlisted != "out_of_game") fail("unlisted_cards", "must be \"under_deck\" or \"out_of_game\"");
  }
  if (unlisted == "under_deck") {
    std::vector<int> left(rules.cards.size(), 0);
    for (std::size_t c = 0; c < rules.cards.size(); ++c) left[c] = rules.cards[c].quantity - r.used(static_cast<CardId>(c));
    for (std::size_t c = 0; c < rules.cards.size(); ++c) {
      for (int k = 0; k < left[c]; ++k) s.deck_.push_back(static_cast<CardId>(c));
    }
    shuffle(s.deck_.begin(), s.deck_.end(), s.rng_);
  }
  for (auto it = top.rbegin(); it != top.rend(); ++it) s.deck_.push_back(*it);   // back() is the top

  // Without hands or minglers, they are dealt from the deck as at the start of a round.
  if (!scenario.contains("hands")) {
    for (int seat = 0; seat < seats; ++seat) s.refill_hand(seat);
  }
  if (!scenario.contains("minglers")) {
    while (static_cast<int>(s.minglers_.size()) < rules.minglers && !s.deck_.empty()) {
      s.minglers_.push_back(s.deck_.back());
      s.deck_.pop_back();
    }
  }
  if (scenario.contains("round")) s.round_ = static_cast<std::uint8_t>(ScenarioReader::integer(scenario["round"], "round", 1, kMaxRounds));
  const int turn = scenario.contains("turn") ? ScenarioReader::integer(scenario["turn"], "turn", 0, seats - 1) : 0;
  s.starter_ = static_cast<std::int8_t>(turn);
  s.turn_ = static_cast<std::int8_t>(turn);
  s.phase_ = Phase::Invite;
  s.log_event({.kind = Event::RoundStart, .seat = s.starter_, .a = s.round_});
  refuse_empty_hands(s, turn, scenario.contains("hands"));
  return s;
}

}  // namespace court::belle
