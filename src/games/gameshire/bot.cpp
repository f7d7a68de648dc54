// Gameshire's bots: the greedy judgement of maps and moves, and the Monte Carlo planner.
#include "games/gameshire/bot.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <new>
#include <type_traits>

namespace court::gameshire {
namespace {

constexpr Bits kNotColL = ~Bits{0x0101010101010101ull};   // squares not in column L
constexpr Bits kNotColR = ~Bits{0x8080808080808080ull};   // squares not in column R

// Squares next to some square of `open`.
Bits near(Bits open) { return (open << 8) | (open >> 8) | ((open << 1) & kNotColL) | ((open >> 1) & kNotColR); }

// Open squares with no open neighbour: no shape of two or more squares can ever use them.
Bits isolated(Bits open) { return open & ~near(open); }

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

// The greedy judgement of one seat's placements, with what does not depend on the placement worked
// out once: a Record step judges dozens of placements, a card choice every seat's. Each score is the
// same double spring_place_score / autumn_place_score gives (the same terms added in the same order;
// a term is skipped only where the direct judgement adds nothing).
class PlacementJudge {
 public:
  PlacementJudge(const GameshireState& st, Seat seat)
      : st_(st), b_(st.board(seat)), map_(st.rules().maps[b_.map]), pool_(st.pool(seat)) {
    if (st.season() == Season::Spring) {
      before_open_ = kFieldMask & ~b_.written & ~b_.shaded;
      isolated_set_ = isolated(before_open_);
      isolated_before_ = count_squares(isolated_set_);
      quota_ = st.quota(seat);
      untaken_crowns_ = untaken_crowns(pool_.chosen);
      live_set_ = untaken_crowns_ & before_open_ & near(before_open_);
      live_before_ = count_squares(live_set_);
      // Squares whose recording can add a hammer's or a crown's term.
      hammer_marks_ = pool_.skills != 0x3f ? map_.hammers : 0;
      crown_marks_ = b_.gifts_chosen < quota_ ? untaken_crowns_ : 0;
      marks_ = hammer_marks_ | crown_marks_;
      lines_filled_ = b_.written | (st.rules().shaded_boons ? b_.shaded : 0);
      find_lines_near_full();
      live_penalty_ = live_penalty(quota_ - b_.gifts_chosen, live_before_);
    } else {
      autumn_before_ = autumn_potential(b_, b_.shaded);
      autumn_open_ = ~b_.shaded;
      autumn_filled_ = b_.written | ~kFieldMask;
      open_filled_ = count_squares(autumn_open_ & autumn_filled_);
      open_blank_ = count_squares(autumn_open_ & ~autumn_filled_);
      isolated_set_ = isolated(autumn_open_);
      isolated_before_ = count_squares(isolated_set_);
    }
  }

  // spring_place_score(st, seat, card, res, p, anchor) for a placement on open squares.
  double spring(const Placed& p, int anchor, ResId res) const {
    const Bits mask = p.pattern.mask << anchor;
    const Bits open = before_open_ & ~mask;
    const Bits near_open = near(open);
    double score = 1.0 * p.size;
    score -= 2.5 * isolated_change(mask, open, near_open);
    int chosen = b_.gifts_chosen;
    const int chosen_before = chosen;
    Bits untaken = untaken_crowns_;
    if (mask & marks_) score = spring_marks(p, anchor, res, mask, open, score, chosen, untaken);
    const int needed = quota_ - chosen;
    if (needed > 0) {
      const int live = chosen == chosen_before ? live_after(open, near_open) : count_squares(untaken & open & near_open);
      if (live < needed) score -= 80;
      else if (live - needed < 2) score -= 4.0 * (2 - (live - needed));
    }
    const int lines = boon_lines(mask, p.size);
    for (int k = 0; k < lines; ++k) score += 2.5;
    return score;
  }

