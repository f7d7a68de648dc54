// Persuasion, character-card edition (the older rulebook, id persuasion-classic): the game position.
// What differs from the letterbox edition lives here: five traits each, no introductions, intentions
// revealed all at once and resolved in order (independence, invitations, proposals), mutual
// invitations and proposals, one-card reflection, and "at least two attributes" satisfaction.
// Shared with the letterbox edition (src/games/persuasion-shared/): the deck, what both positions hold
// with Matrimony and the outcome (state_common.h), scoring, the cards in play and knowledge, the log,
// beliefs and the common bot.
//
// Files: cards.* (ClassicRules: data and options), actions.h (moves packed into Actions), state.cpp
// (setup, who acts, legal moves, determinization), rules.cpp (what each move does, the order of
// resolution, the end of a round), view.cpp (views, labels, the log in words), stats.cpp,
// search_moves.cpp, bot.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/game.h"
#include "games/persuasion-classic/actions.h"
#include "games/persuasion-classic/cards.h"
#include "games/persuasion-shared/cards.h"
#include "games/persuasion-shared/state_common.h"

namespace court::persuasion_classic {

enum class Phase : std::uint8_t { Intentions, Invitations, Proposals, Reflection, GameOver };
enum class Status : std::uint8_t { Eligible, Engaged, Independent };
enum class Intent : std::uint8_t { None, Invite, Propose, Independence };
enum class MailState : std::uint8_t { None, Undecided, Accepted, Rejected, Void };
enum class Ending : std::uint8_t { NotYet, FewEligible, FinalRound, MaxRounds };

// A seat's intention this round and what became of it.
struct Mail {
  Intent kind = Intent::None;
  std::int8_t to = -1;
  CardId card = kNoCard;
  MailState state = MailState::None;
  bool seen_by_recipient = false;
};

enum class Event : std::uint8_t {
  RoundStart,        // x = round, a = 1 when final
  Intended,          // a -> b, x = Intent, c = shared card (a)
  Independent,       // a
  InviteAccepted,    // a accepted b's invitation: c = a's revealed card (a, b), d = b's shared card (a, b)
  InviteRejected,    // a rejected b's invitation
  ProposalsSeen,     // a looks at the proposals sent to it
  Engaged,           // a accepted b's proposal (x = 1 for mutual proposals); c = a's card to b, d = b's card to a (a, b)
  Void,              // b's x-intention to a returned
  ProposalRejected,  // a rejected b's proposal; c = the proposal card (a, b)
  Reflected,         // a drew c (a) and discarded d (a)
  Reshuffled,
  Matrimony,         // a: x = 1 win, b = fiance, d = desires card (everyone)
  GameEnds,          // x = Ending
};

// The position: what both editions hold alike is PersuasionState (persuasion-shared/state_common.h),
// with the seat count, the end, hidden items, the outcome, Matrimony and most read access. Matrimony:
// engaged players win when the fiance has at least two of their desired attributes (Court: the
// desires card's border) as dominant attributes (satisfies_two_attributes); independent players when
// nobody does.
class ClassicState
    : public PersuasionState<ClassicRules, Phase, Status, Ending, Event, satisfies_two_attributes> {
 public:
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
  // rules.cpp: what moves do, and Limited Correspondence: the seats `seat` may talk with now, and
  // whether the table may talk.
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

  static ClassicState new_game(const ClassicRules& rules, std::uint64_t seed);
  static ClassicState blank(const ClassicRules& rules, std::uint64_t seed) { return blank_of<ClassicState>(rules, seed); }
  void begin_round(int round);

  bool eligible(Seat s) const { return status_[s] == Status::Eligible; }
  int eligible_count() const;
  const Mail& mail_from(Seat s) const { return mail_[s]; }
  // The card seat s has shared this round and not yet got back (not usable for replies).
  CardId shared_card(Seat s) const;

 private:
  // state.cpp: who acts, legal moves.
  void intention_moves(Seat seat, ActionList& out) const;
  Seat next_invitation_decider() const;
  bool mutual(Seat a, Seat b, Intent kind) const {
    return mail_[a].kind == kind && mail_[a].to == b && mail_[b].kind == kind && mail_[b].to == a;
  }
  // to_act_ and, at Intentions, open_ (the seats whose standing is still open) after a change.
  void refresh_to_act();
  // The seats `seat` may invite or propose to: the other eligible seats.
  SeatSet intention_targets(Seat seat) const;
  // The seats whose undecided mail of `kind` is addressed to `seat`.
  SeatSet undecided_senders_to(Seat seat, Intent kind) const;

  // rules.cpp: what a move does (apply, then to_act_ is refreshed).
  void apply_move(Seat seat, const MoveCode& m);

  // rules.cpp: the order of resolution, each rule, the end of a round.
  void start_round();
  void reveal_intentions();
  void advance_invitations();
  void begin_proposals();
  void advance_proposals();
  void begin_reflection();
  void advance_reflection();
  void end_round();
  void engage(Seat accepter, Seat proposer, CardId given, bool mutual_proposals);
  void void_mail_involving(Seat s);

  // The first phase is Intentions.
  std::array<Mail, kMaxSeats> mail_{};      // indexed by sender; during Intentions: pending choices
  std::int8_t proposal_turn_ = 0;           // the seat whose proposals are decided next
  SeatSet open_;                        // at Intentions: the eligible seats (refresh_to_act)
  SeatSet to_act_;                          // to_act_now() after the last change
};

}  // namespace court::persuasion_classic
