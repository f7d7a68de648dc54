#include "server/table.h"

#include <boost/asio/post.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "engine/data.h"
#include "server/api_error.h"
#include "server/bot_pool.h"
#include "server/limits.h"
#include "server/names.h"
#include "server/secrets.h"

namespace court::server {
namespace {

// Refuses `name` for a seat when it looks like the name of a taken seat (`names`: each seat's shown
// name, empty for a free seat): the same skeleton (names.h) is the same name to the eye.
// A seat joined without a name is "Player N", checked the same way.
void refuse_look_alike(const std::string& name, const std::vector<std::string>& names, const std::string& code) {
  const std::string skeleton = name_skeleton(name);
  for (std::size_t s = 0; s < names.size(); ++s) {
    if (names[s].empty() || name_skeleton(names[s]) != skeleton) continue;
    throw ApiError(409, "look_alike_name",
                   fmt::format("the name '{}' looks like '{}', the name of seat {} at table {}; choose a name that "
                               "looks different (letters that look alike in other scripts, case and width count as "
                               "the same)", name, names[s], s, code));
  }
}

}  // namespace

Table::Table(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, TableRecord record,
             Storage& storage, boost::asio::any_io_executor strand)
    : entry_(&entry),
      record_(std::move(record)),
      storage_(&storage),
      strand_(std::move(strand)),
      expired_(record_.status == kExpired),
      idle_since_ms_(record_.created_ms) {
  std::vector<std::string> specs;
  for (const auto& s : record_.seats) specs.push_back(s.spec);
  match_ = std::make_unique<Match>(entry, std::move(factory), record_.seed, specs);
  for (std::size_t i = 0; i < record_.actions.size(); ++i) {
    const auto& a = record_.actions[i];
    if (match_->state().terminal()) {
      throw std::runtime_error(fmt::format("table {}: stored move {} comes after the end of the game", code(), i + 1));
    }
    if (auto error = match_->play(a.seat, Action{a.code})) {
      throw std::runtime_error(fmt::format("table {}: stored move {} ({}) does not replay: {}", code(), i + 1,
                                           a.label, *error));
    }
    if (const std::string& label = match_->last_move().label; label != a.label) {
      throw std::runtime_error(fmt::format("table {}: stored move {} reads '{}' now, was '{}' (rules or data changed)",
                                           code(), i + 1, label, a.label));
    }
  }
  record_.actions.clear();
  record_.actions.shrink_to_fit();
  said_.assign(record_.said.begin(), record_.said.end());
  said_count_ = record_.said_count;
  record_.said.clear();
  record_.said.shrink_to_fit();
  said_at_.resize(record_.seats.size());
  bot_took_.assign(record_.seats.size(), kNotYetTimed);
  for (const auto& seat : record_.seats) search_threads_.push_back(seat.spec == kHuman ? 0 : search_threads(entry, seat.spec));
  turn_start_.assign(record_.seats.size(), match_->steps());
  turn_legal_.resize(record_.seats.size());
  note_turns(kSpectator);
  status_ = compute_status();
  steps_ = match_->steps();
  refresh_summary();
}

std::string Table::compute_status() const {
  if (expired_) return kExpired;
  if (match_->state().terminal()) return kFinished;
  for (Seat s = 0; s < static_cast<Seat>(record_.seats.size()); ++s) {
    if (!seat_taken(s)) return kWaiting;
  }
  return kPlaying;
}

bool Table::seat_taken(Seat seat) const {
  return !match_->is_human(seat) || !record_.seats[seat].token_hash.empty();
}

std::vector<std::string> Table::shown_names() const {
  std::vector<std::string> names;
  for (Seat s = 0; s < static_cast<Seat>(record_.seats.size()); ++s) {
    if (!seat_taken(s)) names.emplace_back();
    else names.push_back(match_->is_human(s) ? record_.seats[s].name : record_.seats[s].spec);
  }
  return names;
}

nlohmann::json Table::summary() const {
  std::lock_guard lock(summary_mutex_);
  nlohmann::json s = summary_;
  s["steps"] = steps_.load();
  return s;
}

std::string Table::status() const {
  std::lock_guard lock(summary_mutex_);
  return public_status_;
}

nlohmann::json Table::seats_json() const {
  nlohmann::json seats = nlohmann::json::array();
  for (Seat s = 0; s < static_cast<Seat>(record_.seats.size()); ++s) {
    const bool human = match_->is_human(s);
    nlohmann::json seat = {{"seat", s}, {"kind", human ? "human" : "bot"}, {"taken", seat_taken(s)}};
    if (!human) {
      seat["bot"] = record_.seats[s].spec;
      seat["name"] = record_.seats[s].spec;
    } else {
      seat["name"] = record_.seats[s].name;
    }
    seats.push_back(std::move(seat));
  }
  return seats;
}

void Table::refresh_summary() {
  nlohmann::json s = {{"code", code()},
                      {"game", record_.game},
                      {"title", entry_->info.title},
                      {"players", record_.players},
                      {"options", record_.options},
                      {"talk", record_.talk},
                      {"variant", record_.variant.empty() ? nlohmann::json() : nlohmann::json(record_.variant)},
                      {"status", status_},
                      {"seats", seats_json()}};
  if (status_ == kFinished) s["outcome"] = match_->state().outcome().to_json();
  std::lock_guard lock(summary_mutex_);
  summary_ = std::move(s);
  public_status_ = status_;
}

// A seat's choice "stands" while it stays to act with the same legal codes and it has not moved
// itself; a move sent for a step within that stretch is still meant for the same choice.
void Table::note_turns(Seat mover) {
  ActionList legal;
  const SeatSet to_act = match_->state().to_act();
  for (Seat s = 0; s < static_cast<Seat>(turn_start_.size()); ++s) {
    std::vector<std::uint32_t> codes;
    if (to_act.contains(s)) {
      match_->state().legal_actions(s, legal);
      codes.reserve(legal.size());
      for (Action a : legal) codes.push_back(a.code);
    }
    if (s == mover || codes.empty() || codes != turn_legal_[s]) {
      turn_start_[s] = match_->steps();
      turn_legal_[s] = std::move(codes);
    }
  }
}

void Table::set_bot_pool(BotPool* pool, std::string client) {
  bot_pool_ = pool;
  client_ = std::move(client);
}

void Table::start() {
  schedule_bots();
}

JoinResult Table::join(std::optional<Seat> wanted, const std::string& name, std::int64_t now_ms) {
  const Seat seats = static_cast<Seat>(record_.seats.size());
  if (status_ == kFinished) throw ApiError(409, "finished", fmt::format("table {} has finished", code()));
  if (status_ == kExpired) {
    throw ApiError(409, "expired", fmt::format("table {} expired while it waited for people; create a new one", code()));
  }
  Seat seat = -1;
  if (wanted) {
    seat = *wanted;
    if (seat < 0 || seat >= seats) {
      throw ApiError(400, "bad_seat", fmt::format("seat must be 0 to {} at table {}", seats - 1, code()));
    }
    if (!match_->is_human(seat)) {
      throw ApiError(409, "seat_is_bot", fmt::format("seat {} at table {} is a bot ({})", seat, code(),
                                                      record_.seats[seat].spec));
    }
    if (seat_taken(seat)) throw ApiError(409, "seat_taken", fmt::format("seat {} at table {} is taken", seat, code()));
  } else {
    for (Seat s = 0; s < seats && seat < 0; ++s) if (!seat_taken(s)) seat = s;
    if (seat < 0) throw ApiError(409, "table_full", fmt::format("table {} has no free seat", code()));
  }
  const std::string given = name.empty() ? fmt::format("Player {}", seat + 1) : name;
  refuse_look_alike(given, shown_names(), code());
  const std::string token = make_token();
  const std::string hash = sha256_hex(token);
  auto record = record_.seats[seat];
  record_.seats[seat].name = given;
  record_.seats[seat].token_hash = hash;
  const std::string status = compute_status();
  try {
    storage_->take_seat(code(), seat, given, hash, status);
  } catch (const std::exception& e) {
    record_.seats[seat] = record;
    throw ApiError(500, "storage", fmt::format("could not store the seat: {}", e.what()));
  }
  status_ = status;
  idle_since_ms_ = now_ms;
  refresh_summary();
  broadcast();
  schedule_bots();
  return {seat, token};
}

bool Table::expire(std::int64_t cutoff_ms) {
  if (status_ != kWaiting || idle_since_ms_ > cutoff_ms) return false;
  try {
    storage_->expire_table(code());
  } catch (const std::exception& e) {
    std::cerr << fmt::format("court serve: table {} could not expire: {}\n", code(), e.what());
    return false;
  }
  expired_ = true;
  status_ = kExpired;
  refresh_summary();
  broadcast();
  return true;
}

Seat Table::attach(const std::shared_ptr<Subscriber>& subscriber, const std::optional<std::string>& token) {
  Seat seat = kSpectator;
  if (token) {
    const std::string hash = sha256_hex(*token);
    for (Seat s = 0; s < static_cast<Seat>(record_.seats.size()); ++s) {
      const auto& stored = record_.seats[s].token_hash;
      if (!stored.empty() && equal_constant_time(stored, hash)) seat = s;
    }
    if (seat == kSpectator) {
      throw ApiError(403, "bad_token", fmt::format("that token is not a seat token of table {}", code()));
    }
  }
  std::string state = state_message(seat, LogLines::All);
  watchers_.push_back({subscriber, subscriber.get(), seat});
  subscriber->send(std::move(state), true);
  send_talk_history(*subscriber, seat);
  return seat;
}

void Table::detach(const Subscriber* subscriber) {
  std::erase_if(watchers_, [&](const Watcher& w) { return w.address == subscriber || w.subscriber.expired(); });
}

void Table::check_token(Seat seat, const std::string& token) const {
  if (!equal_constant_time(record_.seats[seat].token_hash, sha256_hex(token))) {
    throw ApiError(403, "bad_token", fmt::format("that token is not the token of seat {}, this connection's seat", seat));
  }
}

void Table::move(Seat seat, const std::string& token, std::int64_t step, std::uint32_t code_value) {
  if (seat == kSpectator) {
    throw ApiError(403, "not_seated", "a spectator cannot move: join a seat and connect with its token");
  }
  check_token(seat, token);
  if (status_ == kWaiting) throw ApiError(409, "waiting", "the table is still waiting for people to join");
  if (status_ == kExpired) throw ApiError(409, "expired", "the table expired while it waited for people");
  if (status_ == kFinished) throw ApiError(409, "finished", "the game is over");
  if (broken_) throw ApiError(500, "broken", "this table stopped after an internal error");
  const SeatSet to_act = match_->state().to_act();
  if (!to_act.contains(seat)) {
    throw ApiError(409, "not_your_turn", fmt::format("seat {} does not have to choose now", seat));
  }
  const auto now = static_cast<std::int64_t>(match_->steps());
  if (step > now) {
    throw ApiError(400, "bad_step", fmt::format("step {} is ahead of the table, which is at step {}", step, now));
  }
  if (step < static_cast<std::int64_t>(turn_start_[seat])) {
    throw ApiError(409, "stale", fmt::format("the move was chosen at step {}, but seat {}'s choice changed at step {}; "
                                             "choose again from the latest state", step, seat, turn_start_[seat]));
  }
  if (auto error = match_->prepare(seat, Action{code_value})) throw ApiError(409, "illegal", *error);
  accept();
  // Quick bots answer in this task, and the state after them says the move was taken: a state before
  // them would be stale a millisecond later (docs/protocol.md, "state").
  if (bots_answer_quickly()) play_bots();
  broadcast();
  schedule_bots();
}

bool Table::bots_answer_quickly() const {
  if (status_ != kPlaying || broken_ || bot_thinking_) return false;
  const Seat next = match_->next_bot();
  return next >= 0 && !thinks_on_pool(next) && bot_took_[next] < kQuickBot;
}

// A person's move, prepared by the Match (checked, labelled and played on its copy of the state): stored,
// then committed, so a move the database cannot take is refused, the match is unchanged and the table plays on.
void Table::accept() {
  const PendingMove& move = match_->pending();
  StoredAction stored{move.seat, move.action.code, move.label};
  std::optional<std::string> outcome;
  if (move.outcome) outcome = move.outcome->dump();
  try {
    storage_->append_action(code(), match_->steps(), stored, outcome);
  } catch (const std::exception& e) {
    throw ApiError(500, "storage", fmt::format("the move could not be stored, so it was not played: {}", e.what()));
  }
  const Seat seat = move.seat;
  match_->commit();
  note_turns(seat);
  settle();
}

// A bot's move: played at once (checked, labelled and applied in one pass by Match::play) and stored with the
// bots' other moves of this task (store_bot_moves), before anyone hears of them: a run of quick bots costs one
// commit, not one each. An illegal choice is a bug in the bot: the table stops (play_one_bot).
void Table::accept_bot(Seat seat, Action action) {
  const std::size_t step = match_->steps();
  if (auto error = match_->play(seat, action)) {
    throw std::logic_error(fmt::format("bot {} at seat {} chose an illegal move: {}", record_.seats[seat].spec, seat,
                                       *error));
  }
  note_turns(seat);
  const ReplayAction& played = match_->last_move();
  if (unstored_.empty()) unstored_from_ = step;
  unstored_.push_back({seat, action.code, played.label});
}

// Stores the bots' moves of this task in one transaction; false (the table stops) when the database refuses
// them: they were played, so the table must not go on, nor tell anyone of them.
bool Table::store_bot_moves() {
  if (unstored_.empty()) return true;
  std::optional<std::string> outcome;
  if (match_->state().terminal()) outcome = match_->state().outcome().to_json().dump();
  try {
    storage_->append_actions(code(), unstored_from_, unstored_, outcome);
  } catch (const std::exception& e) {
    std::cerr << fmt::format("court serve: table {} stopped: its bots' moves could not be stored: {}\n", code(), e.what());
    broken_ = true;
    return false;
  }
  unstored_.clear();
  settle();
  return true;
}

// The lobby's step count and the table's status, once the moves are stored.
void Table::settle() {
  steps_ = match_->steps();
  if (const std::string status = compute_status(); status != status_) {
    status_ = status;
    refresh_summary();   // the summary's other fields change with the status only
  }
}

// Every state message is built here, so this is where moves the database does not hold (store_bot_moves)
// are kept from everyone: the table stopped, and a page that connects or asks again is refused.
std::string Table::state_message(Seat seat, LogLines lines) const {
  if (!all_moves_stored()) {
    throw ApiError(500, "broken", "this table stopped: its last moves could not be stored");
  }
  const GameState& state = match_->state();
  nlohmann::json legal = nlohmann::json::array();
  nlohmann::json waiting_for = nlohmann::json::array();
  if (status_ == kPlaying) {
    const SeatSet to_act = state.to_act();
    for (Seat s : to_act) waiting_for.push_back(s);
    if (seat != kSpectator && to_act.contains(seat)) {
      ActionList actions;
      state.legal_actions(seat, actions);
      for (Action a : actions) {
        legal.push_back({{"action", a.code}, {"label", state.describe(seat, a)}, {"parts", state.parts(seat, a)}});
      }
    }
  }
  const bool recent = lines == LogLines::Recent && status_ != kFinished;
  nlohmann::json view = state.view(seat, recent ? LogWindow{kRecentLogLines} : LogWindow{});
  nlohmann::json message = {{"type", "state"},
                            {"code", code()},
                            {"game", record_.game},
                            {"step", match_->steps()},
                            {"seat", seat == kSpectator ? nlohmann::json("spectator") : nlohmann::json(seat)},
                            {"status", status_},
                            {"view", std::move(view)},
                            {"legal", std::move(legal)},
                            {"waiting_for", std::move(waiting_for)},
                            {"seats", seats_json()},
                            {"talk", talk_json(seat)}};
  if (status_ == kFinished) message["outcome"] = state.outcome().to_json();
  return message.dump();
}

void Table::broadcast() {
  if (!all_moves_stored()) return;   // told to nobody (state_message)
  last_broadcast_ = std::chrono::steady_clock::now();
  std::vector<std::pair<Seat, std::string>> made;   // one message per seat, shared by its connections
  std::erase_if(watchers_, [](const Watcher& w) { return w.subscriber.expired(); });
  for (const auto& w : watchers_) {
    auto subscriber = w.subscriber.lock();
    if (!subscriber) continue;
    auto it = std::find_if(made.begin(), made.end(), [&](const auto& m) { return m.first == w.seat; });
    if (it == made.end()) it = made.insert(made.end(), {w.seat, state_message(w.seat, LogLines::Recent)});
    subscriber->send(it->second, true);
  }
}

void Table::sync(Subscriber& subscriber, Seat seat) const { subscriber.send(state_message(seat, LogLines::All), true); }

// A table of a Lab variant carries the variant's data files, so its replay re-runs on any machine.
Replay Table::replay() const {
  Replay replay = match_->replay();
  if (!record_.data_dir.empty()) {
    for (const auto& name : entry_->info.data_files) {
      replay.data_files[name] = read_data_file(entry_->info.id, name, record_.data_dir);
    }
  }
  return replay;
}

void Table::schedule_bots() {
  say_bot_claims();   // after every change: where bots may talk may have changed
  if (bot_scheduled_ || bot_thinking_ || broken_ || status_ != kPlaying || match_->next_bot() < 0) return;
  bot_scheduled_ = true;
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->bot_scheduled_ = false;
    self->run_one_bot();
  });
}

