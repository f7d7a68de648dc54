#include "engine/registry.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace court {

void GameRegistry::add(GameEntry entry) {
  if (find(entry.info.id)) throw std::logic_error("game registered twice: " + entry.info.id);
  entries_.push_back(std::move(entry));
}

const GameEntry* GameRegistry::find(const std::string& id) const {
  for (const auto& e : entries_) if (e.info.id == id) return &e;
  return nullptr;
}

const GameEntry& GameRegistry::get(const std::string& id) const {
  if (const auto* e = find(id)) return *e;
  std::vector<std::string> ids;
  for (const auto& e : entries_) ids.push_back(e.info.id);
  throw UserError(fmt::format("unknown game '{}'; registered games: {}", id, fmt::join(ids, ", ")));
}

GameConfig GameEntry::make_config(int seats, const std::map<std::string, std::string>& overrides,
                                  const std::string& data_dir) const {
  if (seats < info.min_seats || seats > info.max_seats) {
    throw UserError(fmt::format("{} is for {}-{} players, not {}", info.id, info.min_seats, info.max_seats, seats));
  }
  GameConfig config;
  config.seats = seats;
  config.options = Options::resolve(info.options, overrides);
  config.data_dir = data_dir;
  return config;
}

}  // namespace court
