// Persuasion, character-card edition: what each move does, the order of resolution (intentions,
// invitations, proposals, reflection) and the end of a round (Matrimony and the outcome, the same in
// both editions, are persuasion-shared/state_common.h).
#include "games/persuasion-classic/state.h"
#include "games/persuasion-shared/matrimony.h"
#include "games/persuasion-shared/scoring.h"

namespace court::persuasion_classic {

void ClassicState::apply(Seat seat, Action action) {
  const Phase phase = phase_;
  const std::uint8_t round = round_;
  apply_move(seat, MoveCode::decode(action));
  // An intention that did not close the phase changes only whether `seat` still chooses.
  if (phase_ == Phase::Intentions && phase == Phase::Intentions && round_ == round) {
    to_act_.erase(seat);
    return;
  }
  refresh_to_act();
}

void ClassicState::apply_move(Seat seat, const MoveCode& m) {
  switch (m.move) {
    case Move::Invite:
    case Move::Propose:
    case Move::Independence: {
      const Intent kind = m.move == Move::Invite ? Intent::Invite : m.move == Move::Propose ? Intent::Propose : Intent::Independence;
      mail_[seat] = Mail{kind, m.seat, m.card, MailState::None, false};
      chosen_.insert(seat);
      for (Seat t = 0; t < num_seats(); ++t) if (eligible(t) && !chosen_.contains(t)) return;
      reveal_intentions();
      break;
    }
    case Move::Reveal: {
      // Accepting an invitation: reveal one of your traits to the inviter and peek at theirs.
      Mail& mail = mail_[m.seat];
      mail.state = MailState::Accepted;
      mail.seen_by_recipient = true;
      table_.knowledge.saw(m.seat, seat, m.card);
      table_.knowledge.saw(seat, m.seat, mail.card);
      log_event({.kind = ev(Event::InviteAccepted), .a = s8(seat), .b = m.seat, .c = m.card, .d = mail.card,
                 .see_c = seats_mask(seat, m.seat), .see_d = seats_mask(seat, m.seat)});
      advance_invitations();
      break;
    }
    case Move::RejectInvitation:
      mail_[m.seat].state = MailState::Rejected;
      log_event({.kind = ev(Event::InviteRejected), .a = s8(seat), .b = m.seat});
      advance_invitations();
      break;
    case Move::Accept:
      engage(seat, m.seat, m.card, false);
      [[fallthrough]];
    case Move::RejectAll:
      for (Seat u = 0; u < num_seats(); ++u) {
        Mail& mail = mail_[u];
        if (mail.kind != Intent::Propose || mail.state != MailState::Undecided || mail.to != seat) continue;
        mail.state = MailState::Rejected;
        log_event({.kind = ev(Event::ProposalRejected), .a = s8(seat), .b = s8(u), .c = mail.card,
                   .see_c = seats_mask(seat, u)});
      }
      proposal_turn_ = s8(seat + 1);
      advance_proposals();
      break;
    case Move::Discard: {
      // Reflection: discard any one trait, the drawn card included.
      table_.remove_from_hand(seat, m.card);
      table_.discard.push_back(m.card);
      table_.knowledge.in_discard[seat] |= card_bit(m.card);
      table_.knowledge.hand_changed_privately(seat, num_seats());
      log_event({.kind = ev(Event::Reflected), .a = s8(seat), .x = 1, .c = kNoCard, .d = m.card, .see_d = seats_mask(seat)});
      advance_reflection();
      break;
    }
  }
}

void ClassicState::start_round() {
  ++round_;
  phase_ = Phase::Intentions;
  chosen_ = SeatSet();
  for (auto& m : mail_) m = Mail{};
  log_event({.kind = ev(Event::RoundStart), .a = static_cast<std::int8_t>(final_round_ ? 1 : 0), .x = round_});
}

// Reveal Intentions, then Resolve Independence: independent players are out at once; whatever was
// sent to them is returned.
void ClassicState::reveal_intentions() {
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (!eligible(u) || m.kind == Intent::None) continue;
    if (m.kind == Intent::Independence) {
      status_[u] = Status::Independent;
      log_event({.kind = ev(Event::Independent), .a = s8(u)});
      continue;
    }
    m.state = MailState::Undecided;
    log_event({.kind = ev(Event::Intended), .a = s8(u), .b = m.to, .x = static_cast<std::uint8_t>(m.kind), .c = m.card,
               .see_c = seats_mask(u)});
  }
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.state == MailState::Undecided && status_[m.to] == Status::Independent) {
      m.state = MailState::Void;
      log_event({.kind = ev(Event::Void), .a = m.to, .b = s8(u), .x = static_cast<std::uint8_t>(m.kind)});
    }
  }
  chosen_ = SeatSet();
  phase_ = Phase::Invitations;
  advance_invitations();
}

void ClassicState::advance_invitations() {
  if (next_invitation_decider() >= 0) return;
  begin_proposals();
}

// Resolve Proposals: mutual proposals are both accepted at once (the two shared cards change hands);
// then each recipient in seat order from seat 0 looks at the proposals sent to it and accepts one or
// none. A proposal from or to a player engaged earlier in that order is void and returned.
void ClassicState::begin_proposals() {
  phase_ = Phase::Proposals;
  for (Seat a = 0; a < num_seats(); ++a) {
    const Seat b = mail_[a].to;  // a proposes to one seat at most: the pairs (a, b), b > a, in order
    if (b > a && mutual(a, b, Intent::Propose) && mail_[a].state == MailState::Undecided &&
        mail_[b].state == MailState::Undecided) {
      engage(a, b, mail_[a].card, true);
    }
  }
  proposal_turn_ = 0;
  advance_proposals();
}

