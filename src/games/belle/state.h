// Belle of the Ball's game position: a flat value type (fixed arrays and small integers, no heap) holding
// the hands, the cliques (as units: a single guest or a couple with its gifts), the Belles, the minglers,
// the deck and discard piles, scores, the current turn's pending steps, its own random generator and a
// public log of small structured events.
//
// Files: cards.* (data), state.cpp (the blank state, who acts, listing the legal moves, determinization
// and hidden items), rules.cpp (the rules in docs/rules/belle.md's order: setup, each step of a turn with
// the moves it allows and what they do, the end of a round with scoring, the end of the game and the
// outcome), view.cpp (views, move labels, the log in words), board.cpp (the terminal's board),
// scenario.cpp (scenario files), stats.cpp (figures for the simulator), bot.cpp (the heuristic bot).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/game.h"
#include "games/belle/actions.h"
#include "games/belle/cards.h"

namespace court::belle {

// A gift: a card face-down on a couple. `known` is the set of seats (one bit each) that know its face:
// the seat that gave it.
// Gift, Unit, Buried and LogEvent have no member initialisers: a new state (one per game) then does
// not construct every slot of its lists (128 units, 128 buried cards, 512 log entries), which was most
// of the setup's time. Units are made with Unit::joining, log entries from NewEvent.
struct Gift {
  CardId card;
  std::uint8_t known;
  friend bool operator==(Gift, Gift) = default;
};

// One unit of a clique: a single guest, or a couple (top and bottom) that may carry gifts. Units of every
// clique live in one list, in the order they joined their clique; `owner` is the clique's seat.
struct Unit {
  std::int8_t owner;
  CardId top;
  CardId bottom;                     // kNoCard for a single guest
  std::uint8_t gift_count;
  std::array<Gift, kGiftsPerCouple> gifts;
  bool couple() const { return bottom != kNoCard; }
  friend bool operator==(const Unit&, const Unit&) = default;

  // A unit as it joins `owner`'s clique, without gifts: a single guest, or a couple when `bottom` is given.
  static Unit joining(Seat owner, CardId top, CardId bottom = kNoCard) {
    return {static_cast<std::int8_t>(owner), top, bottom, 0, {Gift{kNoCard, 0}, Gift{kNoCard, 0}}};
  }
};

// A card discarded face-down at the end of a round (a hand or a gift); `known` as for gifts.
struct Buried {
  CardId card;
  std::uint8_t known;
};

inline constexpr std::uint8_t kFromMinglers = 0xf;
inline constexpr std::uint8_t kToDiscard = 0xf;

enum class Event : std::uint8_t {
  RoundStart,        // a = round, seat = first player
  InvitedGuest,      // seat, card, a = the guest it coupled with, or kNoCard
  InvitedBelle,      // seat, card, a = the Belle it replaced, or kNoCard
  DrewCards,         // seat, card = the guest whose power it was, a = cards drawn
  DeclinedPower,     // seat, card = the guest whose invitation power was declined
  DismissedMingler,  // seat, card
  WelcomedMingler,   // seat, card
  GaveGift,          // seat, card (known to seat only), a/b = the couple's top/bottom
  Attracted,         // seat, card, a = seat it came from, or kFromMinglers
  AttractedCouple,   // seat, card = top, b = bottom, a = seat it came from
  Repelled,          // seat, card, a = seat it went to, or kToDiscard
  Declined,          // seat
  Replaced,          // seat, card (a single, or the top), a = bottom or kNoCard, b = cards drawn back
  Drifted,           // card = the mingler that left, or kNoCard; a = cards drawn into the row
  DeckRanOut,        // a = the step: 3 refill, 4 minglers, 5 a new round's deal
  CouplesReached,    // a = couples in play, b = the threshold
  Scored,            // seat, a = round points (int8), b/c = total (int16, low and high byte)
  GameOver,
  LogFull,
};

struct LogEvent {
  Event kind;
  std::int8_t seat;
  CardId card;
  std::uint8_t a;
  std::uint8_t b;
  std::uint8_t c;
};

// An event being logged: the fields not given keep these defaults (no seat, no card, zeros).
struct NewEvent {
  Event kind = Event::RoundStart;
  std::int8_t seat = -1;
  CardId card = kNoCard;
  std::uint8_t a = 0;
  std::uint8_t b = 0;
  std::uint8_t c = 0;

