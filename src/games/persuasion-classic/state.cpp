// Persuasion, character-card edition: the representation's side of the rules. The listing of legal
// moves (legal_actions gives each phase to its move writer in rules.cpp; legal_count and legal_action
// count and pick them without listing), and determinization (what a seat cannot know, resampled). The
// rules themselves, in the page's order, are rules.cpp.
#include "games/persuasion-classic/state.h"
#include "games/persuasion-shared/rules_common.h"

namespace court::persuasion_classic {

// --- The legal moves -------------------------------------------------------------------------------

// Each phase's moves, written by its rule (rules.cpp).
void ClassicState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  switch (phase_) {
    case Phase::Intentions: return add_intention_moves(seat, out);
    case Phase::Invitations: return add_invitation_moves(seat, out);
    case Phase::Proposals: return add_proposal_moves(seat, out);
    case Phase::Reflection: return add_reflection_moves(seat, out);
    case Phase::GameOver: return;
  }
}

namespace {

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
      if (k >= seat_count(targets) * 2 * static_cast<std::uint32_t>(hand.size())) {
        return MoveCode{Move::Independence}.encode();
      }
      return invitation_or_proposal_at<MoveCode>(targets, hand, k);
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
      add_intention_moves(u, moves);
      const MoveCode m = MoveCode::decode(moves[uniform(rng, static_cast<std::uint32_t>(moves.size()))]);
      const Intent kind = m.move == Move::Invite ? Intent::Invite : m.move == Move::Propose ? Intent::Propose : Intent::Independence;
      mail_[u] = Mail{{kind, m.seat, m.card, MailState::None}, false};
    }
  }
  log_.forget_hidden(seat);
  rng_ = reseeded(rng);
}

}  // namespace court::persuasion_classic
