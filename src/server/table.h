// One table: a game in progress (a Match), its seats with their hashed tokens, the connections that
// watch it, and its bots. Every change runs on the table's strand (a serial lane on the game thread
// pool), so a table never needs a lock for its game and the network threads never wait for a game. A
// search bot thinks on the bot pool (bot_pool.h), on a copy made on the strand, and its choice comes back
// to the strand, so no search holds a game thread that people's moves need.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.h"
#include "server/storage.h"

namespace court::server {

// A connection that receives a table's messages (a WebSocket session). `send` may be called from any
// thread; a newer state message may replace an older one that has not been written yet.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void send(std::string text, bool is_state) = 0;
};

struct JoinResult {
  Seat seat = 0;
  std::string token;
};

inline constexpr const char* kWaiting = "waiting";
inline constexpr const char* kPlaying = "playing";
inline constexpr const char* kFinished = "finished";
inline constexpr const char* kExpired = "expired";   // waited for people too long; never plays

// Waiting or playing: listed in the lobby and kept in memory.
inline bool is_open(const std::string& status) { return status == kWaiting || status == kPlaying; }

class BotPool;

class Table : public std::enable_shared_from_this<Table> {
 public:
  // Sets the game up from `record` and replays its action log through the engine (that is how a table
  // resumes after a restart). Throws std::runtime_error naming the step when the log does not replay.
  Table(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, TableRecord record, Storage& storage,
        boost::asio::any_io_executor strand);

  // Any thread.
  const std::string& code() const { return record_.code; }
  std::int64_t created_ms() const { return record_.created_ms; }
  // When it was created or someone last joined it (a resumed table: when it was created).
  std::int64_t idle_since_ms() const { return idle_since_ms_; }
  const boost::asio::any_io_executor& strand() const { return strand_; }
  nlohmann::json summary() const;
  std::string status() const;
  // {"messages":[...], "more", "next_after"}: the messages to the whole table with an id above `after`, at
  // most `limit`, oldest first, as a spectator reads them (from storage); `more`: there are later ones,
  // read with next_after (null when there are none).
  nlohmann::json table_talk(std::int64_t after, int limit) const;

  // Before start(): lets the table's search bots think on `pool`, counted against `client` (its creator's
  // address; empty for a resumed table). Without a pool they think on the strand (tests that drive a table).
  void set_bot_pool(BotPool* pool, std::string client);

  // Everything below runs on strand() only. Refusals throw ApiError and change nothing.
  // Lets the bots play when the table is in play (after creation or recovery).
  void start();
  // `now_ms`: the lobby's clock, kept as idle_since_ms().
  JoinResult join(std::optional<Seat> seat, const std::string& name, std::int64_t now_ms);
  // Expires the table when it is still waiting for people and nobody joined since `cutoff_ms`: stores
  // its status `expired` and sends its watchers a last state. Returns whether it expired.
  bool expire(std::int64_t cutoff_ms);
  // Subscribes a connection: with a token, to that token's seat; without, as a spectator. Sends the
  // first state message. Returns the seat (kSpectator for spectators).
  Seat attach(const std::shared_ptr<Subscriber>& subscriber, const std::optional<std::string>& token);
  void detach(const Subscriber* subscriber);
  // A person's move from a connection attached to `seat`; `step` is the step of the state they saw.
  void move(Seat seat, const std::string& token, std::int64_t step, std::uint32_t action);
  // A message of table talk from the connection attached to `seat` (docs/protocol.md, "Talk"): `to` is a
  // seat for a private message, nothing for the whole table; `text` is already checked (names.h). The
  // game's rule decides whether it may be said now. Stored, then sent to every connection as it may read it.
  void say(Seat seat, const std::string& token, std::optional<Seat> to, const std::string& text);
  // A claim (engine/claims.h) from the connection attached to `seat`: `kind` names one of the game's claims,
  // `value` one of its values. The same rule as a message decides whether it may be said now; a claim may go
  // to a bot's seat, which hears it. Stored with its words, then sent as a message is.
  void say_claim(Seat seat, const std::string& token, std::optional<Seat> to, const std::string& kind,
                 std::int64_t value);
  // Sends `subscriber` the current state message for `seat`.
  void sync(Subscriber& subscriber, Seat seat) const;
  Replay replay() const;
  std::size_t steps() const { return match_->steps(); }

