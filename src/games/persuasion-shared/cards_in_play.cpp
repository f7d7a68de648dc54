#include "games/persuasion-shared/cards_in_play.h"

namespace court::persuasion {

CardSet set_of(const Hand& hand) {
  CardSet set = 0;
  for (CardId c : hand) set |= card_bit(c);
  return set;
}

void Knowledge::saw(Seat v, Seat t, CardId c) {
  for (int o = 0; o < kMaxSeats; ++o) {
    known[v][o] &= ~card_bit(c);
    seen[v][o] &= ~card_bit(c);
  }
  in_discard[v] &= ~card_bit(c);
  if (v != t) {
    known[v][t] |= card_bit(c);
    seen[v][t] |= card_bit(c);
  }
}

void Knowledge::left(Seat t, CardId c, SeatSet witnesses, int seats) {
  for (Seat v = 0; v < seats; ++v) {
    if (v == t) continue;
    if (witnesses.contains(v)) {
      known[v][t] &= ~card_bit(c);
      seen[v][t] &= ~card_bit(c);
    } else {
      known[v][t] = 0;
    }
  }
}

void Knowledge::hand_changed_privately(Seat t, int seats) {
  for (Seat v = 0; v < seats; ++v) if (v != t) known[v][t] = 0;
}

CardId CardsInPlay::draw(Rng& rng, bool* reshuffled) {
  if (deck.empty()) {
    if (discard.empty()) return kNoCard;
    for (CardId c : discard) deck.push_back(c);
    discard.clear();
    shuffle(deck.begin(), deck.end(), rng);
    for (auto& d : knowledge.in_discard) d = 0;
    if (reshuffled) *reshuffled = true;
  }
  CardId c = deck.back();
  deck.pop_back();
  return c;
}

void CardsInPlay::remove_from_hand(Seat t, CardId c) {
  int i = hands[t].index_of(c);
  if (i >= 0) hands[t].erase_at(static_cast<std::size_t>(i));
}

void CardsInPlay::exchange_engagement_cards(Seat accepter, CardId given, Seat proposer, CardId received) {
  Hand& ha = hands[accepter];
  Hand& hp = hands[proposer];
  ha[static_cast<std::size_t>(ha.index_of(given))] = received;
  hp[static_cast<std::size_t>(hp.index_of(received))] = given;
  SeatSet pair;
  pair.insert(accepter);
  pair.insert(proposer);
  knowledge.left(accepter, given, pair, seats);
  knowledge.left(proposer, received, pair, seats);
  knowledge.saw(accepter, accepter, received);
  knowledge.saw(proposer, accepter, received);
  knowledge.saw(proposer, proposer, given);
  knowledge.saw(accepter, proposer, given);
}

CardSet CardsInPlay::all_cards() const {
  CardSet set = 0;
  for (Seat t = 0; t < seats; ++t) set |= set_of(hands[t]) | card_bit(desires[t]);
  for (CardId c : deck) set |= card_bit(c);
  for (CardId c : discard) set |= card_bit(c);
  for (CardId c : drawn) set |= card_bit(c);
  return set;
}

CardSet CardsInPlay::located_by(Seat s) const {
  CardSet set = set_of(hands[s]) | card_bit(desires[s]) | knowledge.in_discard[s];
  for (Seat t = 0; t < seats; ++t) set |= knowledge.known[s][t];
  if (drawn_by == s) for (CardId c : drawn) set |= card_bit(c);
  return set;
}

Relabel CardsInPlay::random_relabel(Seat s, Rng& rng) const {
  Relabel r;
  for (int c = 0; c < kMaxCards; ++c) r.map[c] = static_cast<CardId>(c);
  const CardSet hidden = all_cards() & ~located_by(s);
  std::array<CardId, kMaxCards> from{}, to{};
  int n = 0;
  for (CardSet rest = hidden; rest; rest &= rest - 1) {
    from[n] = to[n] = static_cast<CardId>(std::countr_zero(rest));
    ++n;
  }
  shuffle(to.begin(), to.begin() + n, rng);
  for (int i = 0; i < n; ++i) r.map[from[i]] = to[i];
  return r;
}

void CardsInPlay::relabel_for(Seat s, const Relabel& r) {
  const CardSet located = located_by(s);
  for (Seat t = 0; t < seats; ++t) {
    for (CardId& c : hands[t]) c = r(c);
    desires[t] = r(desires[t]);
  }
  for (CardId& c : deck) c = r(c);
  for (CardId& c : discard) c = r(c);
  for (CardId& c : drawn) c = r(c);
  for (Seat v = 0; v < seats; ++v) {
    if (v == s) continue;
    for (Seat t = 0; t < seats; ++t) {
      if (t == s) continue;  // what v knows of s's hand, s knows too (s showed those cards)
      knowledge.known[v][t] = r(knowledge.known[v][t] & ~located);
      knowledge.seen[v][t] = r(knowledge.seen[v][t] & ~located);
    }
    knowledge.in_discard[v] = r(knowledge.in_discard[v] & ~located);
  }
}

void CardsInPlay::hidden_items(Seat s, HiddenList& out) const {
  const CardSet located = located_by(s);
  auto add = [&](CardId c) {
    if (!has_card(located, c)) out.push_back(HiddenItem{0, c});
  };
  for (Seat t = 0; t < seats; ++t) {
    if (t == s) continue;
    for (CardId c : hands[t]) add(c);
    add(desires[t]);
  }
  for (CardId c : deck) add(c);
  for (CardId c : discard) add(c);
  if (drawn_by != s) for (CardId c : drawn) add(c);
}

}  // namespace court::persuasion
