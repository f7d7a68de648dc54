// Gameshire's game position: a flat value type (fixed arrays, bitboards, small integers; no heap)
// holding every player's map, the plan/demand market, the season and resource decks, the gifts,
// skills and boons (the team's, or each player's in the competitive variant), its own random
// generator and a public log of small structured events.
//
// Files: geometry.* (shapes and placement), cards.* (data and options), actions.h (a move packed
// into an Action), state.cpp (the blank state, the listing of legal moves, determinization and hidden
// items), rules.cpp (the rules page in its order: setup, which moves each step allows and what each
// does, skills, wrinkles, the end and the outcome), view.cpp (views, labels, the log in words),
// scenario.cpp (scenario files), stats.cpp (simulator figures), board.cpp (the terminal board).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>

#include "engine/game.h"
#include "games/gameshire/actions.h"
#include "games/gameshire/cards.h"

namespace court::gameshire {

enum class Season : std::uint8_t { Spring, Autumn, Over };
// Whose decision it is and what kind: the active player picks a card (Choose); each player in turn
// order records or shades it (Record); at the start of Autumn each player shades one square per gift
// (GiftShade); the active player delivers a gift (Deliver) or refreshes the market (Refresh).
enum class Step : std::uint8_t { Choose, Record, GiftShade, Deliver, Refresh, Over };

enum class LossCause : std::uint8_t { None, SpringPass, AutumnAllPassed };
const char* loss_cause_key(LossCause cause);
// "A1" (field column A, row 1); border columns L and R, border rows 0 and 7 (view.cpp).
std::string cell_name(int cell);

// One player's sheet.
struct Board {
  ValueSets values;                    // what each square holds (the border is pre-printed)
  Bits written = 0;                    // field squares recorded (Spring) or written with a skill
  Bits shaded = 0;                     // shaded squares (Autumn), and squares lost to a blight
  Bits fixed = 0;                      // shaded for a gift or by a blight: never un-shaded
  std::uint16_t boon_lines = 0;        // field rows 0-5 and columns 6-11 completed (a boon each)
  std::uint8_t map = 0;
  std::uint8_t gifts_chosen = 0;
  std::uint8_t gift_circles = 0;       // gift columns this player chose
  std::uint8_t omit = 0;               // for the card being recorded: 0, or k + 1 (cell k left out)
  bool passed = false;                 // out for the rest of the season
  bool erase_token = false;            // may erase one square (White Berries)
  bool write_token = false;            // may write one square (Red Radishes)
  bool omit_token = false;             // may leave out one square of the current card (Orange Peppers)
  std::uint8_t demands_met = 0;        // as the active player (competitive score)
  Value value(int cell) const { return values.at(cell); }
};

// The gifts, skills and boons shared by the team (cooperative) or owned by one player (competitive).
struct Pool {
  std::array<Value, kColumns> gift{};
  std::uint8_t chosen = 0;             // gift columns chosen
  std::uint8_t delivered = 0;          // gift columns delivered
  std::uint8_t skills = 0;             // learned skills, by crop
  FixedVector<std::uint8_t, kCrops> learned_order;
  std::int8_t boons = 0;               // earned and not spent
  std::int8_t boons_earned = 0;
  std::uint8_t track_used = 0;         // numbers crossed off the skill-use track
  std::uint8_t skill_uses = 0;
};

struct MarketSlot {
  CardId card = kNoCard;
  ResId res = 0;
  friend bool operator==(MarketSlot, MarketSlot) = default;
};

enum class Event : std::uint8_t {
  SeasonStart,   // a = Season
  Refilled,      // card, res
  Chose,         // seat, card, res
  Recorded,      // seat, card, cells
  Shaded,        // seat, card, cells
  Passed,        // seat, a = season
  Skill,         // seat, a = crop learned
  Gift,          // seat, a = column, b = value
  Boon,          // seat, a = lines completed
  UsedSkill,     // seat, a = crop, b = cost, card (slot/plan)
  Erased,        // seat, a = cell
  Wrote,         // seat, a = cell, b = value
  Omitted,       // seat, a = card cell
  Wrinkle,       // a = wrinkle
  Blighted,      // seat, cells
  GiftShaded,    // seat, a = column, b = cell
  Delivered,     // seat, a = column, b = value
  Discarded,     // seat, card
  Reshuffled,    // a = 0 resource deck, 1 season deck
  Won,
  Lost,          // a = LossCause
  LogFull,
};

struct LogEvent {
  Event kind = Event::SeasonStart;
  std::int8_t seat = -1;
  CardId card = kNoCard;
  ResId res = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;
  Bits cells = 0;
};

inline constexpr int kMarketCapacity = 6;
inline constexpr int kLogCapacity = 640;

// The public log: a FixedVector<LogEvent, kLogCapacity> whose empty entries are never constructed and
// never copied. Every playout makes a new state and every search iteration copies one; constructing
// or copying all 640 entries (10 KiB) cost more than the short games played on them.
class EventLog {
 public:
  EventLog() {}   // leaves items_ unconstructed: only [0, size_) is ever read
  EventLog(const EventLog& other) : size_(other.size_) { std::memcpy(items_, other.items_, size_ * sizeof(LogEvent)); }
  EventLog& operator=(const EventLog& other) {
    size_ = other.size_;
    std::memmove(items_, other.items_, size_ * sizeof(LogEvent));
    return *this;
  }
  ~EventLog() {}

