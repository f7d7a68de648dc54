#include "server/lobby.h"

#include <boost/asio/strand.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "engine/bot.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "server/api_error.h"
#include "server/bot_pool.h"
#include "server/json_fields.h"
#include "server/limits.h"
#include "server/secrets.h"
#include "server/strand_call.h"

namespace court::server {
namespace {

constexpr std::size_t kMaxListed = 100;
constexpr std::size_t kMaxOpenTables = 20000;
constexpr std::int64_t kMinuteMs = 60'000;

std::int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Whether a table a client made is still there and has `status`.
bool has_status(const std::weak_ptr<Table>& made, const char* status) {
  auto table = made.lock();
  return table && table->status() == status;
}

int human_seats(const std::vector<std::string>& seats) {
  return static_cast<int>(std::count(seats.begin(), seats.end(), std::string(kHuman)));
}

// The seed of a new table. Whoever knows it knows every hand, so a creator may choose it only when at
// most one person plays (a table of bots, or one person against bots who may deal themselves a hand).
std::uint64_t read_seed(const nlohmann::json& body, const std::vector<std::string>& seats) {
  const auto chosen = int_field(body, "seed", 0, static_cast<std::int64_t>(kMaxSeed));
  if (!chosen) return fresh_seed();
  if (const int people = human_seats(seats); people >= 2) {
    throw ApiError(400, "seed_not_allowed", fmt::format("field 'seed' is allowed only at a table with at most one "
                                                        "human seat; this one has {} (whoever knows the seed knows "
                                                        "every hand); leave 'seed' out", people));
  }
  return static_cast<std::uint64_t>(*chosen);
}

std::vector<std::string> read_seats(const nlohmann::json& body, const GameEntry& entry, std::optional<int> players) {
  auto it = body.find("seats");
  if (it == body.end() || it->is_null()) {
    const int n = players.value_or(entry.info.min_seats);
    std::vector<std::string> seats(n, default_bot(entry));
    if (n > 0) seats[0] = kHuman;
    return seats;
  }
  if (!it->is_array()) throw ApiError(400, "bad_field", "field 'seats' must be an array with one entry per player");
  std::vector<std::string> seats;
  for (const auto& seat : *it) {
    if (!seat.is_string() || seat.get_ref<const std::string&>().size() > 200) {
      throw ApiError(400, "bad_field", "each entry of 'seats' must be \"human\" or a bot such as \"normal\" or \"heuristic\"");
    }
    seats.push_back(seat.get<std::string>());
  }
  if (players && static_cast<int>(seats.size()) != *players) {
    throw ApiError(400, "bad_field", fmt::format("'seats' has {} entries for {} players", seats.size(), *players));
  }
  for (const auto& spec : seats) {
    if (spec == kHuman) continue;
    try {
      make_bot(entry, spec, 0);
      check_bot_cost(entry, spec, kBotBudget);
    } catch (const UserError& e) {
      throw ApiError(400, "bad_bot", fmt::format("seat '{}': {}", spec, e.what()));
    }
  }
  return seats;
}

}  // namespace

nlohmann::json game_json(const GameEntry& entry) {
  static const char* kTypes[] = {"int", "bool", "choice", "text"};
  nlohmann::json options = nlohmann::json::array();
  for (const auto& o : entry.info.options) {
    nlohmann::json j = {{"name", o.name}, {"type", kTypes[static_cast<int>(o.type)]}, {"default", o.default_value},
                        {"help", o.help}};
    if (o.type == OptionType::Int) { j["min"] = o.min; j["max"] = o.max; }
    if (o.type == OptionType::Choice) j["choices"] = o.choices;
    options.push_back(std::move(j));
  }
  return {{"id", entry.info.id},
          {"title", entry.info.title},
          {"summary", entry.info.summary},
          {"min_seats", entry.info.min_seats},
          {"max_seats", entry.info.max_seats},
          {"cooperative", entry.info.cooperative},
          {"options", std::move(options)},
          {"bots", bot_names(entry)},
          {"offered_bots", offered_bots_json(entry)},
          {"default_bot", default_bot(entry)}};
}

Lobby::Lobby(Storage& storage, boost::asio::any_io_executor game_executor, TableLimits limits, BotPool* bot_pool,
             const GameRegistry* served)
    : storage_(storage),
      game_executor_(std::move(game_executor)),
      bot_pool_(bot_pool),
      games_(served ? *served : games()),
      limits_(std::move(limits)) {}

std::int64_t Lobby::now_ms() const { return limits_.clock ? limits_.clock() : system_ms(); }

std::shared_ptr<const GameFactory> Lobby::factory(const GameEntry& entry, const GameConfig& config) {
  const std::string key =
      fmt::format("{}|{}|{}|{}", entry.info.id, config.seats, config.options.to_json().dump(), config.data_dir);
  std::lock_guard lock(factories_mutex_);
  if (auto it = factories_.find(key); it != factories_.end()) {
    factory_order_.splice(factory_order_.begin(), factory_order_, it->second.used);   // now the most recent
    return it->second.factory;
  }
  std::shared_ptr<const GameFactory> factory = entry.prepare(config);
  factory_order_.push_front(key);
  factories_.emplace(key, CachedFactory{factory, factory_order_.begin()});
  if (factories_.size() > kMaxFactories) {
    // The least recently used goes; tables made from it hold their own.
    factories_.erase(factory_order_.back());
    factory_order_.pop_back();
  }
  return factory;
}

std::size_t Lobby::factories_held() const {
  std::lock_guard lock(factories_mutex_);
  return factories_.size();
}

std::shared_ptr<const GameFactory> Lobby::factory_for(const std::string& game, int players,
                                                    const std::map<std::string, std::string>& options,
                                                    const std::string& data_dir) {
  const GameEntry& entry = games_.get(game);
  return factory(entry, entry.make_config(players, options, data_dir));
}

std::shared_ptr<Table> Lobby::build(TableRecord record, const std::string& client) {
  const GameEntry& entry = games_.get(record.game);
  auto config = entry.make_config(record.players, record.options, record.data_dir);
  auto strand = boost::asio::make_strand(game_executor_);
  auto table = std::make_shared<Table>(entry, factory(entry, config), std::move(record), storage_, strand);
  table->set_bot_pool(bot_pool_, client);
  return table;
}

void Lobby::admit(const std::string& client, std::int64_t now, bool waits) {
  if (client.empty()) return;
  ClientTables& c = clients_[client];
  while (!c.created.empty() && c.created.front() <= now - kMinuteMs) c.created.pop_front();
  std::erase_if(c.waiting, [](const std::weak_ptr<Table>& w) { return !has_status(w, kWaiting); });
  const auto per_minute = static_cast<std::size_t>(limits_.max_client_per_minute);
  if (per_minute > 0 && c.created.size() >= per_minute) {
    throw ApiError(429, "too_many_new_tables",
                   fmt::format("this address created {} tables in the last minute, the most this server allows "
                               "(--max-client-tables-per-minute); try again in a minute", c.created.size()));
  }
  const auto waiting = static_cast<std::size_t>(limits_.max_client_waiting);
  if (waits && waiting > 0 && c.waiting.size() + static_cast<std::size_t>(c.pending) >= waiting) {
    throw ApiError(429, "too_many_waiting_tables",
                   fmt::format("this address has {} tables waiting for people, the most this server allows "
                               "(--max-client-waiting-tables); share their invite links or let them expire before "
                               "creating more", c.waiting.size() + static_cast<std::size_t>(c.pending)));
  }
  if (!waits) admit_bots_only(c);
  if (per_minute > 0) c.created.push_back(now);
  ++c.pending;
}

// Bots only play at once, and a search bot's game takes long: their tables count against a limit of their
// own, so one address cannot keep the bot pool's queue full (the pool's share caps its threads).
void Lobby::admit_bots_only(ClientTables& c) {
  std::erase_if(c.bots_only, [](const std::weak_ptr<Table>& w) { return !has_status(w, kPlaying); });
  const auto most = static_cast<std::size_t>(limits_.max_client_bot_tables);
  const std::size_t playing = c.bots_only.size() + static_cast<std::size_t>(c.pending_bots);
  if (most > 0 && playing >= most) {
    throw ApiError(429, "too_many_bot_tables",
                   fmt::format("this address has {} tables of bots only in play, the most this server allows "
                               "(--max-client-bot-tables); let one finish before creating more", playing));
  }
  ++c.pending_bots;
}

// The end of a creation that admit() counted: `table` when it was made, nullptr when it failed.
void Lobby::settle(const std::string& client, bool waits, const std::shared_ptr<Table>& table) {
  if (client.empty()) return;
  ClientTables& c = clients_[client];
  --c.pending;
  if (!waits) --c.pending_bots;
  if (!table) return;
  if (limits_.max_client_waiting > 0 && table->status() == kWaiting) c.waiting.push_back(table);
  if (limits_.max_client_bot_tables > 0 && !waits) c.bots_only.push_back(table);
}

std::shared_ptr<Table> Lobby::create(const nlohmann::json& body, const std::string& client,
                                     const TableVariant* variant) {
  reject_unknown_fields(body, {"game", "variant", "players", "options", "seats", "seed", "talk"}, "the new table");
  auto game = string_field(body, "game", 100);
  if (variant && game) throw ApiError(400, "bad_field", "a table names either 'game' or 'variant', not both");
  if (variant) game = variant->game;
  if (!game) throw ApiError(400, "bad_field", "field 'game' is required (see GET /api/games)");
  const GameEntry* entry = games_.find(*game);
  if (!entry) {
    std::vector<std::string> ids;
    for (const auto& e : games_.all()) ids.push_back(e.info.id);
    throw ApiError(400, "unknown_game", fmt::format("no game '{}' (games: {})", *game, fmt::join(ids, ", ")));
  }
  std::optional<int> players;
  if (auto p = int_field(body, "players", entry->info.min_seats, entry->info.max_seats)) players = static_cast<int>(*p);
  const auto seats = read_seats(body, *entry, players);
  if (static_cast<int>(seats.size()) < entry->info.min_seats || static_cast<int>(seats.size()) > entry->info.max_seats) {
    throw ApiError(400, "bad_field", fmt::format("{} seats {} to {} players, not {}", entry->info.title,
                                                 entry->info.min_seats, entry->info.max_seats, seats.size()));
  }
  GameConfig config;
  std::map<std::string, std::string> options = variant ? variant->options : std::map<std::string, std::string>{};
  for (const auto& [k, v] : option_values(body)) options[k] = v;
  try {
    config = entry->make_config(static_cast<int>(seats.size()), options, variant ? variant->data_dir : "");
  } catch (const UserError& e) {
    throw ApiError(400, "bad_option", e.what());
  }
  TableRecord record;
  record.game = entry->info.id;
  record.players = static_cast<int>(seats.size());
  record.options = config.options.values();
  record.seed = read_seed(body, seats);
  record.talk = bool_field(body, "talk").value_or(true);
  if (variant) {
    record.data_dir = variant->data_dir;
    record.variant = variant->name;
  }
  for (const auto& spec : seats) record.seats.push_back({spec, "", ""});
  record.created_ms = now_ms();
  const bool waits = human_seats(seats) > 0;   // a table of bots only never waits: it plays at once
  {
    std::lock_guard lock(mutex_);
    // Finished and expired tables nobody holds leave memory (find() reads them back), so the limit
    // counts tables in play.
    std::erase_if(tables_, [](const auto& entry) {
      return entry.second.use_count() == 1 && !is_open(entry.second->status());
    });
    if (tables_.size() >= kMaxOpenTables) {
      throw ApiError(503, "too_many_tables", fmt::format("the server holds {} tables already, the most it "
                                                         "allows; try again later", tables_.size()));
    }
    do record.code = make_table_code();
    while (tables_.count(record.code) || storage_.code_exists(record.code));
    admit(client, record.created_ms, waits);
  }
  std::shared_ptr<Table> table;
  try {
    table = build_and_store(record, client);
  } catch (...) {
    std::lock_guard lock(mutex_);
    settle(client, waits, nullptr);
    throw;
  }
  {
    std::lock_guard lock(mutex_);
    tables_[record.code] = table;
    settle(client, waits, table);
  }
  boost::asio::post(table->strand(), [table] { table->start(); });
  return table;
}

std::shared_ptr<Table> Lobby::build_and_store(TableRecord& record, const std::string& client) {
  std::shared_ptr<Table> table;
  try {
    table = build(record, client);
  } catch (const UserError& e) {
    throw ApiError(400, "bad_table", e.what());
  }
  record.status = table->status();
  try {
    storage_.create_table(record);
  } catch (const std::exception& e) {
    throw ApiError(500, "storage", fmt::format("the table could not be stored: {}", e.what()));
  }
  return table;
}

std::shared_ptr<Table> Lobby::find(const std::string& code) {
  {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(code);
    if (it != tables_.end()) return it->second;
  }
  auto record = storage_.load(code);   // a finished table, read back on demand
  if (!record) return nullptr;
  auto table = build(std::move(*record));
  std::lock_guard lock(mutex_);
  auto [it, inserted] = tables_.emplace(code, table);
  return it->second;
}

std::size_t Lobby::held() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

nlohmann::json Lobby::list() const {
  struct Entry {
    int order;
    std::int64_t created;
    std::shared_ptr<Table> table;
  };
  std::vector<Entry> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [code, table] : tables_) {
      const std::string status = table->status();
      if (is_open(status)) open.push_back({status == kWaiting ? 0 : 1, table->created_ms(), table});
    }
  }
  std::sort(open.begin(), open.end(), [](const Entry& a, const Entry& b) {
    return a.order != b.order ? a.order < b.order : a.created > b.created;
  });
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < open.size() && i < kMaxListed; ++i) out.push_back(open[i].table->summary());
  return out;
}

