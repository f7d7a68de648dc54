// Persuasion, character-card edition: the rules, in the order of its page
// (docs/rules/persuasion-classic.md) and under its section names: setup, a round and its steps (Share
// Intentions, Reveal, Resolve Independence, Resolve Invitations, Resolve Proposals, Reflection, the
// end of a round), Matrimony and the outcome, talk at the table (Limited Correspondence); for each
// step which moves it allows (the add_*_moves writers, which state.cpp's legal_actions lists) and
// what each move does; who acts. The rules both editions share (the deal, Check Availability,
// Matrimony, the outcome) are persuasion-shared/rules_common.h.
#include "games/persuasion-classic/state.h"
#include "games/persuasion-shared/rules_common.h"
#include "games/persuasion-shared/scoring.h"

namespace court::persuasion_classic {

// --- Setup (docs/rules/persuasion-classic.md, "Setup") -----------------------------------------------------

// Setup: five traits each, then one desires card each. Play starts at Share Intentions.
ClassicState ClassicState::new_game(const ClassicRules& rules, std::uint64_t seed) {
  ClassicState s = blank(rules, seed);
  deal_new_game(s.table_, rules.deck.size(), kHandSize, s.rng_);
  s.begin_round(1);
  return s;
}

// Scenarios: play starts at Share Intentions of `round`, with the given commitments.
void ClassicState::begin_round(int round) {
  if (resume_at_round(round, eligible_count(), Ending::FewEligible)) start_round(Phase::Intentions, mail_);
  refresh_to_act();
}

// --- A round: 1. Share Intentions (docs/rules/persuasion-classic.md, "A round") ----------------------------

// Share Intentions, the moves: an invitation or a proposal to each other eligible player sharing each
// card (rules_common.h), or independence.
void ClassicState::add_intention_moves(Seat seat, ActionList& out) const {
  add_invitations_and_proposals<MoveCode>(intention_targets(seat), table_.hands[seat], out);
  out.push_back(MoveCode{Move::Independence}.encode());
}

// Share Intentions: each eligible player secretly invites or proposes to another eligible player,
// sharing one of its traits, or claims independence. Revealed when all have chosen.
void ClassicState::share_intention(Seat seat, const MoveCode& m) {
  const Intent kind = m.move == Move::Invite ? Intent::Invite : m.move == Move::Propose ? Intent::Propose : Intent::Independence;
  mail_[seat] = Mail{{kind, m.seat, m.card, MailState::None}, false};
  chosen_.insert(seat);
  for (Seat t = 0; t < num_seats(); ++t) if (eligible(t) && !chosen_.contains(t)) return;
  reveal_intentions();
}

// --- A round: 2. Reveal, 3. Resolve Independence (docs/rules/persuasion-classic.md, "A round") -------------

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

// --- A round: 4. Resolve Invitations (docs/rules/persuasion-classic.md, "A round") -------------------------

// Resolve Invitations: one decision at a time, the lowest seat with an undecided invitation first.
Seat ClassicState::next_invitation_decider() const {
  std::uint32_t waiting = 0;  // bit per seat with an undecided invitation addressed to it
  for (Seat u = 0; u < num_seats(); ++u) {
    const Mail& m = mail_[u];
    // Without branches (which mail is undecided is a coin toss); `to & 7` is any seat when none.
    const bool undecided = (m.kind == Intent::Invite) & (m.state == MailState::Undecided);
    waiting |= static_cast<std::uint32_t>(undecided) << (m.to & 7);
  }
  return waiting != 0 ? std::countr_zero(waiting) : -1;
}

// Resolve Invitations, the moves: for each invitation received, reject it (not a mutual invitation,
// which both must accept), or accept it revealing one of your traits other than the one you shared.
void ClassicState::add_invitation_moves(Seat seat, ActionList& out) const {
  const CardId shared = shared_card(seat);
  for (Seat u : undecided_senders_to(seat, Intent::Invite)) {
    if (!mutual(u, seat, Intent::Invite)) out.push_back(MoveCode{Move::RejectInvitation, s8(u)}.encode());
    for (CardId c : table_.hands[seat]) if (c != shared) out.push_back(MoveCode{Move::Reveal, s8(u), c}.encode());
  }
}

// Accepting an invitation: reveal one of your traits to the inviter and peek at theirs.
void ClassicState::accept_invitation(Seat seat, Seat from, CardId revealed) {
  Mail& mail = mail_[from];
  mail.state = MailState::Accepted;
  mail.seen_by_recipient = true;
  table_.knowledge.saw(from, seat, revealed);
  table_.knowledge.saw(seat, from, mail.card);
  log_event({.kind = ev(Event::InviteAccepted), .a = s8(seat), .b = s8(from), .c = revealed, .d = mail.card,
             .see_c = seats_mask(seat, from), .see_d = seats_mask(seat, from)});
  advance_invitations();
}

void ClassicState::reject_invitation(Seat seat, Seat from) {
  mail_[from].state = MailState::Rejected;
  log_event({.kind = ev(Event::InviteRejected), .a = s8(seat), .b = s8(from)});
  advance_invitations();
}

// Resolve Invitations ends when none is undecided: Resolve Proposals.
void ClassicState::advance_invitations() {
  if (next_invitation_decider() >= 0) return;
  begin_proposals();
}

// --- A round: 5. Resolve Proposals (docs/rules/persuasion-classic.md, "A round") ---------------------------

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

// The next recipient in seat order looks at the proposals sent to it; with none left, Reflection.
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

// Resolve Proposals, the moves: reject them all, or accept one giving one of your traits other than
// the one you shared.
void ClassicState::add_proposal_moves(Seat seat, ActionList& out) const {
  const CardId shared = shared_card(seat);
  out.push_back(MoveCode{Move::RejectAll}.encode());
  for (Seat u : undecided_senders_to(seat, Intent::Propose)) {
    for (CardId c : table_.hands[seat]) if (c != shared) out.push_back(MoveCode{Move::Accept, s8(u), c}.encode());
  }
}

// An engagement: the cards change hands, both are engaged (public), and their other undecided
// intentions are void.
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

// Every undecided intention sent to or by `s` is void and returned.
void ClassicState::void_mail_involving(Seat s) {
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.state != MailState::Undecided || (u != s && m.to != s)) continue;
    m.state = MailState::Void;
    log_event({.kind = ev(Event::Void), .a = m.to, .b = s8(u), .x = static_cast<std::uint8_t>(m.kind)});
  }
}

