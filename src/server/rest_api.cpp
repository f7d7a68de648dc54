#include "server/rest_api.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <limits>

#include "engine/data.h"
#include "engine/registry.h"
#include "server/api_error.h"
#include "server/lab_door.h"
#include "server/json_fields.h"
#include "server/limits.h"
#include "server/lobby.h"
#include "server/names.h"
#include "server/secrets.h"
#include "server/strand_call.h"

namespace court::server {
namespace {

HttpAnswer json_answer(int status, const nlohmann::json& body) { return {status, answer_text(body), "application/json"}; }

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (at < path.size()) {
    const auto slash = path.find('/', at);
    const auto end = slash == std::string::npos ? path.size() : slash;
    if (end > at) parts.push_back(path.substr(at, end - at));
    at = end + 1;
  }
  return parts;
}

void require_method(const std::string& method, const char* allowed) {
  if (method != allowed) {
    throw ApiError(405, "method_not_allowed", fmt::format("use {} for this address", allowed));
  }
}

std::string read_name(const nlohmann::json& body) {
  auto name = string_field(body, "name", 4 * kMaxNameChars).value_or("");   // UTF-8: at most 4 bytes a character
  if (auto problem = name_problem(name)) {
    throw ApiError(400, "bad_name", fmt::format("field 'name': {}; {}", *problem, allowed_names()));
  }
  return name;
}

// The query value `name` of `target`, an integer from `min` to `max` (`fallback` when absent); ApiError
// 400 `code` naming the range otherwise.
std::int64_t query_int(const Target& target, const char* name, std::int64_t min, std::int64_t max,
                       std::int64_t fallback, const char* code) {
  const auto it = target.query.find(name);
  if (it == target.query.end()) return fallback;
  std::int64_t value = min - 1;
  try {
    std::size_t used = 0;
    value = std::stoll(it->second, &used);
    if (used != it->second.size() || it->second.empty() || !std::isdigit(static_cast<unsigned char>(it->second[0]))) {
      value = min - 1;
    }
  } catch (const std::exception&) {
  }
  if (value < min || value > max) {
    throw ApiError(400, code, fmt::format("{} must be an integer from {} to {}", name, min, max));
  }
  return value;
}

// Refuses a query value of `target` not in `allowed` (400 bad_query), so a misspelt one is not ignored.
void reject_unknown_query(const Target& target, std::initializer_list<const char*> allowed) {
  for (const auto& entry : target.query) {
    const std::string& key = entry.first;
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
      std::string names;
      for (const char* a : allowed) names += names.empty() ? a : std::string(", ") + a;
      throw ApiError(400, "bad_query", fmt::format("unknown query value '{}'; allowed: {}", key.substr(0, 40), names));
    }
  }
}

// The view of `seat` after `step` moves of a finished table's replay.
nlohmann::json replay_view(const Replay& replay, const Target& target, Lobby& lobby) {
  const auto steps = static_cast<std::int64_t>(replay.actions.size());
  const std::int64_t step = query_int(target, "step", 0, steps, 0, "bad_step");
  Seat seat = kSpectator;
  const std::string seat_text = target.query.count("seat") ? target.query.at("seat") : "spectator";
  if (seat_text != "spectator") {
    seat = -2;
    for (Seat s = 0; s < replay.players; ++s) if (seat_text == std::to_string(s)) seat = s;
    if (seat == -2) {
      throw ApiError(400, "bad_seat", fmt::format("seat must be 'spectator' or 0 to {}", replay.players - 1));
    }
  }
  auto factory = lobby.factory_for(replay.game, replay.players, replay.options, replay.data_dir);
  auto state = factory->new_game(replay.seed);
  for (std::int64_t i = 0; i < step; ++i) {
    const auto& a = replay.actions[static_cast<std::size_t>(i)];
    if (auto error = state->apply(a.seat, a.action)) throw std::runtime_error("the replay does not re-run: " + *error);
  }
  nlohmann::json out = {{"step", step}, {"steps", steps}, {"view", state->view(seat)}};
  if (step > 0) {
    const auto& last = replay.actions[static_cast<std::size_t>(step - 1)];
    out["move"] = {{"seat", last.seat}, {"label", last.label}};
  }
  return out;
}

