// court games [--json]: the registered games with seat ranges, options and bots.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "engine/bot.h"
#include "engine/data.h"
#include "engine/registry.h"

namespace court::cli {
namespace {

nlohmann::json option_json(const OptionSpec& o) {
  static const char* kTypes[] = {"int", "bool", "choice", "text"};
  nlohmann::json j = {{"name", o.name}, {"type", kTypes[static_cast<int>(o.type)]}, {"default", o.default_value},
                      {"help", o.help}};
  if (o.type == OptionType::Int) { j["min"] = o.min; j["max"] = o.max; }
  if (o.type == OptionType::Choice) j["choices"] = o.choices;
  return j;
}

void print_games(bool as_json) {
  if (as_json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : games().all()) {
      nlohmann::json options = nlohmann::json::array();
      for (const auto& o : e.info.options) options.push_back(option_json(o));
      out.push_back({{"id", e.info.id}, {"title", e.info.title}, {"summary", e.info.summary},
                     {"min_players", e.info.min_seats}, {"max_players", e.info.max_seats},
                     {"cooperative", e.info.cooperative}, {"options", options}, {"bots", bot_names(e)},
                     {"offered_bots", offered_bots_json(e)}, {"default_bot", default_bot(e)}});
    }
    fmt::print("{}\n", out.dump(2));
    return;
  }
  for (const auto& e : games().all()) {
    fmt::print("{:<20} {} ({}-{} players{})\n", e.info.id, e.info.title, e.info.min_seats, e.info.max_seats,
               e.info.cooperative ? ", cooperative" : "");
    if (!e.info.summary.empty()) fmt::print("{:<20} {}\n", "", e.info.summary);
    for (const auto& o : e.info.options) {
      fmt::print("{:<20}   --set {:<22} {} ({})\n", "", o.name + "=" + o.default_value, o.help, describe_allowed(o));
    }
    for (const auto& o : e.offered) {
      const std::string rated = o.rating ? fmt::format(" \u00b7 {} ({} players)", rating_text(o), o.rating_players) : "";
      fmt::print("{:<20}   bot {:<10} {}{}: {}{}\n", "", o.name, o.title, rated, o.line,
                 o.name == kDefaultBot ? " (default)" : "");
    }
    fmt::print("{:<20}   bot specs: {}\n", "", fmt::join(bot_names(e), ", "));
  }
}

}  // namespace

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "List the registered games, their seat ranges, options and bots");
  auto as_json = std::make_shared<bool>(false);
  auto first = std::make_shared<bool>(false);
  cmd->add_flag("--json", *as_json, "Machine-readable output");
  cmd->add_flag("--first", *first, "Print only the id of the first registered game");
  cmd->callback([as_json, first] {
    if (*first) {
      if (games().all().empty()) throw UserError("no games are registered");
      fmt::print("{}\n", games().all().front().info.id);
      return;
    }
    print_games(*as_json);
  });
}

void add_rules_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("rules", "Print a game's rules page (docs/rules/GAME.md)");
  auto game = std::make_shared<std::string>();
  cmd->add_option("game", *game, "Game id")->required();
  cmd->callback([game] {
    games().get(*game);
    std::string page = rules_page(*game);
    if (page.empty()) throw UserError(fmt::format("{} has no rules page yet", *game));
    fmt::print("{}", page);
  });
}

}  // namespace court::cli
