#include "sim/report.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/rng.h"
#include "sim/stats.h"

namespace court::sim {
namespace {

// Whether the batch's outcomes were team results: a game can be cooperative in one mode only (Gameshire's
// competitive variant), so the outcomes decide, and the game's description only when none finished.
bool cooperative(const ReportContext& c, const std::vector<const GameRecord*>& records) {
  return records.empty() ? c.info->cooperative : records.front()->cooperative;
}

constexpr double kSignificance = 0.05;

nlohmann::json interval_json(Interval i) { return nlohmann::json::array({i.low, i.high}); }

nlohmann::json rate_json(double k, double n) {
  const Interval ci = wilson(k, n);
  return {{"count", k}, {"of", n}, {"rate", n > 0 ? k / n : 0.0}, {"ci95", interval_json(ci)}};
}

nlohmann::json summary_json(const std::vector<double>& values, bool with_histogram) {
  const Summary s = summarize(values);
  nlohmann::json j = {{"count", s.count}, {"mean", s.mean}, {"sd", s.sd},   {"min", s.min},
                      {"p10", s.p10},     {"p50", s.p50},   {"p90", s.p90}, {"max", s.max},
                      {"mean_ci95", interval_json(s.mean_ci)}};
  if (with_histogram) {
    j["histogram"] = nlohmann::json::array();
    for (const Bin& b : histogram(values)) j["histogram"].push_back({{"from", b.from}, {"to", b.to}, {"count", b.count}});
  }
  return j;
}

// "37%", or "36.6%" when the whole percent would hide a difference the report talks about.
std::string pct(double rate) {
  const double p = 100 * rate;
  return std::fabs(p - std::round(p)) < 0.05 ? fmt::format("{:.0f}%", p) : fmt::format("{:.1f}%", p);
}

// The bot that sat at `seat` in `record`.
const std::string& bot_at(const ReportContext& c, const GameRecord& r, int seat) {
  return c.lineup[(seat + r.rotation) % c.players];
}

// A CSV field, quoted when it holds a comma or a quote (bot specs such as "ismcts:iters=10,c=1").
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

// What every section of the report reads: the finished games and their context.
struct Batch {
  const ReportContext& c;
  const Names& names;   // what the records' figures and cards are numbered by
  std::vector<const GameRecord*> records;
  double games = 0;   // records.size()
  int players = 0;
  bool cooperative = false;
};

// Wins and scores per seat over the batch, and the share of wins a seat has when seats do not matter.
struct SeatTotals {
  std::vector<double> wins, scores;
  double total_wins = 0;
  double fair = 0;
};

SeatTotals seat_totals(const Batch& b) {
  SeatTotals t{std::vector<double>(b.players, 0), std::vector<double>(b.players, 0)};
  for (const auto* r : b.records) {
    for (int s = 0; s < b.players; ++s) {
      t.wins[s] += r->seats[s].win;
      t.scores[s] += r->seats[s].score;
      t.total_wins += r->seats[s].win;
    }
  }
  t.fair = t.total_wins / (b.games * b.players);
  return t;
}

// The fields that describe the batch itself: game, seats, settings and options.
nlohmann::json report_header(const ReportContext& c, const std::vector<const GameRecord*>& records) {
  nlohmann::json report = {{"court_report", 1},
                           {"game", c.info->id},
                           {"title", c.info->title},
                           {"players", c.players},
                           {"games", records.size()},
                           {"games_requested", c.settings.games},
                           {"interrupted", c.interrupted},
                           {"seed", c.settings.seed},
                           {"rotate", c.settings.rotate},
                           {"lineup", c.lineup},
                           {"options", c.options},
                           {"cooperative", cooperative(c, records)}};
  if (!c.data_dir.empty()) report["data_dir"] = c.data_dir;
  return report;
}

// Each seat's wins and mean score, tested against the fair share.
void add_seats(const Batch& b, const SeatTotals& t, nlohmann::json& report) {
  report["fair_share"] = t.fair;
  report["seats"] = nlohmann::json::array();
  for (int s = 0; s < b.players; ++s) {
    const Interval ci = wilson(t.wins[s], b.games);
    const TestResult test = proportion_test(t.wins[s], b.games, t.fair);
    report["seats"].push_back({{"seat", s},
                               {"bot", b.c.lineup[s]},
                               {"games", b.games},
                               {"wins", t.wins[s]},
                               {"win_rate", t.wins[s] / b.games},
                               {"ci95", interval_json(ci)},
                               {"mean_score", t.scores[s] / b.games},
                               {"z", test.statistic},
                               {"p_value", test.p_value}});
  }
}

// Competitive games with several seats: whether the seats win alike (chi-square), whether the first
// player has an edge, and a finding per seat that stands out.
void add_seat_balance(const Batch& b, const SeatTotals& t, nlohmann::json& report, std::vector<std::string>& findings) {
  if (b.cooperative || b.players <= 1) return;
  const TestResult balance = chi_square_fit(t.wins, std::vector<double>(b.players, t.total_wins / b.players));
  report["seat_balance"] = {{"chi_square", balance.statistic}, {"df", balance.df}, {"p_value", balance.p_value},
                            {"significant", balance.p_value < kSignificance}};
  const TestResult first = proportion_test(t.wins[0], b.games, t.fair);
  report["first_player"] = {{"win_rate", t.wins[0] / b.games}, {"ci95", interval_json(wilson(t.wins[0], b.games))},
                            {"fair_share", t.fair}, {"z", first.statistic}, {"p_value", first.p_value},
                            {"significant", first.p_value < kSignificance}};
  for (int s = 0; s < b.players; ++s) {
    const Interval ci = wilson(t.wins[s], b.games);
    const double rate = t.wins[s] / b.games;
    if (report["seats"][s]["p_value"].get<double>() < kSignificance && balance.p_value < kSignificance) {
      findings.push_back(fmt::format("Seat {} wins {}, {} than a fair {}.", s, percent_pm(rate, ci.low, ci.high),
                                     rate > t.fair ? "more" : "less", pct(t.fair)));
    }
  }
  if (balance.p_value >= kSignificance) {
    findings.push_back(fmt::format("Seats look balanced: no seat's win rate differs significantly from a fair {} "
                                   "(chi-square p = {:.2f}).", pct(t.fair), balance.p_value));
  }
}

// The bot specs of the lineup, each once, in lineup order.
std::vector<std::string> distinct_bots(const std::vector<std::string>& lineup) {
  std::vector<std::string> bots;
  for (const auto& b : lineup) if (std::find(bots.begin(), bots.end(), b) == bots.end()) bots.push_back(b);
  return bots;
}

// One bot's games, wins and summed score over every seat it sat in.
struct BotTally {
  double seat_games = 0, wins = 0, score = 0;
};

BotTally tally_bot(const Batch& b, const std::string& bot) {
  BotTally t;
  for (const auto* r : b.records) {
    for (int s = 0; s < b.players; ++s) {
      if (bot_at(b.c, *r, s) != bot) continue;
      ++t.seat_games;
      t.wins += r->seats[s].win;
      t.score += r->seats[s].score;
    }
  }
  if (b.cooperative) {
    // The seats of one game share its result: count each game the bot played in once, or the
    // interval would be too narrow by the square root of the seats.
    double games_in = 0, team_wins = 0;
    for (const auto* r : b.records) {
      for (int s = 0; s < b.players; ++s) {
        if (bot_at(b.c, *r, s) != bot) continue;
        ++games_in;
        team_wins += r->team_win ? 1 : 0;
        break;
      }
    }
    t.score = t.seat_games > 0 ? t.score / t.seat_games * games_in : 0;
    t.seat_games = games_in;
    t.wins = team_wins;
  }
  return t;
}

// Each bot (by spec, over every seat it sat in): its win rate against the fair share.
void add_bots(const Batch& b, const std::vector<std::string>& bots, double fair, nlohmann::json& report,
              std::vector<std::string>& findings) {
  report["bots"] = nlohmann::json::array();
  for (const auto& bot : bots) {
    const BotTally t = tally_bot(b, bot);
    const Interval ci = wilson(t.wins, t.seat_games);
    const TestResult test = proportion_test(t.wins, t.seat_games, fair);
    report["bots"].push_back({{"bot", bot}, {"seat_games", t.seat_games}, {"wins", t.wins},
                              {"win_rate", t.wins / t.seat_games}, {"ci95", interval_json(ci)},
                              {"mean_score", t.score / t.seat_games}, {"p_value", test.p_value}});
    if (bots.size() > 1 && !b.cooperative) {
      findings.push_back(fmt::format("{} wins {} of its seats (a fair share is {}){}.", bot,
                                     percent_pm(t.wins / t.seat_games, ci.low, ci.high), pct(fair),
                                     test.p_value < kSignificance ? "" : "; the difference is not significant"));
    }
  }
}

// Head to head: how often bot A finishes ahead of bot B when both play (a tie counts half).
void add_head_to_head(const Batch& b, const std::vector<std::string>& bots, nlohmann::json& report) {
  if (bots.size() <= 1) return;
  report["head_to_head"] = nlohmann::json::array();
  for (const auto& bot_a : bots) {
    for (const auto& bot_b : bots) {
      if (bot_a == bot_b) continue;
      double pairs = 0, ahead = 0;
      for (const auto* r : b.records) {
        for (int sa = 0; sa < b.players; ++sa) {
          if (bot_at(b.c, *r, sa) != bot_a) continue;
          for (int sb = 0; sb < b.players; ++sb) {
            if (sb == sa || bot_at(b.c, *r, sb) != bot_b) continue;
            ++pairs;
            if (r->seats[sa].rank < r->seats[sb].rank) ahead += 1;
            else if (r->seats[sa].rank == r->seats[sb].rank) ahead += 0.5;
          }
        }
      }
      report["head_to_head"].push_back({{"bot", bot_a}, {"opponent", bot_b}, {"pairs", pairs},
                                        {"ahead_rate", pairs > 0 ? ahead / pairs : 0.0},
                                        {"ci95", interval_json(wilson(ahead, pairs))}});
    }
  }
}

// Length of the games, every seat's score, and the winner's margin over the runner-up.
void add_lengths_and_scores(const Batch& b, nlohmann::json& report, std::vector<std::string>& findings) {
  std::vector<double> lengths, scores, margins;
  for (const auto* r : b.records) {
    lengths.push_back(r->length);
    double best = -1e300, second = -1e300;
    for (const auto& s : r->seats) {
      scores.push_back(s.score);
      if (s.score > best) { second = best; best = s.score; }
      else if (s.score > second) second = s.score;
    }
    if (b.players > 1) margins.push_back(best - second);
  }
  report["mean_length"] = summarize(lengths).mean;
  report["length"] = summary_json(lengths, true);
  report["scores"] = summary_json(scores, true);
  if (!margins.empty()) report["margin"] = summary_json(margins, true);
  const Summary len = summarize(lengths);
  findings.push_back(fmt::format("Games last {:.0f} moves on average (10% end by {:.0f}, 10% go past {:.0f}).",
                                 len.mean, len.p10, len.p90));
}

// Cooperative games: the team's win rate and what the lost games were lost to.
void add_team_result(const Batch& b, nlohmann::json& report, std::vector<std::string>& findings) {
  if (!b.cooperative) return;
  double team_wins = 0;
  std::map<std::string, double> causes;
  for (const auto* r : b.records) {
    if (r->team_win) ++team_wins;
    else ++causes[r->loss_cause == kNoName ? "unknown" : b.names[r->loss_cause]];
  }
  const Interval ci = wilson(team_wins, b.games);
  report["team_win_rate"] = team_wins / b.games;
  report["team"] = rate_json(team_wins, b.games);
  report["loss_causes"] = causes;
  std::string cause_words;
  for (const auto& [cause, n] : causes) cause_words += fmt::format("{}{} {}", cause_words.empty() ? "" : ", ", cause, pct(n / b.games));
  findings.push_back(fmt::format("The team wins {}{}.", percent_pm(team_wins / b.games, ci.low, ci.high),
                                 causes.empty() ? "" : "; losses: " + cause_words));
}

// The games that stopped at a cap rather than ending by the rules.
void add_caps(const Batch& b, nlohmann::json& report, std::vector<std::string>& findings) {
  double capped = 0;
  for (const auto* r : b.records) capped += r->capped;
  report["capped"] = rate_json(capped, b.games);
  if (capped > 0) findings.push_back(fmt::format("{} of games stopped at a cap rather than ending by the rules.", pct(capped / b.games)));
}

// The figures the game contributes: each one's mean over the batch (0 in games that did not report it).
void add_game_stats(const Batch& b, nlohmann::json& report) {
  // Each figure's value per game, in game order, found by its name's number; then listed by name.
  std::vector<std::vector<double>> by_number(b.names.size());
  for (std::size_t i = 0; i < b.records.size(); ++i) {
    for (const auto& [name, value] : b.records[i]->figures) {
      auto& column = by_number[name];
      if (column.empty()) column.assign(b.records.size(), 0.0);
      column[i] = value;
    }
  }
  std::map<std::string_view, const std::vector<double>*> columns;
  for (std::uint32_t id = 0; id < by_number.size(); ++id) {
    if (!by_number[id].empty()) columns.emplace(b.names[id], &by_number[id]);
  }
  report["game_stats"] = nlohmann::json::array();
  for (const auto& [key, values] : columns) {
    const Summary s = summarize(*values);
    report["game_stats"].push_back({{"name", key}, {"mean", s.mean}, {"sd", s.sd}, {"ci95", interval_json(s.mean_ci)}});
  }
}

// Card impact: the win rate of the seats that held or played a card, against those that did not; the
// three largest significant differences become findings.
void add_card_impact(const Batch& b, const SeatTotals& t, nlohmann::json& report, std::vector<std::string>& findings) {
  // card -> (seat-games, wins): counted by the name's number, then ordered by name for the report.
  std::vector<std::pair<double, double>> counted(b.names.size());
  std::vector<std::uint32_t> cards;
  for (const auto* r : b.records) {
    auto next = r->cards.begin();
    for (int s = 0; s < b.players; ++s) {
      cards.assign(next, next + r->card_counts[s]);
      next += r->card_counts[s];
      std::sort(cards.begin(), cards.end());
      cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
      for (std::uint32_t card : cards) {
        auto& [seat_games, wins] = counted[card];
        seat_games += 1;
        wins += r->seats[s].win;
      }
    }
  }
  std::map<std::string_view, std::pair<double, double>> held;
  for (std::uint32_t id = 0; id < counted.size(); ++id) {
    if (counted[id].first > 0) held.emplace(b.names[id], counted[id]);
  }
  double seat_games_all = b.games * b.players;
  report["cards"] = nlohmann::json::array();
  std::vector<std::pair<double, std::string>> notable;
  for (const auto& [card, counts] : held) {
    const double n_with = counts.first, w_with = counts.second;
    const double n_without = seat_games_all - n_with, w_without = t.total_wins - w_with;
    const TestResult test = two_proportion_test(w_with, n_with, w_without, n_without);
    const Interval ci = wilson(w_with, n_with);
    report["cards"].push_back({{"card", card}, {"seat_games", n_with}, {"wins", w_with},
                               {"win_rate", w_with / n_with}, {"ci95", interval_json(ci)},
                               {"win_rate_without", n_without > 0 ? w_without / n_without : 0.0},
                               {"p_value", test.p_value}, {"significant", test.p_value < kSignificance}});
    if (test.p_value < kSignificance && n_without > 0) {
      notable.push_back({std::fabs(w_with / n_with - w_without / n_without),
                         fmt::format("Holding or playing {}: win rate {} against {} without it.", card,
                                     percent_pm(w_with / n_with, ci.low, ci.high), pct(w_without / n_without))});
    }
  }
  std::sort(notable.rbegin(), notable.rend());
  for (std::size_t i = 0; i < notable.size() && i < 3; ++i) findings.push_back(notable[i].second);
}

}  // namespace

std::string percent_pm(double rate, double low, double high) {
  const double half = 100 * std::max(rate - low, high - rate);
  if (half < 0.95) return fmt::format("{:.1f}% ± {:.1f}%", 100 * rate, std::max(0.1, half));
  return fmt::format("{:.0f}% ± {:.0f}%", 100 * rate, half);
}

nlohmann::json build_report(const ReportContext& c, const Records& all) {
  Batch b{c, all.names};
  for (const auto& r : all.games) b.records.push_back(&r);
  b.games = static_cast<double>(b.records.size());
  b.players = c.players;
  b.cooperative = cooperative(c, b.records);

  nlohmann::json report = report_header(c, b.records);
  if (b.records.empty()) {
    report["findings"] = {"No game finished."};
    return report;
  }
  std::vector<std::string> findings;
  const SeatTotals totals = seat_totals(b);
  add_seats(b, totals, report);
  add_seat_balance(b, totals, report, findings);
  const std::vector<std::string> bots = distinct_bots(c.lineup);
  add_bots(b, bots, totals.fair, report, findings);
  add_head_to_head(b, bots, report);
  add_lengths_and_scores(b, report, findings);
  add_team_result(b, report, findings);
  add_caps(b, report, findings);
  add_game_stats(b, report);
  add_card_impact(b, totals, report, findings);
  if (c.interrupted) {
    findings.insert(findings.begin(), fmt::format("Interrupted: {} of {} games finished.", b.records.size(), c.settings.games));
  }
  report["findings"] = findings;
  return report;
}

// The rows of one variant (a leading variant column when `variant` >= 0).
std::string csv_rows(const ReportContext& c, const Records& records, const std::set<std::string>& keys, int variant) {
  // The column of each name's number (-1: not a figure)
  std::vector<int> column(records.names.size(), -1);
  int k = 0;
  for (const auto& key : keys) {
    for (std::uint32_t id = 0; id < records.names.size(); ++id) if (records.names[id] == key) column[id] = k;
    ++k;
  }
  std::string out;
  std::vector<double> values(keys.size());
  for (const auto& r : records.games) {
    if (variant >= 0) out += fmt::format("{},", variant);
    out += fmt::format("{},{},{},{}", r.index, mix_seed(c.settings.seed, r.index), r.rotation, r.length);
    for (int s = 0; s < c.players; ++s) {
      out += fmt::format(",{},{},{},{}", csv_field(c.lineup[(s + r.rotation) % c.players]), r.seats[s].win ? 1 : 0,
                         r.seats[s].score, r.seats[s].rank);
    }
    if (c.info->cooperative) out += fmt::format(",{},{}", r.team_win ? 1 : 0, csv_field(records.loss_cause(r)));
    out += fmt::format(",{}", r.capped ? 1 : 0);
    std::fill(values.begin(), values.end(), 0.0);
    for (const auto& [name, value] : r.figures) values[static_cast<std::size_t>(column[name])] = value;
    for (double value : values) out += fmt::format(",{}", value);
    out += "\n";
  }
  return out;
}

std::string records_csv(const std::vector<CsvPart>& parts) {
  if (parts.empty()) return "";
  const ReportContext& first = *parts[0].context;
  const bool sweep = parts.size() > 1;
  std::set<std::string> keys;   // every figure of every variant: one header for the whole file
  for (const auto& part : parts) {
    std::vector<bool> figure(part.records->names.size());
    for (const auto& r : part.records->games) for (const auto& f : r.figures) figure[f.first] = true;
    for (std::uint32_t id = 0; id < figure.size(); ++id) if (figure[id]) keys.insert(part.records->names[id]);
  }
  std::string out = sweep ? "variant,game,seed,rotation,length" : "game,seed,rotation,length";
  for (int s = 0; s < first.players; ++s) out += fmt::format(",seat{0}_bot,seat{0}_win,seat{0}_score,seat{0}_rank", s);
  if (first.info->cooperative) out += ",team_win,loss_cause";
  out += ",capped";
  for (const auto& k : keys) {
    out += ',';
    out += csv_field(k);
  }
  out += "\n";
  for (std::size_t v = 0; v < parts.size(); ++v) out += csv_rows(*parts[v].context, *parts[v].records, keys, sweep ? static_cast<int>(v) : -1);
  return out;
}

}  // namespace court::sim
