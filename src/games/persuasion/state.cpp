// Persuasion, letterbox edition: setup, who acts, the legal moves and determinization (what each move
// does and the order of phases is rules.cpp).
#include "games/persuasion-shared/matrimony.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

// Setup (rulebook, "Setup"): each player draws the trait cards for the player count, then one desires
// card. Seat 0 is the host.
LetterboxState LetterboxState::new_game(const LetterboxRules& rules, std::uint64_t seed) {
  LetterboxState s = blank(rules, seed);
  deal_new_game(s.table_, rules.deck.size(), rules.hand_size, s.rng_);
  s.begin_introductions();
  return s;
}

void LetterboxState::begin_introductions() {
  phase_ = Phase::Introductions;
  chosen_ = SeatSet();
  for (Seat t = 0; t < num_seats(); ++t) if (intro_quota(t) == 0) chosen_.insert(t);
  if (static_cast<int>(seat_count(chosen_)) == num_seats()) reveal_introductions();
  refresh_to_act();
}

// Scenarios: play starts at Mail Intentions of `round`, with the given commitments.
void LetterboxState::begin_round(int round) {
  if (resume_at_round(round, available_count(), Ending::FewAvailable)) start_round();
  refresh_to_act();
}

int LetterboxState::intro_quota(Seat s) const {
  return std::min(static_cast<int>(table_.hands[s].size()), num_seats() - 1);
}

int LetterboxState::available_count() const {
  int n = 0;
  for (Seat t = 0; t < num_seats(); ++t) n += available(t) ? 1 : 0;
  return n;
}

SeatSet LetterboxState::to_act_now() const {
  SeatSet out;
  switch (phase_) {
    case Phase::Introductions:
      for (Seat t = 0; t < num_seats(); ++t) if (!chosen_.contains(t)) out.insert(t);
      break;
    case Phase::Intentions:
      for (Seat t = 0; t < num_seats(); ++t) if (available(t) && !chosen_.contains(t)) out.insert(t);
      break;
    case Phase::Reflection:
    case Phase::Postman:
      if (reflecting_ >= 0) out.insert(reflecting_);
      break;
    case Phase::Correspondence: {
      Seat d = next_decider();
      if (d >= 0) out.insert(d);
      break;
    }
    case Phase::GameOver:
      break;
  }
  return out;
}

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

SeatSet LetterboxState::intro_targets(Seat seat) const {
  SeatSet out = SeatSet::first(num_seats());
  out.erase(seat);
  for (const IntroShow& i : intro_[seat]) out.erase(i.to);
  return out;
}

CardSet LetterboxState::intro_cards_shown(Seat seat) const {
  CardSet shown = 0;
  for (const IntroShow& i : intro_[seat]) shown |= card_bit(i.card);
  return shown;
}

void LetterboxState::refresh_to_act() {
  if (phase_ == Phase::Intentions) {
    open_ = SeatSet();
    for (Seat t = 0; t < num_seats(); ++t) if (available(t)) open_.insert(t);
  }
  to_act_ = to_act_now();
}

// At Intentions only (open_ is kept then: nobody's standing changes until the intentions are revealed).
SeatSet LetterboxState::intention_targets(Seat seat) const {
  SeatSet out = open_;
  out.erase(seat);
  return out;
}

SeatSet LetterboxState::undecided_senders_to(Seat seat) const {
  std::uint32_t senders = 0;  // without branches, as in next_decider
  for (Seat u = 0; u < num_seats(); ++u) {
    senders |= static_cast<std::uint32_t>((mail_[u].state == MailState::Undecided) & (mail_[u].to == seat)) << u;
  }
  SeatSet out;
  for (; senders != 0; senders &= senders - 1) out.insert(std::countr_zero(senders));
  return out;
}

void LetterboxState::intention_moves(Seat seat, ActionList& out) const {
  for (Seat t : intention_targets(seat)) {
    for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Invite, s8(t), c}.encode());
    for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Propose, s8(t), c}.encode());
  }
  out.push_back(MoveCode{Move::Independence}.encode());
  out.push_back(MoveCode{Move::Reflect}.encode());
}

void LetterboxState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  const Hand& hand = table_.hands[seat];
  switch (phase_) {
    case Phase::Introductions: {
      const CardSet shown = intro_cards_shown(seat);
      for (Seat t : intro_targets(seat)) {
        for (CardId c : hand) {
          if (!has_card(shown, c)) out.push_back(MoveCode{Move::Show, s8(t), c}.encode());
        }
      }
      break;
    }
    case Phase::Intentions:
      intention_moves(seat, out);
      break;
    case Phase::Reflection:
    case Phase::Postman:
      if (postman_choice_) {
        out.push_back(MoveCode{Move::ExtraReflect}.encode());
        out.push_back(MoveCode{Move::Pass}.encode());
        break;
      }
      out.push_back(MoveCode{Move::KeepNone}.encode());
      for (CardId mine : hand) {
        for (CardId d : table_.drawn) out.push_back(MoveCode{Move::Swap, -1, mine, d}.encode());
      }
      break;
    case Phase::Correspondence:
      for (Seat u : undecided_senders_to(seat)) {
        out.push_back(MoveCode{Move::Reject, s8(u)}.encode());
        for (CardId c : hand) {
          if (!away(c)) out.push_back(MoveCode{Move::Accept, s8(u), c}.encode());
        }
      }
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
      return seat_count(intention_targets(seat)) * 2 * cards + 2;
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
      const std::uint32_t block = 2 * cards;
      const std::uint32_t listed = seat_count(targets) * block;
      if (k >= listed) return MoveCode{k == listed ? Move::Independence : Move::Reflect}.encode();
      const std::uint32_t r = k % block;
      return MoveCode{r < cards ? Move::Invite : Move::Propose, s8(nth_seat(targets, k / block)),
                      hand[r < cards ? r : r - cards]}.encode();
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
    intention_moves(u, moves);
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