 private:
  std::string compute_status() const;
  bool seat_taken(Seat seat) const;
  // Each seat's name as others see it (a bot's: its spec), empty for a free seat.
  std::vector<std::string> shown_names() const;
  void accept();
  void accept_bot(Seat seat, Action action);
  bool store_bot_moves();
  void settle();
  void note_turns(Seat mover);
  void refresh_summary();
  void broadcast();
  // A state message carries every log line the game keeps (on connect, on sync and at the end), or only
  // the most recent kRecentLogLines (after moves: the client keeps the lines it has; docs/protocol.md).
  enum class LogLines { All, Recent };
  static constexpr std::size_t kRecentLogLines = 40;
  std::string state_message(Seat seat, LogLines lines) const;
  bool all_moves_stored() const { return unstored_.empty(); }
  nlohmann::json talk_json(Seat seat) const;
  void check_token(Seat seat, const std::string& token) const;
  // Refuses (ApiError) a message, or with `claim` a claim, that the table, the rule or the limits forbid now.
  void check_talk(Seat seat, std::optional<Seat> to, bool claim = false);
  // A checked message or claim of `seat`, stored and sent; the claim, when it is one, heard by the bots.
  void keep_said(Seat seat, std::optional<Seat> to, const std::string& text, const Claim* claim = nullptr);
  // The bots' claims now (Match::bot_claims), each said through check_talk like a person's; the refused
  // ones are dropped.
  void say_bot_claims();
  void send_talk_history(Subscriber& subscriber, Seat seat) const;
  void broadcast_said(const StoredTalk& said);
  nlohmann::json seats_json() const;
  void schedule_bots();
  void run_one_bot();
  bool play_bots();
  bool play_one_bot();
  bool play_choice(Seat seat, Action action);
  bool stop_playing(const std::string& why);
  void after_bots();
  bool thinks_on_pool(Seat seat) const { return bot_pool_ && search_threads_[seat] > 0; }
  void think_on_pool(Seat seat);
  void take_choice(Seat seat, std::size_t asked_at, std::optional<Action> action, const std::string& error);

  const GameEntry* entry_;
  TableRecord record_;   // the stored record (its actions are not kept here: the Match holds the log)
  Storage* storage_;
  boost::asio::any_io_executor strand_;
  std::unique_ptr<Match> match_;
  std::string status_;
  bool bot_scheduled_ = false;
  BotPool* bot_pool_ = nullptr;
  std::string client_;                  // whose share of the bot pool this table's searches use
  std::vector<int> search_threads_;     // per seat: the pool threads its bot's move holds (0: a quick bot)
  bool bot_thinking_ = false;           // a search of this table is on the pool; no other bot moves meanwhile
  std::chrono::steady_clock::time_point last_broadcast_{};
  static constexpr std::chrono::milliseconds kBotStatesEvery{100};
  // Per seat, how long its bot took over its last choice (kNotYetTimed before the first). Bots whose last
  // choice took under kQuickBot answer a person's move in the same task (play_bots), for kQuickBot at most;
  // a slow one (a search bot) gets a task of its own, and the person sees the move first.
  static constexpr std::chrono::steady_clock::duration kNotYetTimed = std::chrono::steady_clock::duration::max();
  static constexpr std::chrono::milliseconds kQuickBot{10};
  std::vector<std::chrono::steady_clock::duration> bot_took_;
  bool bots_answer_quickly() const;
  std::vector<StoredAction> unstored_;   // bots' moves of the running task, stored at its end
  std::size_t unstored_from_ = 0;        // the step of the first of them
  bool broken_ = false;  // a bot failed: the table stops rather than play on wrongly
  bool expired_ = false;
  std::atomic<std::int64_t> idle_since_ms_;
  // Per seat: the step from which its current choice has stood unchanged (moves sent for an older
  // step are stale), and the legal codes it had then.
  std::vector<std::size_t> turn_start_;
  std::vector<std::vector<std::uint32_t>> turn_legal_;
  struct Watcher {
    std::weak_ptr<Subscriber> subscriber;
    const Subscriber* address;
    Seat seat;
  };
  std::vector<Watcher> watchers_;
  // Talk: the newest messages (the oldest dropped beyond kTalkHistory) and, per seat, when it wrote
  // its last messages (steady clock, ms), for the rate limit.
  std::deque<StoredTalk> said_;
  int said_count_ = 0;
  std::vector<std::deque<std::int64_t>> said_at_;

  mutable std::mutex summary_mutex_;   // guards the two copies read from other threads
  nlohmann::json summary_;             // without "steps": summary() adds steps_
  std::atomic<std::size_t> steps_{0};
  std::string public_status_;
};

}  // namespace court::server