bool Lobby::due(const Table& table) const {
  return limits_.waiting_expiry_s > 0 && table.status() == kWaiting &&
         table.idle_since_ms() <= now_ms() - limits_.waiting_expiry_s * 1000;
}

void Lobby::forget(const std::shared_ptr<Table>& table) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(table->code());
  if (it != tables_.end() && it->second == table) tables_.erase(it);
}

boost::asio::awaitable<void> Lobby::expire_if_due(const std::shared_ptr<Table>& table) {
  if (!due(*table)) co_return;
  // The table checks again on its strand: someone may have joined since.
  auto expire = [table, cutoff = now_ms() - limits_.waiting_expiry_s * 1000] { return table->expire(cutoff); };
  const bool expired = co_await run_on(table->strand(), expire);
  if (expired) forget(table);
}

boost::asio::awaitable<void> Lobby::expire_waiting() {
  std::vector<std::shared_ptr<Table>> candidates;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [code, table] : tables_) if (due(*table)) candidates.push_back(table);
    std::erase_if(clients_, [now = now_ms()](const auto& entry) {
      const ClientTables& c = entry.second;
      const bool recent = !c.created.empty() && c.created.back() > now - kMinuteMs;
      const bool waiting = std::any_of(c.waiting.begin(), c.waiting.end(),
                                       [](const std::weak_ptr<Table>& w) { return has_status(w, kWaiting); });
      const bool playing = std::any_of(c.bots_only.begin(), c.bots_only.end(),
                                       [](const std::weak_ptr<Table>& w) { return has_status(w, kPlaying); });
      return !recent && !waiting && !playing && c.pending == 0;
    });
  }
  for (const auto& table : candidates) co_await expire_if_due(table);
}

std::size_t Lobby::recover() {
  std::size_t resumed = 0;
  for (auto& record : storage_.load_unfinished()) {
    const std::string code = record.code;
    try {
      auto table = build(std::move(record));
      {
        std::lock_guard lock(mutex_);
        tables_[code] = table;
      }
      boost::asio::post(table->strand(), [table] { table->start(); });
      ++resumed;
    } catch (const std::exception& e) {
      std::cerr << fmt::format("court serve: table {} cannot resume: {}\n", code, e.what());
    }
  }
  return resumed;
}

}  // namespace court::server
