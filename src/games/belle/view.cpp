// Belle of the Ball: what each seat sees (built from what it may know, never by stripping the state),
// move labels, and the public log in words.
#include <fmt/format.h>

#include "games/belle/state.h"

namespace court::belle {
namespace {

std::string cards_word(int n) { return n == 1 ? "1 card" : fmt::format("{} cards", n); }
std::string points_word(int n) { return n == 1 || n == -1 ? fmt::format("{} point", n) : fmt::format("{} points", n); }

std::string symbols_or(SymbolMask mask) {
  std::string out;
  for (int s = 0; s < kSymbols; ++s) {
    if (!(mask & (1u << s))) continue;
    out += (out.empty() ? "" : " or ") + std::string(symbol_title(static_cast<Symbol>(s)));
  }
  return out;
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Invite: return "invite";
    case Phase::Power: return "power";
    case Phase::Gift: return "gift";
    case Phase::Reach: return "attract or repel";
    case Phase::Replace: return "replace";
    case Phase::GameOver: return "over";
  }
  return "";
}

}  // namespace

// Names for the units and minglers in labels: a name, and " [2]" for a second unit of the same clique
// (or a second mingler) with the very same cards, so labels stay unique when a deck holds copies.
namespace {

struct Namer {
  const BelleState& s;
  const BelleRules& rules() const { return s.rules(); }
  std::string name(CardId c) const { return c == kNoCard || c >= rules().cards.size() ? "?" : rules().cards[c].name; }

  std::string unit(int i) const {
    const Unit& u = s.units()[i];
    std::string out = u.couple() ? fmt::format("{} & {}", name(u.top), name(u.bottom)) : name(u.top);
    int same = 0;
    for (int k = 0; k < i; ++k) {
      const Unit& o = s.units()[k];
      same += o.owner == u.owner && o.top == u.top && o.bottom == u.bottom ? 1 : 0;
    }
    return same ? fmt::format("{} [{}]", out, same + 1) : out;
  }

  std::string mingler(int i) const {
    int same = 0;
    for (int k = 0; k < i; ++k) same += s.minglers()[k] == s.minglers()[i] ? 1 : 0;
    return same ? fmt::format("{} [{}]", name(s.minglers()[i]), same + 1) : name(s.minglers()[i]);
  }
};

}  // namespace

std::string BelleState::describe(Seat seat, Action action) const {
  (void)seat;
  const Namer n{*this};
  const MoveCode m = MoveCode::decode(action);
  const int move = static_cast<int>(m.move);
  const std::size_t cards = rules_->cards.size();
  const auto neutral = [&] { return fmt::format("move #{}", action.code); };
  if (move < 1 || move > kLastMove) return neutral();
  switch (m.move) {
    case Move::InviteGuest:
      if (m.card >= cards) return neutral();
      if (!m.flag) return "invite " + card_summary(*rules_, m.card);
      if (m.index >= units_.size()) return neutral();
      return fmt::format("invite {} on top of {} as a couple", card_summary(*rules_, m.card), n.unit(m.index));
    case Move::InviteBelle:
      if (m.card >= cards) return neutral();
      return "invite " + card_summary(*rules_, m.card);
    case Move::PowerMingler:
      if (m.index >= minglers_.size()) return neutral();
      return fmt::format("{} {} from the minglers",
                         power_pending_ == InvitePower::DismissMingler ? "dismiss" : "welcome", n.mingler(m.index));
    case Move::UsePower:
      if (invited_card_ >= cards) return neutral();
      return "draw " + cards_word(rules_->cards[invited_card_].power_count);
    case Move::SkipPower: return "decline the invitation power";
    case Move::Gift:
      if (m.card >= cards || m.index >= units_.size()) return neutral();
      return fmt::format("gift {} to the couple {}", n.name(m.card), n.unit(m.index));
    case Move::NoGift: return "no gift";
    case Move::AttractMingler:
      if (m.index >= minglers_.size()) return neutral();
      return fmt::format("attract {} from the minglers", n.mingler(m.index));
    case Move::AttractGuest:
      if (m.index >= units_.size()) return neutral();
      return fmt::format("attract {} from seat {}", n.unit(m.index), static_cast<int>(units_[m.index].owner));
    case Move::AttractCouple:
      if (m.index >= units_.size()) return neutral();
      return fmt::format("attract the couple {} from seat {}", n.unit(m.index), static_cast<int>(units_[m.index].owner));
    case Move::Repel:
      if (m.index >= units_.size()) return neutral();
      return m.flag ? fmt::format("repel {} to the discard pile", n.unit(m.index))
                    : fmt::format("repel {} to seat {}", n.unit(m.index), static_cast<int>(m.to));
    case Move::DeclineReach: return "decline to attract or repel";
    case Move::ReplaceSingle:
      if (m.card >= cards) return neutral();
      return fmt::format("replace with {}", n.name(m.card));
    case Move::ReplaceCouple:
      if (m.card >= cards || m.card2 >= cards) return neutral();
      return fmt::format("replace with {} on top of {}", n.name(m.card), n.name(m.card2));
    case Move::NoReplace: return "no replacement";
  }
  return neutral();
}

