// Gameshire's bots: the greedy judgement of maps and moves, and the Monte Carlo planner.
#include "games/gameshire/bot.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>

namespace court::gameshire {
namespace {

constexpr Bits kNotColL = ~Bits{0x0101010101010101ull};   // squares not in column L
constexpr Bits kNotColR = ~Bits{0x8080808080808080ull};   // squares not in column R

// Open squares with no open neighbour: no shape of two or more squares can ever use them.
Bits isolated(Bits open) {
  const Bits near = (open << 8) | (open >> 8) | ((open << 1) & kNotColL) | ((open >> 1) & kNotColR);
  return open & ~near;
}

Bits neighbours(int cell) {
  const Bits b = cell_bit(cell);
  return (b << 8) | (b >> 8) | ((b << 1) & kNotColL) | ((b >> 1) & kNotColR);
}

// ---- Spring ------------------------------------------------------------------------------------

// How good it is for `seat` to record `values` on `mask` now.
double spring_score(const GameshireState& st, Seat seat, Bits mask, const Value* values, const int* cells, int n) {
  const GameshireRules& rules = st.rules();
  const Board& b = st.board(seat);
  const MapInfo& map = rules.maps[b.map];
  const Pool& pool = st.pool(seat);
  const Bits before_open = kFieldMask & ~b.written & ~b.shaded;
  const Bits written = b.written | mask;
  const Bits open = kFieldMask & ~written & ~b.shaded;
  const double fill = count_squares(written & kFieldMask) / 36.0;
  double score = 1.0 * n;
  score -= 2.5 * (count_squares(isolated(open)) - count_squares(isolated(before_open)));
  std::uint8_t skills = pool.skills;
  int chosen = b.gifts_chosen;
  std::uint8_t team = pool.chosen;
  std::array<Value, kColumns> gift = pool.gift;
  const int quota = st.quota(seat);
  for (int i = 0; i < n; ++i) {
    if ((map.hammers & cell_bit(cells[i])) && is_crop(values[i]) && !(skills >> crop_of(values[i]) & 1)) {
      skills |= static_cast<std::uint8_t>(1u << crop_of(values[i]));
      score += 2.0;
    }
  }
  for (int c = 0; c < kColumns; ++c) {
    if (!(mask & cell_bit(map.crown[c])) || (team >> c & 1) || chosen >= quota) continue;
    Value v = 0;
    for (int i = 0; i < n; ++i) if (cells[i] == map.crown[c]) v = values[i];
    double bonus = 20.0 * (fill - 0.55);
    for (int k = 0; k < kColumns; ++k) if ((team >> k & 1) && gift[k] == v) bonus -= 8;
    if (count_squares(open) < 10) bonus += 10;
    score += bonus;
    ++chosen;
    team |= static_cast<std::uint8_t>(1u << c);
    gift[c] = v;
  }
  // Crowns still reachable for the gifts this player must still choose.
  const int needed = quota - chosen;
  if (needed > 0) {
    int live = 0;
    for (int c = 0; c < kColumns; ++c) {
      const int cell = map.crown[c];
      if ((team >> c & 1) || !(open & cell_bit(cell))) continue;
      if (neighbours(cell) & open) ++live;
    }
    if (live < needed) score -= 80;
    else if (live - needed < 2) score -= 4.0 * (2 - (live - needed));
  }
  const Bits filled = written | (rules.shaded_boons ? b.shaded : 0);   // blighted squares count (rulebook's note)
  for (int line = 0; line < kLines; ++line) {
    if (b.boon_lines >> line & 1) continue;
    const Bits m = boon_line_mask(line);
    if ((filled & m) == m) score += 2.5;
  }
  return score;
}

double spring_place_score(const GameshireState& st, Seat seat, CardId card, ResId res, const Placed& p, int anchor) {
  std::array<Value, kMaxShapeCells> values{};
  std::array<int, kMaxShapeCells> cells{};
  Bits mask = 0;
  for (int i = 0; i < p.size; ++i) {
    cells[i] = anchor + p.offset[i];
    values[i] = st.symbol_value(p.symbol[i], res);
    mask |= cell_bit(cells[i]);
  }
  (void)card;
  return spring_score(st, seat, mask, values.data(), cells.data(), p.size);
}

// ---- Autumn ------------------------------------------------------------------------------------

// What a map still offers for meeting demands: unshaded results, less squares no shape can reach.
double autumn_potential(const Board& b, Bits shaded) {
  const Bits open = ~shaded;
  const Bits filled = b.written | ~kFieldMask;
  return 1.0 * count_squares(open & filled) + 0.3 * count_squares(open & ~filled) - 0.8 * count_squares(isolated(open));
}

double autumn_place_score(const GameshireState& st, Seat seat, Bits mask) {
  const Board& b = st.board(seat);
  return autumn_potential(b, b.shaded | mask) - autumn_potential(b, b.shaded);
}

// The best value of placing `card` for `seat` (full shape), or -inf when it does not fit.
double best_placement(const GameshireState& st, Seat seat, CardId card, ResId res, bool as_active) {
  const SeasonCard& c = st.rules().cards[card];
  const bool spring = st.season() == Season::Spring;
  const auto& list = spring ? c.spring : c.autumn;
  const Bits open = st.open_squares(seat);
  const bool must_meet = !spring && as_active;
  const ValueSets sets = must_meet ? value_sets(st.board(seat).value) : ValueSets{};
  const Board& b = st.board(seat);
  const double before = spring ? 0 : autumn_potential(b, b.shaded);   // autumn_place_score's second term, once
  double best = -1e18;
  for (const Placed& p : list) {
    if (p.omitted != 0) break;
    Bits anchors = fitting_anchors(p.pattern, open);
    if (must_meet && anchors) anchors = meeting_anchors(c.require, p.pattern, sets, anchors);
    for (; anchors; anchors &= anchors - 1) {
      const int anchor = std::countr_zero(anchors);
      if (spring) best = std::max(best, spring_place_score(st, seat, card, res, p, anchor));
      else best = std::max(best, autumn_potential(b, b.shaded | p.pattern.mask << anchor) - before);
    }
  }
  return best;
}

double choose_score(const GameshireState& st, int slot) {
  const MarketSlot m = st.market()[slot];
  const Seat active = st.active();
  double total = 0;
  for (int k = 0; k < st.num_seats(); ++k) {
    const Seat s = (active + k) % st.num_seats();
    if (st.board(s).passed) continue;
    const double v = best_placement(st, s, m.card, m.res, s == active);
    // A player who cannot record it passes: ruinous in Spring before the quota, costly in Autumn.
    if (v < -1e17) total -= st.season() == Season::Spring && st.board(s).gifts_chosen < st.quota(s) ? 1000 : 15;
    else total += v;
  }
  if (st.season() == Season::Autumn && st.matching_gifts(active, m.res)) total += 30;
  return total;
}

}  // namespace

double greedy_score(const GameshireState& st, Action action) {
  const MoveCode m = MoveCode::decode(action);
  const Seat seat = st.actor();
  switch (m.move) {
    case Move::Choose: return choose_score(st, m.a);
    case Move::Place: {
      const SeasonCard& c = st.rules().cards[st.current().card];
      if (st.season() == Season::Spring) return spring_place_score(st, seat, st.current().card, st.current().res, c.spring[m.a], m.b);
      return autumn_place_score(st, seat, c.autumn[m.a].pattern.mask << m.b);
    }
    case Move::Pass: return -1e9;
    case Move::ShadeGift: return autumn_place_score(st, seat, cell_bit(m.a));
    case Move::Deliver: return 0;
    case Move::Discard: return st.matching_gifts(st.active(), st.market()[m.a].res) ? -5 : 1;
    case Move::Keep: return 0;
    default: return -1e6;   // skills and their tokens: only rather than passing
  }
}

Action greedy_action(const GameshireState& st, const ActionList& legal) {
  Action best = legal[0];
  double best_score = -1e300;
  for (Action a : legal) {
    const double s = greedy_score(st, a);
    if (s > best_score) { best_score = s; best = a; }
  }
  return best;
}

Action greedy_action(const GameshireState& st) {
  ActionList actions;
  st.legal_actions(st.actor(), actions);
  return greedy_action(st, actions);
}

void greedy_playout(GameshireState& st) {
  while (!st.terminal()) st.apply(st.actor(), greedy_action(st));
}

namespace {

class GreedyBot final : public Bot {
 public:
  Action choose(GameState& state, Seat seat) override {
    (void)seat;
    return greedy_action(*state.as<GameshireState>());
  }
};

// The value of a finished game for the search: a win is worth 1; otherwise the gifts delivered count a
// little, and reaching Autumn a little more than losing in Spring.
double result_value(const GameshireState& st, Seat seat) {
  if (st.rules().competitive()) {
    double best_other = 0;
    for (int s = 0; s < st.num_seats(); ++s) if (s != seat) best_other = std::max<double>(best_other, st.score(s));
    return st.score(seat) - best_other;
  }
  if (st.won()) return 1.0;
  const double delivered = std::popcount(static_cast<unsigned>(st.pool(0).delivered));
  return st.turns(Season::Autumn) > 0 ? 0.1 + 0.05 * delivered : 0.0;
}

class PlannerBot final : public Bot {
 public:
  PlannerBot(int rollouts, int width, std::uint64_t seed) : rollouts_(rollouts), width_(width), rng_(make_rng(seed)) {}

