// Persuasion, character-card edition: views, move labels, the log in words.
#include <fmt/format.h>

#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion-shared/view_common.h"

namespace court::persuasion_classic {
namespace {

// Words for each Intent and Ending, in the enums' order.
constexpr const char* kIntentWords[] = {"nothing", "invitation", "proposal", "independence"};
constexpr const char* kEndingWords[] = {"", "one or no player was still eligible",
                                        "the last round with two eligible players was played",
                                        "the round limit (max_rounds) was reached"};
const char* intent_word(Intent i) { return kIntentWords[static_cast<int>(i)]; }
const char* ending_words(Ending e) { return kEndingWords[static_cast<int>(e)]; }

std::string render_event(const ClassicState& s, const LogEvent& e, Seat viewer) {
  const PersuasionDeck& d = s.deck();
  auto card = [&](CardId c, std::uint16_t mask) {
    return (mask == kEveryone || may_see(mask, viewer)) && c != kNoCard ? d.trait_label(c) : std::string("a card");
  };
  const std::string a = fmt::format("seat {}", e.a), b = fmt::format("seat {}", e.b);
  switch (static_cast<Event>(e.kind)) {
    case Event::RoundStart:
      return fmt::format("Round {} begins{}.", static_cast<int>(e.x), e.a == 1 ? " (the last round)" : "");
    case Event::Intended:
      return fmt::format("{} shares {} with {}: {}.", a, card(e.c, e.see_c), b, intent_word(static_cast<Intent>(e.x)));
    case Event::Independent: return fmt::format("{} claims independence.", a);
    case Event::InviteAccepted:
      return fmt::format("{} accepts {}'s invitation{}.", a, b,
                         may_see(e.see_c, viewer)
                             ? fmt::format(", revealing {} and seeing {}", card(e.c, e.see_c), card(e.d, e.see_d))
                             : "");
    case Event::InviteRejected: return fmt::format("{} rejects {}'s invitation.", a, b);
    case Event::ProposalsSeen: return fmt::format("{} looks at the proposals sent to them.", a);
    case Event::Engaged:
      return fmt::format("{} and {} are engaged{}{}.", a, b, e.x ? " (mutual proposals)" : "",
                         may_see(e.see_c, viewer)
                             ? fmt::format(": {} gives {} and receives {}", a, card(e.c, e.see_c), card(e.d, e.see_d))
                             : "");
    case Event::Void:
      return fmt::format("{}'s {} to {} is void and returned.", b, intent_word(static_cast<Intent>(e.x)), a);
    case Event::ProposalRejected:
      return fmt::format("{} rejects {}'s proposal{}.", a, b,
                         may_see(e.see_c, viewer) ? fmt::format(" ({})", card(e.c, e.see_c)) : "");
    case Event::Reflected:
      if (e.x == 0) return fmt::format("{} was ignored and rejected: draws {}.", a, card(e.c, e.see_c));
      return fmt::format("{} discards {}.", a, card(e.d, e.see_d));
    case Event::Reshuffled: return "The discard pile is shuffled into a new deck.";
    case Event::Matrimony: {
      std::string who = e.b >= 0 ? fmt::format("engaged to seat {}", static_cast<int>(e.b))
                        : s.status(e.a) == Status::Independent ? "independent" : "still eligible";
      const TraitCard& w = d.cards[e.d];
      return fmt::format("Matrimony: {} ({}, desires {} {} {}) {}.", a, who, d.signed_short(w.border[0]),
                         d.signed_short(w.border[1]), d.signed_short(w.border[2]), e.x ? "WINS" : "does not win");
    }
    case Event::GameEnds: return fmt::format("The game ends: {}.", ending_words(static_cast<Ending>(e.x)));
  }
  return "";
}

// A desires card as this edition reads it ("Satisfies"): at least two of its three border symbols
// must be dominant in the hand at Matrimony.
nlohmann::json desires_card(const PersuasionDeck& d, CardId c) { return desires_json(d, c, d.cards[c].border); }

}  // namespace

std::uint64_t ClassicState::observe(Seat viewer, Seat actor, Action action) const {
  if (viewer == actor) return action.code;
  constexpr std::uint64_t kMasked = 1ull << 40;
  if (phase_ == Phase::Intentions) return kMasked;  // chosen in secret, all at once
  MoveCode m = MoveCode::decode(action);
  if (m.seat != viewer) m.card = kNoCard;
  return m.encode().code | kMasked;
}

std::string ClassicState::describe(Seat seat, Action action) const {
  (void)seat;
  const MoveCode m = MoveCode::decode(action);
  const PersuasionDeck& d = deck();
  switch (m.move) {
    case Move::Invite: return fmt::format("invite seat {} sharing {}", m.seat, d.trait_label(m.card));
    case Move::Propose: return fmt::format("propose to seat {} sharing {}", m.seat, d.trait_label(m.card));
    case Move::Independence: return "claim independence";
    case Move::Reveal: return fmt::format("accept seat {}'s invitation, revealing {}", m.seat, d.trait_label(m.card));
    case Move::RejectInvitation: return fmt::format("reject seat {}'s invitation", m.seat);
    case Move::Accept: return fmt::format("accept seat {}'s proposal, giving {}", m.seat, d.trait_label(m.card));
    case Move::RejectAll: return "reject every proposal";
    case Move::Discard: return fmt::format("discard {}", d.trait_label(m.card));
  }
  return fmt::format("move #{}", action.code);
}

// Move parts (docs/protocol.md, "Persuasion (character-card edition)"): cards by their printed
// number, seats by number.
nlohmann::json ClassicState::parts(Seat seat, Action action) const {
  (void)seat;
  const MoveCode m = MoveCode::decode(action);
  auto number = [&](CardId c) { return card_number(deck(), c); };
  switch (m.move) {
    case Move::Invite: return {{"kind", "invite"}, {"card", number(m.card)}, {"seat", m.seat}};
    case Move::Propose: return {{"kind", "propose"}, {"card", number(m.card)}, {"seat", m.seat}};
    case Move::Independence: return {{"kind", "independence"}};
    case Move::Reveal: return {{"kind", "reveal"}, {"seat", m.seat}, {"card", number(m.card)}};
    case Move::RejectInvitation: return {{"kind", "reject_invitation"}, {"seat", m.seat}};
    case Move::Accept: return {{"kind", "accept"}, {"seat", m.seat}, {"card", number(m.card)}};
    case Move::RejectAll: return {{"kind", "reject_all"}};
    case Move::Discard: return {{"kind", "discard"}, {"card", number(m.card)}};
  }
  return {{"kind", "unknown"}, {"code", action.code}};
}

nlohmann::json ClassicState::view(Seat seat, LogWindow window) const {
  using nlohmann::json;
  const PersuasionDeck& d = deck();
  const bool player = seat >= 0 && seat < num_seats();
  json v;
  v["symbols"] = symbol_legend(d);
  v["round"] = round_;
  if (final_round_) v["last_round"] = true;
  const char* phase_names[] = {"share intentions", "resolve invitations", "resolve proposals", "reflection", "matrimony"};
  v["phase"] = phase_names[static_cast<int>(phase_)];
  v["deck"] = table_.deck.size();
  json players = json::array();
  for (Seat t = 0; t < num_seats(); ++t) {
    json p = {{"seat", t}, {"status", standing_words(standing_of(status_[t]), fiance_[t], "eligible")}};
    if (phase_ == Phase::Intentions && eligible(t)) p[to_act().contains(t) ? "choosing" : "chosen"] = true;
    if (status_[t] == Status::Engaged) p["fiance"] = fiance_[t];
    players.push_back(p);
  }
  v["players"] = players;
  if (player) {
    put_own_cards(v, d, table_, seat, desires_card(d, table_.desires[seat]), [&](CardId c) { return trait_card(d, c); });
    if (phase_ == Phase::Intentions && chosen_.contains(seat)) {
      const Mail& m = mail_[seat];
      json mine = {{"kind", intent_word(m.kind)}};
      if (m.kind != Intent::Independence) mine["seat"] = m.to, mine["card"] = trait_card(d, m.card);
      v["your_intention"] = mine;
    }
  }
  if (phase_ != Phase::Intentions && phase_ != Phase::GameOver) {
    json table = json::array();
    for (Seat u = 0; u < num_seats(); ++u) {
      const Mail& m = mail_[u];
      if (m.kind != Intent::Invite && m.kind != Intent::Propose) continue;
      const bool sees = u == seat || (m.to == seat && m.seen_by_recipient);
      const char* state_words[] = {"", "undecided", "accepted", "rejected", "void"};
      json intention = {{"from", u}, {"to", m.to}, {"kind", intent_word(m.kind)},
                        {"state", state_words[static_cast<int>(m.state)]}};
      if (sees && m.card != kNoCard) intention["card"] = trait_card(d, m.card);
      table.push_back(intention);
    }
    if (!table.empty()) v["intentions"] = table;
  }
  put_ending_and_log(v, *this, ending_words(ending_), [&](CardId c) { return desires_card(d, c); },
                     [&](const LogEvent& e) { return render_event(*this, e, seat); }, window);
  return v;
}

}  // namespace court::persuasion_classic
