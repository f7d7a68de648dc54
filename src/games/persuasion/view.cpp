// Persuasion, letterbox edition: views (built from what each seat may know), move labels, and the
// log in words.
#include <fmt/format.h>

#include "games/persuasion-shared/scoring.h"
#include "games/persuasion-shared/view_common.h"
#include "games/persuasion/state.h"

namespace court::persuasion {
namespace {

// Words for each Intent, MailState and Ending, in the enums' order.
constexpr const char* kIntentWords[] = {"nothing", "invitation", "proposal", "independence", "reflection"};
constexpr const char* kMailStateWords[] = {"", "undecided", "accepted", "rejected", "returned unopened"};
constexpr const char* kEndingWords[] = {"", "one or no player was still available",
                                        "the final round with two available players was played",
                                        "the round limit (max_rounds) was reached"};
const char* intent_word(Intent i) { return kIntentWords[static_cast<int>(i)]; }
const char* mail_state_word(MailState s) { return kMailStateWords[static_cast<int>(s)]; }
const char* ending_words(Ending e) { return kEndingWords[static_cast<int>(e)]; }

std::string seat_name(int s) { return fmt::format("seat {}", s); }

// A desires card as the letterbox edition reads it: its desire row of two signed symbols (both must
// be dominant in the hand at Matrimony).
nlohmann::json desires_card(const PersuasionDeck& d, CardId c) { return desires_json(d, c, d.cards[c].desire); }

}  // namespace

std::uint64_t LetterboxState::observe(Seat viewer, Seat actor, Action action) const {
  if (viewer == actor) return action.code;
  constexpr std::uint64_t kMasked = 1ull << 40;
  if (phase_ == Phase::Introductions || phase_ == Phase::Intentions) return kMasked;  // a letter in the box
  MoveCode m = MoveCode::decode(action);
  // Reflection happens out of sight: others cannot tell a swap from keeping none.
  if (m.move == Move::Swap || m.move == Move::KeepNone) return MoveCode{Move::Swap, -1, kNoCard, kNoCard}.encode().code | kMasked;
  if (m.seat != viewer) m.card = m.card2 = kNoCard;
  return m.encode().code | kMasked;
}

std::string LetterboxState::describe(Seat seat, Action action) const {
  const MoveCode m = MoveCode::decode(action);
  const PersuasionDeck& d = deck();
  switch (m.move) {
    case Move::Show: return fmt::format("show {} to seat {}", d.trait_label(m.card), m.seat);
    case Move::Invite: return fmt::format("invite seat {} with {}", m.seat, d.trait_label(m.card));
    case Move::Propose: return fmt::format("propose to seat {} with {}", m.seat, d.trait_label(m.card));
    case Move::Independence: return "claim independence";
    case Move::Reflect: return "reflect";
    case Move::Swap: return fmt::format("keep {} in place of {}", d.trait_label(m.card2), d.trait_label(m.card));
    case Move::KeepNone: return "keep none of the drawn cards";
    case Move::ExtraReflect: return "reflect (nothing reached you this round)";
    case Move::Pass: return "do not reflect";
    case Move::Accept:
      if (m.seat >= 0 && m.seat < num_seats() && mail_[m.seat].kind == Intent::Propose) {
        return fmt::format("accept seat {}'s proposal, giving {}", m.seat, d.trait_label(m.card));
      }
      return fmt::format("accept seat {}'s invitation, sending {}", m.seat, d.trait_label(m.card));
    case Move::Reject:
      return fmt::format("reject seat {}'s {}", m.seat,
                         m.seat >= 0 && m.seat < num_seats() ? intent_word(mail_[m.seat].kind) : "mail");
  }
  (void)seat;
  return fmt::format("move #{}", action.code);
}

// Move parts (docs/protocol.md, "Persuasion (letterbox edition)"): cards by their printed number,
// seats by number. A letter's kind is public (the side of the letterbox it lies on), so naming it in
// `accept` and `reject` tells the seat nothing it does not see.
nlohmann::json LetterboxState::parts(Seat seat, Action action) const {
  (void)seat;
  const MoveCode m = MoveCode::decode(action);
  auto number = [&](CardId c) { return card_number(deck(), c); };
  auto mail_kind = [&] {
    return m.seat >= 0 && m.seat < num_seats() && mail_[m.seat].kind == Intent::Propose ? "proposal" : "invitation";
  };
  switch (m.move) {
    case Move::Show: return {{"kind", "show"}, {"card", number(m.card)}, {"seat", m.seat}};
    case Move::Invite: return {{"kind", "invite"}, {"card", number(m.card)}, {"seat", m.seat}};
    case Move::Propose: return {{"kind", "propose"}, {"card", number(m.card)}, {"seat", m.seat}};
    case Move::Independence: return {{"kind", "independence"}};
    case Move::Reflect: return {{"kind", "reflect"}};
    case Move::ExtraReflect: return {{"kind", "reflect"}, {"extra", true}};
    case Move::Pass: return {{"kind", "pass"}};
    case Move::Swap: return {{"kind", "swap"}, {"discard", number(m.card)}, {"keep", number(m.card2)}};
    case Move::KeepNone: return {{"kind", "keep_none"}};
    case Move::Accept: return {{"kind", "accept"}, {"seat", m.seat}, {"card", number(m.card)}, {"mail", mail_kind()}};
    case Move::Reject: return {{"kind", "reject"}, {"seat", m.seat}, {"mail", mail_kind()}};
  }
  return {{"kind", "unknown"}, {"code", action.code}};
}

namespace {

std::string render_event(const LetterboxState& s, const LogEvent& e, Seat viewer) {
  const PersuasionDeck& d = s.deck();
  auto card = [&](CardId c, std::uint16_t mask) {
    return (mask == kEveryone || may_see(mask, viewer)) && c != kNoCard ? d.trait_label(c) : std::string("a card");
  };
  const std::string a = seat_name(e.a), b = seat_name(e.b);
  switch (static_cast<Event>(e.kind)) {
    case Event::IntroShown:
      return fmt::format("Introductions: {} showed {} to {}.", a, card(e.c, e.see_c), b);
    case Event::RoundStart:
      return fmt::format("Round {} begins{}.", static_cast<int>(e.x), e.a == 1 ? " (the final round)" : "");
    case Event::Intended: {
      const Intent i = static_cast<Intent>(e.x);
      if (i == Intent::Reflection) return fmt::format("{} reflects.", a);
      const bool show = may_see(e.see_c, viewer);
      return fmt::format("{} mails {} to {}{}.", a, i == Intent::Propose ? "a proposal" : "an invitation", b,
                         show ? " with " + card(e.c, e.see_c) : "");
    }
    case Event::Independent: return fmt::format("{} claims independence.", a);
    case Event::Reflected: {
      std::string drew = e.x == 0 ? "no card (the deck and discard pile are empty)"
                         : may_see(e.see_c, viewer)
                             ? (e.x == 2 ? fmt::format("{} and {}", card(e.c, e.see_c), card(e.d, e.see_d))
                                         : card(e.c, e.see_c))
                             : fmt::format("{} card{}", static_cast<int>(e.x), e.x == 1 ? "" : "s");
      return fmt::format("{} reflects{} and draws {}.", a, e.b == 1 ? " (nothing reached them this round)" : "", drew);
    }
    case Event::Swapped:
      if (may_see(e.see_c, viewer)) {
        return fmt::format("{} keeps {} in place of {}; the rest is discarded.", a, card(e.d, e.see_d),
                           card(e.c, e.see_c));
      }
      return fmt::format("{} discards two cards.", a);
    case Event::KeptNone:
      return viewer == e.a ? fmt::format("{} keeps none of the drawn cards.", a) : fmt::format("{} discards two cards.", a);
    case Event::InviteAccepted:
      return fmt::format("{} accepts {}'s invitation{}.", a, b,
                         may_see(e.see_c, viewer)
                             ? fmt::format(", sending {} and seeing {}", card(e.c, e.see_c), card(e.d, e.see_d))
                             : "");
    case Event::InviteRejected:
      return fmt::format("{} rejects {}'s invitation{}.", a, b,
                         may_see(e.see_c, viewer) ? fmt::format(" ({} comes back unseen)", card(e.c, e.see_c)) : "");
    case Event::ProposalAccepted:
      return fmt::format("{} accepts {}'s proposal: they are engaged{}.", a, b,
                         may_see(e.see_c, viewer)
                             ? fmt::format(" ({} gives {} and keeps {})", a, card(e.c, e.see_c), card(e.d, e.see_d))
                             : "");
    case Event::ProposalRejected:
      return fmt::format("{} rejects {}'s proposal{}.", a, b,
                         may_see(e.see_c, viewer) ? fmt::format(" ({})", card(e.c, e.see_c)) : "");
    case Event::Returned:
      return fmt::format("{}'s {} to {} is returned{}{}.", b, static_cast<Intent>(e.x) == Intent::Propose ? "proposal" : "invitation",
                         a, static_cast<Intent>(e.x) == Intent::Propose ? "" : " unseen",
                         may_see(e.see_c, viewer) ? fmt::format(" ({})", card(e.c, e.see_c)) : "");
    case Event::Passed: return fmt::format("{} does not reflect.", a);
    case Event::Reshuffled: return "The discard pile is shuffled into a new deck.";
    case Event::Matrimony: {
      std::string who = e.b >= 0 ? fmt::format("engaged to seat {}", static_cast<int>(e.b))
                        : s.status(e.a) == Status::Independent ? "independent" : "still available";
      return fmt::format("Matrimony: {} ({}, desires {}) {}.", a, who, d.desire_label(e.d), e.x ? "WINS" : "does not win");
    }
    case Event::GameEnds: return fmt::format("The game ends: {}.", ending_words(static_cast<Ending>(e.x)));
  }
  return "";
}

// Every player: seat, standing, how many traits it holds, whether it has made its secret choice, fiance.
nlohmann::json players_json(const LetterboxState& s) {
  nlohmann::json players = nlohmann::json::array();
  for (Seat t = 0; t < s.num_seats(); ++t) {
    nlohmann::json p;
    p["seat"] = t;
    p["status"] = standing_words(standing_of(s.status(t)), s.fiance(t), "available");
    p["traits"] = s.table().hands[t].size();
    if (s.phase() == Phase::Introductions || s.phase() == Phase::Intentions) {
      if (s.to_act().contains(t)) p["choosing"] = true;
      else if (s.phase() == Phase::Intentions ? s.available(t) : true) p["chosen"] = true;
    }
    if (s.status(t) == Status::Engaged) p["fiance"] = s.fiance(t);
    players.push_back(p);
  }
  return players;
}

// What only `seat` sees as a player: its cards (a mailed one marked), the cards it drew to reflect, the
// shows it chose at the introductions and its intention this round.
void put_own_view(nlohmann::json& v, const LetterboxState& s, Seat seat) {
  using nlohmann::json;
  const PersuasionDeck& d = s.deck();
  const CardsInPlay& table = s.table();
  put_own_cards(v, d, table, seat, desires_card(d, table.desires[seat]), [&](CardId c) {
    json card = trait_card(d, c);
    if (s.away(c)) card["mailed"] = true;
    return card;
  });
  if (table.drawn_by == seat) {
    json drawn = json::array();
    for (CardId c : table.drawn) drawn.push_back(trait_card(d, c));
    v["drawn"] = drawn;
  }
  if (s.phase() == Phase::Introductions) {
    json shown = json::array();
    for (const IntroShow& i : s.intro_shows(seat)) shown.push_back({{"card", trait_card(d, i.card)}, {"seat", i.to}});
    v["introductions_chosen"] = shown;
  }
  if (s.phase() == Phase::Intentions && s.has_chosen(seat)) {
    const Intention& i = s.pending_intention(seat);
    json mine = {{"kind", intent_word(i.kind)}};
    if (i.kind == Intent::Invite || i.kind == Intent::Propose) mine["seat"] = i.target, mine["card"] = trait_card(d, i.card);
    v["your_intention"] = mine;
  }
}

// This round's mail: public facts for everyone, cards only for those who saw them.
nlohmann::json mail_json(const LetterboxState& s, Seat seat) {
  nlohmann::json mail = nlohmann::json::array();
  for (Seat u = 0; u < s.num_seats(); ++u) {
    const Mail& m = s.mail_from(u);
    if (m.kind == Intent::None) continue;
    const bool sees_card = u == seat || (m.to == seat && (m.kind == Intent::Propose || m.state == MailState::Accepted));
    const bool sees_reply = u == seat || m.to == seat;
    nlohmann::json letter = {{"from", u}, {"to", m.to}, {"kind", intent_word(m.kind)}, {"state", mail_state_word(m.state)}};
    if (sees_card && m.card != kNoCard) letter["card"] = trait_card(s.deck(), m.card);
    if (m.state == MailState::Accepted && sees_reply && m.reply != kNoCard) letter["reply"] = trait_card(s.deck(), m.reply);
    mail.push_back(letter);
  }
  return mail;
}

}  // namespace

nlohmann::json LetterboxState::view(Seat seat, LogWindow window) const {
  using nlohmann::json;
  const PersuasionDeck& d = deck();
  json v;
  v["symbols"] = symbol_legend(d);
  v["round"] = round_;
  if (final_round_) v["final_round"] = true;
  const char* phase_names[] = {"introductions", "mail intentions", "reflection", "correspondence", "await postman",
                               "matrimony"};
  v["phase"] = phase_names[static_cast<int>(phase_)];
  v["deck"] = table_.deck.size();
  v["discard_pile"] = table_.discard.size();
  v["players"] = players_json(*this);
  if (seat >= 0 && seat < num_seats()) put_own_view(v, *this, seat);
  if (json mail = mail_json(*this, seat); !mail.empty()) v["mail"] = mail;
  put_ending_and_log(v, *this, ending_words(ending_), [&](CardId c) { return desires_card(d, c); },
                     [&](const LogEvent& e) { return render_event(*this, e, seat); }, window);
  return v;
}

}  // namespace court::persuasion
