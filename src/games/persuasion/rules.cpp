// Persuasion, letterbox edition: the rules, in the order of its page (docs/rules/persuasion.md) and
// under its section names: setup, the introductions, a round and its steps (Mail Intentions,
// Reflection, Correspondence, Await Postman, Check Availability), Matrimony and the outcome, talk at
// the table (Mail Bound); for each step which moves it allows (the add_*_moves writers, which
// state.cpp's legal_actions lists) and what each move does; who acts. The rules both editions share
// (the deal, Check Availability, Matrimony, the outcome) are persuasion-shared/rules_common.h.
#include "games/persuasion-shared/rules_common.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

// --- Setup (docs/rules/persuasion.md, "Setup") -------------------------------------------------------------

// Setup (rulebook, "Setup"): each player draws the trait cards for the player count, then one desires
// card. Seat 0 is the host.
LetterboxState LetterboxState::new_game(const LetterboxRules& rules, std::uint64_t seed) {
  LetterboxState s = blank(rules, seed);
  deal_new_game(s.table_, rules.deck.size(), rules.hand_size, s.rng_);
  s.begin_introductions();
  return s;
}

// Scenarios: play starts at Mail Intentions of `round`, with the given commitments.
void LetterboxState::begin_round(int round) {
  if (resume_at_round(round, available_count(), Ending::FewAvailable)) start_round(Phase::Intentions, intention_);
  refresh_to_act();
}

// --- Introductions (docs/rules/persuasion.md, "Introductions") ---------------------------------------------

// Introductions: one card to each other player, while the cards last.
int LetterboxState::intro_quota(Seat s) const {
  return std::min(static_cast<int>(table_.hands[s].size()), num_seats() - 1);
}

// Introductions begin: a seat with nothing to show has chosen already.
void LetterboxState::begin_introductions() {
  phase_ = Phase::Introductions;
  chosen_ = SeatSet();
  for (Seat t = 0; t < num_seats(); ++t) if (intro_quota(t) == 0) chosen_.insert(t);
  if (static_cast<int>(seat_count(chosen_)) == num_seats()) reveal_introductions();
  refresh_to_act();
}

// Introductions, the moves: show each card not shown yet to each player not shown one yet.
void LetterboxState::add_introduction_moves(Seat seat, ActionList& out) const {
  const CardSet shown = intro_cards_shown(seat);
  for (Seat t : intro_targets(seat)) {
    for (CardId c : table_.hands[seat]) {
      if (!has_card(shown, c)) out.push_back(MoveCode{Move::Show, s8(t), c}.encode());
    }
  }
}

// Introductions, step 1: each player shows a different trait card to each other player until everyone
// got one or the cards run out. Simultaneous: the cards are seen once every player has chosen.
void LetterboxState::show_card(Seat seat, Seat to, CardId card) {
  intro_[seat].push_back({s8(to), card});
  if (static_cast<int>(intro_[seat].size()) == intro_quota(seat)) chosen_.insert(seat);
  if (static_cast<int>(seat_count(chosen_)) == num_seats()) reveal_introductions();
}

// Introductions, steps 1-2: every shown card is seen by its recipient, then goes home.
void LetterboxState::reveal_introductions() {
  for (Seat from = 0; from < num_seats(); ++from) {
    for (const IntroShow& i : intro_[from]) {
      table_.knowledge.saw(i.to, from, i.card);
      log_event({.kind = static_cast<std::uint8_t>(Event::IntroShown), .a = static_cast<std::int8_t>(from),
                 .b = i.to, .c = i.card, .see_c = seats_mask(from, i.to)});
    }
    intro_[from].clear();
  }
  start_round(Phase::Intentions, intention_);
}

// --- A round: 1. Mail Intentions (docs/rules/persuasion.md, "A round") -------------------------------------

// Mail Intentions, the moves: an invitation or a proposal to each other available player with each
// card (rules_common.h), independence (when open), reflection.
void LetterboxState::add_intention_moves(Seat seat, ActionList& out) const {
  add_invitations_and_proposals<MoveCode>(intention_targets(seat), table_.hands[seat], out);
  if (independence_open()) out.push_back(MoveCode{Move::Independence}.encode());
  out.push_back(MoveCode{Move::Reflect}.encode());
}