  // Whether spring(p, anchor, res) is at most `best`, from a bound that skips most of its work. A
  // placement on no crown that counts scores at most its squares, plus 2 for each hammer, 2.5 for
  // each isolated square it covers (the only way to leave fewer) and each boon line it fills, plus
  // the crowns' term of now (open crowns only get fewer, and the term only falls with them). The
  // terms are all halves, so the bound is exact arithmetic.
  bool spring_at_most(const Placed& p, int anchor, double best) const {
    const Bits mask = p.pattern.mask << anchor;
    if (mask & crown_marks_) return false;
    const Bits covered = mask & isolated_set_;
    const Bits hammers = mask & hammer_marks_;
    const int gains = (covered ? count_squares(covered) : 0) + boon_lines(mask, p.size);
    return 1.0 * p.size + live_penalty_ + 2.5 * gains + 2.0 * (hammers ? count_squares(hammers) : 0) <= best;
  }

  // The larger of `best` and autumn() of `p` at each of `anchors` (where it lies on unshaded squares).
  // With no isolated square under it, a placement scores at most as if it isolated none, which
  // depends only on how many valued squares it covers: those counts are found for all anchors at once
  // (bit-sliced), and the anchors whose count cannot beat the best so far are not judged. The bound
  // is the score's own arithmetic with a smaller isolated count, so (rounding being monotone) never
  // below the score.
  double best_autumn(const Placed& p, Bits anchors, double best) const {
    Bits count0 = 0, count1 = 0, count2 = 0;   // per anchor, valued squares covered (at most 6)
    const Bits valued = autumn_open_ & autumn_filled_;
    Bits touching = 0;
    for (Bits m = p.pattern.mask; m; m &= m - 1) {
      const int offset = std::countr_zero(m);
      const Bits x = valued >> offset;
      const Bits carry0 = count0 & x;
      count0 ^= x;
      const Bits carry1 = count1 & carry0;
      count1 ^= carry0;
      count2 ^= carry1;
      touching |= isolated_set_ >> offset;
    }
    for (Bits a = anchors & touching; a; a &= a - 1) best = std::max(best, autumn(p.pattern.mask << std::countr_zero(a)));
    Bits rest = anchors & ~touching;
    for (int k = 0; rest && k <= p.size; ++k) {
      const Bits level = rest & (k & 1 ? count0 : ~count0) & (k & 2 ? count1 : ~count1) & (k & 4 ? count2 : ~count2);
      rest &= ~level;
      const double bound = 1.0 * (open_filled_ - k) + 0.3 * (open_blank_ - (p.size - k)) - 0.8 * isolated_before_ - autumn_before_;
      for (Bits a = level; a && bound > best; a &= a - 1) best = std::max(best, autumn(p.pattern.mask << std::countr_zero(a)));
    }
    return best;
  }

  // The larger of `best` and spring() of `p` at each of `anchors` (placements on open squares). An
  // anchor whose placement covers no counting hammer or crown, no isolated square and no square
  // missing from a line that it could fill is plain: spring_at_most's bound is then the same for all
  // of them, so once the best reaches it the rest are not judged.
  double best_spring(const Placed& p, Bits anchors, ResId res, double best) const {
    const Bits special_squares = marks_ | isolated_set_ | near_full_[p.size];
    Bits special = 0;
    for (Bits m = p.pattern.mask; m; m &= m - 1) special |= special_squares >> std::countr_zero(m);
    for (Bits a = anchors & special; a; a &= a - 1) {
      const int anchor = std::countr_zero(a);
      if (!spring_at_most(p, anchor, best)) best = std::max(best, spring(p, anchor, res));
    }
    const double bound = 1.0 * p.size + live_penalty_ + 2.5 * full_already_;
    for (Bits a = anchors & ~special; a && bound > best; a &= a - 1) best = std::max(best, spring(p, std::countr_zero(a), res));
    return best;
  }

  // autumn_place_score(st, seat, mask): autumn_potential's three counts after shading `mask`, from
  // those before and the squares it covers.
  double autumn(Bits mask) const {
    const Bits covered = mask & autumn_open_;
    const Bits open = autumn_open_ & ~mask;
    const int filled_covered = count_squares(covered & autumn_filled_);
    const int filled = open_filled_ - filled_covered;
    const int blank = open_blank_ - (count_squares(covered) - filled_covered);
    const int isolated_after = isolated_before_ + isolated_change(mask, open, near(open));
    return 1.0 * filled + 0.3 * blank - 0.8 * isolated_after - autumn_before_;
  }

