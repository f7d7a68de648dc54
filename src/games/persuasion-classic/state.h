// Persuasion, character-card edition (the older rulebook, id persuasion-classic): the game position.
// What differs from the letterbox edition lives here: five traits each, no introductions, intentions
// revealed all at once and resolved in order (independence, invitations, proposals), mutual
// invitations and proposals, one-card reflection, and "at least two attributes" satisfaction.
// Shared with the letterbox edition (src/games/persuasion-shared/): the deck, scoring, the table and
// knowledge, the log, Matrimony, beliefs and the common bot.
//
// Files: cards.* (ClassicRules: data and options), actions.h (moves packed into Actions), state.cpp
// (setup, who acts, legal moves, determinization), rules.cpp (what each move does, the order of
// resolution, the end of a round, Matrimony), view.cpp (views, labels, the log in words), stats.cpp,
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
#include "games/persuasion-shared/log.h"
#include "games/persuasion-shared/cards_in_play.h"

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

inline constexpr int kLogCapacity = 768;

class ClassicState {
 public:
  int num_seats() const { return table_.seats; }
  SeatSet to_act() const;
  void legal_actions(Seat seat, ActionList& out) const;
  void apply(Seat seat, Action action);
  bool terminal() const { return phase_ == Phase::GameOver; }
  Outcome outcome() const;
  nlohmann::json view(Seat seat) const;
  void determinize(Seat seat, Rng& rng);
  void hidden_items(Seat seat, HiddenList& out) const { table_.hidden_items(seat, out); }
  std::string describe(Seat seat, Action action) const;
  // The move's parts (view.cpp; docs/protocol.md "Move parts"): its kind and the cards and seats it names.
  nlohmann::json parts(Seat seat, Action action) const;
  // What `viewer` learns of `actor`'s move (for information-set search; see HasObserve): nothing but
  // "has chosen" in a simultaneous choice; a card only when it goes to `viewer`.
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const;
  // The moves search considers (persuasion-shared/search_moves.h): one per kind of move and other player.
  void search_moves(Seat seat, ActionList& moves) const;
  // Limited Correspondence (rules.cpp): the seats `seat` may talk with now, and whether the table may talk.
  TalkNow talk(Seat seat) const;
  // The simulator's figures for a finished game (stats.cpp; the figures are persuasion-shared/report_common.h).
  void report(GameReport& r) const;

  static ClassicState new_game(const ClassicRules& rules, std::uint64_t seed);
  static ClassicState blank(const ClassicRules& rules, std::uint64_t seed);
  void begin_round(int round);
  void set_commitments(const std::vector<std::pair<Seat, Seat>>& engaged, const std::vector<Seat>& independent);
  CardsInPlay& table() { return table_; }
  Rng& rng() { return rng_; }

  const ClassicRules& rules() const { return *rules_; }
  const PersuasionDeck& deck() const { return rules_->deck; }
  const CardsInPlay& table() const { return table_; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  bool final_round() const { return final_round_; }
  Ending ending() const { return ending_; }
  Status status(Seat s) const { return status_[s]; }
  Seat fiance(Seat s) const { return fiance_[s]; }
  bool eligible(Seat s) const { return status_[s] == Status::Eligible; }
  int eligible_count() const;
  const Mail& mail_from(Seat s) const { return mail_[s]; }
  bool has_chosen(Seat s) const { return chosen_.contains(s); }
  bool won(Seat s) const { return won_[s]; }
  Seat reflecting_seat() const { return reflecting_; }
  const EventLog<kLogCapacity>& log() const { return log_; }
  bool hand_satisfies(Seat s, CardId desires) const;
  // The card seat s has shared this round and not yet got back (not usable for replies).
  CardId shared_card(Seat s) const;

 private:
  // state.cpp: who acts, legal moves.
  void intention_moves(Seat seat, ActionList& out) const;
  Seat next_invitation_decider() const;
  bool mutual(Seat a, Seat b, Intent kind) const;
  void log_event(const LogEvent& e) { log_.push(e); }

  // rules.cpp: the order of resolution, each rule, the end of a round and Matrimony.
  void start_round();
  void reveal_intentions();
  void advance_invitations();
  void begin_proposals();
  void advance_proposals();
  void begin_reflection();
  void advance_reflection();
  void end_round();
  void matrimony(Ending why);
  void engage(Seat accepter, Seat proposer, CardId given, bool mutual_proposals);
  void void_mail_involving(Seat s);

  const ClassicRules* rules_ = nullptr;
  Rng rng_;
  CardsInPlay table_;
  Phase phase_ = Phase::Intentions;
  std::uint8_t round_ = 0;
  bool final_round_ = false;
  Ending ending_ = Ending::NotYet;
  std::array<Status, kMaxSeats> status_{};
  std::array<std::int8_t, kMaxSeats> fiance_{-1, -1, -1, -1, -1, -1, -1, -1};
  std::array<Mail, kMaxSeats> mail_{};      // indexed by sender; during Intentions: pending choices
  SeatSet chosen_;
  std::int8_t proposal_turn_ = 0;           // the seat whose proposals are decided next
  std::int8_t reflecting_ = -1;
  SeatSet reflect_queue_;
  std::array<bool, kMaxSeats> won_{};
  EventLog<kLogCapacity> log_;
};

}  // namespace court::persuasion_classic