// Mail Intentions: each available player secretly chooses to invite or propose to another available
// player with one of their cards, to claim independence, or to reflect. Revealed when all have chosen.
void LetterboxState::choose_intention(Seat seat, Intention intention) {
  intention_[seat] = intention;
  chosen_.insert(seat);
  for (Seat t = 0; t < num_seats(); ++t) if (available(t) && !chosen_.contains(t)) return;
  reveal_intentions();
}

// Mail Intentions: all are revealed together once everyone has chosen. Independence takes effect at
// once; invitations and proposals arrive on the recipients' ? side (a proposal is seen on arrival);
// reflecting players reflect before Correspondence.
void LetterboxState::reveal_intentions() {
  for (Seat u = 0; u < num_seats(); ++u) {
    if (!available(u)) continue;
    const Intention& i = intention_[u];
    LogEvent e{.kind = static_cast<std::uint8_t>(Event::Intended), .a = static_cast<std::int8_t>(u), .b = i.target,
               .x = static_cast<std::uint8_t>(i.kind)};
    switch (i.kind) {
      case Intent::Independence:
        status_[u] = Status::Independent;
        log_event({.kind = static_cast<std::uint8_t>(Event::Independent), .a = static_cast<std::int8_t>(u)});
        break;
      case Intent::Invite:
      case Intent::Propose:
        mail_[u] = Mail{{i.kind, i.target, i.card, MailState::Undecided}, kNoCard};
        away_ |= card_bit(i.card);
        received_[i.target] = true;
        e.c = i.card;
        e.see_c = i.kind == Intent::Propose ? seats_mask(u, i.target) : seats_mask(u);
        log_event(e);
        if (i.kind == Intent::Propose) table_.knowledge.saw(i.target, u, i.card);
        break;
      case Intent::Reflection:
        reflect_queue_.insert(u);
        log_event(e);
        break;
      case Intent::None:
        break;
    }
  }
  // An independent player rejects everything sent to them (invitations unseen).
  for (Seat u = 0; u < num_seats(); ++u) {
    if (mail_[u].state == MailState::Undecided && status_[mail_[u].to] == Status::Independent) {
      Mail& m = mail_[u];
      m.state = MailState::Returned;  // set aside until the round ends (Sort Mail)
      log_event({.kind = static_cast<std::uint8_t>(Event::Returned), .a = m.to, .b = static_cast<std::int8_t>(u),
                 .x = static_cast<std::uint8_t>(m.kind), .c = m.card,
                 .see_c = m.kind == Intent::Propose ? seats_mask(u, m.to) : seats_mask(u)});
    }
  }
  chosen_ = SeatSet();
  for (auto& i : intention_) i = Intention{};
  phase_ = Phase::Reflection;
  advance_reflection();
}

// --- A round: 2. Reflection (docs/rules/persuasion.md, "A round") ------------------------------------------

// Reflection (as an intention, or at Await Postman): draw two, then keep one in place of a trait or
// keep none. When the deck is empty the discard pile is shuffled into a new deck; with fewer cards the
// player draws what there is.
void LetterboxState::begin_reflection(Seat seat, bool extra) {
  table_.drawn.clear();
  for (int i = 0; i < 2; ++i) {
    bool reshuffled = false;
    CardId c = table_.draw(rng_, &reshuffled);
    if (reshuffled) log_event({.kind = static_cast<std::uint8_t>(Event::Reshuffled)});
    if (c == kNoCard) break;
    table_.drawn.push_back(c);
  }
  const int n = static_cast<int>(table_.drawn.size());
  log_event({.kind = static_cast<std::uint8_t>(Event::Reflected), .a = static_cast<std::int8_t>(seat),
             .b = static_cast<std::int8_t>(extra ? 1 : 0), .x = static_cast<std::uint8_t>(n),
             .c = n > 0 ? table_.drawn[0] : kNoCard, .d = n > 1 ? table_.drawn[1] : kNoCard,
             .see_c = seats_mask(seat), .see_d = seats_mask(seat)});
  if (n == 0) {
    reflecting_ = -1;
    return;
  }
  table_.drawn_by = static_cast<std::int8_t>(seat);
  reflecting_ = static_cast<std::int8_t>(seat);
}

