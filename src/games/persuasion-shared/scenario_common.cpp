#include "games/persuasion-shared/scenario_common.h"

#include <fmt/format.h>

namespace court::persuasion {
namespace {

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw UserError(fmt::format("scenario: field '{}' {}", field, what));
}

class CardReader {
 public:
  explicit CardReader(const PersuasionDeck& deck) : deck_(deck) {}
  CardId card(const nlohmann::json& j, const std::string& field) {
    if (!j.is_number_integer()) fail(field, "must be a card number (an integer printed on the card)");
    const int id = j.get<int>();
    for (int c = 0; c < deck_.size(); ++c) {
      if (deck_.cards[c].id != id) continue;
      if (has_card(used_, static_cast<CardId>(c))) fail(field, fmt::format("uses card {} twice; each card exists once", id));
      used_ |= card_bit(static_cast<CardId>(c));
      return static_cast<CardId>(c);
    }
    fail(field, fmt::format("names card {}, which is not in the deck (numbers {}..{})", id, deck_.cards.front().id,
                            deck_.cards.back().id));
  }
  CardSet used() const { return used_; }

 private:
  const PersuasionDeck& deck_;
  CardSet used_ = 0;
};

Seat seat_of(const nlohmann::json& j, const std::string& field, int seats) {
  if (!j.is_number_integer() || j.get<int>() < 0 || j.get<int>() >= seats) {
    fail(field, fmt::format("must be a seat 0..{}", seats - 1));
  }
  return j.get<int>();
}

}  // namespace

ScenarioSetup read_scenario(const PersuasionDeck& deck, int seats, const nlohmann::json& scenario, Table& table,
                            Rng& rng, const std::vector<std::string>& allowed) {
  if (!scenario.is_object()) throw UserError("scenario: must be an object with fields hands, desires, ...");
  for (const auto& [key, value] : scenario.items()) {
    bool known = false;
    for (const auto& a : allowed) known = known || a == key;
    if (!known) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      fail(key, fmt::format("is not known; the fields are: {}", list));
    }
  }
  CardReader cards(deck);
  ScenarioSetup setup;
  table.seats = seats;
  if (!scenario.contains("hands") || !scenario["hands"].is_array() || scenario["hands"].size() != static_cast<std::size_t>(seats)) {
    fail("hands", fmt::format("must be a list of {} lists of card numbers (one per seat)", seats));
  }
  for (Seat t = 0; t < seats; ++t) {
    const auto& hand = scenario["hands"][t];
    const std::string field = fmt::format("hands[{}]", t);
    if (!hand.is_array() || hand.empty() || hand.size() > static_cast<std::size_t>(kMaxHand)) {
      fail(field, fmt::format("must list 1..{} card numbers", kMaxHand));
    }
    for (std::size_t i = 0; i < hand.size(); ++i) table.hands[t].push_back(cards.card(hand[i], fmt::format("{}[{}]", field, i)));
  }
  if (!scenario.contains("desires") || !scenario["desires"].is_array() ||
      scenario["desires"].size() != static_cast<std::size_t>(seats)) {
    fail("desires", fmt::format("must list {} card numbers (one per seat)", seats));
  }
  for (Seat t = 0; t < seats; ++t) table.desires[t] = cards.card(scenario["desires"][t], fmt::format("desires[{}]", t));

  std::vector<CardId> top;
  if (scenario.contains("deck")) {
    if (!scenario["deck"].is_array()) fail("deck", "must be a list of card numbers, top first");
    for (std::size_t i = 0; i < scenario["deck"].size(); ++i) top.push_back(cards.card(scenario["deck"][i], fmt::format("deck[{}]", i)));
  }
  Pile rest;
  for (int c = 0; c < deck.size(); ++c) if (!has_card(cards.used(), static_cast<CardId>(c))) rest.push_back(static_cast<CardId>(c));
  shuffle(rest.begin(), rest.end(), rng);
  for (CardId c : rest) table.deck.push_back(c);
  for (auto it = top.rbegin(); it != top.rend(); ++it) table.deck.push_back(*it);  // back() is the top

  SeatSet committed;
  if (scenario.contains("independent")) {
    const auto& list = scenario["independent"];
    if (!list.is_array()) fail("independent", "must be a list of seats");
    for (std::size_t i = 0; i < list.size(); ++i) {
      Seat s = seat_of(list[i], fmt::format("independent[{}]", i), seats);
      if (committed.contains(s)) fail(fmt::format("independent[{}]", i), "names a seat twice");
      committed.insert(s);
      setup.independent.push_back(s);
    }
  }
  if (scenario.contains("engaged")) {
    const auto& list = scenario["engaged"];
    if (!list.is_array()) fail("engaged", "must be a list of [seat, seat] pairs");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string field = fmt::format("engaged[{}]", i);
      if (!list[i].is_array() || list[i].size() != 2) fail(field, "must be a pair [seat, seat]");
      Seat a = seat_of(list[i][0], field, seats), b = seat_of(list[i][1], field, seats);
      if (a == b || committed.contains(a) || committed.contains(b)) {
        fail(field, "must pair two different seats that are not otherwise engaged or independent");
      }
      committed.insert(a);
      committed.insert(b);
      setup.engaged.push_back({a, b});
    }
  }
  if (scenario.contains("round")) {
    if (!scenario["round"].is_number_integer() || scenario["round"].get<int>() < 1 || scenario["round"].get<int>() > 200) {
      fail("round", "must be an integer 1..200");
    }
    setup.round = scenario["round"].get<int>();
  }
  if (scenario.contains("skip_introductions")) {
    if (!scenario["skip_introductions"].is_boolean()) fail("skip_introductions", "must be true or false");
    setup.skip_introductions = scenario["skip_introductions"].get<bool>();
  }
  return setup;
}

}  // namespace court::persuasion
