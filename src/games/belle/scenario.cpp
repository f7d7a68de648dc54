// Belle of the Ball scenarios: a JSON object (or the same structure in TOML) that fixes the table. See the
// "Scenario files" section of docs/rules/belle.md.
#include <fmt/format.h>

#include "engine/json_reader.h"
#include "games/belle/game.h"

namespace court::belle {
namespace {

using nlohmann::json;

using Hands = std::array<FixedVector<CardId, kMaxHand>, kMaxPlayers>;
using Units = FixedVector<Unit, kMaxDeck>;
using Pile = FixedVector<CardId, kMaxDeck>;

// Cards named by name; counts the copies used so that no card is used more often than the deck holds it.
class Cards {
 public:
  explicit Cards(const BelleRules& rules) : rules_(rules), used_(rules.cards.size(), 0) {}

  CardId card(const JsonValue& v) {
    if (!v.json().is_string()) v.fail("must be a card name (a string)");
    const CardId c = rules_.find_card(v.json().get<std::string>());
    if (c == kNoCard) {
      v.fail(fmt::format("names no card: '{}' (see data/belle/guests.toml and belles.toml)", v.json().get<std::string>()));
    }
    if (++used_[c] > rules_.cards[c].quantity) {
      v.fail(fmt::format("uses more copies of '{}' than the deck holds ({})", rules_.cards[c].name,
                         rules_.cards[c].quantity));
    }
    return c;
  }
  CardId guest(const JsonValue& v) {
    const CardId c = card(v);
    if (!rules_.cards[c].is_guest()) v.fail(fmt::format("'{}' is a Belle; a guest is needed here", rules_.cards[c].name));
    return c;
  }
  int used(CardId c) const { return used_[c]; }