// Reflection, the moves (the Await Postman reflection too, once taken): keep none, or keep a drawn
// card in place of one of yours.
void LetterboxState::add_reflection_moves(Seat seat, ActionList& out) const {
  out.push_back(MoveCode{Move::KeepNone}.encode());
  for (CardId mine : table_.hands[seat]) {
    for (CardId d : table_.drawn) out.push_back(MoveCode{Move::Swap, -1, mine, d}.encode());
  }
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

// Reflection: keep none of the drawn cards; both go to the discard pile.
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

// The reflecting players in seat order from the host, then Correspondence.
void LetterboxState::advance_reflection() {
  reflecting_ = -1;
  for (Seat r = next_to_reflect(); r >= 0; r = next_to_reflect()) {
    begin_reflection(r, false);
    if (reflecting_ >= 0) return;
  }
  phase_ = Phase::Correspondence;
  decide_from_ = 0;
  advance_correspondence();
}

// --- A round: 3. Correspondence (docs/rules/persuasion.md, "A round") --------------------------------------

// Correspondence order (Court's ruling after the rulebook's stalemate etiquette): one decision at a
// time, round-robin clockwise from the host; the next player with an undecided card decides one.
Seat LetterboxState::next_decider() const {
  std::uint32_t waiting = 0;  // bit per seat with an undecided card addressed to it
  for (Seat u = 0; u < num_seats(); ++u) {
    // Without branches (which mail is undecided is a coin toss); `to & 7` is any seat when none.
    waiting |= static_cast<std::uint32_t>(mail_[u].state == MailState::Undecided) << (mail_[u].to & 7);
  }
  if (waiting == 0) return -1;
  // Seats from decide_from_ clockwise: the bits at and above it first, then the ones below.
  const std::uint32_t from_here = waiting >> decide_from_;
  if (from_here != 0) return decide_from_ + std::countr_zero(from_here);
  return std::countr_zero(waiting);
}

// Correspondence, the moves: for each undecided card sent to `seat`, reject it, or accept it with
// one of its cards at home.
void LetterboxState::add_correspondence_moves(Seat seat, ActionList& out) const {
  for (Seat u : undecided_senders_to(seat)) {
    out.push_back(MoveCode{Move::Reject, s8(u)}.encode());
    for (CardId c : table_.hands[seat]) {
      if (!away(c)) out.push_back(MoveCode{Move::Accept, s8(u), c}.encode());
    }
  }
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

// An engagement returns every undecided card sent to or by either of the couple.
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

// Correspondence ends when no undecided card is left.
void LetterboxState::advance_correspondence() {
  if (next_decider() >= 0) return;
  // Await Postman, step 2: whoever no card of another player reached this round may reflect.
  phase_ = Phase::Postman;
  reflect_queue_ = SeatSet();
  if (rules_->extra_reflection) {
    for (Seat t = 0; t < num_seats(); ++t) if (available(t) && !received_[t]) reflect_queue_.insert(t);
  }
  advance_postman();
}

// --- A round: 4. Await Postman (docs/rules/persuasion.md, "A round") ---------------------------------------

// Await Postman, the moves of a seat no card reached: reflect, or pass.
void LetterboxState::add_postman_moves(Seat, ActionList& out) const {
  out.push_back(MoveCode{Move::ExtraReflect}.encode());
  out.push_back(MoveCode{Move::Pass}.encode());
}

// Await Postman, the reflections one at a time in seat order (each first chooses to reflect or pass),
// then Check Availability.
void LetterboxState::advance_postman() {
  reflecting_ = -1;
  if (const Seat r = next_to_reflect(); r >= 0) {
    reflecting_ = static_cast<std::int8_t>(r);
    postman_choice_ = true;
    return;
  }
  end_round();
}

// --- A round: 5. Check Availability (docs/rules/persuasion.md, "A round") ----------------------------------

// Await Postman and Check Availability: every card goes home; then at least three available players
// play another round, exactly two play one final round, fewer go to Matrimony. Court adds max_rounds.
void LetterboxState::end_round() {
  for (auto& m : mail_) m = Mail{};
  away_ = 0;
  received_.fill(false);
  const Ending why = ending_after_round(available_count(), Ending::FewAvailable);
  if (why != Ending::NotYet) return matrimony(why);
  start_round(Phase::Intentions, intention_);
}

// --- Matrimony and the outcome (docs/rules/persuasion.md, "Matrimony"; shared: rules_common.h) -------------

// Every winner at Matrimony ranks first, every other seat just below (rules_common.h).
Outcome LetterboxState::outcome() const { return outcome_of_wins(won_, num_seats()); }

// --- Talk at the table (docs/rules/persuasion.md, "Talk at the table") -------------------------------------

// Mail Bound: "You may only discuss strategy with a player while you are holding one of their trait
// cards, or while they are holding one of yours." Cards are held across seats by mail under review
// (an invitation or a proposal) and by an accepted invitation with its reply, until the cards go home
// at the end of the round; and by the introductions, whose cards are out for review until the first
// round's intentions are revealed. An accepted proposal trades cards for good: they are the new
// owners' own. The table talks before the first move and after the end.
TalkNow LetterboxState::talk(Seat seat) const {
  bool started = phase_ != Phase::Introductions;
  for (Seat s = 0; s < num_seats(); ++s) started = started || !intro_[s].empty();
  TalkNow now{.table = terminal() || !started};
  auto pair = [&](Seat a, Seat b) {
    if (a == seat && b != seat) now.seats.insert(b);
    if (b == seat && a != seat) now.seats.insert(a);
  };
  for (Seat from = 0; from < num_seats(); ++from) {
    const Mail& m = mail_[from];
    if (m.state == MailState::Undecided || (m.state == MailState::Accepted && m.kind == Intent::Invite)) {
      pair(from, m.to);
    }
  }
  if (round_ == 1 && phase_ == Phase::Intentions) {
    for (std::uint32_t i = log_.first(); i < log_.total(); ++i) {
      const LogEvent& e = log_.at(i);
      if (e.kind == static_cast<std::uint8_t>(Event::IntroShown)) pair(e.a, e.b);
    }
  }
  return now;
}

// --- A move: its rule, and who acts next -------------------------------------------------------------------

// What a move does: its rule (apply_move), then who acts (refresh_to_act).
void LetterboxState::apply(Seat seat, Action action) {
  const Phase phase = phase_;
  const std::uint8_t round = round_;
  apply_move(seat, MoveCode::decode(action));
  // A simultaneous choice that did not close its phase changes only whether `seat` still chooses.
  if ((phase_ == Phase::Introductions || phase_ == Phase::Intentions) && phase_ == phase && round_ == round) {
    if (chosen_.contains(seat)) to_act_.erase(seat);
    return;
  }
  refresh_to_act();
}

void LetterboxState::apply_move(Seat seat, const MoveCode& m) {
  switch (m.move) {
    case Move::Show:
      show_card(seat, m.seat, m.card);
      break;
    case Move::Invite:
      choose_intention(seat, {Intent::Invite, m.seat, m.card});
      break;
    case Move::Propose:
      choose_intention(seat, {Intent::Propose, m.seat, m.card});
      break;
    case Move::Independence:
      choose_intention(seat, {Intent::Independence});
      break;
    case Move::Reflect:
      choose_intention(seat, {Intent::Reflection});
      break;
    case Move::Swap:
    case Move::KeepNone:
      if (m.move == Move::Swap) swap_trait(seat, m.card, m.card2);
      else keep_none(seat);
      if (phase_ == Phase::Reflection) advance_reflection();
      else advance_postman();
      break;
    case Move::ExtraReflect:
      postman_choice_ = false;
      begin_reflection(seat, true);
      if (reflecting_ < 0) advance_postman();
      break;
    case Move::Pass:
      postman_choice_ = false;
      reflecting_ = -1;
      log_event({.kind = static_cast<std::uint8_t>(Event::Passed), .a = static_cast<std::int8_t>(seat)});
      advance_postman();
      break;
    case Move::Accept:
      if (mail_[m.seat].kind == Intent::Propose) accept_proposal(seat, m.seat, m.card);
      else accept_invitation(seat, m.seat, m.card);
      decide_from_ = static_cast<std::int8_t>((seat + 1) % num_seats());
      advance_correspondence();
      break;
    case Move::Reject:
      reject_mail(seat, m.seat);
      decide_from_ = static_cast<std::int8_t>((seat + 1) % num_seats());
      advance_correspondence();
      break;
  }
}

// Who acts: everyone still choosing in a secret choice, else the one seat deciding.
SeatSet LetterboxState::to_act_now() const {
  switch (phase_) {
    case Phase::Introductions:
      return still_choosing(false);
    case Phase::Intentions:
      return still_choosing(true);
    case Phase::Reflection:
    case Phase::Postman:
      return only(reflecting_);
    case Phase::Correspondence:
      return only(next_decider());
    case Phase::GameOver:
      break;
  }
  return SeatSet();
}

void LetterboxState::refresh_to_act() {
  if (phase_ == Phase::Intentions) open_ = open_seats();
  to_act_ = to_act_now();
}

}  // namespace court::persuasion
