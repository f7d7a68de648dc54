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
#include "sim/aggregate.h"
#include "sim/stats.h"

namespace court::sim {
namespace {

constexpr double kSignificance = 0.05;

nlohmann::json interval_json(Interval i) { return nlohmann::json::array({i.low, i.high}); }

nlohmann::json rate_json(double k, double n) {
  const Interval ci = wilson(k, n);
  return {{"count", k}, {"of", n}, {"rate", n > 0 ? k / n : 0.0}, {"ci95", interval_json(ci)}};
}

nlohmann::json summary_json(const ValueCounts& values, const Summary& s, bool with_histogram) {
  nlohmann::json j = {{"count", s.count}, {"mean", s.mean}, {"sd", s.sd},   {"min", s.min},
                      {"p10", s.p10},     {"p50", s.p50},   {"p90", s.p90}, {"max", s.max},
                      {"mean_ci95", interval_json(s.mean_ci)}};
  if (with_histogram) {
    j["histogram"] = nlohmann::json::array();
    for (const Bin& b : histogram(values)) j["histogram"].push_back({{"from", b.from}, {"to", b.to}, {"count", b.count}});
  }
  return j;
}

nlohmann::json summary_json(const ValueCounts& values, bool with_histogram) {
  return summary_json(values, summarize(values), with_histogram);
}

// Whether the batch's outcomes were team results: a game can be cooperative in one mode only (Gameshire's
// competitive variant), so the outcomes decide, and the game's description only when none finished.
bool cooperative(const ReportContext& c, const Aggregate& a) {
  return a.games == 0 ? c.info->cooperative : a.first_cooperative == 1;
}

// "37%", or "36.6%" when the whole percent would hide a difference the report talks about.
std::string pct(double rate) {
  const double p = 100 * rate;
  return std::fabs(p - std::round(p)) < 0.05 ? fmt::format("{:.0f}%", p) : fmt::format("{:.1f}%", p);
}

// A CSV field, quoted when it holds a comma or a quote (bot specs such as "ismcts:iters=10,c=1").
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

// What every section of the report reads: the batch's folded games and their context.
struct Batch {
  const ReportContext& c;
  const Aggregate& a;
  double games = 0;   // a.games
  int players = 0;
  bool cooperative = false;
};

// Wins and scores per seat over the batch, and the share of wins a seat has when seats do not matter.
struct SeatTotals {
  std::vector<double> wins, scores;
  double total_wins = 0;
  double fair = 0;
};

// The fields that describe the batch itself: game, seats, settings and options.
nlohmann::json report_header(const ReportContext& c, const Aggregate& a) {
  nlohmann::json report = {{"court_report", 1},
                           {"game", c.info->id},
                           {"title", c.info->title},
                           {"players", c.players},
                           {"games", a.games},
                           {"games_requested", c.settings.games},
                           {"interrupted", c.interrupted},
                           {"seed", c.settings.seed},
                           {"rotate", c.settings.rotate},
                           {"lineup", c.lineup},
                           {"options", c.options},
                           {"cooperative", cooperative(c, a)}};
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

// One bot's games, wins and summed score over every seat it sat in.
struct BotTally {
  double seat_games = 0, wins = 0, score = 0;
};

BotTally tally_bot(const Batch& b, std::size_t bot) {
  const Aggregate::BotSums& sums = b.a.bot_sums[bot];
  BotTally t{sums.seat_games, sums.wins, sums.score};
  if (b.cooperative) {
    // The seats of one game share its result: count each game the bot played in once, or the
    // interval would be too narrow by the square root of the seats.
    t.score = t.seat_games > 0 ? t.score / t.seat_games * sums.games_in : 0;
    t.seat_games = sums.games_in;
    t.wins = sums.team_wins;
  }
  return t;
}

// Each bot (by spec, over every seat it sat in): its win rate against the fair share.
void add_bots(const Batch& b, double fair, nlohmann::json& report, std::vector<std::string>& findings) {
  const std::vector<std::string>& bots = b.a.bots;
  report["bots"] = nlohmann::json::array();
  for (std::size_t i = 0; i < bots.size(); ++i) {
    const std::string& bot = bots[i];
    const BotTally t = tally_bot(b, i);
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
void add_head_to_head(const Batch& b, nlohmann::json& report) {
  const std::size_t n = b.a.bots.size();
  if (n <= 1) return;
  report["head_to_head"] = nlohmann::json::array();
  for (std::size_t x = 0; x < n; ++x) {
    for (std::size_t y = 0; y < n; ++y) {
      if (x == y) continue;
      const double pairs = b.a.pairs[x * n + y], ahead = b.a.ahead[x * n + y];
      report["head_to_head"].push_back({{"bot", b.a.bots[x]}, {"opponent", b.a.bots[y]}, {"pairs", pairs},
                                        {"ahead_rate", pairs > 0 ? ahead / pairs : 0.0},
                                        {"ci95", interval_json(wilson(ahead, pairs))}});
    }
  }
}

// Length of the games, every seat's score, and the winner's margin over the runner-up.
void add_lengths_and_scores(const Batch& b, nlohmann::json& report, std::vector<std::string>& findings) {
  const Summary len = summarize(b.a.lengths);
  report["mean_length"] = len.mean;
  report["length"] = summary_json(b.a.lengths, len, true);
  report["scores"] = summary_json(b.a.scores, true);
  if (b.a.margins.count() > 0) report["margin"] = summary_json(b.a.margins, true);
  findings.push_back(fmt::format("Games last {:.0f} moves on average (10% end by {:.0f}, 10% go past {:.0f}).",
                                 len.mean, len.p10, len.p90));
}

// Cooperative games: the team's win rate and what the lost games were lost to.
void add_team_result(const Batch& b, nlohmann::json& report, std::vector<std::string>& findings) {
  if (!b.cooperative) return;
  const double team_wins = b.a.team_wins;
  std::map<std::string, double> causes;
  for (std::size_t id = 0; id < b.a.names.size(); ++id) {
    if (b.a.causes[id] > 0) causes[b.a.names[id]] += b.a.causes[id];
  }
  if (b.a.unknown_causes > 0) causes["unknown"] += b.a.unknown_causes;
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
  const double capped = b.a.capped;
  report["capped"] = rate_json(capped, b.games);
  if (capped > 0) findings.push_back(fmt::format("{} of games stopped at a cap rather than ending by the rules.", pct(capped / b.games)));
}

// The figures the game contributes: each one's mean over the batch (0 in games that did not report it).
void add_game_stats(const Batch& b, nlohmann::json& report) {
  std::map<std::string_view, ValueCounts> columns;   // by name: every game's value, 0 where it was not set
  for (std::size_t id = 0; id < b.a.names.size(); ++id) {
    const ValueCounts& set = b.a.figures[id];
    if (set.count() == 0) continue;
    ValueCounts& column = columns.emplace(b.a.names[id], set).first->second;
    if (set.count() < b.a.games) column.add(0.0, b.a.games - set.count());
  }
  report["game_stats"] = nlohmann::json::array();
  for (const auto& [key, values] : columns) {
    const Summary s = summarize(values);
    report["game_stats"].push_back({{"name", key}, {"mean", s.mean}, {"sd", s.sd}, {"ci95", interval_json(s.mean_ci)}});
  }
}

// Card impact: the win rate of the seats that held or played a card, against those that did not; the
// three largest significant differences become findings.
void add_card_impact(const Batch& b, const SeatTotals& t, nlohmann::json& report, std::vector<std::string>& findings) {
  std::map<std::string_view, Aggregate::CardSums> held;   // ordered by name for the report
  for (std::size_t id = 0; id < b.a.names.size(); ++id) {
    if (b.a.cards[id].seat_games > 0) held.emplace(b.a.names[id], b.a.cards[id]);
  }
  double seat_games_all = b.games * b.players;
  report["cards"] = nlohmann::json::array();
  std::vector<std::pair<double, std::string>> notable;
  for (const auto& [card, counts] : held) {
    const double n_with = counts.seat_games, w_with = counts.wins;
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

nlohmann::json build_report(const ReportContext& c, const Records& records) {
  Aggregate a(c.players, c.lineup);
  a.fold(records);
  return build_report(c, a);
}

nlohmann::json build_report(const ReportContext& c, const Aggregate& a) {
  const Batch b{c, a, static_cast<double>(a.games), c.players, cooperative(c, a)};
  nlohmann::json report = report_header(c, a);
  if (a.games == 0) {
    report["findings"] = {"No game finished."};
    return report;
  }
  std::vector<std::string> findings;
  const SeatTotals totals{a.seat_wins, a.seat_scores, a.total_wins, a.total_wins / (b.games * b.players)};
  add_seats(b, totals, report);
  add_seat_balance(b, totals, report, findings);
  add_bots(b, totals.fair, report, findings);
  add_head_to_head(b, report);
  add_lengths_and_scores(b, report, findings);
  add_team_result(b, report, findings);
  add_caps(b, report, findings);
  add_game_stats(b, report);
  add_card_impact(b, totals, report, findings);
  if (c.settings.shape) report["shape"] = shape_json(a.shape, c.players, c.settings.seed);   // sim/shape.h; only when recorded
  if (c.interrupted) {
    findings.insert(findings.begin(), fmt::format("Interrupted: {} of {} games finished.", a.games, c.settings.games));
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