  Action choose(GameState& state, Seat seat) override {
    const GameshireState& st = *state.as<GameshireState>();
    ActionList legal;
    st.legal_actions(seat, legal);
    if (legal.size() == 1) return legal[0];
    // Candidates: the greedy judgement picks the best few placements; every card choice and every
    // skill use is searched.
    FixedVector<std::pair<double, Action>, 64> cands;
    FixedVector<std::pair<double, Action>, kMaxActions> placements;
    for (Action a : legal) {
      const MoveCode m = MoveCode::decode(a);
      const double g = greedy_score(st, a);
      switch (m.move) {
        case Move::Place: case Move::ShadeGift: placements.push_back({g, a}); break;
        case Move::Choose: case Move::Pass: case Move::UseSkill: case Move::Omit: case Move::Discard: case Move::Keep:
        case Move::Deliver:
          if (!cands.full()) cands.push_back({g, a});
          break;
        case Move::Erase: case Move::Write: break;   // token uses: judged below
      }
    }
    std::sort(placements.begin(), placements.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t i = 0; i < placements.size() && static_cast<int>(i) < width_ && !cands.full(); ++i) cands.push_back(placements[i]);
    // Holding an erase or write: the best few squares by the greedy judgement after the change.
    add_token_candidates(st, seat, legal, cands);
    if (cands.empty()) return greedy_action(st);
    if (cands.size() == 1) return cands[0].second;
    // A gift shading, a delivery or another player's Autumn shading decides little: the greedy
    // judgement suffices there (and keeps the search affordable).
    if (st.step() == Step::GiftShade || st.step() == Step::Deliver ||
        (st.step() == Step::Record && st.season() == Season::Autumn && seat != st.active())) {
      std::sort(cands.begin(), cands.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
      return cands[0].second;
    }
    double best_value = -1e300;
    Action best = cands[0].second;
    for (const auto& [g, a] : cands) {
      double total = 0;
      for (int r = 0; r < rollouts_; ++r) {
        GameshireState copy = st;
        copy.determinize(seat, rng_);
        copy.apply(seat, a);
        greedy_playout(copy);
        total += result_value(copy, seat);
      }
      const double value = total / rollouts_ + 1e-6 * std::tanh(g / 100.0);
      if (value > best_value) { best_value = value; best = a; }
    }
    return best;
  }

 private:
  void add_token_candidates(const GameshireState& st, Seat seat, const ActionList& legal,
                            FixedVector<std::pair<double, Action>, 64>& cands) {
    FixedVector<std::pair<double, Action>, 16> best;
    for (Action a : legal) {
      const MoveCode m = MoveCode::decode(a);
      if (m.move != Move::Erase && m.move != Move::Write) continue;
      // Judge the square by what recording or freeing it does to this map.
      double g;
      if (m.move == Move::Write && st.season() == Season::Spring) {
        const Value v = m.b;
        const int cell = m.a;
        g = spring_score(st, seat, cell_bit(cell), &v, &cell, 1);
      } else if (m.move == Move::Write) {
        g = 0.5;
      } else {
        g = st.season() == Season::Spring ? -1.0 : -autumn_place_score(st, seat, cell_bit(m.a));
      }
      if (best.size() < 3) best.push_back({g, a});
      else {
        auto worst = std::min_element(best.begin(), best.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        if (g > worst->first) *worst = {g, a};
      }
    }
    for (const auto& c : best) if (!cands.full()) cands.push_back(c);
  }

  int rollouts_;
  int width_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_greedy_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("greedy", params, {});
  (void)seed;
  return std::make_unique<GreedyBot>();
}

std::unique_ptr<Bot> make_planner_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("planner", params, {"rollouts", "width"});
  const int rollouts = static_cast<int>(bot_param_int("planner", params, "rollouts", 4, 1, 1000));
  const int width = static_cast<int>(bot_param_int("planner", params, "width", 3, 1, 64));
  return std::make_unique<PlannerBot>(rollouts, width, seed);
}

BotKind planner_bot() {
  auto check_cost = [](const std::string& name, const BotParams& params, const BotBudget& budget) {
    const long rollouts = bot_param_int(name, params, "rollouts", 0, 0, 1L << 40);
    const long width = bot_param_int(name, params, "width", 0, 0, 1L << 40);
    if (rollouts > budget.rollouts || width > budget.width) {
      throw UserError(fmt::format("this server allows {} up to rollouts={}, width={}", name, budget.rollouts,
                                  budget.width));
    }
  };
  return BotKind(make_planner_bot, check_cost);
}

}  // namespace court::gameshire