// What a move involves (docs/protocol.md, "Move parts", Belle of the Ball): cards by their id, units
// (a clique's single guests and couples) by the "unit" id the view shows, minglers by their place in the
// row (0: farthest from the deck) with the card there, seats by number. Everything named is public or in
// the seat's own hand.
nlohmann::json BelleState::parts(Seat seat, Action action) const {
  (void)seat;
  using nlohmann::json;
  const MoveCode m = MoveCode::decode(action);
  const std::size_t cards = rules_->cards.size();
  const json unknown = {{"kind", "unknown"}, {"code", action.code}};
  const bool card_ok = m.card < cards;
  const bool unit_ok = m.index < units_.size();
  const bool mingler_ok = m.index < minglers_.size();
  switch (m.move) {
    case Move::InviteGuest:
      if (!card_ok) return unknown;
      if (!m.flag) return {{"kind", "invite"}, {"card", m.card}};
      if (!unit_ok) return unknown;
      return {{"kind", "couple"}, {"card", m.card}, {"unit", m.index}};
    case Move::InviteBelle:
      if (!card_ok) return unknown;
      return {{"kind", "invite_belle"}, {"card", m.card}};
    case Move::PowerMingler:
      if (!mingler_ok) return unknown;
      return {{"kind", power_pending_ == InvitePower::DismissMingler ? "dismiss" : "welcome"},
              {"mingler", m.index},
              {"card", minglers_[m.index]}};
    case Move::UsePower:
      if (invited_card_ >= cards) return unknown;
      return {{"kind", "use_power"}, {"power", "draw"}, {"count", rules_->cards[invited_card_].power_count}};
    case Move::SkipPower: return {{"kind", "skip_power"}};
    case Move::Gift:
      if (!card_ok || !unit_ok) return unknown;
      return {{"kind", "gift"}, {"card", m.card}, {"unit", m.index}};
    case Move::NoGift: return {{"kind", "no_gift"}};
    case Move::AttractMingler:
      if (!mingler_ok) return unknown;
      return {{"kind", "attract_mingler"}, {"mingler", m.index}, {"card", minglers_[m.index]}};
    case Move::AttractGuest:
      if (!unit_ok) return unknown;
      return {{"kind", "attract"}, {"unit", m.index}, {"seat", units_[m.index].owner}};
    case Move::AttractCouple:
      if (!unit_ok) return unknown;
      return {{"kind", "attract_couple"}, {"unit", m.index}, {"seat", units_[m.index].owner}};
    case Move::Repel:
      if (!unit_ok) return unknown;
      if (m.flag) return {{"kind", "repel"}, {"unit", m.index}, {"discard", true}};
      return {{"kind", "repel"}, {"unit", m.index}, {"seat", m.to}};
    case Move::DeclineReach: return {{"kind", "decline_reach"}};
    case Move::ReplaceSingle:
      if (!card_ok) return unknown;
      return {{"kind", "replace"}, {"card", m.card}};
    case Move::ReplaceCouple:
      if (!card_ok || m.card2 >= cards) return unknown;
      return {{"kind", "replace_couple"}, {"card", m.card}, {"under", m.card2}};
    case Move::NoReplace: return {{"kind", "no_replace"}};
  }
  return unknown;
}

