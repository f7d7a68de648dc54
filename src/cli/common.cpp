#include "cli/common.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string_view>

#include "cli/commands.h"
#include "cli/terminal.h"
#include "engine/rng.h"

namespace court::cli {

namespace {

// `text` is a whole number in min..max written in decimal digits only (CLI11 alone reads "-1" into an
// unsigned seed as 18446744073709551615, and 0 players meant "not given").
bool whole_number_in(const std::string& text, std::uint64_t min, std::uint64_t max) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  const unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
  return errno == 0 && value >= min && value <= max;
}

// The validators' words name the value given and what is allowed (CLI11 puts the flag in front).
CLI::Validator players_check() {
  return CLI::Validator(
      [](std::string& text) {
        return whole_number_in(text, 1, std::numeric_limits<int>::max())
                   ? std::string()
                   : fmt::format("{} is not a number of players: give a whole number of at least 1 (each game's "
                                 "range: `court games`)", text);
      },
      "N >= 1");
}

CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& text) {
        return whole_number_in(text, 0, std::numeric_limits<std::uint64_t>::max())
                   ? std::string()
                   : fmt::format("{} is not a seed: give a whole number from 0 to {}", text,
                                 std::numeric_limits<std::uint64_t>::max());
      },
      "0..2^64-1");
}

}  // namespace

void add_game_args(CLI::App& command, GameArgs& args) {
  command.add_option("game", args.game, "Game id (see `court games`)")->required();
  command.add_option("--players,-p", args.players, "Number of players (default: the number of --seats, else the "
                                                   "game's minimum)")
      ->check(players_check());
  command.add_option("--seats", args.seats, "Who sits where, comma-separated: human, or a bot: easy, normal, strong, a game's personas (`court games`), "
                                       "or a spec such as heuristic, random, ismcts:iters=800");
  command.add_option("--set", args.sets, "Game option key=value (repeatable; see `court games`)");
  command.add_option("--data", args.data_dir, "Directory with an edited copy of the game's data files");
  command.add_option("--seed", args.seed,
                     "Random seed (default: a fresh one, printed; with two or more humans, when the game ends)")
      ->check(seed_check())
      ->each([&](const std::string&) { args.seed_given = true; });
}

std::vector<std::string> split_seats(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    auto comma = text.find(',', pos);
    std::string part = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    const bool is_param = part.find('=') != std::string::npos && part.find(':') == std::string::npos;
    if (is_param && !parts.empty()) {
      parts.back() += "," + part;
    } else {
      parts.push_back(part);
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  for (const auto& p : parts) {
    if (p.empty()) throw UserError(fmt::format("--seats {}: an empty seat; list one name per seat", text));
  }
  return parts;
}

int resolve_players(const GameArgs& args, const GameEntry& entry) {
  if (args.players > 0) return args.players;
  if (!args.seats.empty()) return static_cast<int>(split_seats(args.seats).size());
  return entry.info.min_seats;
}

std::vector<std::string> resolve_seats(const GameArgs& args, int players, const std::string& fallback) {
  if (args.seats.empty()) return std::vector<std::string>(players, fallback);
  auto seats = split_seats(args.seats);
  if (static_cast<int>(seats.size()) != players) {
    throw UserError(fmt::format("--seats lists {} seats but --players is {}", seats.size(), players));
  }
  return seats;
}

std::uint64_t resolve_seed(const GameArgs& args) {
  return args.seed_given ? args.seed : fresh_seed();
}

namespace {

void render(const nlohmann::json& value, int indent, std::string& out) {
  const std::string pad(indent, ' ');
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) {
      if (indent == 0 && (key == "log" || key == "log_total")) continue;
      if (item.is_object() || (item.is_array() && !item.empty() && (item[0].is_object() || item[0].is_array()))) {
        out += fmt::format("{}{}:\n", pad, key);
        render(item, indent + 2, out);
      } else if (item.is_string() && item.get<std::string>().find('\n') != std::string::npos) {
        // A multi-line string (a map grid, a table) is a picture: printed as a block under its key.
        out += fmt::format("{}{}:\n", pad, key);
        std::string_view rest = item.get_ref<const std::string&>();
        while (!rest.empty()) {
          const auto end = rest.find('\n');
          out += fmt::format("{}  {}\n", pad, rest.substr(0, end));
          rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        }
      } else {
        out += fmt::format("{}{}: {}\n", pad, key, item.is_string() ? item.get<std::string>() : item.dump());
      }
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (value[i].is_object() || value[i].is_array()) {
        out += fmt::format("{}- [{}]\n", pad, i);
        render(value[i], indent + 4, out);
      } else {
        out += fmt::format("{}- {}\n", pad, value[i].is_string() ? value[i].get<std::string>() : value[i].dump());
      }
    }
  } else {
    out += pad + value.dump() + "\n";
  }
}

}  // namespace

std::string render_view(const nlohmann::json& view) {
  std::string out;
  render(view, 0, out);
  return printable(out);   // the view's words come from data files and scenarios
}

std::string board_text(const GameInfo& info, const nlohmann::json& view, const Terminal& terminal) {
  if (!info.board.draw) return render_view(view);
  Board board;
  info.board.draw(view, nullptr, board);
  return terminal.paint(board);
}

std::size_t log_total(const nlohmann::json& view) {
  if (view.contains("log_total")) return view["log_total"].get<std::size_t>();
  return view.contains("log") ? view["log"].size() : 0;
}

std::vector<std::string> log_lines(const nlohmann::json& view, std::size_t from) {
  std::vector<std::string> out;
  if (!view.contains("log")) return out;
  const auto& log = view["log"];
  const std::size_t total = log_total(view);
  const std::size_t first = total - log.size();   // index of log[0] when the game keeps only recent lines
  for (std::size_t i = std::max(from, first); i < total; ++i) {
    const auto& line = log[i - first];
    out.push_back(printable(line.is_string() ? line.get<std::string>() : line.dump()));
  }
  return out;
}

namespace {

// "spring_pass_before_quota" -> "spring pass before quota"
std::string loss_words(const nlohmann::json& cause) {
  if (!cause.is_string()) return cause.dump();
  std::string words = cause.get<std::string>();
  std::replace(words.begin(), words.end(), '_', ' ');
  return words;
}

}  // namespace

std::string render_outcome(const nlohmann::json& outcome) {
  std::string out;
  if (outcome.contains("team_win")) {
    out += outcome["team_win"].get<bool>() ? "The team wins.\n"
                                           : fmt::format("The team loses ({}).\n", loss_words(outcome["loss_cause"]));
  }
  for (const auto& s : outcome["seats"]) {
    out += fmt::format("  seat {}: {} score {} rank {}\n", s["seat"].get<int>(), s["win"].get<bool>() ? "WIN " : "lose",
                       s["score"].get<double>(), s["rank"].get<int>());
  }
  return out;
}

void write_json_file(const std::string& path, const nlohmann::json& doc) {
  std::ofstream out(path);
  if (!out) throw UserError(fmt::format("cannot write {}", path));
  out << doc.dump(2) << "\n";
}

}  // namespace court::cli