// After a recipient accepted one proposal or none: every other proposal to it is rejected, and the
// next recipient in seat order decides.
void ClassicState::reject_remaining_proposals(Seat seat) {
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& mail = mail_[u];
    if (mail.kind != Intent::Propose || mail.state != MailState::Undecided || mail.to != seat) continue;
    mail.state = MailState::Rejected;
    log_event({.kind = ev(Event::ProposalRejected), .a = s8(seat), .b = s8(u), .c = mail.card,
               .see_c = seats_mask(seat, u)});
  }
  proposal_turn_ = s8(seat + 1);
  advance_proposals();
}

// --- A round: 6. Reflection (docs/rules/persuasion-classic.md, "A round") ----------------------------------

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

// Each reflecting player in seat order draws a card (and discards one, discard_trait); then the end
// of the round.
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

// Reflection, the moves: discard any one trait, the drawn card included.
void ClassicState::add_reflection_moves(Seat seat, ActionList& out) const {
  for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Discard, -1, c}.encode());
}

// Reflection: discard any one trait, the drawn card included.
void ClassicState::discard_trait(Seat seat, CardId card) {
  table_.remove_from_hand(seat, card);
  table_.discard.push_back(card);
  table_.knowledge.in_discard[seat] |= card_bit(card);
  table_.knowledge.hand_changed_privately(seat, num_seats());
  log_event({.kind = ev(Event::Reflected), .a = s8(seat), .x = 1, .c = kNoCard, .d = card, .see_d = seats_mask(seat)});
  advance_reflection();
}

// --- A round: 7. The end of a round (docs/rules/persuasion-classic.md, "A round") --------------------------

// Check Availability (step 7): another round with at least three eligible players; exactly two play one last round;
// fewer end the game. Court adds max_rounds.
void ClassicState::end_round() {
  const Ending why = ending_after_round(eligible_count(), Ending::FewEligible);
  if (why != Ending::NotYet) return matrimony(why);
  start_round(Phase::Intentions, mail_);
}

// --- Matrimony and the outcome (docs/rules/persuasion-classic.md, "Matrimony"; shared: rules_common.h) -----

// Every winner at Matrimony ranks first, every other seat just below (rules_common.h).
Outcome ClassicState::outcome() const { return outcome_of_wins(won_, num_seats()); }

// --- Talk at the table (docs/rules/persuasion-classic.md, "Talk at the table") -----------------------------

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

// --- A move: its rule, and who acts next -------------------------------------------------------------------

// What a move does: its rule (apply_move), then who acts (refresh_to_act).
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

// Each move to its rule.
void ClassicState::apply_move(Seat seat, const MoveCode& m) {
  switch (m.move) {
    case Move::Invite:
    case Move::Propose:
    case Move::Independence:
      share_intention(seat, m);
      break;
    case Move::Reveal:
      accept_invitation(seat, m.seat, m.card);
      break;
    case Move::RejectInvitation:
      reject_invitation(seat, m.seat);
      break;
    case Move::Accept:
      engage(seat, m.seat, m.card, false);
      [[fallthrough]];
    case Move::RejectAll:
      reject_remaining_proposals(seat);
      break;
    case Move::Discard:
      discard_trait(seat, m.card);
      break;
  }
}

// Who acts: everyone still choosing at Share Intentions, else the one seat deciding.
SeatSet ClassicState::to_act_now() const {
  switch (phase_) {
    case Phase::Intentions: return still_choosing(true);
    case Phase::Invitations: return only(next_invitation_decider());
    case Phase::Proposals: return only(proposal_turn_);
    case Phase::Reflection: return only(reflecting_);
    case Phase::GameOver: break;
  }
  return SeatSet();
}

void ClassicState::refresh_to_act() {
  if (phase_ == Phase::Intentions) open_ = open_seats();
  to_act_ = to_act_now();
}

}  // namespace court::persuasion_classic
