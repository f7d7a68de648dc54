// Persuasion, letterbox edition: the representation's side of the rules. The listing of legal moves
// (legal_actions gives each phase to its move writer in rules.cpp; legal_count and legal_action count
// and pick them without listing), and determinization (what a seat cannot know, resampled). The rules
// themselves, in the page's order, are rules.cpp.
#include "games/persuasion-shared/rules_common.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

// --- The legal moves -------------------------------------------------------------------------------

// Each phase's moves, written by its rule (rules.cpp).
void LetterboxState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  switch (phase_) {
    case Phase::Introductions:
      add_introduction_moves(seat, out);
      break;
    case Phase::Intentions:
      add_intention_moves(seat, out);
      break;
    case Phase::Reflection:
    case Phase::Postman:
      if (postman_choice_) add_postman_moves(seat, out);
      else add_reflection_moves(seat, out);
      break;
    case Phase::Correspondence:
      add_correspondence_moves(seat, out);
      break;
    case Phase::GameOver:
      break;
  }
}

namespace {

// The i-th card of `hand`, in hand order, that is not in `skip` (i < the number of such cards).
CardId nth_card_outside(const Hand& hand, CardSet skip, std::uint32_t i) {
  for (CardId c : hand) if (!has_card(skip, c) && i-- == 0) return c;
  return kNoCard;
}

std::uint32_t count_outside(const Hand& hand, CardSet skip) {
  std::uint32_t n = 0;
  for (CardId c : hand) n += has_card(skip, c) ? 0 : 1;
  return n;
}

}  // namespace

// legal_count and legal_action follow legal_actions above block by block: a change there must be
// made here too (the conformance suite compares them at every step of its playouts).
std::uint32_t LetterboxState::legal_count(Seat seat) const {
  if (!to_act().contains(seat)) return 0;
  const Hand& hand = table_.hands[seat];
  const auto cards = static_cast<std::uint32_t>(hand.size());
  switch (phase_) {
    case Phase::Introductions:
      return seat_count(intro_targets(seat)) * count_outside(hand, intro_cards_shown(seat));
    case Phase::Intentions:
      return seat_count(intention_targets(seat)) * 2 * cards + (independence_open() ? 2 : 1);
    case Phase::Reflection:
    case Phase::Postman:
      return postman_choice_ ? 2 : 1 + cards * static_cast<std::uint32_t>(table_.drawn.size());
    case Phase::Correspondence:
      return seat_count(undecided_senders_to(seat)) * (1 + count_outside(hand, away_));
    case Phase::GameOver:
      break;
  }
  return 0;
}

Action LetterboxState::legal_action(Seat seat, std::uint32_t k) const {
  const Hand& hand = table_.hands[seat];
  const auto cards = static_cast<std::uint32_t>(hand.size());
  switch (phase_) {
    case Phase::Introductions: {
      const CardSet shown = intro_cards_shown(seat);
      const std::uint32_t per_seat = count_outside(hand, shown);
      return MoveCode{Move::Show, s8(nth_seat(intro_targets(seat), k / per_seat)),
                      nth_card_outside(hand, shown, k % per_seat)}.encode();
    }
    case Phase::Intentions: {
      // Per other available seat: an invitation with each card, then a proposal with each card.
      const SeatSet targets = intention_targets(seat);
      const std::uint32_t listed = seat_count(targets) * 2 * cards;
      if (k >= listed) {
        return MoveCode{k == listed && independence_open() ? Move::Independence : Move::Reflect}.encode();
      }
      return invitation_or_proposal_at<MoveCode>(targets, hand, k);
    }
    case Phase::Reflection:
    case Phase::Postman: {
      if (postman_choice_) return MoveCode{k == 0 ? Move::ExtraReflect : Move::Pass}.encode();
      if (k == 0) return MoveCode{Move::KeepNone}.encode();
      const auto drawn = static_cast<std::uint32_t>(table_.drawn.size());
      return MoveCode{Move::Swap, -1, hand[(k - 1) / drawn], table_.drawn[(k - 1) % drawn]}.encode();
    }
    case Phase::Correspondence: {
      const std::uint32_t block = 1 + count_outside(hand, away_);
      const Seat u = nth_seat(undecided_senders_to(seat), k / block);
      const std::uint32_t r = k % block;
      if (r == 0) return MoveCode{Move::Reject, s8(u)}.encode();
      return MoveCode{Move::Accept, s8(u), nth_card_outside(hand, away_, r - 1)}.encode();
    }
    case Phase::GameOver:
      break;
  }
  return Action{};
}

