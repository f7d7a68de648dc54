// Intrigue's game position: a flat value type (fixed arrays and small integers, no heap) holding the
// characters in the circle, their support stacks, relationships, tokens, hands, deck, favors, points,
// its own random generator, and a public log of small structured events.
//
// Files: cards.* (data), state.cpp (the blank state, listing, counting and picking the legal moves,
// determinization, hidden items), rules.cpp (the rules in docs/rules/intrigue.md's order: setup, a turn's
// moves and what each does, the end of a round with scoring, the end of the game and the outcome),
// turn_moves.h (the blocks a turn's legal moves come in, shared by the two), view.cpp (views, move
// labels, the log in words), board.cpp (the terminal's board), scenario.cpp (scenario files).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/game.h"
#include "games/intrigue/actions.h"
#include "games/intrigue/cards.h"

namespace court::intrigue {

// A card in a character's support stack. `owner` is the seat that played it. No member initialisers:
// a new state does not construct every slot of the stacks (it is made for each game).
struct StackCard {
  CardId card;
  std::int8_t owner;
  bool face_up;
  friend bool operator==(StackCard, StackCard) = default;
};

// The relationship on one edge of the circle. Edge e joins letters e and (e + 1) % 3; `forward` means
// the card's left arrow (Debtor, Blackmailer) points at letter e, the right one at (e + 1) % 3.
struct Relationship {
  CardId card = kNoCard;
  bool forward = true;
  bool empty() const { return card == kNoCard; }
  friend bool operator==(Relationship, Relationship) = default;
};

// A played favor: seat `seat`'s favor in slot `slot` of its favor letters.
struct FavorPlay {
  std::int8_t seat = 0;
  std::uint8_t slot = 0;
  friend bool operator==(FavorPlay, FavorPlay) = default;
};

enum class Event : std::uint8_t {
  RoundStart,          // a = round number, seat = starting seat
  Refilled,            // seat drew a cards
  TookToken,           // seat, a = token
  PlayedFavor,         // seat, letter (private to seat)
  PlayedFaceDown,      // seat, card (private to seat), letter, who
  PlayedSupport,       // seat, card, letter, who, a = 1 when a card was drawn, b = that card (private)
  PlayedRelationship,  // seat, card, a = edge, b = forward, c = replaced card or kNoCard
  PlayedOracle,        // seat, card, c = cards drawn, a and b = those cards (private)
  Discarded,           // seat, card
  Assassinated,        // seat, card, letter, who = removed character, a = new character
  Virtue,              // seat, card, letter, who, a = cards flipped, b = discarded card or kNoCard
  Spied,               // seat, card, letter, who, b = revealed card, c = seat that had played it
  Manipulated,         // seat, card, a = token given, b = token taken, c = opponent
  Misinformed,         // seat, card, a = from edge, b = to edge, c = relationship card
  Lied,                // seat, card, a = edge, c = relationship card
  DebtMoved,           // letter = debtor, a = lender letter, b = moved card or kNoCard
  Revealed,            // letter, who, a = total support (as int8)
  Blackmailed,         // letter = victim (would have won), a = blackmailer letter
  RoundWon,            // letter, who, a/b/c = point change of seats 0/1/2 (int8)
  FavorScored,         // seat, letter, a = point change (int8), b = 1 when it was the first for the monarch
  Crowned,             // letter, who
  LogFull,             // the log ran out of room; later events are not recorded
};

// An entry of the log. No member initialisers: a new state (one per game) does not construct all
// kLogCapacity entries, which was most of the setup's time. Entries are written from NewEvent.
struct LogEvent {
  Event kind;
  std::int8_t seat;
  CardId card;
  Letter letter;
  CharacterId who;
  std::uint8_t a;
  std::uint8_t b;
  std::uint8_t c;
};

// An event being logged: the fields not given keep these defaults (no seat, no card, zeros).
struct NewEvent {
  Event kind = Event::RoundStart;
  std::int8_t seat = -1;
  CardId card = kNoCard;
  Letter letter = 0;
  CharacterId who = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;
  std::uint8_t c = 0;

  LogEvent entry() const { return {kind, seat, card, letter, who, a, b, c}; }
};

enum class Phase : std::uint8_t { Turn, Discard, GameOver };

// Room for every event of the longest game (kMaxRounds rounds of at most 24 card plays, 6 tokens and
// 3 discards, round-end events, plus favors and the end of the game).
inline constexpr int kLogCapacity = kMaxRounds * 56 + 32;

class IntrigueState {
 public:
  IntrigueState() = default;

