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
  refresh_to_act();
}

int ClassicState::eligible_count() const {
  int n = 0;
  for (Seat t = 0; t < num_seats(); ++t) n += eligible(t) ? 1 : 0;
  return n;
}

CardId ClassicState::shared_card(Seat s) const {
  return mail_[s].state == MailState::Undecided ? mail_[s].card : kNoCard;
}

SeatSet ClassicState::to_act_now() const {
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
  std::uint32_t waiting = 0;  // bit per seat with an undecided invitation addressed to it
  for (Seat u = 0; u < num_seats(); ++u) {
    const Mail& m = mail_[u];
    // Without branches (which mail is undecided is a coin toss); `to & 7` is any seat when none.
    const bool undecided = (m.kind == Intent::Invite) & (m.state == MailState::Undecided);
    waiting |= static_cast<std::uint32_t>(undecided) << (m.to & 7);
  }
  return waiting != 0 ? std::countr_zero(waiting) : -1;
}

void ClassicState::refresh_to_act() {
  if (phase_ == Phase::Intentions) {
    open_ = SeatSet();
    for (Seat t = 0; t < num_seats(); ++t) if (eligible(t)) open_.insert(t);
  }
  to_act_ = to_act_now();
}

// At Intentions only (open_ is kept then: nobody's standing changes until the intentions are revealed).
SeatSet ClassicState::intention_targets(Seat seat) const {
  SeatSet out = open_;
  out.erase(seat);
  return out;
}

SeatSet ClassicState::undecided_senders_to(Seat seat, Intent kind) const {
  std::uint32_t senders = 0;  // without branches, as in next_invitation_decider
  for (Seat u = 0; u < num_seats(); ++u) {
    const Mail& m = mail_[u];
    senders |= static_cast<std::uint32_t>((m.kind == kind) & (m.state == MailState::Undecided) & (m.to == seat)) << u;
  }
  SeatSet out;
  for (; senders != 0; senders &= senders - 1) out.insert(std::countr_zero(senders));
  return out;
}

void ClassicState::intention_moves(Seat seat, ActionList& out) const {
  for (Seat t : intention_targets(seat)) {
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
      for (Seat u : undecided_senders_to(seat, Intent::Invite)) {
        if (!mutual(u, seat, Intent::Invite)) out.push_back(MoveCode{Move::RejectInvitation, s8(u)}.encode());
        for (CardId c : table_.hands[seat]) if (c != shared) out.push_back(MoveCode{Move::Reveal, s8(u), c}.encode());
      }
      break;
    case Phase::Proposals:
      out.push_back(MoveCode{Move::RejectAll}.encode());
      for (Seat u : undecided_senders_to(seat, Intent::Propose)) {
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

namespace {

// The i-th seat of `set` in ascending order (i < set.size()).
Seat nth_seat(SeatSet set, std::uint32_t i) {
  for (Seat t : set) if (i-- == 0) return t;
  return -1;
}

// The cards of `hand` other than `skip` (kNoCard skips none): how many, and the i-th in hand order.
std::uint32_t count_other(const Hand& hand, CardId skip) {
  std::uint32_t n = 0;
  for (CardId c : hand) n += c == skip ? 0 : 1;
  return n;
}
CardId nth_other(const Hand& hand, CardId skip, std::uint32_t i) {
  for (CardId c : hand) if (c != skip && i-- == 0) return c;
  return kNoCard;
}

}  // namespace

// legal_count and legal_action follow legal_actions above block by block: a change there must be
// made here too (the conformance suite compares them at every step of its playouts).
std::uint32_t ClassicState::legal_count(Seat seat) const {
  if (!to_act().contains(seat)) return 0;
  const Hand& hand = table_.hands[seat];
  switch (phase_) {
    case Phase::Intentions:
      return seat_count(intention_targets(seat)) * 2 * static_cast<std::uint32_t>(hand.size()) + 1;
    case Phase::Invitations: {
      const std::uint32_t reveals = count_other(hand, shared_card(seat));
      std::uint32_t n = 0;
      for (Seat u : undecided_senders_to(seat, Intent::Invite)) n += (mutual(u, seat, Intent::Invite) ? 0 : 1) + reveals;
      return n;
    }
    case Phase::Proposals:
      return 1 + seat_count(undecided_senders_to(seat, Intent::Propose)) *
                     count_other(hand, shared_card(seat));
    case Phase::Reflection:
      return static_cast<std::uint32_t>(hand.size());
    case Phase::GameOver:
      break;
  }
  return 0;
}

Action ClassicState::legal_action(Seat seat, std::uint32_t k) const {
  const Hand& hand = table_.hands[seat];
  switch (phase_) {
    case Phase::Intentions: {
      // Per other eligible seat: an invitation with each card, then a proposal with each card.
      const SeatSet targets = intention_targets(seat);
      const auto cards = static_cast<std::uint32_t>(hand.size());
      const std::uint32_t block = 2 * cards;
      if (k >= seat_count(targets) * block) return MoveCode{Move::Independence}.encode();
      const std::uint32_t r = k % block;
      return MoveCode{r < cards ? Move::Invite : Move::Propose, s8(nth_seat(targets, k / block)),
                      hand[r < cards ? r : r - cards]}.encode();
    }
    case Phase::Invitations: {
      // Per invitation received: a rejection (none for a mutual invitation), then a reveal per card.
      const CardId shared = shared_card(seat);
      const std::uint32_t reveals = count_other(hand, shared);
      for (Seat u : undecided_senders_to(seat, Intent::Invite)) {
        if (!mutual(u, seat, Intent::Invite)) {
          if (k == 0) return MoveCode{Move::RejectInvitation, s8(u)}.encode();
          --k;
        }
        if (k < reveals) return MoveCode{Move::Reveal, s8(u), nth_other(hand, shared, k)}.encode();
        k -= reveals;
      }
      break;
    }
    case Phase::Proposals: {
      if (k == 0) return MoveCode{Move::RejectAll}.encode();
      const CardId shared = shared_card(seat);
      const std::uint32_t per_seat = count_other(hand, shared);
      const Seat u = nth_seat(undecided_senders_to(seat, Intent::Propose), (k - 1) / per_seat);
      return MoveCode{Move::Accept, s8(u), nth_other(hand, shared, (k - 1) % per_seat)}.encode();
    }
    case Phase::Reflection:
      return MoveCode{Move::Discard, -1, hand[k]}.encode();
    case Phase::GameOver:
      break;
  }
  return Action{};
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
