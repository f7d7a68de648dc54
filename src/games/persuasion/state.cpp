// Persuasion, letterbox edition: setup, the order of phases, legal moves and determinization.
#include <fmt/format.h>

#include "games/persuasion-shared/matrimony.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion/state.h"

namespace court::persuasion {

LetterboxRules load_letterbox_rules(const GameConfig& config) {
  if (config.seats < kMinSeats || config.seats > kMaxSeats) {
    throw UserError(fmt::format("persuasion is for {} to {} players, not {}", kMinSeats, kMaxSeats, config.seats));
  }
  LetterboxRules rules;
  rules.deck = load_deck(config.data_dir);
  rules.seats = config.seats;
  rules.hand_size = letterbox_hand_size(config.seats);
  rules.max_rounds = static_cast<int>(config.options.get_int("max_rounds"));
  rules.extra_reflection = config.options.get_bool("extra_reflection");
  const int needed = config.seats * (rules.hand_size + 1) + 2;
  if (rules.deck.size() < needed) {
    throw UserError(fmt::format("data/persuasion/traits.toml: {} cards; {} players need at least {}", rules.deck.size(),
                                config.seats, needed));
  }
  return rules;
}

LetterboxState LetterboxState::blank(const LetterboxRules& rules, std::uint64_t seed) {
  LetterboxState s;
  s.rules_ = &rules;
  s.rng_ = make_rng(seed);
  s.table_.seats = rules.seats;
  return s;
}

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

void LetterboxState::apply(Seat seat, Action action) {
  const MoveCode m = MoveCode::decode(action);
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

// --- Flow between phases -----------------------------------------------------------------------------

void LetterboxState::start_round() {
  ++round_;
  phase_ = Phase::Intentions;
  chosen_ = SeatSet();
  for (auto& i : intention_) i = Intention{};
  log_event({.kind = static_cast<std::uint8_t>(Event::RoundStart), .a = static_cast<std::int8_t>(final_round_ ? 1 : 0),
             .x = round_});
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
  start_round();
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
        mail_[u] = Mail{i.kind, i.target, i.card, MailState::Undecided, kNoCard};
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

void LetterboxState::advance_reflection() {
  reflecting_ = -1;
  while (!reflect_queue_.empty()) {
    Seat r = reflect_queue_.lowest();
    reflect_queue_.erase(r);
    begin_reflection(r, false);
    if (reflecting_ >= 0) return;
  }
  phase_ = Phase::Correspondence;
  decide_from_ = 0;
  advance_correspondence();
}

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

void LetterboxState::advance_postman() {
  reflecting_ = -1;
  if (!reflect_queue_.empty()) {
    Seat r = reflect_queue_.lowest();
    reflect_queue_.erase(r);
    reflecting_ = static_cast<std::int8_t>(r);
    postman_choice_ = true;
    return;
  }
  end_round();
}

// Await Postman and Check Availability: every card goes home; then at least three available players
// play another round, exactly two play one final round, fewer go to Matrimony. Court adds max_rounds.
void LetterboxState::end_round() {
  for (auto& m : mail_) m = Mail{};
  away_ = 0;
  received_.fill(false);
  const int avail = available_count();
  if (final_round_) return matrimony(Ending::FinalRound);
  if (avail <= 1) return matrimony(Ending::FewAvailable);
  if (round_ >= rules_->max_rounds) return matrimony(Ending::MaxRounds);
  if (avail == 2) final_round_ = true;
  start_round();
}

// Matrimony: all reveal. An engaged player wins when the fiance's dominant symbols include both of the
// desires card's underlined symbols; an independent player wins when nobody else's do; an available
// player cannot win. Dominant symbols come from trait cards only.
void LetterboxState::matrimony(Ending why) {
  ending_ = why;
  phase_ = Phase::GameOver;
  reflecting_ = -1;
  resolve_matrimony(table_, status_, fiance_, won_, log_, static_cast<std::uint8_t>(Event::Matrimony),
                    [&](Seat t, CardId wants) { return hand_satisfies(t, wants); });
  log_event({.kind = static_cast<std::uint8_t>(Event::GameEnds), .x = static_cast<std::uint8_t>(why)});
}

bool LetterboxState::hand_satisfies(Seat s, CardId desires) const {
  return satisfies_desire_row(tally_of(deck(), table_.hands[s]), deck().cards[desires]);
}

Outcome LetterboxState::outcome() const { return outcome_of_wins(won_, num_seats()); }

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

namespace court::persuasion {

void LetterboxState::begin_round(int round) {
  round_ = static_cast<std::uint8_t>(round - 1);
  const int avail = available_count();
  if (avail <= 1) return matrimony(Ending::FewAvailable);
  if (avail == 2) final_round_ = true;
  start_round();
}

void LetterboxState::set_commitments(const std::vector<std::pair<Seat, Seat>>& engaged,
                                     const std::vector<Seat>& independent) {
  set_commitments_of(status_, fiance_, engaged, independent);
}

}  // namespace court::persuasion

namespace court::persuasion {

void LetterboxState::report(GameReport& r) const {
  fill_report(r, deck(), table_, standings_of(status_, num_seats()), won_, end_kind_of(ending_), round_);
}

}  // namespace court::persuasion