  // --- StateModel, by the file that defines each member, in that file's order -----------------
  // Here: the seats, who acts (one seat at a time), the end of the game, and talk.
  int num_seats() const { return kSeats; }
  SeatSet to_act() const { return phase_ == Phase::GameOver ? SeatSet() : SeatSet::of(turn_seat_); }
  bool terminal() const { return phase_ == Phase::GameOver; }
  // Open talk: the whole table, and a whisper to any other seat (docs/rules/intrigue.md, "Talk at the table").
  TalkNow talk(Seat seat) const { return open_talk(num_seats(), seat); }
  // state.cpp: the legal moves, and what a seat cannot know.
  void legal_actions(Seat seat, ActionList& out) const;
  // The same moves counted, and the k-th of them, without listing them (random playouts; HasLegalAt).
  std::uint32_t legal_count(Seat seat) const;
  Action legal_action(Seat seat, std::uint32_t k) const;
  void determinize(Seat seat, Rng& rng);
  void hidden_items(Seat seat, HiddenList& out) const;
  // rules.cpp: what moves do, and the outcome.
  void apply(Seat seat, Action action);
  Outcome outcome() const;
  // view.cpp: what a seat sees of a move, a move in words and in parts, and what a seat sees.
  // What `viewer` learns of `actor`'s move: all of it, except the letter of a favor and the card of a
  // face-down play (for information-set search; see HasObserve).
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const;
  std::string describe(Seat seat, Action action) const;
  // What a move involves, for tables a person handles (docs/protocol.md, "Move parts", Intrigue).
  nlohmann::json parts(Seat seat, Action action) const;
  nlohmann::json view(Seat seat, LogWindow window = {}) const;
  // stats.cpp: for the simulator's balance report: who was crowned, rounds, cards each seat played.
  void report(GameReport& report) const;
  // Each seat's points as they stand (public; favors count only when revealed at the end): stats.cpp.
  void standing(std::span<double> out) const;

  // --- Building states (setup and scenarios) ----------------------------------------------------
  // rules.cpp: a fresh game: three random characters, shuffled deck, hands dealt, seat 0 to start.
  static IntrigueState new_game(const IntrigueRules& rules, std::uint64_t seed);
  // state.cpp: an empty table for scenario building: nothing placed, no cards anywhere.
  static IntrigueState blank(const IntrigueRules& rules, std::uint64_t seed);

  // --- Read access (views, bots, tests) ---------------------------------------------------------
  const IntrigueRules& rules() const { return *rules_; }
  int round() const { return round_; }
  Seat turn_seat() const { return turn_seat_; }
  Seat round_starter() const { return round_starter_; }
  Phase phase() const { return phase_; }
  CharacterId character(Letter l) const { return character_[l]; }
  int votes(Letter l) const { return votes_[l]; }
  int points(Seat s) const { return points_[s]; }
  const FixedVector<CardId, kMaxHand>& hand(Seat s) const { return hands_[s]; }
  const FixedVector<CardId, kMaxDeck>& deck() const { return deck_; }
  const FixedVector<CardId, kMaxDeck>& discard_pile() const { return discard_; }
  const FixedVector<StackCard, kMaxDeck>& stack(Letter l) const { return stacks_[l]; }
  const Relationship& edge(int e) const { return edges_[e]; }
  // The seat holding token `t`, or -1 when it lies on its character.
  int token_holder(int t) const {
    for (int s = 0; s < kSeats; ++s) if ((tokens_held_[s] >> t) & 1) return s;
    return -1;
  }
  // The tokens seat `s` holds, bit t for token t.
  std::uint32_t tokens_held(Seat s) const { return tokens_held_[s]; }
  int token_count() const { return kLetters * rules_->token_count; }
  Letter token_letter(int t) const { return static_cast<Letter>(t / rules_->token_count); }
  int token_value(int t) const { return rules_->token_values[t % rules_->token_count]; }
  int favors_played(Seat s) const { return favors_played_[s]; }
  Letter favor_letter(Seat s, int slot) const { return favor_letter_[s][slot]; }
  const FixedVector<FavorPlay, kSeats * kLetters>& favor_stack() const { return favor_stack_; }
  const FixedVector<LogEvent, kLogCapacity>& log() const { return log_; }
  // Bit l: letter l's stack holds a face-down card, as kept move by move (tests compare it with the stacks).
  std::uint8_t face_down_letters() const { return face_down_letters_; }
  // Set when the game is over.
  Letter monarch() const { return monarch_; }
  // rules.cpp: what the favor at `index` of the favor stack earns its owner once the monarch is crowned: the first
  // favor for the monarch's letter the first bonus, later ones the later bonus, others cost the penalty.
  int favor_points(std::size_t index) const;

  // rules.cpp: the characters' support as it would be counted now (all cards, face-down included), and
  // the round's winner by the scoring rules (priority tie-break, then Blackmail). Bots must not call
  // these on a true state; on a determinized copy they are an estimate.
  std::array<int, kLetters> support_totals() const;
  Letter round_winner(const std::array<int, kLetters>& totals, Letter* blackmail_victim = nullptr) const;
  // The letter whose character has the most votes (priority breaks ties).
  Letter leading_letter() const;
  // Whether a relationship card may go on edge `e` now (empty, or replacing one of opposite sign).
  bool can_place_relationship(CardId card, int e) const;

