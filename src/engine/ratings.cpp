#include "engine/ratings.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "engine/bot.h"
#include "engine/data.h"

namespace court {
namespace {

const GameEntry& game_named(const std::string& id, const std::vector<GameEntry>& entries, const std::string& where) {
  for (const auto& e : entries) if (e.info.id == id) return e;
  std::vector<std::string> ids;
  for (const auto& e : entries) ids.push_back(e.info.id);
  throw UserError(fmt::format("{}: unknown game '{}'; games: {}", where, id, fmt::join(ids, ", ")));
}

// "<file>:<line>: <what>" for the key `key` of a table read from `file`.
std::string at(const std::string& file, const toml::key& key, const std::string& what) {
  const auto line = key.source().begin.line;
  return line ? fmt::format("{}:{}: {}", file, line, what) : fmt::format("{}: {}", file, what);
}

double number(const toml::node& node, const std::string& where) {
  if (const auto i = toml_integer(node)) return static_cast<double>(*i);
  if (const auto* f = node.as_floating_point()) return f->get();
  throw UserError(fmt::format("{} must be a number", where));
}

std::string text(const toml::node& node, const std::string& where) {
  if (const auto* s = node.as_string()) return s->get();
  throw UserError(fmt::format("{} must be a string", where));
}

const toml::table& table(const toml::node& node, const std::string& where, const char* example) {
  if (const auto* t = node.as_table()) return *t;
  throw UserError(fmt::format("{} must be a table, e.g. {}", where, example));
}

// One bot's { rating, low, high }, low <= rating <= high. `name` is its dotted name ("intrigue.bots.easy"), `where`
// the same with its file and line.
BotScore read_score(const std::string& file, const std::string& bot, const toml::table& score, const std::string& name,
                    const std::string& where) {
  BotScore out{.bot = bot};
  for (auto&& [key, node] : score) {
    const std::string field = fmt::format("{}.{}", name, key.str());
    if (key.str() == "rating") out.rating = number(node, at(file, key, field));
    else if (key.str() == "low") out.low = number(node, at(file, key, field));
    else if (key.str() == "high") out.high = number(node, at(file, key, field));
    else throw UserError(at(file, key, fmt::format("{} is not a field of a rating; allowed: rating, low, high", field)));
  }
  for (const char* field : {"rating", "low", "high"}) {
    if (!score.contains(field)) throw UserError(fmt::format("{}: field '{}' is missing (a rating has rating, low, high)", where, field));
  }
  if (!(out.low <= out.rating && out.rating <= out.high)) {
    throw UserError(fmt::format("{}: low {} <= rating {} <= high {} does not hold", where, out.low, out.rating, out.high));
  }
  return out;
}

std::vector<BotScore> read_bots(const std::string& file, const GameEntry& entry, const toml::table& bots,
                                const std::string& where) {
  std::vector<BotScore> out;
  for (auto&& [key, node] : bots) {
    const std::string bot(key.str());
    const std::string name = fmt::format("{}.{}", where, bot), here = at(file, key, name);
    if (!entry.find_offered(bot)) {
      throw UserError(fmt::format("{}: '{}' is not a bot {} offers; offered: {}", here, bot, entry.info.id,
                                  fmt::join(offered_bot_names(entry), ", ")));
    }
    out.push_back(read_score(file, bot, table(node, here, "{ rating = 1500, low = 1480, high = 1520 }"), name, here));
  }
  return out;
}

int read_players(const toml::node& node, const GameEntry& entry, const std::string& where) {
  const auto players = toml_integer(node);
  if (!players || *players < entry.info.min_seats || *players > entry.info.max_seats) {
    throw UserError(fmt::format("{} must be a whole number of seats {}..{}", where, entry.info.min_seats,
                                entry.info.max_seats));
  }
  return static_cast<int>(*players);
}

GameRatings read_game(const std::string& file, const GameEntry& entry, const toml::table& game) {
  GameRatings out{.game = entry.info.id};
  for (auto&& [key, node] : game) {
    const std::string where = at(file, key, fmt::format("{}.{}", entry.info.id, key.str()));
    if (key.str() == "players") out.players = read_players(node, entry, where);
    else if (key.str() == "options") out.options = text(node, where);
    else if (key.str() == "command") out.command = text(node, where);
    else if (key.str() == "bots") out.bots = read_bots(file, entry, table(node, where, "[game.bots]"), entry.info.id + ".bots");
    else throw UserError(fmt::format("{} is not a field of a game's ratings; allowed: players, options, command, bots", where));
  }
  if (out.players == 0) throw UserError(fmt::format("{}: [{}] says no players (the seats it was rated at)", file, entry.info.id));
  return out;
}

// A TOML basic string.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// `bots` in the order `entry` offers them (a bot it does not offer last, for the parse back to refuse).
std::vector<BotScore> in_offered_order(std::vector<BotScore> bots, const GameEntry& entry) {
  const auto place = [&](const BotScore& b) {
    const auto names = offered_bot_names(entry);
    return std::find(names.begin(), names.end(), b.bot) - names.begin();
  };
  std::stable_sort(bots.begin(), bots.end(), [&](const BotScore& x, const BotScore& y) { return place(x) < place(y); });
  return bots;
}

}  // namespace

std::vector<GameRatings> parse_ratings(const std::string& text, const std::string& source,
                                       const std::vector<GameEntry>& entries) {
  const toml::table root = parse_toml(text, source);
  std::vector<GameRatings> out;
  for (auto&& [key, node] : root) {
    const std::string id(key.str());
    const std::string where = at(source, key, "[" + id + "]");
    const GameEntry& entry = game_named(id, entries, where);
    out.push_back(read_game(source, entry, table(node, where, "[intrigue] with players and [intrigue.bots]")));
  }
  return out;
}

std::string render_ratings(const std::vector<GameRatings>& ratings, const std::vector<GameEntry>& entries) {
  std::string out =
      "# Each game's offered bots on one rating scale (Bradley-Terry, Elo-like, normal = 1500; low..high: the 95%\n"
      "# interval from a bootstrap over games), written by `court rate GAME --write data/ratings.toml`.\n"
      "# docs/report.md, \"Bot ratings\"; each game's table and command: docs/experiments/<game>.md.\n";
  for (const auto& entry : entries) {
    for (const auto& g : ratings) {
      if (g.game != entry.info.id) continue;
      out += fmt::format("\n[{}]\nplayers = {}\noptions = {}\ncommand = {}\n[{}.bots]\n", g.game, g.players,
                         quoted(g.options), quoted(g.command), g.game);
      for (const auto& b : in_offered_order(g.bots, entry)) {
        out += fmt::format("{} = {{ rating = {:.0f}, low = {:.0f}, high = {:.0f} }}\n", b.bot, b.rating, b.low, b.high);
      }
    }
  }
  parse_ratings(out, "the ratings written", entries);
  return out;
}

void apply_ratings(const std::vector<GameRatings>& ratings, std::vector<GameEntry>& entries) {
  for (const auto& g : ratings) {
    for (auto& entry : entries) {
      if (entry.info.id != g.game) continue;
      for (auto& offered : entry.offered) {
        for (const auto& b : g.bots) {
          if (b.bot != offered.name) continue;
          offered.rating = b.rating;
          offered.rating_interval = std::array<double, 2>{b.low, b.high};
          offered.rating_players = g.players;
        }
      }
    }
  }
}

}  // namespace court
