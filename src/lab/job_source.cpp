#include "lab/job_source.h"

#include <fmt/format.h>

#include "engine/bot.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "lab/variants.h"
#include "server/api_error.h"
#include "server/json_fields.h"
#include "server/limits.h"

namespace court::server {

std::vector<std::string> string_list(const nlohmann::json& body, const char* key, std::size_t max) {
  std::vector<std::string> out;
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return out;
  if (!it->is_array() || it->size() > max) {
    throw ApiError(400, "bad_field", fmt::format("field '{}' must be an array of at most {} strings", key, max));
  }
  for (const auto& v : *it) {
    if (!v.is_string() || v.get_ref<const std::string&>().empty() || v.get_ref<const std::string&>().size() > 200) {
      throw ApiError(400, "bad_field", fmt::format("each entry of '{}' must be a non-empty string", key));
    }
    out.push_back(v.get<std::string>());
  }
  return out;
}

void check_bots(const GameEntry& entry, const std::vector<std::string>& specs, const char* field) {
  for (const auto& spec : specs) {
    try {
      if (spec == kHuman) throw UserError("a simulation plays bots only; 'human' cannot sit there");
      make_bot(entry, spec, 0);
      check_bot_cost(entry, spec, kBotBudget);
    } catch (const UserError& e) {
      throw ApiError(400, "bad_bot", fmt::format("{} '{}': {}", field, spec, e.what()));
    }
  }
}

Source read_source(const nlohmann::json& body, LabStore& store, const std::string& lab_dir) {
  const auto variant_id = int_field(body, "variant", 1, std::int64_t{1} << 50);
  const auto game = string_field(body, "game", 100);
  if (variant_id.has_value() == game.has_value()) {
    throw ApiError(400, "bad_field", "a job names either 'game' (a game id) or 'variant' (a variant's id)");
  }
  Source s;
  if (game) {
    s.entry = games().find(*game);
    if (!s.entry) throw ApiError(400, "unknown_game", fmt::format("no game '{}' (see GET /api/games)", *game));
    s.fields = {{"game", *game}};
    return s;
  }
  auto v = store.variant(*variant_id);
  if (!v) throw ApiError(404, "unknown_variant", fmt::format("no variant {}", *variant_id));
  s.entry = games().find(v->game);
  if (!s.entry) throw ApiError(409, "unknown_game", fmt::format("variant {} is of a game this server lacks", v->id));
  s.fields = {{"game", v->game}, {"variant", v->id}, {"variant_name", v->name},
              {"data_dir", variant_data_dir(lab_dir, *v)}};
  s.options = v->options;
  return s;
}

int players_field(const nlohmann::json& body, const GameEntry& entry, std::int64_t fallback) {
  return static_cast<int>(int_field(body, "players", entry.info.min_seats, entry.info.max_seats).value_or(fallback));
}

std::string set_args(const nlohmann::json& options, const std::string& skip) {
  std::string out;
  for (const auto& [k, v] : options.items()) {
    if (k != skip) out += fmt::format(" --set {}={}", k, v.get<std::string>());
  }
  return out;
}

}  // namespace court::server
