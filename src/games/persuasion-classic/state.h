// Persuasion, character-card edition (the older rulebook, id persuasion-classic): the game position.
// What differs from the letterbox edition lives here: five traits each, no introductions, intentions
// revealed all at once and resolved in order (independence, invitations, proposals), mutual
// invitations and proposals, one-card reflection, and "at least two attributes" satisfaction.
// Shared with the letterbox edition (src/games/persuasion-shared/): the deck, what both positions hold
// (state_common.h), the rules both share: Check Availability, Matrimony and the outcome
// (rules_common.h), scoring, the cards in play and knowledge, the log, beliefs and the common bot.
//
// Files: cards.* (ClassicRules: data and options), actions.h (moves packed into Actions), rules.cpp
// (the rules page in its order: setup, a round and its steps, the end of a round, the outcome, talk;
// which moves each step allows and what each move does), state.cpp (the listing of legal moves,
// determinization), view.cpp (views, labels, the log in words), scenario.cpp,
// search_moves.cpp, board.cpp, bot.cpp.
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
struct Mail : persuasion::Letter<Intent, MailState> {
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
// with the seat count, the end, hidden items and most read access; Matrimony (rules_common.h):
// engaged players win when the fiance has at least two of their desired attributes (Court: the
// desires card's border) as dominant attributes (satisfies_two_attributes); independent players when
// nobody does.
class ClassicState
    : public PersuasionState<ClassicRules, Phase, Status, Ending, Event, satisfies_two_attributes> {
 public:
  // --- StateModel and building, by the file that defines each member, in that file's order (what each
  // StateModel member does: persuasion-shared/state_common.h) ---------------------------------------
  // rules.cpp, in the rules page's order: Setup, a game from a scenario (begin_round: play starts at
  // Share Intentions of round `round`), the outcome, Limited Correspondence (talk), what a move does,
  // and who acts.
  static ClassicState new_game(const ClassicRules& rules, std::uint64_t seed);
  void begin_round(int round);
  Outcome outcome() const;
  TalkNow talk(Seat seat) const;
  void apply(Seat seat, Action action);
  SeatSet to_act() const { return to_act_; }
  SeatSet to_act_now() const;
  // state.cpp: a blank table (cards not yet dealt), the legal moves, and what a seat cannot know.
  static ClassicState blank(const ClassicRules& rules, std::uint64_t seed) { return blank_of<ClassicState>(rules, seed); }
  void legal_actions(Seat seat, ActionList& out) const;
  std::uint32_t legal_count(Seat seat) const;
  Action legal_action(Seat seat, std::uint32_t k) const;
  void determinize(Seat seat, Rng& rng);

  // --- Read access (views, bots, tests) -------------------------------------------------------------
  bool eligible(Seat s) const { return status_[s] == Status::Eligible; }
  int eligible_count() const { return open_count(); }
  const Mail& mail_from(Seat s) const { return mail_[s]; }

  // --- StateModel: view.cpp, search_moves.cpp --------------------------------------------------------
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const;
  std::string describe(Seat seat, Action action) const;
  nlohmann::json parts(Seat seat, Action action) const;
  nlohmann::json view(Seat seat, LogWindow window = {}) const;
  void search_moves(Seat seat, ActionList& moves) const;

  // The card seat s has shared this round and not yet got back (not usable for replies): read by the
  // view, and by the rules of invitations and proposals.
  CardId shared_card(Seat s) const { return mail_[s].state == MailState::Undecided ? mail_[s].card : kNoCard; }

 private:
  // rules.cpp, in the rules page's order: each step's moves (add_*_moves, which legal_actions lists)
  // and each rule's effect; the predicates both they and legal_count ask are inline below the class.
  // 1. Share Intentions.
  SeatSet intention_targets(Seat seat) const;
  void add_intention_moves(Seat seat, ActionList& out) const;
  void share_intention(Seat seat, const MoveCode& m);
  // 2. Reveal, 3. Resolve Independence.
  void reveal_intentions();
  // 4. Resolve Invitations.
  Seat next_invitation_decider() const;
  bool mutual(Seat a, Seat b, Intent kind) const {
    return mail_[a].kind == kind && mail_[a].to == b && mail_[b].kind == kind && mail_[b].to == a;
  }
  SeatSet undecided_senders_to(Seat seat, Intent kind) const;
  void add_invitation_moves(Seat seat, ActionList& out) const;
  void accept_invitation(Seat seat, Seat from, CardId revealed);
  void reject_invitation(Seat seat, Seat from);
  void advance_invitations();
  // 5. Resolve Proposals.
  void begin_proposals();
  void advance_proposals();
  void add_proposal_moves(Seat seat, ActionList& out) const;
  void engage(Seat accepter, Seat proposer, CardId given, bool mutual_proposals);
  void void_mail_involving(Seat s);
  void reject_remaining_proposals(Seat seat);
  // 6. Reflection.
  void begin_reflection();
  void advance_reflection();
  void add_reflection_moves(Seat seat, ActionList& out) const;
  void discard_trait(Seat seat, CardId card);
  // 7. The end of a round.
  void end_round();
  // A move to its rule; to_act_ and, at Intentions, open_ (the seats whose standing is still open)
  // after a change.
  void apply_move(Seat seat, const MoveCode& m);
  void refresh_to_act();

  // The first phase is Intentions.
  std::array<Mail, kMaxSeats> mail_{};      // indexed by sender; during Intentions: pending choices
  std::int8_t proposal_turn_ = 0;           // the seat whose proposals are decided next
  SeatSet open_;                        // at Intentions: the eligible seats (refresh_to_act)
  SeatSet to_act_;                          // to_act_now() after the last change
};

// --- Predicates of the rules (rules.cpp's sections) that both the move writers there and
// legal_count / legal_action in state.cpp ask: inline, as they were within one file (hot path) ---------

// Share Intentions: the seats `seat` may invite or propose to, the other eligible seats (open_ is
// kept at Intentions: nobody's standing changes until the intentions are revealed).
inline SeatSet ClassicState::intention_targets(Seat seat) const {
  SeatSet out = open_;
  out.erase(seat);
  return out;
}

// Resolve Invitations and Proposals: the seats whose undecided mail of `kind` is addressed to `seat`.
inline SeatSet ClassicState::undecided_senders_to(Seat seat, Intent kind) const {
  return seats_where(num_seats(), [&](Seat u) {
    const Mail& m = mail_[u];
    return (m.kind == kind) & (m.state == MailState::Undecided) & (m.to == seat);
  });
}

}  // namespace court::persuasion_classic
