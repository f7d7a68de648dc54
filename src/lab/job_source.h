// What every kind of Lab job reads from its request (lab/jobs.h): the game or stored variant it plays, its
// bots and lists of names, each refused with an ApiError naming the field and what is allowed.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"
#include "lab/store.h"

namespace court::server {

// The game and its data: a shipped game, or a stored variant (its data directory and its options, under
// the job's own options).
struct Source {
  const GameEntry* entry = nullptr;
  nlohmann::json fields;   // game, and for a variant: variant, variant_name, data_dir
  std::map<std::string, std::string> options;
};

// The request's 'game' or 'variant' (exactly one), with its 'options' laid over the variant's.
Source read_source(const nlohmann::json& body, LabStore& store, const std::string& lab_dir);
// The field `key`: at most `max` non-empty strings; empty when absent.
std::vector<std::string> string_list(const nlohmann::json& body, const char* key, std::size_t max);
// Each spec a bot of the game that may sit at a simulated table, within the server's bot budget
// (ApiError bad_bot naming `field` and the spec).
void check_bots(const GameEntry& entry, const std::vector<std::string>& specs, const char* field);
// The field 'players' within the game's seat counts, else `fallback`.
int players_field(const nlohmann::json& body, const GameEntry& entry, std::int64_t fallback);
// `options` as `court` command arguments: " --set k=v" each (those named in `skip` left out).
std::string set_args(const nlohmann::json& options, const std::string& skip = "");

}  // namespace court::server
