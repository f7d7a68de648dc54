// Persuasion, letterbox edition: the game position. A flat value type (fixed arrays, bitsets, small
// integers) holding the table (hands, desires, deck, knowledge), this round's mail, the players'
// pending simultaneous choices, its own random generator and the public log.
//
// Files: cards.* (LetterboxRules: data and options), actions.h (moves packed into Actions), rules.cpp
// (the rules page in its order: setup, introductions, a round and its steps, the end of a round, the
// outcome, talk; which moves each step allows and what each move does), state.cpp (the listing of
// legal moves, determinization), view.cpp (views, labels, the log in words), scenario.cpp,
// search_moves.cpp, board.cpp, bot.cpp. Shared with the character-card edition
// (src/games/persuasion-shared/): the deck (cards.*), what both positions hold (state_common.h), the
// rules both share: Check Availability, Matrimony and the outcome (rules_common.h), scoring.h,
// cards_in_play.* (cards and knowledge, determinization), log.h (events), beliefs and the common bot.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/game.h"
#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/state_common.h"
#include "games/persuasion/actions.h"
#include "games/persuasion/cards.h"

namespace court::persuasion {

// --- Position -----------------------------------------------------------------------------------------
enum class Phase : std::uint8_t { Introductions, Intentions, Reflection, Correspondence, Postman, GameOver };
enum class Status : std::uint8_t { Available, Engaged, Independent };
enum class Intent : std::uint8_t { None, Invite, Propose, Independence, Reflection };
enum class MailState : std::uint8_t { None, Undecided, Accepted, Rejected, Returned };
// Why the game went to Matrimony.
enum class Ending : std::uint8_t { NotYet, FewAvailable, FinalRound, MaxRounds };

struct Intention {
  Intent kind = Intent::None;
  std::int8_t target = -1;
  CardId card = kNoCard;
};

// The card a seat mailed this round (one per sender), and what became of it.
struct Mail : Letter<Intent, MailState> {
  CardId reply = kNoCard;  // the card the recipient sent or gave back
};

struct IntroShow {
  std::int8_t to = -1;
  CardId card = kNoCard;
};

enum class Event : std::uint8_t {
  IntroShown,        // a showed c to b (c: a, b)
  RoundStart,        // x = round, a = 1 when final
  Intended,          // a -> b, x = Intent; c = card (sender; recipient too for proposals)
  Independent,       // a claimed independence
  Reflected,         // a drew x cards (c, d: a only), extra = b (1 when the postman reflection)
  Swapped,           // a put c on the discard pile, kept d (a only)
  KeptNone,          // a kept none of the drawn cards (a only... logged publicly as "reflected")
  InviteAccepted,    // a accepted b's invitation; c = a's card (a, b), d = the invitation (a, b)
  InviteRejected,    // a rejected b's invitation, unseen; c = the invitation (b)
  ProposalAccepted,  // a accepted b's proposal; c = a's card given (a, b), d = the proposal card (a, b)
  ProposalRejected,  // a rejected b's proposal; c = the proposal (a, b)
  Returned,          // a's pending mail from b returned automatically; x = Intent, c = card (b; a if it was seen)
  Passed,            // a did not take the postman reflection
  Reshuffled,        // the discard pile became the new deck
  Matrimony,         // a: x = 1 win; b = fiance or -1; d = desires card (everyone)
  GameEnds,          // x = Ending
};

// The position: what both editions hold alike is PersuasionState (persuasion-shared/state_common.h),
// with the seat count, the end, hidden items and most read access; Matrimony (rules_common.h):
// an engaged player wins when the fiance's dominant symbols include both of the desires card's
// underlined symbols (satisfies_desire_row); an independent player wins when nobody else's do; an
// available player cannot win. Dominant symbols come from trait cards only.
class LetterboxState
    : public PersuasionState<LetterboxRules, Phase, Status, Ending, Event, satisfies_desire_row> {
 public:
  LetterboxState() = default;

  // --- StateModel and building, by the file that defines each member, in that file's order (what each
  // StateModel member does: persuasion-shared/state_common.h) ---------------------------------------
  // rules.cpp, in the rules page's order: Setup, a game from a scenario (begin_round: play starts at
  // Mail Intentions of round `round`), the introductions (each seat shows intro_quota cards: one to
  // each other player, while its cards last; begin_introductions), the outcome, Mail Bound (talk),
  // what a move does, and who acts.
  static LetterboxState new_game(const LetterboxRules& rules, std::uint64_t seed);
  void begin_round(int round);
  int intro_quota(Seat s) const;
  void begin_introductions();
  Outcome outcome() const;
  TalkNow talk(Seat seat) const;
  void apply(Seat seat, Action action);
  SeatSet to_act() const { return to_act_; }
  SeatSet to_act_now() const;
  // state.cpp: a blank table (cards not yet dealt: new_game and scenarios deal), the legal moves, and
  // what a seat cannot know (determinize; other seats' pending choices, resample_pending).
  static LetterboxState blank(const LetterboxRules& rules, std::uint64_t seed) {
    return blank_of<LetterboxState>(rules, seed);
  }
  void legal_actions(Seat seat, ActionList& out) const;
  std::uint32_t legal_count(Seat seat) const;
  Action legal_action(Seat seat, std::uint32_t k) const;

 private:
  void resample_pending(Seat seat, Rng& rng);

 public:
  void determinize(Seat seat, Rng& rng);

  // --- Read access (views, bots, tests) -------------------------------------------------------------
  bool available(Seat s) const { return status_[s] == Status::Available; }
  int available_count() const { return open_count(); }
  const Mail& mail_from(Seat s) const { return mail_[s]; }
  bool received_this_round(Seat s) const { return received_[s]; }
  bool away(CardId c) const { return has_card(away_, c); }
  const Intention& pending_intention(Seat s) const { return intention_[s]; }
  const FixedVector<IntroShow, kMaxSeats>& intro_shows(Seat s) const { return intro_[s]; }

  // --- StateModel: view.cpp, search_moves.cpp --------------------------------------------------------
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const;
  std::string describe(Seat seat, Action action) const;
  nlohmann::json parts(Seat seat, Action action) const;
  nlohmann::json view(Seat seat, LogWindow window = {}) const;
  void search_moves(Seat seat, ActionList& moves) const;

 private:
  // rules.cpp, in the rules page's order: each step's moves (add_*_moves, which legal_actions lists)
  // and each rule's effect; the predicates both they and legal_count ask are inline below the class.
  // Introductions.
  SeatSet intro_targets(Seat seat) const;
  CardSet intro_cards_shown(Seat seat) const;
  void add_introduction_moves(Seat seat, ActionList& out) const;
  void show_card(Seat seat, Seat to, CardId card);
  void reveal_introductions();
  // 1. Mail Intentions.
  SeatSet intention_targets(Seat seat) const;
  bool independence_open() const;
  void add_intention_moves(Seat seat, ActionList& out) const;
  void choose_intention(Seat seat, Intention intention);
  void reveal_intentions();
  // 2. Reflection (and the Await Postman reflection).
  void begin_reflection(Seat seat, bool extra);
  void add_reflection_moves(Seat seat, ActionList& out) const;
  void swap_trait(Seat seat, CardId mine, CardId drawn);
  void keep_none(Seat seat);
  void advance_reflection();
  // 3. Correspondence.
  Seat next_decider() const;
  SeatSet undecided_senders_to(Seat seat) const;
  void add_correspondence_moves(Seat seat, ActionList& out) const;
  void accept_invitation(Seat seat, Seat from, CardId reply);
  void accept_proposal(Seat seat, Seat from, CardId given);
  void return_pending_mail_of(Seat engaged);
  void reject_mail(Seat seat, Seat from);
  void advance_correspondence();
  // 4. Await Postman.
  void add_postman_moves(Seat seat, ActionList& out) const;
  void advance_postman();
  // 5. Check Availability.
  void end_round();
  // A move to its rule; to_act_ and, at Intentions, open_ (the seats whose standing is still open)
  // after a change.
  void apply_move(Seat seat, const MoveCode& m);
  void refresh_to_act();

  // The first phase is Introductions; chosen_ holds the seats done with introductions or intentions,
  // reflect_queue_ those still to reflect (intention or postman step).
  std::array<FixedVector<IntroShow, kMaxSeats>, kMaxSeats> intro_{};
  std::array<Intention, kMaxSeats> intention_{};
  std::array<Mail, kMaxSeats> mail_{};  // indexed by sender
  CardSet away_ = 0;                    // cards mailed this round, not home yet
  std::array<bool, kMaxSeats> received_{};
  bool postman_choice_ = false;         // reflecting_ must first choose to reflect or pass
  std::int8_t decide_from_ = 0;         // correspondence: the round-robin pointer
  SeatSet open_;                        // at Intentions: the available seats (refresh_to_act)
  SeatSet to_act_;                      // to_act_now() after the last change
};

// --- Predicates of the rules (rules.cpp's sections) that both the move writers and the flow there and
// legal_count / legal_action in state.cpp ask: inline, as they were within one file (hot path) ---------

// Introductions: the seats `seat` has not shown a card to (itself excluded), and its cards shown.
inline SeatSet LetterboxState::intro_targets(Seat seat) const {
  SeatSet out = SeatSet::first(num_seats());
  out.erase(seat);
  for (const IntroShow& i : intro_[seat]) out.erase(i.to);
  return out;
}

inline CardSet LetterboxState::intro_cards_shown(Seat seat) const {
  CardSet shown = 0;
  for (const IntroShow& i : intro_[seat]) shown |= card_bit(i.card);
  return shown;
}

// Mail Intentions: the seats `seat` may invite or propose to, the other available seats (open_ is
// kept at Intentions: nobody's standing changes until the intentions are revealed).
inline SeatSet LetterboxState::intention_targets(Seat seat) const {
  SeatSet out = open_;
  out.erase(seat);
  return out;
}

// Mail Intentions: independence may be claimed from round independence_from on (the option; the rulebook:
// any round), and always in a final round, "your last chance to propose or become independent".
inline bool LetterboxState::independence_open() const {
  return round_ >= rules().independence_from || final_round_;
}

// Correspondence: the seats whose undecided mail is addressed to `seat`.
inline SeatSet LetterboxState::undecided_senders_to(Seat seat) const {
  return seats_where(num_seats(), [&](Seat u) { return (mail_[u].state == MailState::Undecided) & (mail_[u].to == seat); });
}

}  // namespace court::persuasion
