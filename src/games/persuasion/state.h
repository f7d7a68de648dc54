// Persuasion, letterbox edition: the game position. A flat value type (fixed arrays, bitsets, small
// integers) holding the table (hands, desires, deck, knowledge), this round's mail, the players'
// pending simultaneous choices, its own random generator and the public log.
//
// Files: cards.* (LetterboxRules: data and options), actions.h (moves packed into Actions), state.cpp
// (setup, who acts, legal moves, determinization), rules.cpp (what each move does: one function per
// rule; the order of phases, the end of a round), view.cpp (views, labels, the log in words),
// scenario.cpp, stats.cpp, search_moves.cpp, bot.cpp. Shared with the character-card edition
// (src/games/persuasion-shared/): the deck (cards.*), what both positions hold with Matrimony and the
// outcome (state_common.h), scoring.h, cards_in_play.* (cards and knowledge, determinization), log.h
// (events), matrimony.h, beliefs and the common bot.
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
struct Mail {
  Intent kind = Intent::None;   // Invite or Propose
  std::int8_t to = -1;
  CardId card = kNoCard;
  MailState state = MailState::None;
  CardId reply = kNoCard;       // the card the recipient sent or gave back
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
// with the seat count, the end, hidden items, the outcome, Matrimony and most read access. Matrimony:
// an engaged player wins when the fiance's dominant symbols include both of the desires card's
// underlined symbols (satisfies_desire_row); an independent player wins when nobody else's do; an
// available player cannot win. Dominant symbols come from trait cards only.
class LetterboxState
    : public PersuasionState<LetterboxRules, Phase, Status, Ending, Event, satisfies_desire_row> {
 public:
  LetterboxState() = default;

  // --- StateModel, by the file that defines each member, in that file's order -----------------------
  // state.cpp: who acts, the legal moves, and what a seat cannot know. to_act() is kept up to date by
  // every change of phase or turn (refresh_to_act): random playouts ask it several times a step.
  SeatSet to_act() const { return to_act_; }
  // Who acts, worked out from the phase and the mail: what to_act() keeps (tests compare the two).
  SeatSet to_act_now() const;
  void legal_actions(Seat seat, ActionList& out) const;
  // The number of legal moves of `seat` and the k-th of them in legal_actions' order, without listing
  // them (HasLegalAt: a random playout lists none).
  std::uint32_t legal_count(Seat seat) const;
  Action legal_action(Seat seat, std::uint32_t k) const;
  void determinize(Seat seat, Rng& rng);
  // rules.cpp: what moves do, and Mail Bound: the seats `seat` may talk with now, and whether the
  // table may talk.
  void apply(Seat seat, Action action);
  TalkNow talk(Seat seat) const;
  // view.cpp: what a seat learns of a move, a move in words and in parts, and what a seat sees.
  // What `viewer` learns of `actor`'s move (for information-set search; see HasObserve): nothing but
  // "has chosen" in a simultaneous choice; a card only when it goes to `viewer`.
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const;
  std::string describe(Seat seat, Action action) const;
  // The move's parts (docs/protocol.md "Move parts"): its kind and the cards and seats it names.
  nlohmann::json parts(Seat seat, Action action) const;
  nlohmann::json view(Seat seat, LogWindow window = {}) const;
  // search_moves.cpp: the moves search considers (persuasion-shared/search_moves.h): one per kind of
  // move and other player.
  void search_moves(Seat seat, ActionList& moves) const;
  // stats.cpp: the simulator's figures for a finished game (the figures are persuasion-shared/report_common.h).
  void report(GameReport& r) const;

  // --- Building (setup and scenarios) ---------------------------------------------------------------
  static LetterboxState new_game(const LetterboxRules& rules, std::uint64_t seed);
  // Cards not yet dealt; `deal` fills hands, desires and deck (shuffled unless `deck_order_fixed`).
  static LetterboxState blank(const LetterboxRules& rules, std::uint64_t seed) {
    return blank_of<LetterboxState>(rules, seed);
  }
  void begin_introductions();
  // Starts play at Mail Intentions of round `round` (scenarios that skip the introductions).
  void begin_round(int round);

  // --- Read access (views, bots, tests) -------------------------------------------------------------
  bool available(Seat s) const { return status_[s] == Status::Available; }
  int available_count() const;
  const Mail& mail_from(Seat s) const { return mail_[s]; }
  bool received_this_round(Seat s) const { return received_[s]; }
  bool away(CardId c) const { return has_card(away_, c); }
  const Intention& pending_intention(Seat s) const { return intention_[s]; }
  const FixedVector<IntroShow, kMaxSeats>& intro_shows(Seat s) const { return intro_[s]; }
  int intro_quota(Seat s) const;

 private:
  // state.cpp: who acts, legal moves, determinization.
  void resample_pending(Seat seat, Rng& rng);
  void intention_moves(Seat seat, ActionList& out) const;
  Seat next_decider() const;
  // to_act_ and, at Intentions, open_ (the seats whose standing is still open) after a change.
  void refresh_to_act();
  // Introductions: the seats `seat` has not shown a card to (itself excluded), and its cards not shown.
  SeatSet intro_targets(Seat seat) const;
  CardSet intro_cards_shown(Seat seat) const;
  // The seats `seat` may invite or propose to: the other available seats.
  SeatSet intention_targets(Seat seat) const;
  // Correspondence: the seats whose undecided mail is addressed to `seat`.
  SeatSet undecided_senders_to(Seat seat) const;

  // rules.cpp: what a move does (apply, then to_act_ is refreshed), and the flow between phases.
  void apply_move(Seat seat, const MoveCode& m);
  void start_round();
  void reveal_introductions();
  void reveal_intentions();
  void advance_reflection();
  void begin_reflection(Seat seat, bool extra);
  void advance_correspondence();
  void advance_postman();
  void end_round();

  // rules.cpp: one function per rule.
  void show_card(Seat seat, Seat to, CardId card);
  void choose_intention(Seat seat, Intention intention);
  void swap_trait(Seat seat, CardId mine, CardId drawn);
  void keep_none(Seat seat);
  void accept_invitation(Seat seat, Seat from, CardId reply);
  void accept_proposal(Seat seat, Seat from, CardId given);
  void reject_mail(Seat seat, Seat from);
  void return_pending_mail_of(Seat engaged);

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

}  // namespace court::persuasion
