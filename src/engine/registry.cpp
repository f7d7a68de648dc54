#include "engine/registry.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace court {

namespace {

// An offered bot's name is its own (no bot kind, no other offered bot), its level is one of the three and
// its spec names one of the game's bot kinds: a mistake here is the registration's, caught at start.
void check_offered(const GameEntry& entry) {
  const auto fail = [&](const OfferedBot& o, const char* why) {
    throw std::logic_error(fmt::format("{}: offered bot '{}' {}", entry.info.id, o.name, why));
  };
  for (std::size_t i = 0; i < entry.offered.size(); ++i) {
    const OfferedBot& o = entry.offered[i];
    if (entry.bots.count(o.name)) fail(o, "has the name of a bot kind");
    for (std::size_t j = 0; j < i; ++j) if (entry.offered[j].name == o.name) fail(o, "is offered twice");
    if (o.level != "easy" && o.level != "normal" && o.level != "strong") fail(o, "has no level easy/normal/strong");
    const auto colon = o.spec.find(':');
    if (!entry.bots.count(o.spec.substr(0, colon))) fail(o, "stands for a spec of no bot kind of the game");
  }
}

}  // namespace

void GameRegistry::add(GameEntry entry) {
  if (find(entry.info.id)) throw std::logic_error("game registered twice: " + entry.info.id);
  check_offered(entry);
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