namespace {

std::string from_where(std::uint8_t a) { return a == kFromMinglers ? "the minglers" : fmt::format("seat {}", static_cast<int>(a)); }

// One log event in words, as `viewer` may read it.
std::string render_event(const BelleState& s, const LogEvent& e, Seat viewer) {
  const Namer n{s};
  const std::string who = fmt::format("Seat {}", static_cast<int>(e.seat));
  switch (e.kind) {
    case Event::RoundStart:
      return fmt::format("Round {} begins; seat {} plays first.", static_cast<int>(e.a), static_cast<int>(e.seat));
    case Event::InvitedGuest:
      return e.a == kNoCard ? fmt::format("{} invited {}.", who, n.name(e.card))
                            : fmt::format("{} invited {} on top of {}: a couple.", who, n.name(e.card), n.name(e.a));
    case Event::InvitedBelle:
      return e.a == kNoCard ? fmt::format("{} invited {}.", who, n.name(e.card))
                            : fmt::format("{} invited {}; {} leaves for the discard pile.", who, n.name(e.card), n.name(e.a));
    case Event::DrewCards: return fmt::format("{}: {} drew {}.", who, n.name(e.card), cards_word(e.a));
    case Event::DeclinedPower: return fmt::format("{} declined {}'s invitation power.", who, n.name(e.card));
    case Event::DismissedMingler: return fmt::format("{} dismissed {} from the minglers.", who, n.name(e.card));
    case Event::WelcomedMingler: return fmt::format("{} welcomed {} from the minglers.", who, n.name(e.card));
    case Event::GaveGift: {
      const std::string gift = viewer == e.seat && e.card != kNoCard ? n.name(e.card) : std::string("a gift");
      return fmt::format("{} gave {} face-down to the couple {} & {}.", who, gift, n.name(e.a), n.name(e.b));
    }
    case Event::Attracted: return fmt::format("{} attracted {} from {}.", who, n.name(e.card), from_where(e.a));
    case Event::AttractedCouple:
      return fmt::format("{} attracted the couple {} & {} from {}.", who, n.name(e.card), n.name(e.b), from_where(e.a));
    case Event::Repelled:
      return e.a == kToDiscard ? fmt::format("{} repelled {} to the discard pile.", who, n.name(e.card))
                               : fmt::format("{} repelled {} to seat {}.", who, n.name(e.card), static_cast<int>(e.a));
    case Event::Declined: return fmt::format("{} declined to use {}'s attraction.", who, n.name(e.card));
    case Event::Replaced: {
      const std::string drew = e.b ? fmt::format(" and drew {}", cards_word(e.b)) : "";
      return e.a == kNoCard ? fmt::format("{} replaced the lost guest with {}{}.", who, n.name(e.card), drew)
                            : fmt::format("{} replaced the lost couple with {} & {}{}.", who, n.name(e.card), n.name(e.a), drew);
    }
    case Event::Drifted:
      return e.card == kNoCard ? fmt::format("{} joined the minglers.", cards_word(e.a))
                               : fmt::format("{} drifted out of the party; {} joined the minglers.", n.name(e.card),
                                             cards_word(e.a));
    case Event::DeckRanOut:
      return e.a == 5 ? "The deck ran out while dealing a new round: the game is over."
                      : fmt::format("The deck ran out ({}): the round and the game are over.",
                                    e.a == 3 ? "refilling a hand" : "the minglers drifting");
    case Event::CouplesReached:
      return fmt::format("{} couples are in play (the round ends at {}): the round is over.", static_cast<int>(e.a),
                         static_cast<int>(e.b));
    case Event::Scored: {
      const int points = static_cast<std::int8_t>(e.a);
      const int total = static_cast<std::int16_t>(static_cast<std::uint16_t>(e.b | (e.c << 8)));
      return fmt::format("{} scores {} this round ({} in all).", who, points_word(points), total);
    }
    case Event::GameOver: return "The game is over.";
    case Event::LogFull: return "(The log is full; later events are not recorded.)";
  }
  return "";
}

// What the game waits for now, in words ("seat 1 invites a guest or a Belle"); the game is not over.
std::string current_task(const BelleState& s, bool victim_lost_couple) {
  const Namer n{s};
  const Seat turn = s.turn_seat();
  const std::string inv = s.invited_card() != kNoCard ? n.name(s.invited_card()) : "";
  switch (s.phase()) {
    case Phase::Invite: return fmt::format("seat {} invites a guest or a Belle", turn);
    case Phase::Power: return fmt::format("seat {} may use {}'s invitation power or decline it", turn, inv);
    case Phase::Gift: return fmt::format("seat {} may give a gift to one of its couples", turn);
    case Phase::Reach: {
      const CardInfo& info = s.rules().cards[s.invited_card()];
      if (info.is_belle()) return fmt::format("seat {}: {} {}", turn, inv, criterion_text(s.rules(), info));
      return fmt::format("seat {}: {} {} a single guest with {}{}", turn, inv,
                         info.reach == Reach::Attract ? "attracts" : "repels", symbols_or(info.reach_symbols),
                         s.reach_left() > 1 ? fmt::format(" ({} left)", s.reach_left()) : "");
    }
    case Phase::Replace:
      return fmt::format("seat {} may replace the lost {}", s.victim(), victim_lost_couple ? "couple" : "guest");
    case Phase::GameOver: break;
  }
  return "";
}

// --- Cards as the view carries them: structured objects a table draws without parsing words. ---

nlohmann::json symbols_json(SymbolMask mask) {
  nlohmann::json out = nlohmann::json::array();
  for (int s = 0; s < kSymbols; ++s) {
    if (mask & (1u << s)) out.push_back(symbol_name(static_cast<Symbol>(s)));
  }
  return out;
}

// How views name each Bonus and Criterion (as the data files do), in the enums' order.
constexpr const char* kBonusNames[] = {"none", "per_symbol", "per_family", "per_couple", "per_single", "per_gift",
                                       "per_family_present", "flat"};
constexpr const char* kCriterionNames[] = {"any", "symbol", "family", "min_points", "gifted"};
const char* bonus_name(Bonus b) { return kBonusNames[static_cast<int>(b)]; }
const char* criterion_name(Criterion c) { return kCriterionNames[static_cast<int>(c)]; }

// An end-of-round effect: {"effect", "points", "symbol" or "family" when it has one, "text"}.
nlohmann::json bonus_json(const BelleRules& rules, const BonusEffect& b) {
  nlohmann::json out = {{"effect", bonus_name(b.kind)}, {"points", b.points}};
  if (b.kind == Bonus::PerSymbol) out["symbol"] = symbol_name(static_cast<Symbol>(b.param));
  if (b.kind == Bonus::PerFamily) out["family"] = rules.families[b.param];
  out["text"] = bonus_text(rules, b);
  return out;
}

// A guest's invitation power: {"effect", "count" for a draw, "text"}.
nlohmann::json invite_power_json(const CardInfo& c) {
  switch (c.power) {
    case InvitePower::Draw:
      return {{"effect", "draw"}, {"count", c.power_count}, {"text", "draw " + cards_word(c.power_count)}};
    case InvitePower::DismissMingler: return {{"effect", "dismiss_mingler"}, {"text", "dismiss a mingler"}};
    case InvitePower::WelcomeMingler: return {{"effect", "welcome_mingler"}, {"text", "welcome a mingler"}};
    case InvitePower::ExtraGift: return {{"effect", "extra_gift"}, {"text", "an extra gift"}};
    case InvitePower::None: break;
  }
  return nullptr;
}

// A Belle's criterion: {"criterion", "symbol" / "family" / "points" when it has one, "text"}.
nlohmann::json criterion_json(const BelleRules& rules, const CardInfo& belle) {
  nlohmann::json out = {{"criterion", criterion_name(belle.criterion)}};
  if (belle.criterion == Criterion::Symbol) out["symbol"] = symbol_name(static_cast<Symbol>(belle.criterion_param));
  if (belle.criterion == Criterion::Family) out["family"] = rules.families[belle.criterion_param];
  if (belle.criterion == Criterion::MinPoints) out["points"] = belle.criterion_param;
  out["text"] = criterion_text(rules, belle);
  return out;
}

}  // namespace

