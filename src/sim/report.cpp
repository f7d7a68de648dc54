#include "sim/report.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

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
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

}  // namespace

std::string percent_pm(double rate, double low, double high) {
  const double half = 100 * std::max(rate - low, high - rate);
  if (half < 0.95) return fmt::format("{:.1f}% ± {:.1f}%", 100 * rate, std::max(0.1, half));
  return fmt::format("{:.0f}% ± {:.0f}%", 100 * rate, half);
}

nlohmann::json build_report(const ReportContext& c, const std::vector<GameRecord>& all) {
  std::vector<const GameRecord*> records;
  for (const auto& r : all) records.push_back(&r);
  const double games = static_cast<double>(records.size());
  const int players = c.players;
  std::vector<std::string> findings;

  nlohmann::json report = {{"court_report", 1},
                           {"game", c.info->id},
                           {"title", c.info->title},
                           {"players", players},
                           {"games", records.size()},
                           {"games_requested", c.settings.games},
                           {"interrupted", c.interrupted},
                           {"seed", c.settings.seed},
                           {"rotate", c.settings.rotate},
                           {"lineup", c.lineup},
                           {"options", c.options},
                           {"cooperative", cooperative(c, records)}};
  if (!c.data_dir.empty()) report["data_dir"] = c.data_dir;
  if (records.empty()) {
    report["findings"] = {"No game finished."};
    return report;
  }

  // ---- Seats.
  std::vector<double> seat_wins(players, 0), seat_scores(players, 0);
  double total_wins = 0;
  for (const auto* r : records) {
    for (int s = 0; s < players; ++s) {
      seat_wins[s] += r->seats[s].win;
      seat_scores[s] += r->seats[s].score;
      total_wins += r->seats[s].win;
    }
  }
  const double fair = total_wins / (games * players);
  report["fair_share"] = fair;
  report["seats"] = nlohmann::json::array();
  for (int s = 0; s < players; ++s) {
    const Interval ci = wilson(seat_wins[s], games);
    const TestResult t = proportion_test(seat_wins[s], games, fair);
    report["seats"].push_back({{"seat", s},
                               {"bot", c.lineup[s]},
                               {"games", games},
                               {"wins", seat_wins[s]},
                               {"win_rate", seat_wins[s] / games},
                               {"ci95", interval_json(ci)},
                               {"mean_score", seat_scores[s] / games},
                               {"z", t.statistic},
                               {"p_value", t.p_value}});
  }
  if (!cooperative(c, records) && players > 1) {
    const TestResult balance = chi_square_fit(seat_wins, std::vector<double>(players, total_wins / players));
    report["seat_balance"] = {{"chi_square", balance.statistic}, {"df", balance.df}, {"p_value", balance.p_value},
                              {"significant", balance.p_value < kSignificance}};
    const TestResult first = proportion_test(seat_wins[0], games, fair);
    report["first_player"] = {{"win_rate", seat_wins[0] / games}, {"ci95", interval_json(wilson(seat_wins[0], games))},
                              {"fair_share", fair}, {"z", first.statistic}, {"p_value", first.p_value},
                              {"significant", first.p_value < kSignificance}};
    for (int s = 0; s < players; ++s) {
      const Interval ci = wilson(seat_wins[s], games);
      const double rate = seat_wins[s] / games;
      if (report["seats"][s]["p_value"].get<double>() < kSignificance && balance.p_value < kSignificance) {
        findings.push_back(fmt::format("Seat {} wins {}, {} than a fair {}.", s, percent_pm(rate, ci.low, ci.high),
                                       rate > fair ? "more" : "less", pct(fair)));
      }
    }
    if (balance.p_value >= kSignificance) {
      findings.push_back(fmt::format("Seats look balanced: no seat's win rate differs significantly from a fair {} "
                                     "(chi-square p = {:.2f}).", pct(fair), balance.p_value));
    }
  }

  // ---- Bots (by spec, over every seat they sat in).
  std::vector<std::string> bots;
  for (const auto& b : c.lineup) if (std::find(bots.begin(), bots.end(), b) == bots.end()) bots.push_back(b);
  report["bots"] = nlohmann::json::array();
  for (const auto& bot : bots) {
    double seat_games = 0, wins = 0, score = 0;
    for (const auto* r : records) {
      for (int s = 0; s < players; ++s) {
        if (bot_at(c, *r, s) != bot) continue;
        ++seat_games;
        wins += r->seats[s].win;
        score += r->seats[s].score;
      }
    }
    if (cooperative(c, records)) {
      // The seats of one game share its result: count each game the bot played in once, or the
      // interval would be too narrow by the square root of the seats.
      double games_in = 0, team_wins = 0;
      for (const auto* r : records) {
        for (int s = 0; s < players; ++s) {
          if (bot_at(c, *r, s) != bot) continue;
          ++games_in;
          team_wins += r->team_win ? 1 : 0;
          break;
        }
      }
      score = seat_games > 0 ? score / seat_games * games_in : 0;
      seat_games = games_in;
      wins = team_wins;
    }
    const Interval ci = wilson(wins, seat_games);
    const TestResult t = proportion_test(wins, seat_games, fair);
    report["bots"].push_back({{"bot", bot}, {"seat_games", seat_games}, {"wins", wins},
                              {"win_rate", wins / seat_games}, {"ci95", interval_json(ci)},
                              {"mean_score", score / seat_games}, {"p_value", t.p_value}});
    if (bots.size() > 1 && !cooperative(c, records)) {
      findings.push_back(fmt::format("{} wins {} of its seats (a fair share is {}){}.", bot,
                                     percent_pm(wins / seat_games, ci.low, ci.high), pct(fair),
                                     t.p_value < kSignificance ? "" : "; the difference is not significant"));
    }
  }

  // ---- Head to head: how often bot A finishes ahead of bot B when both play.
  if (bots.size() > 1) {
    report["head_to_head"] = nlohmann::json::array();
    for (const auto& a : bots) {
      for (const auto& b : bots) {
        if (a == b) continue;
        double pairs = 0, ahead = 0;
        for (const auto* r : records) {
          for (int sa = 0; sa < players; ++sa) {
            if (bot_at(c, *r, sa) != a) continue;
            for (int sb = 0; sb < players; ++sb) {
              if (sb == sa || bot_at(c, *r, sb) != b) continue;
              ++pairs;
              if (r->seats[sa].rank < r->seats[sb].rank) ahead += 1;
              else if (r->seats[sa].rank == r->seats[sb].rank) ahead += 0.5;
            }
          }
        }
        report["head_to_head"].push_back({{"bot", a}, {"opponent", b}, {"pairs", pairs},
                                          {"ahead_rate", pairs > 0 ? ahead / pairs : 0.0},
                                          {"ci95", interval_json(wilson(ahead, pairs))}});
      }
    }
  }

  // ---- Length, scores, margins.
  std::vector<double> lengths, scores, margins;
  for (const auto* r : records) {
    lengths.push_back(r->length);
    double best = -1e300, second = -1e300;
    for (const auto& s : r->seats) {
      scores.push_back(s.score);
      if (s.score > best) { second = best; best = s.score; }
      else if (s.score > second) second = s.score;
    }
    if (players > 1) margins.push_back(best - second);
  }
  report["mean_length"] = summarize(lengths).mean;
  report["length"] = summary_json(lengths, true);
  report["scores"] = summary_json(scores, true);
  if (!margins.empty()) report["margin"] = summary_json(margins, true);
  const Summary len = summarize(lengths);
  findings.push_back(fmt::format("Games last {:.0f} moves on average (10% end by {:.0f}, 10% go past {:.0f}).",
                                 len.mean, len.p10, len.p90));

  // ---- Cooperative result.
  if (cooperative(c, records)) {
    double team_wins = 0;
    std::map<std::string, double> causes;
    for (const auto* r : records) {
      if (r->team_win) ++team_wins;
      else ++causes[r->loss_cause.empty() ? "unknown" : r->loss_cause];
    }
    const Interval ci = wilson(team_wins, games);
    report["team_win_rate"] = team_wins / games;
    report["team"] = rate_json(team_wins, games);
    report["loss_causes"] = causes;
    std::string cause_words;
    for (const auto& [cause, n] : causes) cause_words += fmt::format("{}{} {}", cause_words.empty() ? "" : ", ", cause, pct(n / games));
    findings.push_back(fmt::format("The team wins {}{}.", percent_pm(team_wins / games, ci.low, ci.high),
                                   causes.empty() ? "" : "; losses: " + cause_words));
  }

  // ---- Caps.
  double capped = 0;
  for (const auto* r : records) capped += r->report.capped;
  report["capped"] = rate_json(capped, games);
  if (capped > 0) findings.push_back(fmt::format("{} of games stopped at a cap rather than ending by the rules.", pct(capped / games)));

  // ---- Figures the game contributes.
  std::set<std::string> keys;
  for (const auto* r : records) for (const auto& [k, v] : r->report.values) keys.insert(k);
  report["game_stats"] = nlohmann::json::array();
  for (const auto& key : keys) {
    std::vector<double> values;
    for (const auto* r : records) {
      auto it = r->report.values.find(key);
      values.push_back(it == r->report.values.end() ? 0.0 : it->second);
    }
    const Summary s = summarize(values);
    report["game_stats"].push_back({{"name", key}, {"mean", s.mean}, {"sd", s.sd}, {"ci95", interval_json(s.mean_ci)}});
  }

  // ---- Card impact: win rate of the seats that held or played a card, against those that did not.
  std::map<std::string, std::pair<double, double>> held;   // card -> (seat-games, wins)
  double seat_games_all = games * players;
  for (const auto* r : records) {
    for (int s = 0; s < players; ++s) {
      std::set<std::string> cards(r->report.cards[s].begin(), r->report.cards[s].end());
      for (const auto& card : cards) {
        held[card].first += 1;
        held[card].second += r->seats[s].win;
      }
    }
  }
  report["cards"] = nlohmann::json::array();
  std::vector<std::pair<double, std::string>> notable;
  for (const auto& [card, counts] : held) {
    const double n_with = counts.first, w_with = counts.second;
    const double n_without = seat_games_all - n_with, w_without = total_wins - w_with;
    const TestResult t = two_proportion_test(w_with, n_with, w_without, n_without);
    const Interval ci = wilson(w_with, n_with);
    report["cards"].push_back({{"card", card}, {"seat_games", n_with}, {"wins", w_with},
                               {"win_rate", w_with / n_with}, {"ci95", interval_json(ci)},
                               {"win_rate_without", n_without > 0 ? w_without / n_without : 0.0},
                               {"p_value", t.p_value}, {"significant", t.p_value < kSignificance}});
    if (t.p_value < kSignificance && n_without > 0) {
      notable.push_back({std::fabs(w_with / n_with - w_without / n_without),
                         fmt::format("Holding or playing {}: win rate {} against {} without it.", card,
                                     percent_pm(w_with / n_with, ci.low, ci.high), pct(w_without / n_without))});
    }
  }
  std::sort(notable.rbegin(), notable.rend());
  for (std::size_t i = 0; i < notable.size() && i < 3; ++i) findings.push_back(notable[i].second);

  if (c.interrupted) {
    findings.insert(findings.begin(), fmt::format("Interrupted: {} of {} games finished.", records.size(), c.settings.games));
  }
  report["findings"] = findings;
  return report;
}