  LogEvent entry() const { return {kind, seat, card, a, b, c}; }
};

// Whose choice it is: the active player's steps of a turn in the page's order, or a victim's
// replacement (docs/rules/belle.md, "A turn", step 5).
enum class Phase : std::uint8_t { Invite, Power, Gift, Reach, Replace, GameOver };

// How a round ended.
enum class RoundEnd : std::uint8_t { None, Couples, Deck };

inline constexpr int kMaxRounds = 32;   // a round deals at least 2 * 2 + 1 cards and draws 2 a turn, from at most 128
inline constexpr int kLogCapacity = 512;

// A clique's score for one round, in parts.
struct ScoreBreakdown {
  int guests = 0;   // singles' and couples' top cards' face values
  int gifts = 0;    // one per gift
  int powers = 0;   // guests' end-of-round powers
  int belle = 0;    // the Belle's end-of-round effect
  int total() const { return guests + gifts + powers + belle; }
};

// A face-up card as views carry it (view.cpp): {"id", "name", "type": "guest" or "belle", a guest's
// "family", "symbols", "points", "attracts" or "repels" (and "attract_count" when 2), "invite_power",
// a Belle's "attracts_couple", and "end_of_round" when it has one}.
nlohmann::json card_json(const BelleRules& rules, CardId id);

class BelleState {
 public:
  BelleState() = default;

  // --- StateModel, by the file that defines each member, in that file's order -----------------
  // Here: the seat count, the end of the game, and talk.
  int num_seats() const { return seats_; }
  bool terminal() const { return phase_ == Phase::GameOver; }
  // Open talk: the whole table, and a whisper to any other seat (docs/rules/belle.md, "Talk at the table").
  TalkNow talk(Seat seat) const { return open_talk(num_seats(), seat); }
  // state.cpp: who acts, the legal moves, and what a seat cannot know.
  SeatSet to_act() const;
  void legal_actions(Seat seat, ActionList& out) const;
  // A gift's card is secret to everyone but its giver: others observe only "a gift on that couple".
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const;
  void determinize(Seat seat, Rng& rng);
  void hidden_items(Seat seat, HiddenList& out) const;
  // rules.cpp: what moves do, and the outcome.
  void apply(Seat seat, Action action);
  Outcome outcome() const;
  // view.cpp: a move in words and in parts, and what a seat sees.
  std::string describe(Seat seat, Action action) const;
  // What a move involves, by the ids the view uses (docs/protocol.md, "Move parts").
  nlohmann::json parts(Seat seat, Action action) const;
  nlohmann::json view(Seat seat, LogWindow window = {}) const;
  // stats.cpp: the simulator's figures for a finished game.
  void report(GameReport& report) const;
  // Each seat's score as the rounds scored so far count it (public): stats.cpp.
  void standing(std::span<double> out) const;
  // playout.cpp: a quick move for search playouts (see HasPlayout).
  Action playout(Seat seat, const ActionList& legal, Rng& rng) const;

  // --- Building states ---------------------------------------------------------------------------
  // rules.cpp: the setup.
  static BelleState new_game(const BelleRules& rules, std::uint64_t seed);
  // state.cpp: an empty table for scenario building: no cards anywhere, round 1, seat 0 to invite.
  static BelleState blank(const BelleRules& rules, std::uint64_t seed);

  // --- Read access (views, bots, tests) ---------------------------------------------------------
  const BelleRules& rules() const { return *rules_; }
  int round() const { return round_; }
  Seat turn_seat() const { return turn_; }
  Phase phase() const { return phase_; }
  Seat victim() const { return victim_; }
  int score(Seat s) const { return scores_[s]; }
  CardId belle(Seat s) const { return belle_[s]; }
  const FixedVector<CardId, kMaxHand>& hand(Seat s) const { return hands_[s]; }
  const FixedVector<CardId, kMaxDeck>& deck() const { return deck_; }
  const FixedVector<CardId, kMaxMinglers>& minglers() const { return minglers_; }
  const FixedVector<CardId, kMaxDeck>& discard_pile() const { return discard_; }
  const FixedVector<Buried, kMaxDeck>& buried() const { return buried_; }
  const FixedVector<Unit, kMaxDeck>& units() const { return units_; }
  const FixedVector<LogEvent, kLogCapacity>& log() const { return log_; }
  int reach_left() const { return reach_left_; }
  int gifts_left() const { return gifts_left_; }
  CardId invited_card() const { return invited_card_; }
  int couples_in_play() const { return couples_; }
  // `seat`'s couples with room for a gift, as kept move by move (tests compare it with the units).
  int open_couples(Seat seat) const { return open_couples_[seat]; }
  int rounds_scored() const { return rounds_scored_; }
  RoundEnd round_end(int r) const { return round_end_[r]; }
  int round_points(int r, Seat s) const { return round_points_[r][s]; }

  // rules.cpp: this round's score of `seat`'s clique if the round ended now (gifts count whatever they are).
  ScoreBreakdown clique_score(Seat seat) const;
  // clique_score of every seat, found together.
  std::array<ScoreBreakdown, kMaxPlayers> clique_scores() const;
  // Whether the invited card's attraction or repulsion has a target now.
  bool reach_possible() const;