void ClassicState::advance_proposals() {
  // The first seat from proposal_turn_ on with an undecided proposal addressed to it.
  std::uint32_t waiting = 0;
  for (Seat u = 0; u < num_seats(); ++u) {
    const Mail& m = mail_[u];
    const bool undecided = (m.kind == Intent::Propose) & (m.state == MailState::Undecided);
    waiting |= static_cast<std::uint32_t>(undecided) << (m.to & 7);  // branch-free, as next_invitation_decider
  }
  waiting = proposal_turn_ >= 0 ? waiting >> proposal_turn_ << proposal_turn_ : 0;
  if (waiting != 0) {
    const Seat p = std::countr_zero(waiting);
    for (Seat u = 0; u < num_seats(); ++u) {
      Mail& m = mail_[u];
      if (m.kind != Intent::Propose || m.state != MailState::Undecided || m.to != p) continue;
      m.seen_by_recipient = true;
      table_.knowledge.saw(p, u, m.card);
    }
    proposal_turn_ = s8(p);
    log_event({.kind = ev(Event::ProposalsSeen), .a = s8(p)});
    return;
  }
  proposal_turn_ = -1;
  begin_reflection();
}

void ClassicState::engage(Seat accepter, Seat proposer, CardId given, bool mutual_proposals) {
  Mail& theirs = mail_[proposer];
  const CardId received = theirs.card;
  table_.exchange_engagement_cards(accepter, given, proposer, received);
  theirs.state = MailState::Accepted;
  theirs.seen_by_recipient = true;
  if (mutual_proposals) {
    mail_[accepter].state = MailState::Accepted;
    mail_[accepter].seen_by_recipient = true;
  }
  status_[accepter] = status_[proposer] = Status::Engaged;
  fiance_[accepter] = s8(proposer);
  fiance_[proposer] = s8(accepter);
  log_event({.kind = ev(Event::Engaged), .a = s8(accepter), .b = s8(proposer),
             .x = static_cast<std::uint8_t>(mutual_proposals ? 1 : 0), .c = given, .d = received,
             .see_c = seats_mask(accepter, proposer), .see_d = seats_mask(accepter, proposer)});
  void_mail_involving(proposer);
  if (mutual_proposals) void_mail_involving(accepter);
  else {
    // The accepter's own pending proposal is void; proposals to it are rejected by the caller.
    Mail& own = mail_[accepter];
    if (own.state == MailState::Undecided) {
      own.state = MailState::Void;
      log_event({.kind = ev(Event::Void), .a = own.to, .b = s8(accepter), .x = static_cast<std::uint8_t>(own.kind)});
    }
  }
}

void ClassicState::void_mail_involving(Seat s) {
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.state != MailState::Undecided || (u != s && m.to != s)) continue;
    m.state = MailState::Void;
    log_event({.kind = ev(Event::Void), .a = m.to, .b = s8(u), .x = static_cast<std::uint8_t>(m.kind)});
  }
}

// Reflection: a player who received no intention and whose own intention was rejected draws a card,
// then discards any one trait. In seat order.
void ClassicState::begin_reflection() {
  phase_ = Phase::Reflection;
  reflect_queue_ = SeatSet();
  for (Seat u = 0; u < num_seats(); ++u) {
    if (!eligible(u)) continue;
    const Mail& own = mail_[u];
    if (own.state != MailState::Rejected && own.state != MailState::Void) continue;
    bool received = false;
    for (Seat v = 0; v < num_seats(); ++v) received = received || (mail_[v].state != MailState::None && mail_[v].to == u);
    if (!received) reflect_queue_.insert(u);
  }
  advance_reflection();
}

void ClassicState::advance_reflection() {
  reflecting_ = -1;
  for (Seat r = next_to_reflect(); r >= 0; r = next_to_reflect()) {
    bool reshuffled = false;
    CardId c = table_.draw(rng_, &reshuffled);
    if (reshuffled) log_event({.kind = ev(Event::Reshuffled)});
    if (c == kNoCard) continue;
    table_.hands[r].push_back(c);
    table_.knowledge.saw(r, r, c);
    log_event({.kind = ev(Event::Reflected), .a = s8(r), .x = 0, .c = c, .see_c = seats_mask(r)});
    reflecting_ = s8(r);
    return;
  }
  end_round();
}

// Matrimony: another round with at least three eligible players; exactly two play one last round;
// fewer end the game. Court adds max_rounds.
void ClassicState::end_round() {
  const Ending why = ending_after_round(eligible_count(), Ending::FewEligible);
  if (why != Ending::NotYet) return matrimony(why);
  start_round();
}

// Limited Correspondence: "You may only discuss strategy with a player who has accepted an invitation,
// and only until your traits are returned." From an accepted invitation between two seats (either way)
// to the end of the round, when the shared traits go home. The table talks before the first move and
// after the end.
TalkNow ClassicState::talk(Seat seat) const {
  TalkNow now{.table = terminal() || (round_ == 1 && phase_ == Phase::Intentions && chosen_.empty())};
  for (Seat from = 0; from < num_seats(); ++from) {
    const Mail& m = mail_[from];
    if (m.kind != Intent::Invite || m.state != MailState::Accepted) continue;
    if (from == seat && m.to != seat) now.seats.insert(m.to);
    if (m.to == seat && from != seat) now.seats.insert(from);
  }
  return now;
}

}  // namespace court::persuasion_classic