// The rows of one variant (a leading variant column when `variant` >= 0).
std::string csv_rows(const ReportContext& c, const std::vector<GameRecord>& records, const std::set<std::string>& keys,
                     int variant) {
  std::string out;
  for (const auto& r : records) {
    if (variant >= 0) out += fmt::format("{},", variant);
    out += fmt::format("{},{},{},{}", r.index, mix_seed(c.settings.seed, r.index), r.rotation, r.length);
    for (int s = 0; s < c.players; ++s) {
      out += fmt::format(",{},{},{},{}", csv_field(c.lineup[(s + r.rotation) % c.players]), r.seats[s].win ? 1 : 0,
                         r.seats[s].score, r.seats[s].rank);
    }
    if (c.info->cooperative) out += fmt::format(",{},{}", r.team_win ? 1 : 0, csv_field(r.loss_cause));
    out += fmt::format(",{}", r.report.capped ? 1 : 0);
    for (const auto& k : keys) {
      auto it = r.report.values.find(k);
      out += fmt::format(",{}", it == r.report.values.end() ? 0.0 : it->second);
    }
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
    for (const auto& r : *part.records) for (const auto& [k, v] : r.report.values) keys.insert(k);
  }
  std::string out = sweep ? "variant,game,seed,rotation,length" : "game,seed,rotation,length";
  for (int s = 0; s < first.players; ++s) out += fmt::format(",seat{0}_bot,seat{0}_win,seat{0}_score,seat{0}_rank", s);
  if (first.info->cooperative) out += ",team_win,loss_cause";
  out += ",capped";
  for (const auto& k : keys) out += "," + csv_field(k);
  out += "\n";
  for (std::size_t v = 0; v < parts.size(); ++v) out += csv_rows(*parts[v].context, *parts[v].records, keys, sweep ? static_cast<int>(v) : -1);
  return out;
}


}  // namespace court::sim