  void push_back(const LogEvent& e) {
    if (size_ >= static_cast<std::uint32_t>(kLogCapacity)) fixed_vector_overflow(kLogCapacity);
    std::memcpy(&items_[size_++], &e, sizeof(LogEvent));
  }
  std::size_t size() const { return size_; }
  static constexpr std::size_t capacity() { return kLogCapacity; }
  const LogEvent& operator[](std::size_t i) const { return items_[i]; }
  const LogEvent* begin() const { return items_; }
  const LogEvent* end() const { return items_ + size_; }

 private:
  static_assert(std::is_trivially_copyable_v<LogEvent> && std::is_trivially_destructible_v<LogEvent>);
  union { LogEvent items_[kLogCapacity]; };
  std::uint32_t size_ = 0;
};

class GameshireState {
 public:
  GameshireState() = default;

  // --- StateModel, by the file that defines each member, in that file's order -----------------
  // Here: the seats, who acts (one seat at a time), the end of the game, and talk.
  int num_seats() const { return seats_; }
  SeatSet to_act() const { return step_ == Step::Over ? SeatSet() : SeatSet::of(actor()); }
  bool terminal() const { return step_ == Step::Over; }
  // Open talk: the whole table, and a whisper to any other seat (docs/rules/gameshire.md, "Talk at the table").
  TalkNow talk(Seat seat) const { return open_talk(num_seats(), seat); }
  // state.cpp: the legal moves (each step's from its writer in rules.cpp), and what a seat cannot know.
  void legal_actions(Seat seat, ActionList& out) const;
  void determinize(Seat seat, Rng& rng);
  void hidden_items(Seat seat, HiddenList& out) const;
  // rules.cpp: what moves do (each rule's function), and the outcome.
  void apply(Seat seat, Action action);
  Outcome outcome() const;
  // view.cpp: a move in words, what a seat sees, and a move in parts.
  std::string describe(Seat seat, Action action) const;
  nlohmann::json view(Seat seat, LogWindow window = {}) const;
  // What a move involves, for tables a person handles (docs/protocol.md, "Move parts").
  nlohmann::json parts(Seat seat, Action action) const;
  // stats.cpp: the simulator's figures for a finished game.
  void report(GameReport& report) const;
  // The public standing (stats.cpp): competitive, each seat's score; cooperative, the team's for all.
  void standing(std::span<double> out) const;
  // playout.cpp: a quick move for search playouts: the greedy judgement (see HasPlayout).
  Action playout(Seat seat, const ActionList& legal, Rng& rng) const;

  // --- Building states --------------------------------------------------------------------------
  // rules.cpp: the setup as the rules page deals it.
  static GameshireState new_game(const GameshireRules& rules, std::uint64_t seed);
  // state.cpp: everything but the decks and market: maps dealt, pools empty, Spring, seat 0 active.
  static GameshireState blank(const GameshireRules& rules, std::uint64_t seed);
  friend GameshireState state_from_scenario(const GameshireRules& rules, const nlohmann::json& scenario, std::uint64_t seed);

  // --- Read access (views, bots, tests) ---------------------------------------------------------
  const GameshireRules& rules() const { return *rules_; }
  Season season() const { return season_; }
  Step step() const { return step_; }
  Seat active() const { return active_; }
  Seat actor() const;
  const Board& board(Seat s) const { return boards_[s]; }
  const Pool& pool(Seat s) const { return pools_[pool_index(s)]; }
  int pool_index(Seat s) const { return rules_->competitive() ? s : 0; }
  const FixedVector<MarketSlot, kMarketCapacity>& market() const { return market_; }
  MarketSlot current() const { return current_; }
  const FixedVector<CardId, kMaxSeasonCards>& season_deck() const { return season_deck_; }
  const FixedVector<CardId, kMaxSeasonCards>& season_discard() const { return season_discard_; }
  const FixedVector<ResId, kMaxResDeck>& resource_deck() const { return res_deck_; }
  const FixedVector<ResId, kMaxResDeck>& resource_discard() const { return res_discard_; }
  const FixedVector<std::uint8_t, kMaxWrinkles>& wrinkles_in_game() const { return wrinkles_in_game_; }
  bool wrinkle_drawn(int w) const { return wrinkles_drawn_ >> w & 1; }
  // Whether `viewer` knows that wrinkle `w` is in the game: every wrinkle when they were reviewed,
  // otherwise only those drawn and those the options name.
  bool wrinkle_known(int w) const;
  const EventLog& log() const { return log_; }
  int quota(Seat s) const;                    // rules.cpp: the player's share of the gifts
  bool won() const { return won_; }
  LossCause loss_cause() const { return loss_; }
  int gift_shade_column() const { return shade_col_; }
  int market_target() const { return market_target_; }
  int turns(Season s) const { return turns_[static_cast<int>(s)]; }
  int score(Seat s) const;                    // rules.cpp

