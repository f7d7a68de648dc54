#include "engine/bot.h"

#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace court {

LegalMoves::LegalMoves(const GameState& state, Seat seat, ActionList& buffer) : state_(state), seat_(seat) {
  if (const auto count = state.legal_count(seat)) {
    count_ = *count;
    return;
  }
  state.legal_actions(seat, buffer);
  listed_ = &buffer;
  count_ = static_cast<std::uint32_t>(buffer.size());
}

Action LegalMoves::operator[](std::uint32_t k) const {
  if (k >= count_) throw std::logic_error(fmt::format("move {} asked of {} legal moves", k, count_));
  return listed_ ? (*listed_)[k] : state_.legal_action(seat_, k);
}

std::uint32_t Bot::choose_from_legal(const LegalMoves&, Seat) {
  throw std::logic_error("this bot needs the state: call choose()");
}

BotSpec BotSpec::parse(const std::string& text) {
  BotSpec spec;
  auto colon = text.find(':');
  spec.name = text.substr(0, colon);
  if (spec.name.empty()) throw UserError(fmt::format("bot '{}': missing name (e.g. random, heuristic)", text));
  if (colon == std::string::npos) return spec;
  std::string rest = text.substr(colon + 1);
  std::size_t pos = 0;
  while (pos <= rest.size()) {
    auto comma = rest.find(',', pos);
    std::string item = rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw UserError(fmt::format("bot '{}': parameter '{}' is not key=value", text, item));
    }
    spec.params[item.substr(0, eq)] = item.substr(eq + 1);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return spec;
}

void check_bot_params(const std::string& bot, const BotParams& params, const std::vector<std::string>& allowed) {
  for (const auto& [key, value] : params) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      throw UserError(fmt::format("bot {}: unknown parameter '{}'; allowed: {}", bot, key,
                                  allowed.empty() ? "(none)" : fmt::format("{}", fmt::join(allowed, ", "))));
    }
  }
}

long bot_param_int(const std::string& bot, const BotParams& params, const std::string& name, long fallback,
                   long min, long max) {
  auto it = params.find(name);
  if (it == params.end()) return fallback;
  long value = 0;
  const auto& text = it->second;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max) {
    throw UserError(fmt::format("bot {}: {}={} must be an integer {}..{}", bot, name, text, min, max));
  }
  return value;
}

std::vector<std::string> bot_names(const GameEntry& game) {
  std::vector<std::string> names;
  for (const auto& [name, kind] : game.bots) names.push_back(name);
  return names;
}

std::vector<std::string> offered_bot_names(const GameEntry& game) {
  std::vector<std::string> names;
  for (const auto& o : game.offered) names.push_back(o.name);
  return names;
}

nlohmann::json offered_bots_json(const GameEntry& game) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& o : game.offered) {
    nlohmann::json bot = {{"name", o.name}, {"title", o.title}, {"line", o.line}, {"level", o.level}, {"spec", o.spec}};
    if (o.rating) {
      bot["rating"] = *o.rating;
      bot["rating_interval"] = *o.rating_interval;
      bot["rating_players"] = o.rating_players;
      bot["rating_text"] = rating_text(o);
    }
    out.push_back(std::move(bot));
  }
  return out;
}

std::string rating_text(const OfferedBot& bot) {
  if (!bot.rating) return "";
  const long half = std::lround(((*bot.rating_interval)[1] - (*bot.rating_interval)[0]) / 2);
  const long rating = std::lround(*bot.rating);
  return half == 0 ? fmt::format("{}", rating) : fmt::format("{} \u00b1 {}", rating, half);
}

std::string default_bot(const GameEntry& game) {
  if (game.find_offered(kDefaultBot)) return kDefaultBot;
  return game.bots.count("heuristic") ? "heuristic" : "random";
}

BotSpec resolve_bot_spec(const GameEntry& game, const std::string& text) {
  BotSpec spec = BotSpec::parse(text);
  const OfferedBot* offered = game.find_offered(spec.name);
  if (!offered) return spec;
  if (!spec.params.empty()) {
    throw UserError(fmt::format("bot '{}' takes no parameters: '{}' stands for {}; give the parameters to that "
                                "spec instead", text, spec.name, offered->spec));
  }
  return BotSpec::parse(offered->spec);
}

namespace {

const BotKind& find_bot(const GameEntry& game, const std::string& name) {
  if (auto it = game.bots.find(name); it != game.bots.end()) return it->second;
  if (game.offered.empty()) {
    throw UserError(fmt::format("unknown bot '{}' for {}; available: {}", name, game.info.id,
                                fmt::join(bot_names(game), ", ")));
  }
  throw UserError(fmt::format("unknown bot '{}' for {}; available: {} (or a spec of {})", name, game.info.id,
                              fmt::join(offered_bot_names(game), ", "), fmt::join(bot_names(game), ", ")));
}

}  // namespace

std::unique_ptr<Bot> make_bot(const GameEntry& game, const std::string& text, std::uint64_t seed) {
  const BotSpec spec = resolve_bot_spec(game, text);
  return find_bot(game, spec.name)(spec.params, seed);
}

void check_bot_cost(const GameEntry& game, const std::string& text, const BotBudget& budget) {
  const BotSpec spec = resolve_bot_spec(game, text);
  const BotKind& kind = find_bot(game, spec.name);
  if (kind.check_cost) kind.check_cost(spec.name, spec.params, budget);
}

}  // namespace court