  // --- Scenario building (scenario.cpp) ---------------------------------------------------------
  friend IntrigueState state_from_scenario(const IntrigueRules& rules, const nlohmann::json& scenario,
                                           std::uint64_t seed);

 private:
  // turn_moves.h: the blocks of a turn's legal moves.
  struct TurnContext;  // what a turn's moves depend on besides the hand
  TurnContext turn_context(Seat seat) const;
  MoveBlock token_block() const;
  MoveBlock favor_block(Seat seat) const;
  // Inline, so that the caller writes the entry straight into the log: built on the stack and read
  // back as one word, it stalled the processor (a failed store-to-load forwarding) on every event.
  void log_event(const NewEvent& e) {
    if (log_.size() + 1 < log_.capacity()) {
      log_.push_back(e.entry());
    } else if (log_.size() + 1 == log_.capacity()) {
      log_.push_back(NewEvent{.kind = Event::LogFull}.entry());
    }
  }

  // rules.cpp, by the page's sections: the move writers (add_*_moves, called by legal_actions) and one
  // function per rule. Setup.
  void start_round(Seat starter);
  void refill_hands();
  bool draw_card(Seat seat, CardId* drawn = nullptr);
  // A turn: its moves, 1. a token, 2. a favor, 3. a card.
  void add_turn_moves(Seat seat, ActionList& out) const;
  void take_token(Seat seat, int token);
  void play_favor(Seat seat, Letter letter);
  void remove_from_hand(Seat seat, CardId card);
  void play_face_down(Seat seat, CardId card, Letter letter);
  void play_support_face_up(Seat seat, CardId card, Letter letter);
  void add_discard_moves(Seat seat, ActionList& out) const;
  void discard_from_hand(Seat seat, CardId card);
  void play_relationship(Seat seat, CardId card, int e, bool forward);
  void play_action(Seat seat, CardId card, std::uint8_t a, std::uint8_t b);
  void resolve_oracle(Seat seat, CardId card);
  void resolve_assassination(Seat seat, CardId card, Letter target);
  void resolve_virtue(Seat seat, CardId card, Letter target);
  void resolve_spy(Seat seat, CardId card, Letter target);
  void resolve_manipulate(Seat seat, CardId card, int mine, int theirs);
  void resolve_misinformation(Seat seat, CardId card, int from, int to);
  void resolve_lies(Seat seat, CardId card, int e);
  // End of a round.
  void end_turn();
  void end_round();
  void settle_debts();
  void score_round(Letter winner);
  void reset_for_next_round();
  // End of the game.
  void end_game();

  // state.cpp: the face-down marks, kept move by move.
  bool has_face_down(Letter l) const;
  void note_face_down(Letter l);  // sets bit l of face_down_letters_ to has_face_down(l)

  const IntrigueRules* rules_ = nullptr;
  Rng rng_;
  std::array<CharacterId, kLetters> character_{};
  std::array<std::uint8_t, kLetters> votes_{};
  std::array<FixedVector<StackCard, kMaxDeck>, kLetters> stacks_;  // no {}: the slots need no zeroing
  std::array<Relationship, kEdges> edges_{};
  std::array<std::uint8_t, kSeats> tokens_held_{};  // bit t of seat s: s holds token t
  std::array<FixedVector<CardId, kMaxHand>, kSeats> hands_;
  FixedVector<CardId, kMaxDeck> deck_;      // back() is the top
  FixedVector<CardId, kMaxDeck> discard_;
  std::array<std::array<Letter, kLetters>, kSeats> favor_letter_{};  // slots [0, played) are played
  std::array<std::uint8_t, kSeats> favors_played_{};
  FixedVector<FavorPlay, kSeats * kLetters> favor_stack_;
  bool favors_revealed_ = false;
  // Bit l: letter l's stack holds a face-down card (what Virtue and Spy may target). Kept in step with
  // the stacks by every move that turns or moves a face-down card, so that the legal moves need not
  // look through the stacks.
  std::uint8_t face_down_letters_ = 0;
  std::array<std::int16_t, kSeats> points_{};
  std::uint8_t round_ = 1;
  std::int8_t round_starter_ = 0;
  std::int8_t turn_seat_ = 0;
  Phase phase_ = Phase::Turn;
  Letter monarch_ = 0;
  // The stacks as revealed at the last round end, for the view.
  std::array<FixedVector<CardId, kMaxDeck>, kLetters> last_reveal_;
  std::array<std::int8_t, kLetters> last_totals_{};
  std::int8_t last_winner_ = -1;
  FixedVector<LogEvent, kLogCapacity> log_;
};

}  // namespace court::intrigue
