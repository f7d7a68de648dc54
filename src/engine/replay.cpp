#include "engine/replay.h"

#include <fmt/format.h>

#include <limits>
#include <optional>
#include <utility>

#include "engine/data.h"
#include "engine/files.h"
#include "engine/json_reader.h"
#include "engine/registry.h"

namespace court {
namespace {

nlohmann::json toml_to_json(const toml::node& node) {
  if (auto* table = node.as_table()) {
    nlohmann::json out = nlohmann::json::object();
    for (auto&& [key, value] : *table) out[std::string(key.str())] = toml_to_json(value);
    return out;
  }
  if (auto* array = node.as_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (auto&& value : *array) out.push_back(toml_to_json(value));
    return out;
  }
  if (auto v = toml_integer(node)) return *v;
  if (auto* v = node.as_floating_point()) return v->get();
  if (auto v = node.value<bool>()) return *v;
  if (auto v = node.value<std::string>()) return *v;
  throw UserError("scenario: unsupported TOML value (dates and times are not used by Court)");
}

// A whole number of type T, or nullopt: nlohmann's get<int>() casts a float or a too large number
// without a check (2.2e64 as an int is undefined behaviour; the fuzzer found it).
template <class T>
std::optional<T> whole(const nlohmann::json& v) {
  if (v.is_number_unsigned()) {
    const auto n = v.get<std::uint64_t>();
    if (n <= static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return static_cast<T>(n);
  } else if (v.is_number_integer()) {
    const auto n = v.get<std::int64_t>();
    if (std::in_range<T>(n)) return static_cast<T>(n);
  }
  return std::nullopt;
}

template <class T>
T field(const nlohmann::json& doc, const char* name) {
  if (!doc.contains(name)) throw UserError(fmt::format("replay: missing field '{}'", name));
  if constexpr (std::is_integral_v<T>) {
    if (auto n = whole<T>(doc.at(name))) return *n;
    throw UserError(fmt::format("replay: field '{}' must be a whole number from {} to {}", name,
                                std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
  }
  try {
    return doc.at(name).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw UserError(fmt::format("replay: field '{}' has the wrong type", name));
  }
}

}  // namespace

nlohmann::json Replay::to_json() const {
  nlohmann::json actions_json = nlohmann::json::array();
  for (const auto& a : actions) actions_json.push_back({{"seat", a.seat}, {"code", a.action.code}, {"move", a.label}});
  nlohmann::json doc = {{"court_replay", kReplayVersion}, {"game", game}, {"players", players},
                        {"options", options}, {"seed", seed}, {"seats", seats}, {"actions", actions_json}};
  if (scenario) doc["scenario"] = *scenario;
  if (!data_dir.empty()) doc["data_dir"] = data_dir;
  if (!data_files.empty()) doc["data_files"] = data_files;
  if (outcome) doc["outcome"] = *outcome;
  return doc;
}

Replay Replay::from_json(const nlohmann::json& doc) {
  if (!doc.is_object()) throw UserError("replay: not a JSON object");
  // A later version may mean other things by the same fields: refused, not guessed at.
  const auto it = doc.find("court_replay");
  if (it == doc.end() || !it->is_number_integer() || it->get<std::int64_t>() != kReplayVersion) {
    throw UserError(fmt::format("replay: field 'court_replay' is {}; this Court reads replay version {} only",
                                it == doc.end() ? "missing" : it->dump().substr(0, 40), kReplayVersion));
  }
  Replay r;
  r.game = field<std::string>(doc, "game");
  r.players = field<int>(doc, "players");
  r.options = field<std::map<std::string, std::string>>(doc, "options");
  r.seed = field<std::uint64_t>(doc, "seed");
  r.seats = field<std::vector<std::string>>(doc, "seats");
  if (doc.contains("scenario") && !doc["scenario"].is_null()) r.scenario = doc["scenario"];
  if (doc.contains("data_dir")) r.data_dir = field<std::string>(doc, "data_dir");
  if (doc.contains("data_files")) r.data_files = field<std::map<std::string, std::string>>(doc, "data_files");
  if (doc.contains("outcome") && !doc["outcome"].is_null()) r.outcome = doc["outcome"];
  const auto actions = field<nlohmann::json>(doc, "actions");
  if (!actions.is_array()) throw UserError("replay: field 'actions' must be an array");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto& a = actions[i];
    const auto seat = a.is_object() && a.contains("seat") ? whole<int>(a["seat"]) : std::nullopt;
    const auto code = a.is_object() && a.contains("code") && a["code"].is_number_unsigned()
                          ? whole<std::uint32_t>(a["code"]) : std::nullopt;
    if (!seat || !code) {
      throw UserError(fmt::format("replay: actions[{}] must be {{seat, code, move}} (seat and code whole numbers, "
                                  "code from 0 to {})", i, std::numeric_limits<std::uint32_t>::max()));
    }
    ReplayAction ra;
    ra.seat = *seat;
    ra.action.code = *code;
    if (a.contains("move") && a["move"].is_string()) ra.label = a["move"].get<std::string>();
    r.actions.push_back(std::move(ra));
  }
  if (static_cast<int>(r.seats.size()) != r.players) {
    throw UserError(fmt::format("replay: {} seats listed for {} players", r.seats.size(), r.players));
  }
  return r;
}

std::unique_ptr<GameState> start_state(const Replay& replay, const GameRegistry& registry) {
  const GameEntry& entry = registry.get(replay.game);
  std::optional<TempDataDir> carried;   // a variant's data the replay carries: its game reads it when prepared
  if (!replay.data_files.empty()) carried.emplace(entry.info.id, entry.info.data_files, replay.data_files);
  auto factory = entry.prepare(entry.make_config(replay.players, replay.options,
                                                 carried ? carried->path() : replay.data_dir));
  return replay.scenario ? factory->from_scenario(*replay.scenario, replay.seed) : factory->new_game(replay.seed);
}

std::unique_ptr<GameState> rerun(const Replay& replay, const GameRegistry& registry,
                                 const std::function<void(const GameState&, std::size_t)>& on_step) {
  auto state = start_state(replay, registry);
  for (std::size_t i = 0; i < replay.actions.size(); ++i) {
    const auto& a = replay.actions[i];
    if (auto error = state->check(a.seat, a.action)) {
      throw UserError(fmt::format("replay step {} (seat {}, '{}'): {}", i + 1, a.seat, a.label, *error));
    }
    std::string label = state->describe(a.seat, a.action);
    state->apply(a.seat, a.action);
    if (!a.label.empty() && label != a.label) {
      throw UserError(fmt::format("replay step {}: the move reads '{}' now but '{}' in the replay; the game's rules "
                                  "or data changed since it was recorded", i + 1, label, a.label));
    }
    if (on_step) on_step(*state, i);
  }
  if (replay.outcome) {
    if (!state->terminal()) throw UserError("replay: the recorded game ended, but the re-run did not");
    if (state->outcome().to_json() != *replay.outcome) {
      throw UserError(fmt::format("replay: outcome differs: recorded {} but re-run gives {}", replay.outcome->dump(),
                                  state->outcome().to_json().dump()));
    }
  }
  return state;
}

nlohmann::json read_json_file(const std::string& path) {
  const std::string text = read_input_file(path);
  try {
    return parse_json_strict(text);
  } catch (const nlohmann::json::exception& e) {   // a syntax error, or a number too large (out_of_range)
    throw UserError(fmt::format("{}: not valid JSON ({})", path, e.what()));
  } catch (const UserError& e) {   // a key given twice
    throw UserError(fmt::format("{}: {}", path, e.what()));
  }
}

nlohmann::json load_scenario_file(const std::string& path) {
  if (path.size() >= 5 && path.substr(path.size() - 5) == ".toml") {
    return toml_to_json(parse_toml(read_input_file(path), path));
  }
  return read_json_file(path);
}

}  // namespace court