boost::asio::awaitable<HttpAnswer> answer_table(const std::string& method, const std::vector<std::string>& parts,
                                                const Target& target, const std::string& body, Lobby& lobby) {
  const std::string code = normalize_table_code(parts[2]);
  auto table = code.empty() ? nullptr : lobby.find(code);
  if (!table) throw ApiError(404, "unknown_table", fmt::format("no table with code '{}'", parts[2].substr(0, 20)));
  co_await lobby.expire_if_due(table);
  const std::string tail = parts.size() == 3 ? "" : parts.size() == 4 ? parts[3] : parts[3] + "/" + parts[4];
  if (tail.empty()) {
    require_method(method, "GET");
    co_return json_answer(200, table->summary());
  }
  if (tail == "join") {
    require_method(method, "POST");
    const auto request = body.empty() ? nlohmann::json::object() : parse_json_object(body, "the request body");
    reject_unknown_fields(request, {"seat", "name"}, "a join request");
    std::optional<Seat> seat;
    if (auto s = int_field(request, "seat", 0, kMaxSeats - 1)) seat = static_cast<Seat>(*s);
    const std::string name = read_name(request);
    auto join = [table, seat, name, now = lobby.now_ms()] { return table->join(seat, name, now); };
    const JoinResult joined = co_await run_on(table->strand(), join);
    co_return json_answer(200, {{"seat", joined.seat}, {"token", joined.token}, {"code", table->code()}});
  }
  if (tail == "talk") {
    require_method(method, "GET");
    reject_unknown_query(target, {"after", "limit"});
    const auto after = query_int(target, "after", 0, std::numeric_limits<std::int32_t>::max(), 0, "bad_query");
    const auto limit = static_cast<int>(query_int(target, "limit", 1, kTalkPage, kTalkPage, "bad_query"));
    co_return json_answer(200, table->table_talk(after, limit));
  }
  if (tail == "replay" || tail == "replay/view") {
    require_method(method, "GET");
    if (table->status() != kFinished) {
      throw ApiError(409, "not_finished", fmt::format("table {} has not finished; replays come at the end", code));
    }
    auto copy_replay = [table] { return table->replay(); };
    const Replay replay = co_await run_on(table->strand(), copy_replay);
    if (tail == "replay") co_return json_answer(200, replay.to_json());
    co_return json_answer(200, replay_view(replay, target, lobby));
  }
  throw ApiError(404, "not_found", fmt::format("no address {}", target.path.substr(0, 100)));
}

boost::asio::awaitable<HttpAnswer> route(const std::string& method, const Target& target, const std::string& body,
                                         Lobby& lobby, LabDoor& lab, const Caller& caller) {
  const auto parts = split_path(target.path);   // "api", ...
  if (parts.size() >= 2 && parts[1] == "lab") {
    if (!lab.admits(caller.loopback, caller.authorization)) {
      throw ApiError(403, "lab_closed", "the Lab answers requests from this machine; from another address it needs "
                                        "the server's --lab-token, sent as 'Authorization: Bearer TOKEN'");
    }
    co_return lab.answer(method, parts, target, body, caller);
  }
  if (parts.size() == 2 && parts[1] == "games") {
    require_method(method, "GET");
    nlohmann::json out = nlohmann::json::array();
    for (const auto& entry : games().all()) out.push_back(game_json(entry));
    co_return json_answer(200, out);
  }
  if (parts.size() == 4 && parts[1] == "games" && parts[3] == "rules") {
    require_method(method, "GET");
    if (!games().find(parts[2])) {
      throw ApiError(404, "unknown_game", fmt::format("no game '{}'; GET /api/games lists them", parts[2].substr(0, 40)));
    }
    co_return json_answer(200, {{"id", parts[2]}, {"markdown", rules_page(parts[2])}});
  }
  if (parts.size() == 2 && parts[1] == "tables") {
    co_await lobby.expire_waiting();
    if (method == "GET") co_return json_answer(200, lobby.list());
    require_method(method, "POST");
    const auto request = parse_json_object(body, "the request body");
    std::optional<TableVariant> variant;
    if (auto id = int_field(request, "variant", 1, std::int64_t{1} << 50)) {
      if (!lab.admits(caller.loopback, caller.authorization)) {
        throw ApiError(403, "lab_closed", "a table of a Lab variant is made from the Lab: from this machine, or with "
                                          "the server's --lab-token");
      }
      variant = lab.table_variant(*id);
    }
    auto table = lobby.create(request, caller.client, variant ? &*variant : nullptr);
    co_return json_answer(201, table->summary());
  }
  if (parts.size() >= 3 && parts.size() <= 5 && parts[1] == "tables") {
    co_return co_await answer_table(method, parts, target, body, lobby);
  }
  throw ApiError(404, "not_found", fmt::format("no address {}", target.path.substr(0, 100)));
}

}  // namespace

boost::asio::awaitable<HttpAnswer> answer_api(const std::string& method, const Target& target, const std::string& body,
                                              Lobby& lobby, LabDoor& lab, const Caller& caller) {
  HttpAnswer answer;
  try {
    answer = co_await route(method, target, body, lobby, lab, caller);
  } catch (const ApiError& e) {
    answer = json_answer(e.status(), error_body(e.code(), e.what()));
  } catch (const std::exception& e) {
    std::cerr << fmt::format("court serve: {} {}: {}\n", method, target.path, e.what());
    answer = json_answer(500, error_body("internal", fmt::format("internal error: {}", e.what())));
  }
  co_return answer;
}

}  // namespace court::server