  // Rules questions (rules.cpp; bots and views ask them too).
  Bits open_squares(Seat s) const;                      // where `s` may record/shade now
  // Some placement of `card` (meeting the demand if active in Autumn); with one square left out when
  // the player can pay for Orange Peppers.
  bool can_fit(Seat s, CardId card, bool as_active) const;
  // Some placement of `card` with square `omitted` - 1 left out (0: the whole shape).
  bool fits(Seat s, CardId card, bool as_active, int omitted) const;
  bool can_omit(Seat s) const;                           // may use a skill that leaves out a square
  bool placement_meets(Seat s, CardId card, const Placed& p, int anchor) const;
  int skill_cost(Seat s) const;                         // boons the next skill use costs, or -1 when none is left
  bool skill_usable(Seat s, int crop) const;
  bool skill_does_something(Seat s, int crop) const;    // usable, and its effect would change something
  // Which undelivered gift columns (of the active player's pool) `res` matches.
  std::uint8_t matching_gifts(Seat s, ResId res) const;
  Value symbol_value(std::uint8_t symbol, ResId res) const;

 private:
  // view.cpp: the parts of a placement and of a skill's use (null when the move is not valid).
  nlohmann::json place_parts(const MoveCode& m) const;
  nlohmann::json skill_parts(Seat seat, const MoveCode& m) const;
  // state.cpp
  void resample_hidden_wrinkles(Rng& rng);
  // Inline: called for every event of every playout.
  void log_event(const LogEvent& e) {
    if (log_.size() + 1 < log_.capacity()) log_.push_back(e);
    else if (log_.size() + 1 == log_.capacity()) log_.push_back({.kind = Event::LogFull});
  }

  // rules.cpp, in its order: which moves each step allows (the writers legal_actions calls), what
  // each move does, and the rules' questions they ask.
  void deal_maps();
  void start_turn();
  void refill_market();
  bool draw_season(CardId* card);
  int card_squares(CardId card) const;                  // squares of `card`'s side this season
  bool some_omission_fits(Seat s, CardId card, bool as_active) const;
  void add_choose_moves(Seat seat, ActionList& out) const;
  void choose(int slot);
  void add_record_moves(Seat seat, ActionList& out) const;
  void add_placements(Seat seat, ActionList& out) const;
  void place(Seat seat, int index, int anchor);
  void record_square(Seat seat, int cell, Value v, bool triggers);
  void check_boons(Seat seat);
  void next_recorder();
  void finish_card();
  bool spring_complete() const;
  void next_active();
  void pass(Seat seat);
  void start_autumn();
  void add_gift_shade_moves(Seat seat, ActionList& out) const;
  void shade_gift(Seat seat, int cell);
  void next_gift_shade();
  void add_deliver_moves(Seat seat, ActionList& out) const;
  void deliver(Seat seat, int column);
  void add_refresh_moves(ActionList& out) const;
  void discard_slot(Seat seat, int slot);
  void end_game(bool won, LossCause cause);
  bool resource_available() const;                      // a resource card can be drawn
  void add_skill_moves(Seat seat, ActionList& out) const;
  void use_skill(Seat seat, int crop, int arg);
  void add_token_moves(Seat seat, ActionList& out) const;
  void erase(Seat seat, int cell);
  void omit(Seat seat, int square);
  void write(Seat seat, int cell, Value v);
  ResId draw_resource();
  void apply_wrinkle(int w);
  enum class BlightWhere : std::uint8_t { Anywhere, SparingCrowns, Border };
  void blight(int n, BlightWhere where);

  const GameshireRules* rules_ = nullptr;
  Rng rng_;
  std::uint8_t seats_ = 1;
  Season season_ = Season::Spring;
  Step step_ = Step::Choose;
  std::int8_t active_ = 0;
  std::int8_t recorder_ = 0;
  std::int8_t shade_seat_ = 0;
  std::int8_t shade_col_ = 0;
  std::int8_t shade_start_ = 0;         // the first seat to shade gifts at the start of Autumn
  std::int8_t shade_count_ = 0;         // seats that finished shading gifts
  std::int8_t refresh_left_ = 0;
  std::uint8_t market_target_ = 3;
  bool won_ = false;
  LossCause loss_ = LossCause::None;
  std::array<std::uint16_t, 2> turns_{};
  std::array<Board, kMaxSeats> boards_{};
  std::array<Pool, kMaxSeats> pools_{};
  FixedVector<MarketSlot, kMarketCapacity> market_;
  MarketSlot current_{};
  FixedVector<CardId, kMaxSeasonCards> season_deck_;      // back() is the top, visible
  FixedVector<CardId, kMaxSeasonCards> season_discard_;
  FixedVector<ResId, kMaxResDeck> res_deck_;              // back() is the top
  FixedVector<ResId, kMaxResDeck> res_discard_;
  FixedVector<std::uint8_t, kMaxWrinkles> wrinkles_in_game_;
  std::uint32_t wrinkles_drawn_ = 0;    // bit w: wrinkle w has been drawn
  EventLog log_;
};

}  // namespace court::gameshire