 private:
  Bits untaken_crowns(std::uint8_t team) const {
    Bits out = 0;
    for (int c = 0; c < kColumns; ++c) if (!(team >> c & 1)) out |= cell_bit(map_.crown[c]);
    return out;
  }

  // Isolated squares after recording `mask` less before. Squares isolated before stay isolated unless
  // covered (open squares only get fewer); any other square isolated after is new.
  int isolated_change(Bits mask, Bits open, Bits near_open) const {
    const Bits fresh = open & ~near_open & ~isolated_set_;
    const Bits covered = mask & isolated_set_;
    return (fresh ? count_squares(fresh) : 0) - (covered ? count_squares(covered) : 0);
  }

  // The untaken crowns that are open with an open neighbour after recording (no crown taken): those
  // of before that keep both (open squares only get fewer).
  int live_after(Bits open, Bits near_open) const {
    const Bits lost = live_set_ & ~(open & near_open);
    return live_before_ - (lost ? count_squares(lost) : 0);
  }

  // spring_score's term for the crowns still open with an open neighbour (`live`) when `needed` gifts
  // are still to be chosen.
  static double live_penalty(int needed, int live) {
    if (needed <= 0) return 0;
    if (live < needed) return -80;
    if (live - needed < 2) return -4.0 * (2 - (live - needed));
    return 0;
  }

  // The boon lines not yet earned that are full once `mask` (n squares) is recorded. A line fills only
  // when its missing squares, n or fewer, all lie under the mask: without such a square under it,
  // only the lines already full count.
  int boon_lines(Bits mask, int n) const {
    if (!(mask & near_full_[n])) return full_already_;
    return count_squares(full_lines(lines_filled_ | mask) & ~b_.boon_lines & 0xfff);
  }

  void find_lines_near_full() {
    for (int line = 0; line < kLines; ++line) {
      if (b_.boon_lines >> line & 1) continue;
      const Bits missing = boon_line_mask(line) & ~lines_filled_;
      const int count = count_squares(missing);
      if (count == 0) ++full_already_;
      for (int n = count; n <= kMaxShapeCells; ++n) near_full_[n] |= missing;
    }
  }

  // spring_score's hammer and crown terms, for a placement on a hammer or a crown: the value of a
  // square is looked up only for those squares.
  double spring_marks(const Placed& p, int anchor, ResId res, Bits mask, Bits open, double score, int& chosen,
                      Bits& untaken) const {
    if (mask & map_.hammers) {
      std::uint8_t skills = pool_.skills;
      for (int i = 0; i < p.size; ++i) {
        if (!(map_.hammers & cell_bit(anchor + p.offset[i]))) continue;
        const Value v = st_.symbol_value(p.symbol[i], res);
        if (is_crop(v) && !(skills >> crop_of(v) & 1)) {
          skills |= static_cast<std::uint8_t>(1u << crop_of(v));
          score += 2.0;
        }
      }
    }
    if (!(mask & untaken_crowns_) || chosen >= quota_) return score;   // no gift chosen on a crown
    const double fill = count_squares((b_.written | mask) & kFieldMask) / 36.0;
    const bool few_open = count_squares(open) < 10;
    std::uint8_t team = pool_.chosen;
    std::array<Value, kColumns> gift = pool_.gift;
    for (int c = 0; c < kColumns; ++c) {
      if (!(mask & cell_bit(map_.crown[c])) || (team >> c & 1) || chosen >= quota_) continue;
      Value v = 0;
      for (int i = 0; i < p.size; ++i) if (anchor + p.offset[i] == map_.crown[c]) v = st_.symbol_value(p.symbol[i], res);
      double bonus = 20.0 * (fill - 0.55);
      for (int k = 0; k < kColumns; ++k) if ((team >> k & 1) && gift[k] == v) bonus -= 8;
      if (few_open) bonus += 10;
      score += bonus;
      ++chosen;
      team |= static_cast<std::uint8_t>(1u << c);
      gift[c] = v;
    }
    untaken = untaken_crowns(team);
    return score;
  }

