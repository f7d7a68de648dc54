// Persuasion, letterbox edition: what each move does, one function per rule of the rulebook.
#include "games/persuasion/state.h"

namespace court::persuasion {

namespace {
std::uint8_t ev(Event e) { return static_cast<std::uint8_t>(e); }
std::int8_t s8(Seat s) { return static_cast<std::int8_t>(s); }
}  // namespace

// Introductions, step 1: each player shows a different trait card to each other player until everyone
// got one or the cards run out. Simultaneous: the cards are seen once every player has chosen.
void LetterboxState::show_card(Seat seat, Seat to, CardId card) {
  intro_[seat].push_back({s8(to), card});
  if (static_cast<int>(intro_[seat].size()) == intro_quota(seat)) chosen_.insert(seat);
  if (chosen_.size() == num_seats()) reveal_introductions();
}

// Mail Intentions: each available player secretly chooses to invite or propose to another available
// player with one of their cards, to claim independence, or to reflect. Revealed when all have chosen.
void LetterboxState::choose_intention(Seat seat, Intention intention) {
  intention_[seat] = intention;
  chosen_.insert(seat);
  for (Seat t = 0; t < num_seats(); ++t) if (available(t) && !chosen_.contains(t)) return;
  reveal_intentions();
}

// Reflection: keep drawn card `drawn` in place of trait `mine`; both other cards go to the discard
// pile. Nobody else sees which (or whether) a trait changed, so they are no longer sure of this hand.
void LetterboxState::swap_trait(Seat seat, CardId mine, CardId drawn) {
  Hand& hand = table_.hands[seat];
  hand[static_cast<std::size_t>(hand.index_of(mine))] = drawn;
  table_.knowledge.saw(seat, seat, drawn);
  table_.discard.push_back(mine);
  table_.knowledge.in_discard[seat] |= card_bit(mine);
  for (CardId c : table_.drawn) {
    if (c == drawn) continue;
    table_.discard.push_back(c);
    table_.knowledge.in_discard[seat] |= card_bit(c);
  }
  table_.knowledge.hand_changed_privately(seat, num_seats());
  log_event({.kind = ev(Event::Swapped), .a = s8(seat), .c = mine, .d = drawn, .see_c = seats_mask(seat),
             .see_d = seats_mask(seat)});
  table_.drawn.clear();
  table_.drawn_by = -1;
}

void LetterboxState::keep_none(Seat seat) {
  for (CardId c : table_.drawn) {
    table_.discard.push_back(c);
    table_.knowledge.in_discard[seat] |= card_bit(c);
  }
  table_.knowledge.hand_changed_privately(seat, num_seats());
  log_event({.kind = ev(Event::KeptNone), .a = s8(seat)});
  table_.drawn.clear();
  table_.drawn_by = -1;
}

// Correspondence, accepting an invitation: send one of your cards to the inviter first, then look at
// the invitation. Both cards go home at the end of the round.
void LetterboxState::accept_invitation(Seat seat, Seat from, CardId reply) {
  Mail& m = mail_[from];
  m.state = MailState::Accepted;
  m.reply = reply;
  away_ |= card_bit(reply);
  received_[from] = true;
  table_.knowledge.saw(from, seat, reply);
  table_.knowledge.saw(seat, from, m.card);
  log_event({.kind = ev(Event::InviteAccepted), .a = s8(seat), .b = s8(from), .c = reply, .d = m.card,
             .see_c = seats_mask(seat, from), .see_d = seats_mask(seat, from)});
}

// Correspondence, accepting a proposal: give the proposer one of your cards; you keep the proposal
// card. Both are engaged at once (public), and every undecided card sent to or by either of them is
// returned (invitations unseen).
void LetterboxState::accept_proposal(Seat seat, Seat from, CardId given) {
  Mail& m = mail_[from];
  const CardId proposal = m.card;
  m.state = MailState::Accepted;
  m.reply = given;
  away_ &= ~card_bit(proposal);
  received_[from] = true;
  table_.exchange_engagement_cards(seat, given, from, proposal);
  status_[seat] = status_[from] = Status::Engaged;
  fiance_[seat] = s8(from);
  fiance_[from] = s8(seat);
  log_event({.kind = ev(Event::ProposalAccepted), .a = s8(seat), .b = s8(from), .c = given, .d = proposal,
             .see_c = seats_mask(seat, from), .see_d = seats_mask(seat, from)});
  return_pending_mail_of(seat);
  return_pending_mail_of(from);
}

void LetterboxState::return_pending_mail_of(Seat engaged) {
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.state != MailState::Undecided || (u != engaged && m.to != engaged)) continue;
    m.state = MailState::Returned;  // the card stays set aside until the round ends (Sort Mail)
    log_event({.kind = ev(Event::Returned), .a = m.to, .b = s8(u), .x = static_cast<std::uint8_t>(m.kind), .c = m.card,
               .see_c = m.kind == Intent::Propose ? seats_mask(u, m.to) : seats_mask(u)});
  }
}

// Correspondence, rejecting: an invitation goes back unseen; a proposal (already seen) goes back.
// Sort Mail: the owner sets the returned card aside until all other cards are resolved, so it stays
// away (it cannot be mailed again) until the round ends.
void LetterboxState::reject_mail(Seat seat, Seat from) {
  Mail& m = mail_[from];
  m.state = MailState::Rejected;
  const bool proposal = m.kind == Intent::Propose;
  log_event({.kind = ev(proposal ? Event::ProposalRejected : Event::InviteRejected), .a = s8(seat), .b = s8(from),
             .c = m.card, .see_c = proposal ? seats_mask(seat, from) : seats_mask(from)});
}

}  // namespace court::persuasion