 private:
  const BelleRules& rules_;
  std::vector<int> used_;
};

// An array of at most `max` items.
JsonList capped(const JsonList& list, std::size_t max) {
  if (list.size() > max) list.fail(fmt::format("holds more than {} entries", max));
  return list;
}

// A list with one entry per seat (hands, cliques, belles, scores), or nullopt when the field is missing.
std::optional<JsonList> per_seat(const JsonReader& in, const char* key, int seats) {
  if (!in.has(key)) return std::nullopt;
  const JsonList list = capped(in.list(key), static_cast<std::size_t>(seats));
  if (static_cast<int>(list.size()) != seats) list.fail(fmt::format("must have one entry per seat ({})", seats));
  return list;
}

void read_hands(const JsonReader& in, int seats, Cards& cards, Hands& hands) {
  const auto lists = per_seat(in, "hands", seats);
  if (!lists) return;
  for (int seat = 0; seat < seats; ++seat) {
    for (const JsonValue& v : capped(lists->item(seat).list(), kMaxHand).items()) hands[seat].push_back(cards.card(v));
  }
}

// One unit of a clique: a guest's name, or {top, bottom, gifts}.
Unit read_unit(const JsonValue& v, Seat seat, Cards& cards) {
  const char* form = "must be a guest's name or {top, bottom, gifts}";
  Unit u = Unit::joining(seat, kNoCard);
  if (v.json().is_string()) {
    u.top = cards.guest(v);
    return u;
  }
  const JsonReader entry = v.object(form);
  if (!entry.has("top")) v.fail(form);
  u.top = cards.guest(entry.value("top"));
  if (entry.has("bottom")) u.bottom = cards.guest(entry.value("bottom"));
  if (entry.has("gifts")) {
    if (!u.couple()) entry.fail("gifts", "only a couple (with a bottom) carries gifts");
    for (const JsonValue& g : capped(entry.list("gifts"), kGiftsPerCouple).items()) {
      u.gifts[u.gift_count++] = Gift{cards.card(g), static_cast<std::uint8_t>(1u << seat)};
    }
  }
  return u;
}

void read_cliques(const JsonReader& in, int seats, Cards& cards, Units& units) {
  const auto cliques = per_seat(in, "cliques", seats);
  if (!cliques) return;
  for (int seat = 0; seat < seats; ++seat) {
    const JsonList clique = capped(cliques->item(seat).list(), kMaxDeck);
    for (const JsonValue& v : clique.items()) {
      const Unit u = read_unit(v, seat, cards);
      if (units.full()) clique.fail("holds too many guests");
      units.push_back(u);
    }
  }
}

void read_belles(const JsonReader& in, const BelleRules& rules, Cards& cards, std::array<CardId, kMaxPlayers>& belles) {
  const auto list = per_seat(in, "belles", rules.seats);
  if (!list) return;
  for (int seat = 0; seat < rules.seats; ++seat) {
    const JsonValue v = list->item(seat);
    if (v.json().is_null()) continue;
    const CardId c = cards.card(v);
    if (!rules.cards[c].is_belle()) v.fail(fmt::format("'{}' is not a Belle", rules.cards[c].name));
    belles[seat] = c;
  }
}

void read_scores(const JsonReader& in, int seats, std::array<std::int16_t, kMaxPlayers>& scores) {
  const auto list = per_seat(in, "scores", seats);
  if (!list) return;
  for (int seat = 0; seat < seats; ++seat) scores[seat] = static_cast<std::int16_t>(list->item(seat).integer(-999, 999));
}

// A list of cards of at most `max`; none when the field is missing.
template <std::size_t N>
void read_cards(const JsonReader& in, const char* key, std::size_t max, Cards& cards, FixedVector<CardId, N>& out) {
  if (!in.has(key)) return;
  for (const JsonValue& v : capped(in.list(key), max).items()) out.push_back(cards.card(v));
}

// The deck: listed cards from the top down, then the rest of the cards below them (shuffled) or out of the game.
void read_deck(const JsonReader& in, const BelleRules& rules, Cards& cards, Pile& deck, Rng& rng) {
  Pile top;
  read_cards(in, "deck", kMaxDeck, cards, top);
  if (in.choice("unlisted_cards", {"under_deck", "out_of_game"}, "under_deck") == "under_deck") {
    for (std::size_t c = 0; c < rules.cards.size(); ++c) {
      const auto card = static_cast<CardId>(c);
      for (int k = cards.used(card); k < rules.cards[c].quantity; ++k) deck.push_back(card);
    }
    shuffle(deck.begin(), deck.end(), rng);
  }
  for (auto it = top.end(); it != top.begin();) deck.push_back(*--it);   // back() is the top
}

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
  const JsonReader in = JsonReader::top(scenario, "scenario");
  in.only({"hands", "minglers", "deck", "unlisted_cards", "cliques", "belles", "scores", "round", "turn",
           "discard_pile"});
  BelleState s = BelleState::blank(rules, seed);
  Cards cards(rules);
  const int seats = rules.seats;
  read_hands(in, seats, cards, s.hands_);
  read_cliques(in, seats, cards, s.units_);
  for (const Unit& u : s.units_) {
    s.couples_ += u.couple() ? 1 : 0;
    s.open_couples_[u.owner] += u.couple() && u.gift_count < kGiftsPerCouple ? 1 : 0;
  }
  read_belles(in, rules, cards, s.belle_);
  read_scores(in, seats, s.scores_);
  read_cards(in, "minglers", static_cast<std::size_t>(rules.minglers), cards, s.minglers_);
  read_cards(in, "discard_pile", kMaxDeck, cards, s.discard_);
  read_deck(in, rules, cards, s.deck_, s.rng_);

  // Without hands or minglers, they are dealt from the deck as at the start of a round.
  if (!in.has("hands")) {
    for (int seat = 0; seat < seats; ++seat) s.refill_hand(seat);
  }
  if (!in.has("minglers")) {
    while (static_cast<int>(s.minglers_.size()) < rules.minglers && !s.deck_.empty()) {
      s.minglers_.push_back(s.deck_.back());
      s.deck_.pop_back();
    }
  }
  s.round_ = static_cast<std::uint8_t>(in.integer("round", false, s.round_, 1, kMaxRounds));
  const auto turn = static_cast<Seat>(in.integer("turn", false, 0, 0, seats - 1));
  s.starter_ = static_cast<std::int8_t>(turn);
  s.turn_ = static_cast<std::int8_t>(turn);
  s.phase_ = Phase::Invite;
  s.log_event({.kind = Event::RoundStart, .seat = s.starter_, .a = s.round_});
  refuse_empty_hands(s, turn, in.has("hands"));
  return s;
}

}  // namespace court::belle