// Bots move in tasks of their own, so people's messages for this table get their turn between them.
void Table::run_one_bot() {
  if (bot_thinking_ || broken_ || status_ != kPlaying || match_->next_bot() < 0) return;
  if (const Seat seat = match_->next_bot(); thinks_on_pool(seat)) return think_on_pool(seat);
  if (!play_bots()) return;
  after_bots();
}

// Bots moving in a row: the seats get the state after the last of them (and one at least every
// kBotStatesEvery while a slow bot plays), not one per move: most of the server's time went into
// building states nobody would look at for more than a millisecond (docs/protocol.md, "state").
void Table::after_bots() {
  const bool more_bots = status_ == kPlaying && match_->next_bot() >= 0;
  if (!more_bots || std::chrono::steady_clock::now() - last_broadcast_ >= kBotStatesEvery) broadcast();
  schedule_bots();
}

// One bot move at least; more in the same task while the next bot is quick (its last choice took under
// kQuickBot) and these moves together took under kQuickBot; then stores them. False when a bot failed or
// its moves could not be stored.
bool Table::play_bots() {
  const auto start = std::chrono::steady_clock::now();
  bool played = true;
  do {
    played = play_one_bot();
  } while (played && bots_answer_quickly() && std::chrono::steady_clock::now() - start < kQuickBot);
  return store_bot_moves() && played;
}

