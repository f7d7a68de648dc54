// A game in progress with its seats: humans and bots. The harness that gives each bot a copy of the
// state determinized for its seat, and records every accepted move for the replay document.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/bot.h"
#include "engine/replay.h"

namespace court {

inline constexpr const char* kHuman = "human";

// A move checked, labelled and played on the match's copy of the state, not yet part of the match: what a
// server stores before the move counts (Match::prepare, then Match::commit once storage has taken it).
struct PendingMove {
  Seat seat = 0;
  Action action{};
  std::string label;                       // describe(seat, action) before the move
  std::optional<nlohmann::json> outcome;   // the outcome, when the move ends the game
};

// One bot's choice taken apart from its match, for a caller that lets the bot think on another thread
// (a server's search bots): Match::bot_task makes what the bot sees (on the match's thread), choose()
// runs the bot on any thread. The match must not use that seat's bot until choose() returns; the match
// itself may move on meanwhile, so the caller checks the choice still stands before playing it.
class BotTask {
 public:
  Seat seat() const { return seat_; }
  // The bot's move, chosen on this task's own copy (not yet checked against the match: the caller plays it).
  Action choose();

 private:
  friend class Match;
  BotTask(Bot& bot, Seat seat, std::unique_ptr<GameState> copy, std::string spec)
      : bot_(&bot), seat_(seat), copy_(std::move(copy)), spec_(std::move(spec)) {}
  Bot* bot_;
  Seat seat_;
  std::unique_ptr<GameState> copy_;   // determinized for the seat (or as it is, for a bot that needs no state)
  std::string spec_;
  ActionList legal_;
};

class Match {
 public:
  // `seat_specs` has one entry per seat: "human" or a bot spec ("random", "heuristic", ...).
  // Throws UserError on a wrong seat count or an unknown bot.
  Match(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, std::uint64_t seed,
        std::vector<std::string> seat_specs, std::optional<nlohmann::json> scenario = std::nullopt);
  // Batch runs need no replay: skip recording moves (the simulator's fast path).
  void skip_replay() { record_replay_ = false; }
  // Starts the next game at this table, as Match(entry, factory, seed, seat_specs) would (the same
  // number of seats), keeping the state's storage and each bot that can start over (Bot::reseed):
  // the simulator's workers play all their games in one Match.
  void restart(std::uint64_t seed, const std::vector<std::string>& seat_specs);

  const GameState& state() const { return *state_; }
  const GameEntry& entry() const { return *entry_; }
  bool is_human(Seat seat) const { return !bots_[seat]; }
  const std::vector<std::string>& seat_specs() const { return seat_specs_; }

  // Applies `action` for `seat` and records it; on rejection returns why and changes nothing.
  std::optional<std::string> play(Seat seat, Action action);
  // The last move played and its label (only while the replay is recorded: not after skip_replay).
  const ReplayAction& last_move() const { return actions_.back(); }
  // One pass over a move that must be stored before it counts: checks `action` for `seat`, labels it and
  // plays it on a copy of the state the match keeps for this (reused, so no allocation in steady state).
  // On rejection returns why. The match itself is unchanged until commit(); another prepare() replaces
  // the pending move.
  std::optional<std::string> prepare(Seat seat, Action action);
  const PendingMove& pending() const { return pending_; }
  // Makes the prepared move the match's: the copy becomes the state, the move is recorded. Throws
  // std::logic_error when nothing is prepared.
  void commit();
  // Lets the bot at `seat` choose and plays its move; returns the move.
  Action play_bot(Seat seat);
  // The move the bot at `seat` chooses, on a copy of the state determinized for `seat`.
  Action bot_choice(Seat seat);
  // The same choice as a task to run elsewhere (BotTask), with a copy of its own: the bot sees the same
  // determinization as bot_choice would have made now.
  BotTask bot_task(Seat seat);
  // The next seat to act that is a bot, or -1 when only humans are to act (or the game is over).
  Seat next_bot() const;
  // Plays bots' moves until a human must act or the game ends; `on_move` sees each move.
  void run_bots(const std::function<void(Seat, Action)>& on_move = {});

  // Talk in claims (engine/claims.h; docs/architecture.md, "Claims"). Whether any bot here speaks (a
  // table of silent bots pays nothing for talk).
  bool has_speakers() const { return speakers_ > 0; }
  // Appends the claims the speaking bots make now: each is asked when where it may write has changed since
  // it was last asked, on a copy of the state determinized for its seat. Unchecked: deliver checks them.
  void bot_claims(ClaimList& out);
  // Checks `claim` against the game's talk rule (claim_refusal, the same check as a person's message) and,
  // when allowed, lets every hearing bot it is said to (its seat, or all but the speaker) hear it. Refused:
  // why, and nobody hears it.
  std::optional<std::string> deliver(const Claim& claim);
  // bot_claims, each delivered: what the simulator does after every move. Returns how many were heard.
  int exchange_claims();

  std::size_t steps() const { return steps_; }
  // The replay document so far (with the outcome once the game is over).
  Replay replay() const;

 private:
  // The move a bot that needs no state (Bot::needs_state) picks by its index among the legal moves;
  // an index past them is a bug in the bot, named in the error.
  Action legal_pick(Bot& bot, Seat seat);

  const GameEntry* entry_;
  std::shared_ptr<const GameFactory> factory_;
  std::unique_ptr<GameState> state_;
  std::unique_ptr<GameState> scratch_;       // the determinized copy handed to bots, reused
  std::unique_ptr<GameState> after_;         // the state after the pending move (prepare), reused
  PendingMove pending_;
  bool has_pending_ = false;
  std::vector<std::string> seat_specs_;
  std::vector<std::unique_ptr<Bot>> bots_;   // nullptr for humans
  std::vector<Rng> determinize_rngs_;
  ActionList legal_;
  std::uint64_t seed_;
  std::optional<nlohmann::json> scenario_;
  std::vector<ReplayAction> actions_;       // the moves so far, for replay()
  std::size_t steps_ = 0;
  bool record_replay_ = true;
  // Talk: how many bots speak, where each seat could write when its bot was last asked, their generators
  // for the copies they speak from (apart from the moves', so talk does not change what a bot sees when it
  // chooses), and the claims of one exchange.
  int speakers_ = 0;
  std::vector<TalkNow> asked_;
  std::vector<Rng> talk_rngs_;
  ClaimList claims_;
  void count_speakers();
};

}  // namespace court
