// Persuasion, character-card edition: setup, who acts, the legal moves and determinization (what each
// move does is rules.cpp).
#include "games/persuasion-classic/state.h"
#include "games/persuasion-shared/matrimony.h"

namespace court::persuasion_classic {

// Setup: five traits each, then one desires card each. Play starts at Share Intentions.
ClassicState ClassicState::new_game(const ClassicRules& rules, std::uint64_t seed) {
  ClassicState s = blank(rules, seed);
  deal_new_game(s.table_, rules.deck.size(), kHandSize, s.rng_);
  s.begin_round(1);
  return s;
}

void ClassicState::begin_round(int round) {
  if (resume_at_round(round, eligible_count(), Ending::FewEligible)) start_round();
}

int ClassicState::eligible_count() const {
  int n = 0;
  for (Seat t = 0; t < num_seats(); ++t) n += eligible(t) ? 1 : 0;
  return n;
}

CardId ClassicState::shared_card(Seat s) const {
  return mail_[s].state == MailState::Undecided ? mail_[s].card : kNoCard;
}

bool ClassicState::mutual(Seat a, Seat b, Intent kind) const {
  return mail_[a].kind == kind && mail_[a].to == b && mail_[b].kind == kind && mail_[b].to == a;
}

SeatSet ClassicState::to_act() const {
  SeatSet out;
  switch (phase_) {
    case Phase::Intentions:
      for (Seat t = 0; t < num_seats(); ++t) if (eligible(t) && !chosen_.contains(t)) out.insert(t);
      break;
    case Phase::Invitations:
      if (Seat d = next_invitation_decider(); d >= 0) out.insert(d);
      break;
    case Phase::Proposals:
      if (proposal_turn_ >= 0) out.insert(proposal_turn_);
      break;
    case Phase::Reflection:
      if (reflecting_ >= 0) out.insert(reflecting_);
      break;
    case Phase::GameOver:
      break;
  }
  return out;
}

// Resolve Invitations: one decision at a time, the lowest seat with an undecided invitation first.
Seat ClassicState::next_invitation_decider() const {
  for (Seat t = 0; t < num_seats(); ++t) {
    for (Seat u = 0; u < num_seats(); ++u) {
      if (mail_[u].kind == Intent::Invite && mail_[u].state == MailState::Undecided && mail_[u].to == t) return t;
    }
  }
  return -1;
}

void ClassicState::intention_moves(Seat seat, ActionList& out) const {
  for (Seat t = 0; t < num_seats(); ++t) {
    if (t == seat || !eligible(t)) continue;
    for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Invite, s8(t), c}.encode());
    for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Propose, s8(t), c}.encode());
  }
  out.push_back(MoveCode{Move::Independence}.encode());
}

void ClassicState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  const CardId shared = shared_card(seat);
  switch (phase_) {
    case Phase::Intentions:
      intention_moves(seat, out);
      break;
    case Phase::Invitations:
      for (Seat u = 0; u < num_seats(); ++u) {
        const Mail& m = mail_[u];
        if (m.kind != Intent::Invite || m.state != MailState::Undecided || m.to != seat) continue;
        if (!mutual(u, seat, Intent::Invite)) out.push_back(MoveCode{Move::RejectInvitation, s8(u)}.encode());
        for (CardId c : table_.hands[seat]) if (c != shared) out.push_back(MoveCode{Move::Reveal, s8(u), c}.encode());
      }
      break;
    case Phase::Proposals:
      out.push_back(MoveCode{Move::RejectAll}.encode());
      for (Seat u = 0; u < num_seats(); ++u) {
        const Mail& m = mail_[u];
        if (m.kind != Intent::Propose || m.state != MailState::Undecided || m.to != seat) continue;
        for (CardId c : table_.hands[seat]) if (c != shared) out.push_back(MoveCode{Move::Accept, s8(u), c}.encode());
      }
      break;
    case Phase::Reflection:
      for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Discard, -1, c}.encode());
      break;
    case Phase::GameOver:
      break;
  }
}

// As in the letterbox edition: permute the cards `seat` cannot locate, redraw shared cards it has not
// seen from their owners' hands, replace other seats' pending intentions by random legal ones, forget
// hidden cards in the log, reseed.
void ClassicState::determinize(Seat seat, Rng& rng) {
  if (terminal()) return;
  const Relabel r = table_.random_relabel(seat, rng);
  table_.relabel_for(seat, r);
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.kind != Intent::Invite && m.kind != Intent::Propose) continue;
    const bool seen = u == seat || (m.to == seat && m.seen_by_recipient);
    if (seen) continue;
    const bool on_table = m.state == MailState::Undecided || (phase_ == Phase::Intentions && chosen_.contains(u));
    const Hand& hand = table_.hands[u];
    m.card = on_table && !hand.empty() ? hand[uniform(rng, static_cast<std::uint32_t>(hand.size()))] : kNoCard;
  }
  if (phase_ == Phase::Intentions) {
    for (Seat u = 0; u < num_seats(); ++u) {
      if (u == seat || !chosen_.contains(u)) continue;
      ActionList moves;
      intention_moves(u, moves);
      const MoveCode m = MoveCode::decode(moves[uniform(rng, static_cast<std::uint32_t>(moves.size()))]);
      const Intent kind = m.move == Move::Invite ? Intent::Invite : m.move == Move::Propose ? Intent::Propose : Intent::Independence;
      mail_[u] = Mail{kind, m.seat, m.card, MailState::None, false};
    }
  }
  log_.forget_hidden(seat);
  rng_ = reseeded(rng);
}

}  // namespace court::persuasion_classic