bool Table::play_one_bot() {
  const Seat seat = match_->next_bot();
  Action action{};
  try {
    // The bot chooses on the harness's copy determinized for its seat, never on the true state.
    const auto started = std::chrono::steady_clock::now();
    action = match_->bot_choice(seat);
    bot_took_[seat] = std::chrono::steady_clock::now() - started;
  } catch (const std::exception& e) {
    return stop_playing(e.what());
  }
  return play_choice(seat, action);
}

// A bot's chosen move, played (accept_bot); false, and the table stops, when it is illegal.
bool Table::play_choice(Seat seat, Action action) {
  try {
    accept_bot(seat, action);
  } catch (const std::exception& e) {
    return stop_playing(e.what());
  }
  return true;
}

// A bot failed: the table stops rather than play on wrongly. Returns false, for the callers to pass on.
bool Table::stop_playing(const std::string& why) {
  std::cerr << fmt::format("court serve: table {} stopped: {}\n", code(), why);
  broken_ = true;
  return false;
}

// A search bot's move: the copy it sees is made here, on the strand (determinized for its seat), the
// search runs on the bot pool, and take_choice brings the move back to the strand.
void Table::think_on_pool(Seat seat) {
  bot_thinking_ = true;
  auto task = std::make_shared<BotTask>(match_->bot_task(seat));
  const std::size_t asked_at = match_->steps();
  bot_pool_->submit(client_, search_threads_[seat], [self = shared_from_this(), task, seat, asked_at] {
    std::optional<Action> action;
    std::string error;
    try {
      action = task->choose();
    } catch (const std::exception& e) {
      error = e.what();
    }
    boost::asio::post(self->strand_, [self, seat, asked_at, action, error] {
      self->take_choice(seat, asked_at, action, error);
    });
  });
}

// The search's move, on the strand. The table may have moved on while it thought (a person's
// simultaneous choice, the end of the game): the move counts only while the seat's choice stands as it
// was when the search was asked (as a person's move sent for an older step, note_turns); else it thinks again.
void Table::take_choice(Seat seat, std::size_t asked_at, std::optional<Action> action, const std::string& error) {
  bot_thinking_ = false;
  if (broken_ || status_ != kPlaying) return;
  if (!action) {
    stop_playing(error);
    return;
  }
  const bool stands = match_->state().to_act().contains(seat) && turn_start_[seat] <= asked_at;
  if (stands) {
    if (!play_choice(seat, *action)) return;
    // Quick bots after it answer in this task, as after a person's move.
    if (!(bots_answer_quickly() ? play_bots() : store_bot_moves())) return;
  }
  after_bots();
}

}  // namespace court::server
