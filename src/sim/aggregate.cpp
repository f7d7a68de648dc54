// Folding a batch's games into its report figures (aggregate.h), and the aggregate as JSON.
#include "sim/aggregate.h"

#include <algorithm>
#include <stdexcept>

namespace court::sim {

Aggregate::Aggregate(int players_, const std::vector<std::string>& lineup)
    : players(players_), seat_wins(static_cast<std::size_t>(players_), 0.0),
      seat_scores(static_cast<std::size_t>(players_), 0.0), shape(players_) {
  for (const auto& spec : lineup) {
    auto it = std::find(bots.begin(), bots.end(), spec);
    if (it == bots.end()) it = bots.insert(bots.end(), spec);
    bot_of.push_back(static_cast<std::size_t>(it - bots.begin()));
  }
  bot_sums.resize(bots.size());
  pairs.assign(bots.size() * bots.size(), 0.0);
  ahead.assign(bots.size() * bots.size(), 0.0);
}

std::uint32_t Aggregate::number(const std::string& name) {
  const auto [it, added] = ids_.emplace(name, static_cast<std::uint32_t>(names.size()));
  if (added) {
    names.push_back(name);
    causes.push_back(0);
    figures.emplace_back();
    cards.emplace_back();
  }
  return it->second;
}

// The table from the batch's name numbers to this aggregate's, made for each fold (a round of games:
// a few hundred names against hundreds of games).
void Aggregate::renumber(const Names& batch) {
  from_batch_.clear();
  for (std::uint32_t i = 0; i < batch.size(); ++i) from_batch_.push_back(number(batch[i]));
}

// Seats, bots and head to head: each sum adds in game order, seat after seat, as the report's loops over
// the records did.
void Aggregate::fold_seats(const GameRecord& r) {
  const std::size_t n = bots.size();
  bool sat[kMaxSeats] = {};
  for (int s = 0; s < players; ++s) {
    const double win = r.seats[s].win;
    seat_wins[s] += win;
    seat_scores[s] += r.seats[s].score;
    total_wins += win;
    const std::size_t a = bot_of[(s + r.rotation) % players];
    BotSums& bot = bot_sums[a];
    ++bot.seat_games;
    bot.wins += win;
    bot.score += r.seats[s].score;
    if (!sat[a]) {
      sat[a] = true;
      ++bot.games_in;
      bot.team_wins += r.team_win ? 1 : 0;
    }
    if (n <= 1) continue;
    for (int t = 0; t < players; ++t) {
      const std::size_t b = bot_of[(t + r.rotation) % players];
      if (t == s || b == a) continue;
      pairs[a * n + b] += 1;
      if (r.seats[s].rank < r.seats[t].rank) ahead[a * n + b] += 1;
      else if (r.seats[s].rank == r.seats[t].rank) ahead[a * n + b] += 0.5;
    }
  }
}

// Card impact: each card a seat held or played counts once for that seat.
void Aggregate::fold_cards(const GameRecord& r) {
  auto next = r.cards.begin();
  for (int s = 0; s < players; ++s) {
    held_.assign(next, next + r.card_counts[s]);
    next += r.card_counts[s];
    std::sort(held_.begin(), held_.end());
    held_.erase(std::unique(held_.begin(), held_.end()), held_.end());
    for (std::uint32_t card : held_) {
      CardSums& sums = cards[from_batch_[card]];
      sums.seat_games += 1;
      sums.wins += r.seats[s].win;
    }
  }
}

void Aggregate::fold(const Records& records) {
  renumber(records.names);
  for (const GameRecord& r : records.games) {
    if (first_cooperative < 0) first_cooperative = r.cooperative ? 1 : 0;
    ++games;
    fold_seats(r);
    lengths.add(r.length);
    double best = -1e300, second = -1e300;
    for (const auto& s : r.seats) {
      scores.add(s.score);
      if (s.score > best) {
        second = best;
        best = s.score;
      } else if (s.score > second) {
        second = s.score;
      }
    }
    if (players > 1) margins.add(best - second);
    if (r.team_win) ++team_wins;
    else if (r.loss_cause == kNoName) ++unknown_causes;
    else ++causes[from_batch_[r.loss_cause]];
    capped += r.capped;
    for (const auto& [name, value] : r.figures) figures[from_batch_[name]].add(value);
    fold_cards(r);
    if (r.shape) {
      has_shape = true;
      shape.fold(*r.shape, r.cooperative);
    }
  }
}

namespace {

template <class T>
std::vector<T> sized(const nlohmann::json& j, std::size_t n, const char* what) {
  auto v = j.get<std::vector<T>>();
  if (v.size() != n) throw std::runtime_error(std::string("a checkpoint's '") + what + "' has the wrong size");
  return v;
}

}  // namespace

nlohmann::json Aggregate::to_json() const {
  nlohmann::json bots_json = nlohmann::json::array();
  for (const auto& b : bot_sums) bots_json.push_back({b.seat_games, b.wins, b.score, b.games_in, b.team_wins});
  nlohmann::json named = nlohmann::json::array();
  for (std::size_t i = 0; i < names.size(); ++i) {
    named.push_back({names[i], causes[i], counts_json(figures[i]), cards[i].seat_games, cards[i].wins});
  }
  nlohmann::json j = {{"games", games}, {"first_cooperative", first_cooperative}, {"seat_wins", seat_wins},
          {"seat_scores", seat_scores}, {"total_wins", total_wins}, {"bots", bots_json}, {"pairs", pairs},
          {"ahead", ahead}, {"lengths", counts_json(lengths)}, {"scores", counts_json(scores)},
          {"margins", counts_json(margins)}, {"team_wins", team_wins}, {"capped", capped},
          {"unknown_causes", unknown_causes}, {"names", named}};
  if (has_shape) j["shape"] = shape.to_json();   // only when recorded: a plain checkpoint is as it was
  return j;
}

Aggregate Aggregate::from_json(const nlohmann::json& j, int players, const std::vector<std::string>& lineup) {
  Aggregate a(players, lineup);
  try {
    a.games = j.at("games").get<std::uint64_t>();
    a.first_cooperative = j.at("first_cooperative").get<int>();
    a.seat_wins = sized<double>(j.at("seat_wins"), a.seat_wins.size(), "seat_wins");
    a.seat_scores = sized<double>(j.at("seat_scores"), a.seat_scores.size(), "seat_scores");
    a.total_wins = j.at("total_wins").get<double>();
    const auto bots = sized<std::vector<double>>(j.at("bots"), a.bot_sums.size(), "bots");
    for (std::size_t i = 0; i < bots.size(); ++i) {
      const auto& b = bots[i];
      if (b.size() != 5) throw std::runtime_error("a checkpoint's bot sums are not 5 numbers");
      a.bot_sums[i] = {b[0], b[1], b[2], b[3], b[4]};
    }
    a.pairs = sized<double>(j.at("pairs"), a.pairs.size(), "pairs");
    a.ahead = sized<double>(j.at("ahead"), a.ahead.size(), "ahead");
    a.lengths = counts_from_json(j.at("lengths"));
    a.scores = counts_from_json(j.at("scores"));
    a.margins = counts_from_json(j.at("margins"));
    a.team_wins = j.at("team_wins").get<double>();
    a.capped = j.at("capped").get<double>();
    a.unknown_causes = j.at("unknown_causes").get<double>();
    for (const auto& e : j.at("names")) {
      const std::uint32_t id = a.number(e.at(0).get<std::string>());
      a.causes[id] = e.at(1).get<double>();
      a.figures[id] = counts_from_json(e.at(2));
      a.cards[id] = {e.at(3).get<double>(), e.at(4).get<double>()};
    }
    if (j.contains("shape")) {
      a.has_shape = true;
      a.shape = ShapeSums::from_json(j.at("shape"), players);
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("a checkpoint's aggregate is unreadable: ") + e.what());
  }
  return a;
}

}  // namespace court::sim