// A face-up card: its id (the card's index in the data, the id move parts use), name and type; a
// guest's family, symbols, points, attraction or repulsion and powers; a Belle's criterion and effect.
// Fields a card does not have are left out.
nlohmann::json card_json(const BelleRules& rules, CardId id) {
  const CardInfo& c = rules.cards[id];
  nlohmann::json out = {{"id", id}, {"name", c.name}, {"type", c.is_belle() ? "belle" : "guest"}};
  if (c.is_belle()) {
    out["attracts_couple"] = criterion_json(rules, c);
  } else {
    out["family"] = rules.families[c.family];
    out["symbols"] = symbols_json(c.symbols);
    out["points"] = c.points;
    if (c.reach == Reach::Attract) out["attracts"] = symbols_json(c.reach_symbols);
    if (c.reach == Reach::Repel) out["repels"] = symbols_json(c.reach_symbols);
    if (c.reach_count > 1) out["attract_count"] = c.reach_count;
    if (c.power != InvitePower::None) out["invite_power"] = invite_power_json(c);
  }
  if (c.bonus.kind != Bonus::None) out["end_of_round"] = bonus_json(rules, c.bonus);
  return out;
}

namespace {

// A card named only: {"id", "name"} (the discard piles).
nlohmann::json card_ref(const BelleRules& rules, CardId id) { return {{"id", id}, {"name", rules.cards[id].name}}; }

// One unit of a clique: {"unit": its id (the id move parts use), "couple", "top", and for a couple
// "bottom" and "gifts"}. A gift is {"face_down": true}, with its "card" only for the seat (mask `me`)
// that gave it.
nlohmann::json unit_json(const BelleState& s, int index, std::uint8_t me) {
  const Unit& u = s.units()[index];
  nlohmann::json out = {{"unit", index}, {"couple", u.couple()}, {"top", card_json(s.rules(), u.top)}};
  if (!u.couple()) return out;
  out["bottom"] = card_json(s.rules(), u.bottom);
  nlohmann::json gifts = nlohmann::json::array();
  for (int g = 0; g < u.gift_count; ++g) {
    nlohmann::json gift = {{"face_down", true}};
    if (u.gifts[g].known & me) gift["card"] = card_json(s.rules(), u.gifts[g].card);
    gifts.push_back(gift);
  }
  out["gifts"] = gifts;
  return out;
}

// The single guests and couples of seat `owner`'s clique, in the order they joined it.
nlohmann::json clique_json(const BelleState& s, Seat owner, std::uint8_t me) {
  nlohmann::json clique = nlohmann::json::array();
  for (std::size_t i = 0; i < s.units().size(); ++i) {
    if (s.units()[i].owner == owner) clique.push_back(unit_json(s, static_cast<int>(i), me));
  }
  return clique;
}

// Each seat's score, this round's points so far, hand size, Belle and clique.
nlohmann::json players_json(const BelleState& s, std::uint8_t me) {
  using nlohmann::json;
  json players = json::array();
  for (int p = 0; p < s.num_seats(); ++p) {
    const ScoreBreakdown now = s.clique_score(p);
    players.push_back({{"seat", p},
                       {"score", s.score(p)},
                       {"round_points_so_far", now.total()},
                       {"hand_count", s.hand(p).size()},
                       {"belle", s.belle(p) == kNoCard ? json(nullptr) : card_json(s.rules(), s.belle(p))},
                       {"clique", clique_json(s, p, me)}});
  }
  return players;
}

// A seat's own hand, and the face-down discards it knows (its own hand and gifts of past rounds).
void add_own_cards(nlohmann::json& v, const BelleState& s, Seat seat, std::uint8_t me) {
  nlohmann::json hand = nlohmann::json::array();
  for (CardId c : s.hand(seat)) hand.push_back(card_json(s.rules(), c));
  v["hand"] = hand;
  nlohmann::json known = nlohmann::json::array();
  for (const Buried& b : s.buried()) if (b.known & me) known.push_back(card_ref(s.rules(), b.card));
  if (!known.empty()) v["your_face_down_discards"] = known;
}

// The rounds scored so far: what ended each and every seat's points.
nlohmann::json rounds_json(const BelleState& s) {
  nlohmann::json rounds = nlohmann::json::array();
  for (int r = 0; r < s.rounds_scored(); ++r) {
    nlohmann::json points = nlohmann::json::array();
    for (int p = 0; p < s.num_seats(); ++p) points.push_back(s.round_points(r, p));
    rounds.push_back({{"round", r + 1}, {"ended_by", s.round_end(r) == RoundEnd::Couples ? "couples" : "deck"},
                      {"points", points}});
  }
  return rounds;
}

}  // namespace