  friend BelleState state_from_scenario(const BelleRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

 private:
  // Inline, so that the caller writes the entry straight into the log: built on the stack and read
  // back as one word, it stalled the processor (a failed store-to-load forwarding) on every event.
  void log_event(const NewEvent& e) {
    if (log_.size() + 1 < log_.capacity()) {
      log_.push_back(e.entry());
    } else if (log_.size() + 1 == log_.capacity()) {
      log_.push_back(NewEvent{.kind = Event::LogFull}.entry());
    }
  }

  // rules.cpp, by the page's sections: for each step of a turn, its move writer (add_*_moves, called
  // by legal_actions), whether it has a choice to offer (called by advance), and one function per rule.
  // Setup.
  void deal_round(Seat starter);
  bool draw_to_hand(Seat seat);
  void refill_hand(Seat seat);
  // A turn: the steps in order.
  void advance();
  // 1. Invite.
  void add_invite_moves(Seat seat, MoveWriter& out) const;
  void invite_guest(Seat seat, CardId card, bool couple, int unit);
  void invite_belle(Seat seat, CardId card);
  void remove_from_hand(Seat seat, CardId card);
  // 2. Invitation power.
  void add_power_moves(MoveWriter& out) const;
  bool power_has_target() const;
  void draw_by_power(Seat seat);
  void use_power_on_mingler(Seat seat, int index);
  void decline_power(Seat seat);
  // 3. A gift.
  void add_gift_moves(Seat seat, MoveWriter& out) const;
  bool can_give_gift(Seat seat) const;
  void give_gift(Seat seat, CardId card, int unit);
  // 4. Attract or repel.
  bool attractable_guest(CardId card, SymbolMask symbols) const;
  bool belle_wants(CardId belle, const Unit& u) const;
  template <class Add>
  void visit_attract_or_repel_moves(Seat seat, Add&& add) const;
  void add_attract_or_repel_moves(Seat seat, MoveWriter& out) const;
  bool can_attract_or_repel(Seat seat) const;
  void attract_mingler(Seat seat, int index);
  void attract_guest(Seat seat, int unit);
  void attract_couple(Seat seat, int unit);
  void take_unit(Seat seat, int unit, bool couple);
  void move_unit_to(int unit, Seat owner);
  void repel(Seat seat, int unit, std::uint8_t to, bool discard);
  // 5. Replacement.
  void add_replace_moves(Seat seat, MoveWriter& out) const;
  bool can_replace(Seat seat) const;
  void replace_lost(Seat seat, CardId top, CardId bottom);
  // 6. Refill, 7. the minglers drift, 8. the couples' threshold.
  void finish_turn();
  void drift_minglers();
  // End of a round.
  void end_round(RoundEnd cause);
  struct CliqueTally;  // what end-of-round effects count in a clique
  void clear_table();
  // End of the game.
  void end_game();

  const BelleRules* rules_ = nullptr;
  Rng rng_;
  // The byte-sized fields from here to units_ fill 12 bytes with no padding: the state stays 5152 bytes,
  // a multiple of 16, which every copy costs (8 bytes more made clone/belle 25% slower).
  std::int8_t seats_ = 2;
  std::array<CardId, kMaxPlayers> belle_{};
  // Kept up to date as units change, so that no turn scans the units for them: the couples among units_
  // (a round ends at a threshold) and each seat's couples with room for a gift.
  std::uint8_t couples_ = 0;
  std::array<std::uint8_t, kMaxPlayers> open_couples_{};
  FixedVector<Unit, kMaxDeck> units_;
  std::array<FixedVector<CardId, kMaxHand>, kMaxPlayers> hands_;  // no {}: the slots need no zeroing
  FixedVector<CardId, kMaxDeck> deck_;       // back() is the top
  FixedVector<CardId, kMaxMinglers> minglers_;  // [0] is farthest from the deck; new ones join at the back
  FixedVector<CardId, kMaxDeck> discard_;    // face-up
  FixedVector<Buried, kMaxDeck> buried_;     // face-down (hands and gifts at a round's end)
  std::array<std::int16_t, kMaxPlayers> scores_{};
  std::uint8_t round_ = 1;
  std::int8_t starter_ = 0;
  std::int8_t turn_ = 0;
  Phase phase_ = Phase::Invite;
  // The current turn.
  CardId invited_card_ = kNoCard;
  std::int8_t invited_unit_ = -1;   // the invited guest's unit (repel never sends it away)
  InvitePower power_pending_ = InvitePower::None;
  std::uint8_t gifts_left_ = 0;
  std::uint8_t reach_left_ = 0;
  std::int8_t victim_ = -1;
  bool victim_lost_couple_ = false;
  // Rounds played.
  std::uint8_t rounds_scored_ = 0;
  std::array<RoundEnd, kMaxRounds> round_end_{};
  std::array<std::array<std::int16_t, kMaxPlayers>, kMaxRounds> round_points_{};
  FixedVector<LogEvent, kLogCapacity> log_;
};

}  // namespace court::belle
