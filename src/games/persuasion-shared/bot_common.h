// What both editions' heuristic bots share: the move choice (value every legal move, play the best,
// ties broken at random), the chance that a seat or nobody satisfies a seat, and how many rounds a bot
// can count on. Each edition's bot.cpp keeps its own policy: the value of its moves, with its
// satisfaction rule and its count of uncommitted players given to PolicyOdds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "engine/bot.h"
#include "games/persuasion-shared/belief.h"

namespace court::persuasion {

// A heuristic's style of play, from its spec's parameters (`heuristic:patience=2,guarded=1`); the plain
// `heuristic` is patience 0, neither bold nor guarded, as it always played.
struct Style {
  // The rounds it corresponds (invites, replies) before it commits (proposes, accepts a proposal, claims
  // independence), unless its match is already certain or the round is the last.
  int patience = 0;
  // Commits on weaker odds: its bars to propose, accept and claim independence are lower.
  bool bold = false;
  // Reveals little: it shows and sends a card the other player has already seen when it can, and its
  // least appealing cards otherwise, so the others learn little about its hand.
  bool guarded = false;

  // The odds above which a patient bot commits before its patience has run out.
  static constexpr double kCertain = 0.9;
  // The rounds after its patience by which a patient bot has committed.
  static constexpr int kAfterPatience = 3;
  // How much a bold bot lowers its bars (a share of the bar).
  static constexpr double kBoldBar = 0.7;

  // Whether the bot, in `round` (1-based; not the final one), is still corresponding by choice.
  bool corresponding(int round, bool final_round) const { return !final_round && round <= patience; }
  // A bar to commit on, for this style.
  double bar(double plain) const { return bold ? plain * kBoldBar : plain; }
  // The value of showing a card `recipient` has `seen` already, with the plain bot's `appeal_term`.
  double show_value(double appeal_term, bool seen) const {
    if (!guarded) return appeal_term - (seen ? 0.02 : 0);
    return -appeal_term + (seen ? 0.3 : 0);
  }
};

// Reads the style parameters of a `heuristic` spec; UserError naming a bad one.
inline Style read_style(const BotParams& params) {
  check_bot_params("heuristic", params, {"patience", "bold", "guarded"});
  Style style;
  style.patience = static_cast<int>(bot_param_int("heuristic", params, "patience", 0, 0, 200));
  style.bold = bot_param_int("heuristic", params, "bold", 0, 0, 1) == 1;
  style.guarded = bot_param_int("heuristic", params, "guarded", 0, 0, 1) == 1;
  return style;
}

// Policy provides `State`, `MoveCode`, `static SymbolMask wanted(const State&, Seat)` (the symbols its
// values ask odds of) and `static double value(const State&, const Beliefs&, Seat, const MoveCode&,
// const Style&)`.
template <class Policy>
class ValueBot final : public Bot {
 public:
  ValueBot(std::uint64_t seed, Style style) : rng_(make_rng(seed)), style_(style) {}

  Action choose(GameState& game, Seat seat) override {
    using State = typename Policy::State;
    using MoveCode = typename Policy::MoveCode;
    ActionList actions;
    game.legal_actions(seat, actions);
    const State* s = game.as<State>();
    if (!s || actions.size() == 1) return actions[0];
    const Beliefs beliefs(s->deck(), s->table(), seat, Policy::wanted(*s, seat));
    Action best = actions[0];
    double best_value = -1e18;
    for (Action a : actions) {
      double v = Policy::value(*s, beliefs, seat, MoveCode::decode(a), style_) + 1e-7 * uniform(rng_, 1000);
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

 private:
  Rng rng_;
  Style style_;
};

// An edition's `heuristic` bot: a ValueBot playing `Policy`'s values in the style its parameters give.
template <class Policy>
std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  return std::make_unique<ValueBot<Policy>>(seed, read_style(params));
}

// The chance that nobody else satisfies `seat` (what independence would win on); `chance(t)` is the
// chance that seat t satisfies it under the edition's rule.
template <class Chance>
double chance_nobody_satisfies(int seats, Seat seat, Chance&& chance) {
  double p = 1;
  for (Seat t = 0; t < seats; ++t) if (t != seat) p *= 1 - chance(t);
  return p;
}

// The rounds a bot can still count on after this one: none in the final round, nor with three or
// fewer players uncommitted (available or eligible: one engagement among the others would leave it
// alone, a certain loss); otherwise about one for every two uncommitted players beyond two, within
// the round limit.
inline int rounds_to_count_on(bool final_round, int uncommitted, int max_rounds, int round) {
  if (final_round) return 0;
  if (uncommitted <= 3) return 0;
  return std::max(0, std::min({max_rounds - round, (uncommitted - 2) / 2, 6}));
}

// The odds a policy weighs its moves by, for an edition whose `Satisfies` gives the chance that a hand
// with those odds satisfies a desires card (belief.h) and whose `Uncommitted` counts the players
// neither engaged nor independent. A policy derives from it.
template <class State, double (*Satisfies)(const DominanceOdds&, const TraitCard&), int (State::*Uncommitted)() const>
struct PolicyOdds {
  // The chance that seat t, after the change, satisfies `seat`'s desires.
  static double chance(const State& s, const Beliefs& b, Seat seat, Seat t, HandChange change = {}) {
    return Satisfies(b.odds(t, change), s.deck().cards[s.table().desires[seat]]);
  }

  // The chance that nobody else satisfies `seat` (what independence would win on).
  static double nobody_satisfies(const State& s, const Beliefs& b, Seat seat) {
    return chance_nobody_satisfies(s.num_seats(), seat, [&](Seat t) { return chance(s, b, seat, t); });
  }

  static int rounds_left(const State& s) {
    return rounds_to_count_on(s.final_round(), (s.*Uncommitted)(), s.rules().max_rounds, s.round());
  }
  // The rounds a bot of `style` counts on: while it corresponds by choice, at least the rest of its
  // patience (so it keeps writing); after it, no more than the plain bot and fewer each round, none from
  // round patience + Style::kAfterPatience on, so a table of patient bots commits rather than writing on
  // to the round limit (which they did at 8 players, knowing enough to find no match sure enough).
  static int rounds_left(const State& s, const Style& style) {
    const int plain = rounds_left(s);
    if (style.patience == 0) return plain;
    if (!style.corresponding(s.round(), s.final_round())) {
      return std::min(plain, std::max(0, style.patience + Style::kAfterPatience - s.round()));
    }
    return std::max(plain, std::min(style.patience - s.round() + 1, s.rules().max_rounds - s.round()));
  }
  // Whether a bot of `style` holds back from committing on odds `p` now (it is corresponding, and the
  // match is not certain).
  static bool holds_back(const State& s, const Style& style, double p) {
    return style.corresponding(s.round(), s.final_round()) && p < Style::kCertain;
  }
};

}  // namespace court::persuasion