  const GameshireState& st_;
  const Board& b_;
  const MapInfo& map_;
  const Pool& pool_;
  Bits before_open_ = 0;
  Bits isolated_set_ = 0;
  int isolated_before_ = 0;
  Bits live_set_ = 0;                                // untaken crowns open with an open neighbour
  int live_before_ = 0;
  double live_penalty_ = 0;                          // the crowns' term before recording
  Bits hammer_marks_ = 0;                            // hammers that may teach a skill
  Bits crown_marks_ = 0;                             // crowns that may choose a gift
  Bits marks_ = 0;                                   // both
  std::array<Bits, kMaxShapeCells + 1> near_full_{};   // [n]: missing squares of lines missing n or fewer
  int full_already_ = 0;                             // lines full but not yet earned
  int quota_ = 0;
  Bits untaken_crowns_ = 0;
  Bits lines_filled_ = 0;
  double autumn_before_ = 0;
  Bits autumn_open_ = 0;                             // unshaded squares
  Bits autumn_filled_ = 0;                           // squares holding a value
  int open_filled_ = 0;                              // unshaded squares holding a value
  int open_blank_ = 0;
};

// Calls f(p, anchors) for each orientation p of `card`'s whole shape this season, in list order, with
// the anchors at which `seat` may record or shade it now (meeting the demand when `as_active` in Autumn).
template <class F>
void for_each_orientation(const GameshireState& st, Seat seat, CardId card, bool as_active, F&& f) {
  const SeasonCard& c = st.rules().cards[card];
  const bool spring = st.season() == Season::Spring;
  const Bits open = st.open_squares(seat);
  const bool must_meet = !spring && as_active;
  for (const Placed& p : spring ? c.spring : c.autumn) {
    if (p.omitted != 0) break;
    Bits anchors = fitting_anchors(p, open);
    if (must_meet && anchors) anchors = meeting_anchors(c.require, p.pattern, st.board(seat).values, anchors);
    f(p, anchors);
  }
}

// The best value of placing `card` for `seat` (full shape), or -inf when it does not fit: each placement
// judged on its own (the oracle of the incremental judge's tests).
double best_placement(const GameshireState& st, Seat seat, CardId card, ResId res, bool as_active) {
  const bool spring = st.season() == Season::Spring;
  const Board& b = st.board(seat);
  const double before = spring ? 0 : autumn_potential(b, b.shaded);   // autumn_place_score's second term, once
  double best = -1e18;
  for_each_orientation(st, seat, card, as_active, [&](const Placed& p, Bits anchors) {
    for (; anchors; anchors &= anchors - 1) {
      const int anchor = std::countr_zero(anchors);
      if (spring) best = std::max(best, spring_place_score(st, seat, card, res, p, anchor));
      else best = std::max(best, autumn_potential(b, b.shaded | p.pattern.mask << anchor) - before);
    }
  });
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

namespace {

// The best value of placing `card` for the judge's seat (full shape), or -inf when it does not fit:
// best_placement with the judge's shared work.
double best_judged_placement(const GameshireState& st, const PlacementJudge& judge, Seat seat, CardId card, ResId res,
                             bool as_active) {
  const bool spring = st.season() == Season::Spring;
  double best = -1e18;
  for_each_orientation(st, seat, card, as_active, [&](const Placed& p, Bits anchors) {
    best = spring ? judge.best_spring(p, anchors, res, best) : judge.best_autumn(p, anchors, best);
  });
  return best;
}

// greedy_score for the moves of one state, each seat's placement judge made once, when first needed.
class MoveJudge {
 public:
  explicit MoveJudge(const GameshireState& st) : st_(st) {}

  // Whether score(action) is surely at most `best` (a Spring placement whose bound says so).
  bool at_most(Action action, double best) {
    const MoveCode m = MoveCode::decode(action);
    if (m.move != Move::Place || st_.season() != Season::Spring) return false;
    return judge(st_.actor()).spring_at_most(st_.rules().cards[st_.current().card].spring[m.a], m.b, best);
  }

  double score(Action action) {
    const MoveCode m = MoveCode::decode(action);
    const Seat seat = st_.actor();
    switch (m.move) {
      case Move::Choose: return choose(m.a);
      case Move::Place: {
        const SeasonCard& c = st_.rules().cards[st_.current().card];
        if (st_.season() == Season::Spring) return judge(seat).spring(c.spring[m.a], m.b, st_.current().res);
        return judge(seat).autumn(c.autumn[m.a].pattern.mask << m.b);
      }
      case Move::ShadeGift: return judge(seat).autumn(cell_bit(m.a));
      default: return greedy_score(st_, action);   // no placements to judge
    }
  }

 private:
  const PlacementJudge& judge(Seat s) {
    if (!(made_ >> s & 1)) {
      new (&judges_[s].judge) PlacementJudge(st_, s);
      made_ |= 1u << s;
    }
    return judges_[s].judge;
  }

  // choose_score.
  double choose(int slot) {
    const MarketSlot m = st_.market()[slot];
    const Seat active = st_.active();
    double total = 0;
    for (int k = 0; k < st_.num_seats(); ++k) {
      const Seat s = (active + k) % st_.num_seats();
      if (st_.board(s).passed) continue;
      const double v = best_judged_placement(st_, judge(s), s, m.card, m.res, s == active);
      if (v < -1e17) total -= st_.season() == Season::Spring && st_.board(s).gifts_chosen < st_.quota(s) ? 1000 : 15;
      else total += v;
    }
    if (st_.season() == Season::Autumn && st_.matching_gifts(active, m.res)) total += 30;
    return total;
  }

  // Room for each seat's judge, made on first use (not cleared: a policy step makes one or two).
  union Slot {
    Slot() {}
    PlacementJudge judge;
  };
  static_assert(std::is_trivially_destructible_v<PlacementJudge>);
  const GameshireState& st_;
  std::uint32_t made_ = 0;   // bit s: judges_[s] is made
  std::array<Slot, kMaxSeats> judges_;
};

}  // namespace

// The first best-judged move by greedy_score; the judgement's per-state work is shared (MoveJudge).
Action greedy_action(const GameshireState& st, const ActionList& legal) {
  MoveJudge judge(st);
  Action best = legal[0];
  double best_score = -1e300;
  for (Action a : legal) {
    if (judge.at_most(a, best_score)) continue;   // could not be strictly better
    const double s = judge.score(a);
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
  PlannerBot(int rollouts, int width, bool common, std::uint64_t seed)
      : rollouts_(rollouts), width_(width), common_(common), rng_(make_rng(seed)) {}

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
    // With `common`, every candidate is played out on the same sampled futures (common random
    // numbers): the candidates' averages then differ by what the candidates do, not by the luck of
    // the draws. Without it each playout draws its own future (as before issue 40).
    const std::uint64_t futures = common_ ? rng_() : 0;
    double best_value = -1e300;
    Action best = cands[0].second;
    for (const auto& [g, a] : cands) {
      const double total = total_result(st, seat, a, futures);
      const double value = total / rollouts_ + 1e-6 * std::tanh(g / 100.0);
      if (value > best_value) { best_value = value; best = a; }
    }
    return best;
  }

 private:
  // The sum of result_value over `rollouts_` playouts of `a` by the greedy policy, each on a copy of
  // `st` determinized for `seat`: from the futures numbered 0, 1, ... of `futures` when common_, else
  // from the bot's own stream.
  double total_result(const GameshireState& st, Seat seat, Action a, std::uint64_t futures) {
    double total = 0;
    for (int r = 0; r < rollouts_; ++r) {
      GameshireState copy = st;
      if (common_) {
        Rng future = make_rng(mix_seed(futures, static_cast<std::uint64_t>(r)));
        copy.determinize(seat, future);
      } else {
        copy.determinize(seat, rng_);
      }
      copy.apply(seat, a);
      greedy_playout(copy);
      total += result_value(copy, seat);
    }
    return total;
  }

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
  bool common_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_greedy_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("greedy", params, {});
  (void)seed;
  return std::make_unique<GreedyBot>();
}

std::unique_ptr<Bot> make_planner_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("planner", params, {"rollouts", "width", "common"});
  const int rollouts = static_cast<int>(bot_param_int("planner", params, "rollouts", 4, 1, 1000));
  const int width = static_cast<int>(bot_param_int("planner", params, "width", 3, 1, 64));
  const bool common = bot_param_int("planner", params, "common", 0, 0, 1) != 0;
  return std::make_unique<PlannerBot>(rollouts, width, common, seed);
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
