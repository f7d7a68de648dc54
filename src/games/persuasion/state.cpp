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
  if (chosen_.size() == num_seats()) reveal_introductions();
}

// Scenarios: play starts at Mail Intentions of `round`, with the given commitments.
void LetterboxState::begin_round(int round) {
  if (resume_at_round(round, available_count(), Ending::FewAvailable)) start_round();
}

int LetterboxState::intro_quota(Seat s) const {
  return std::min(static_cast<int>(table_.hands[s].size()), num_seats() - 1);
}

int LetterboxState::available_count() const {
  int n = 0;
  for (Seat t = 0; t < num_seats(); ++t) n += available(t) ? 1 : 0;
  return n;
}

SeatSet LetterboxState::to_act() const {
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

bool LetterboxState::has_undecided_mail(Seat seat) const {
  for (Seat u = 0; u < num_seats(); ++u) {
    if (mail_[u].state == MailState::Undecided && mail_[u].to == seat) return true;
  }
  return false;
}

// Correspondence order (Court's ruling after the rulebook's stalemate etiquette): one decision at a
// time, round-robin clockwise from the host; the next player with an undecided card decides one.
Seat LetterboxState::next_decider() const {
  for (int i = 0; i < num_seats(); ++i) {
    Seat s = (decide_from_ + i) % num_seats();
    if (has_undecided_mail(s)) return s;
  }
  return -1;
}

void LetterboxState::intention_moves(Seat seat, ActionList& out) const {
  for (Seat t = 0; t < num_seats(); ++t) {
    if (t == seat || !available(t)) continue;
    for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Invite, static_cast<std::int8_t>(t), c}.encode());
    for (CardId c : table_.hands[seat]) out.push_back(MoveCode{Move::Propose, static_cast<std::int8_t>(t), c}.encode());
  }
  out.push_back(MoveCode{Move::Independence}.encode());
  out.push_back(MoveCode{Move::Reflect}.encode());
}

void LetterboxState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  const Hand& hand = table_.hands[seat];
  switch (phase_) {
    case Phase::Introductions: {
      CardSet shown = 0;
      SeatSet shown_to;
      for (const IntroShow& i : intro_[seat]) shown |= card_bit(i.card), shown_to.insert(i.to);
      for (Seat t = 0; t < num_seats(); ++t) {
        if (t == seat || shown_to.contains(t)) continue;
        for (CardId c : hand) {
          if (!has_card(shown, c)) out.push_back(MoveCode{Move::Show, static_cast<std::int8_t>(t), c}.encode());
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
      for (Seat u = 0; u < num_seats(); ++u) {
        if (mail_[u].state != MailState::Undecided || mail_[u].to != seat) continue;
        out.push_back(MoveCode{Move::Reject, static_cast<std::int8_t>(u)}.encode());
        for (CardId c : hand) {
          if (!away(c)) out.push_back(MoveCode{Move::Accept, static_cast<std::int8_t>(u), c}.encode());
        }
      }
      break;
    case Phase::GameOver:
      break;
  }
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