// --- Determinization ------------------------------------------------------------------------------

// Another seat's pending secret choice is replaced by a random legal one, so nothing of it survives.
void LetterboxState::resample_pending(Seat u, Rng& rng) {
  if (phase_ == Phase::Introductions) {
    const int k = static_cast<int>(intro_[u].size());
    intro_[u].clear();
    std::array<std::int8_t, kMaxSeats> others{};
    int n = 0;
    for (Seat t = 0; t < num_seats(); ++t) if (t != u) others[n++] = static_cast<std::int8_t>(t);
    Hand cards = table_.hands[u];
    for (int i = 0; i < k; ++i) {
      std::swap(others[i], others[i + uniform(rng, static_cast<std::uint32_t>(n - i))]);
      std::swap(cards[i], cards[i + uniform(rng, static_cast<std::uint32_t>(cards.size() - i))]);
      intro_[u].push_back({others[i], cards[i]});
    }
  } else if (phase_ == Phase::Intentions) {
    ActionList moves;
    add_intention_moves(u, moves);
    const MoveCode m = MoveCode::decode(moves[uniform(rng, static_cast<std::uint32_t>(moves.size()))]);
    Intent kind = m.move == Move::Invite ? Intent::Invite
                  : m.move == Move::Propose ? Intent::Propose
                  : m.move == Move::Independence ? Intent::Independence
                                                 : Intent::Reflection;
    intention_[u] = Intention{kind, m.seat, m.card};
  }
}

// Everything `seat` cannot know is resampled: the cards it cannot locate are permuted among their
// places (other hands, desires cards, deck, discard pile, cards being drawn), the other seats'
// knowledge follows the permutation, cards mailed out of sight of `seat` are chosen again from their
// owners' hands, other seats' pending choices are replaced by random legal ones, the log forgets
// cards `seat` did not see, and the state's own generator is reseeded.
void LetterboxState::determinize(Seat seat, Rng& rng) {
  if (terminal()) return;
  const Relabel r = table_.random_relabel(seat, rng);
  table_.relabel_for(seat, r);

  // This round's mail: keep what `seat` saw, redraw the rest.
  auto card_seen = [&](Seat u, const Mail& m) {
    return u == seat || (m.to == seat && (m.kind == Intent::Propose || m.state == MailState::Accepted));
  };
  auto reply_seen = [&](Seat u, const Mail& m) { return u == seat || m.to == seat; };
  // Every mailed card stays away until the round ends (Sort Mail), except an accepted proposal's two
  // cards, which changed hands for good.
  auto set_aside = [](const Mail& m) { return !(m.kind == Intent::Propose && m.state == MailState::Accepted); };
  away_ = 0;
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.kind == Intent::None || !set_aside(m)) continue;
    if (card_seen(u, m)) away_ |= card_bit(m.card);
    if (reply_seen(u, m) && m.reply != kNoCard) away_ |= card_bit(m.reply);
  }
  auto redraw = [&](Seat owner) {
    std::array<CardId, kMaxHand> home{};
    int n = 0;
    for (CardId c : table_.hands[owner]) if (!away(c)) home[n++] = c;
    CardId c = n > 0 ? home[uniform(rng, static_cast<std::uint32_t>(n))] : kNoCard;
    if (c != kNoCard) away_ |= card_bit(c);
    return c;
  };
  for (Seat u = 0; u < num_seats(); ++u) {
    Mail& m = mail_[u];
    if (m.kind == Intent::None) continue;
    if (!card_seen(u, m)) m.card = set_aside(m) ? redraw(static_cast<Seat>(u)) : kNoCard;
    if (!reply_seen(u, m) && m.reply != kNoCard) m.reply = set_aside(m) ? redraw(m.to) : kNoCard;
  }

  for (Seat u = 0; u < num_seats(); ++u) {
    const bool pending = phase_ == Phase::Introductions ? !intro_[u].empty() : chosen_.contains(u);
    if (u != seat && pending) resample_pending(u, rng);
  }
  log_.forget_hidden(seat);
  rng_ = reseeded(rng);
}

}  // namespace court::persuasion
