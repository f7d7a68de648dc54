#include "games/persuasion-shared/scenario_common.h"

#include <fmt/format.h>

namespace court::persuasion {
namespace {

// Cards named by the number printed on them; each card exists once.
class CardReader {
 public:
  explicit CardReader(const PersuasionDeck& deck) : deck_(deck) {}
  CardId card(const JsonValue& v) {
    if (!v.json().is_number_integer()) v.fail("must be a card number (an integer printed on the card)");
    const int id = v.json().get<int>();
    for (int c = 0; c < deck_.size(); ++c) {
      if (deck_.cards[c].id != id) continue;
      if (has_card(used_, static_cast<CardId>(c))) v.fail(fmt::format("uses card {} twice; each card exists once", id));
      used_ |= card_bit(static_cast<CardId>(c));
      return static_cast<CardId>(c);
    }
    v.fail(fmt::format("names card {}, which is not in the deck (numbers {}..{})", id, deck_.cards.front().id,
                       deck_.cards.back().id));
  }
  CardSet used() const { return used_; }

 private:
  const PersuasionDeck& deck_;
  CardSet used_ = 0;
};

// `hands` (one list of min_hand..kMaxHand cards per seat) and `desires` (one card per seat).
void read_hands(const JsonReader& in, int seats, int min_hand, CardReader& cards, CardsInPlay& table) {
  const std::string hands_form = fmt::format("must be a list of {} lists of card numbers (one per seat)", seats);
  const JsonList hands = in.list("hands", hands_form);
  if (hands.size() != static_cast<std::size_t>(seats)) hands.fail(hands_form);
  for (Seat t = 0; t < seats; ++t) {
    const std::string hand_form = fmt::format("must list {}..{} card numbers", min_hand, kMaxHand);
    const JsonList hand = hands.item(t).list(hand_form);
    if (hand.size() < static_cast<std::size_t>(min_hand) || hand.size() > static_cast<std::size_t>(kMaxHand)) {
      hand.fail(hand_form);
    }
    for (const JsonValue& v : hand.items()) table.hands[t].push_back(cards.card(v));
  }
  const std::string desires_form = fmt::format("must list {} card numbers (one per seat)", seats);
  const JsonList desires = in.list("desires", desires_form);
  if (desires.size() != static_cast<std::size_t>(seats)) desires.fail(desires_form);
  for (Seat t = 0; t < seats; ++t) table.desires[t] = cards.card(desires.item(t));
}

// `deck`: listed cards on top (first = top), every card not named anywhere shuffled below them.
void read_deck(const JsonReader& in, const PersuasionDeck& deck, CardReader& cards, CardsInPlay& table, Rng& rng) {
  std::vector<CardId> top;
  if (in.has("deck")) {
    for (const JsonValue& v : in.list("deck", "must be a list of card numbers, top first").items()) {
      top.push_back(cards.card(v));
    }
  }
  Pile rest;
  for (int c = 0; c < deck.size(); ++c) {
    if (!has_card(cards.used(), static_cast<CardId>(c))) rest.push_back(static_cast<CardId>(c));
  }
  shuffle(rest.begin(), rest.end(), rng);
  for (CardId c : rest) table.deck.push_back(c);
  for (auto it = top.rbegin(); it != top.rend(); ++it) table.deck.push_back(*it);  // back() is the top
}

// `independent` (seats) and `engaged` ([seat, seat] pairs): commitments of a game already under way.
void read_commitments(const JsonReader& in, int seats, ScenarioSetup& setup) {
  SeatSet committed;
  if (in.has("independent")) {
    for (const JsonValue& v : in.list("independent", "must be a list of seats").items()) {
      const auto s = static_cast<Seat>(v.integer(0, seats - 1));
      if (committed.contains(s)) v.fail("names a seat twice");
      committed.insert(s);
      setup.independent.push_back(s);
    }
  }
  if (!in.has("engaged")) return;
  for (const JsonValue& v : in.list("engaged", "must be a list of [seat, seat] pairs").items()) {
    const JsonList pair = v.list("must be a pair [seat, seat]");
    if (pair.size() != 2) pair.fail("must be a pair [seat, seat]");
    const auto a = static_cast<Seat>(pair.item(0).integer(0, seats - 1));
    const auto b = static_cast<Seat>(pair.item(1).integer(0, seats - 1));
    if (a == b || committed.contains(a) || committed.contains(b)) {
      pair.fail("must pair two different seats that are not otherwise engaged or independent");
    }
    committed.insert(a);
    committed.insert(b);
    setup.engaged.push_back({a, b});
  }
}

}  // namespace

ScenarioSetup read_scenario(const PersuasionDeck& deck, int seats, const JsonReader& in, CardsInPlay& table, Rng& rng,
                            int min_hand) {
  CardReader cards(deck);
  ScenarioSetup setup;
  table.seats = seats;
  read_hands(in, seats, min_hand, cards, table);
  read_deck(in, deck, cards, table, rng);
  read_commitments(in, seats, setup);
  setup.round = static_cast<int>(in.integer("round", false, setup.round, 1, 200));
  setup.skip_introductions = in.boolean("skip_introductions", false, setup.skip_introductions);
  return setup;
}

}  // namespace court::persuasion