nlohmann::json BelleState::view(Seat seat, LogWindow window) const {
  using nlohmann::json;
  const bool player = seat >= 0 && seat < seats_;
  const std::uint8_t me = player ? static_cast<std::uint8_t>(1u << seat) : 0;
  json v = json::object();
  v["game"] = "belle";
  v["round"] = round_;
  v["first_player"] = starter_;
  v["turn"] = turn_;
  v["phase"] = phase_name(phase_);
  if (phase_ != Phase::GameOver) v["now"] = current_task(*this, victim_lost_couple_);
  // The card this turn invited (public), what is left of its turn, and who may replace a lost guest.
  if (phase_ != Phase::GameOver && phase_ != Phase::Invite && invited_card_ != kNoCard) {
    v["invited"] = card_json(*rules_, invited_card_);
  }
  if (phase_ == Phase::Reach) v["reach_left"] = reach_left_;
  if (phase_ == Phase::Gift) v["gifts_left"] = gifts_left_;
  if (phase_ == Phase::Replace) v["replacing"] = {{"seat", victim_}, {"lost", victim_lost_couple_ ? "couple" : "guest"}};
  v["couples"] = {{"in_play", couples_in_play()}, {"round_ends_at", rules_->couples_to_end()}};
  v["deck_count"] = deck_.size();
  json minglers = json::array();
  for (CardId c : minglers_) minglers.push_back(card_json(*rules_, c));
  v["minglers"] = minglers;
  v["players"] = players_json(*this, me);
  json discard = json::array();
  for (CardId c : discard_) discard.push_back(card_ref(*rules_, c));
  v["discard_pile"] = discard;
  v["face_down_discards"] = buried_.size();
  if (player) add_own_cards(v, *this, seat, me);
  v["rounds"] = rounds_json(*this);
  put_log(v, 0, log_.size(), window, [&](std::size_t i) { return render_event(*this, log_[i], seat); });
  return v;
}

}  // namespace court::belle
