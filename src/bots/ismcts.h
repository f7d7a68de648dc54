// `ismcts`: information-set Monte Carlo tree search, generic over every game.
//
// Each iteration copies the position the harness handed the bot (already determinized for the
// bot's seat), determinizes it again for that seat, and plays it out. Every seat searches its own
// tree (multiple-observer IS-MCTS): a seat's node is the hash of what that seat has observed since
// the root (the game's optional `observe` hook says what a seat learns of another seat's move; by
// default the move itself). So a seat never branches on what it could not see: another seat's
// secret or simultaneous choice reaches its tree only as "seat k has chosen". Edges carry visits,
// availability (how often the action was legal when its node was visited) and the acting seat's
// summed reward; selection is UCB1 with availability. One new edge per iteration, then a rollout
// (random moves, the game's playout policy, or its heuristic bot), then every seat's edges on the path
// get that seat's reward. With a playout policy, the other seats' moves inside the tree follow it too
// (`others=policy`): their own trees could not depend on their hidden cards, the policy does.
// Cooperative games reward every seat with the team result. A game with `search_moves` narrows the
// moves weighed in the tree and at the root (one per group of moves alike, e.g. Persuasion's "invite
// seat 2" rather than nine invitations with different cards); rollouts still draw from every legal move.
//
// The search is templated on the concrete state: no virtual call per step (only the heuristic
// rollout goes through the erased bot interface). Root parallelism: `threads` independent trees with
// seeds derived from the bot's seed, whose root visit counts are summed; deterministic for a given
// seed and thread count when the budget is iterations.
#pragma once

#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bots/ismcts_tree.h"
#include "engine/game.h"

namespace court {

struct IsmctsParams {
  long iterations = 1000;   // per decision (split over threads); ignored when `ms` is set
  long ms = 0;              // time budget per decision in milliseconds (0 = use iterations)
  double exploration = 0.7; // UCB1 constant c
  // Rollout policy: the game's quick playout policy when it has one (HasPlayout), else random moves;
  // or the game's heuristic bot.
  enum class Rollout { Default, Random, Policy, Heuristic } rollout = Rollout::Default;
  // Other seats' moves inside the tree: searched in their own trees (keyed on what they observed, so
  // blind to their own hidden cards), or played by the game's playout policy (which reads their cards
  // in the sampled world). Default: the policy when the game has one and rollouts use it.
  enum class Others { Default, Search, Policy } others = Others::Default;
  long threads = 1;
  std::uint64_t seed = 0;
  bool seed_given = false;
  // Reads ismcts:iters=..,ms=..,c=..,rollout=random|policy|heuristic,others=search|policy,threads=..,
  // seed=..; UserError otherwise.
  static IsmctsParams parse(const BotParams& params);
};

// Per-seat rewards in [0, 1] from a finished game: 0.8 for a win (every winner of a shared victory)
// plus up to 0.2 for the rank; in cooperative games every seat gets the team result.
void ismcts_rewards(const Outcome& outcome, int seats, float* rewards);

// Refuses (UserError) ismcts parameters that could cost more per move than `budget`; a heuristic
// rollout costs a whole game of the heuristic bot, so only a time budget bounds it.
void check_ismcts_cost(const std::string& name, const BotParams& params, const BotBudget& budget);

namespace detail {

// One search tree and its iteration loop for the concrete state S.
template <class S>
class IsmctsSearch {
 public:
  IsmctsSearch(const IsmctsParams& params, Bot* rollout_bot, GameState* rollout_scratch)
      : params_(params), rng_(make_rng(0)), rollout_bot_(rollout_bot), rollout_scratch_(rollout_scratch) {
    if constexpr (HasPlayout<S>) {
      use_policy_ = params.rollout == IsmctsParams::Rollout::Default || params.rollout == IsmctsParams::Rollout::Policy;
      others_by_policy_ = params.others == IsmctsParams::Others::Policy ||
                          (params.others == IsmctsParams::Others::Default && use_policy_);
    }
    path_.reserve(1024);
  }
  void reseed(std::uint64_t seed) { rng_ = make_rng(seed); }

  // Runs iterations from `root` for `me` until the budget is spent.
  void run(const S& root, Seat me, long iterations, std::chrono::steady_clock::time_point deadline) {
    tree_.clear();
    me_ = me;
    const int seats = root.num_seats();
    for (Seat s = 0; s < seats; ++s) root_keys_[s] = ismcts_key(0x600d, s, 0);
    const bool timed = params_.ms > 0;
    for (long i = 0; timed || i < iterations; ++i) {
      if (timed && (i & 15) == 0 && std::chrono::steady_clock::now() >= deadline) break;
      iterate(root, seats);
    }
  }

  // Visit count of `action` at the root for the searching seat.
  std::uint32_t root_visits(Action action) {
    const IsmctsEdge* e = tree_.find(root_keys_[me_], action);
    return e ? e->visits : 0;
  }
  double root_value(Action action) {
    const IsmctsEdge* e = tree_.find(root_keys_[me_], action);
    return e && e->visits ? e->reward / e->visits : 0;
  }

 private:
  void iterate(const S& root, int seats) {
    tree_.reserve_for_iteration();
    if (state_holder_) *state_holder_ = root; else state_holder_.emplace(root);
    S& state = *state_holder_;
    state.determinize(me_, rng_);
    std::array<std::uint64_t, kMaxSeats> keys = root_keys_;
    path_.clear();
    bool in_tree = true;
    while (!state.terminal()) {
      const SeatSet acting = state.to_act();
      for (Seat seat : acting) {
        if (!state.to_act().contains(seat)) continue;
        actions_.clear();
        state.legal_actions(seat, actions_);
        if constexpr (HasSearchMoves<S>) {
          if (in_tree) state.search_moves(seat, actions_);
        }
        Action chosen;
        if (in_tree && seat != me_ && others_by_policy_) {
          chosen = policy_choice(seat);
          keys[me_] = ismcts_key(keys[me_], seat, observe(me_, seat, chosen));
        } else if (in_tree) {
          chosen = select(keys[seat], seat, in_tree);
          // Every seat's key moves on by what that seat saw of the move (after the last edge of the
          // tree the keys are no longer needed).
          for (Seat viewer = 0; viewer < seats; ++viewer) keys[viewer] = ismcts_key(keys[viewer], seat, observe(viewer, seat, chosen));
        } else {
          chosen = rollout_choice(seat);
        }
        state.apply(seat, chosen);
        if (state.terminal()) break;
      }
    }
    std::array<float, kMaxSeats> rewards{};
    ismcts_rewards(state.outcome(), seats, rewards.data());
    for (const PathStep& step : path_) {
      step.edge->visits += 1;
      step.edge->reward += rewards[step.seat];
    }
  }

  // What `viewer` learns of `actor`'s move: the game's `observe` when it has one, else the move.
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const {
    if (viewer == actor) return action.code;
    if constexpr (HasObserve<S>) {
      return state_holder_->observe(viewer, actor, action);
    } else {
      return action.code;
    }
  }

  // UCB1 with availability over the edges of `node`; expands one unexpanded action when there is
  // one (and leaves the tree: the rest of the iteration is a rollout).
  Action select(std::uint64_t node, Seat seat, bool& in_tree) {
    if (actions_.size() == 1) {  // a forced move is not a decision: no edge, stay in the tree
      return actions_[0];
    }
    unexpanded_.clear();
    IsmctsEdge* best = nullptr;
    double best_score = -1;
    for (Action a : actions_) {
      IsmctsEdge* e = tree_.find(node, a);
      if (!e) {
        unexpanded_.push_back(a);
        continue;
      }
      e->available += 1;
      if (!unexpanded_.empty()) continue;
      const double score = e->reward / e->visits +
                           params_.exploration * std::sqrt(ucb_log(logs_, e->available) / e->visits);
      if (score > best_score) {
        best_score = score;
        best = e;
      }
    }
    if (!unexpanded_.empty()) {
      const Action a = unexpanded_[uniform(rng_, static_cast<std::uint32_t>(unexpanded_.size()))];
      IsmctsEdge* e = tree_.insert(node, a);
      e->available = 1;
      path_.push_back({e, seat});
      in_tree = false;
      return a;
    }
    path_.push_back({best, seat});
    return Action{best->action};
  }

  // The playout policy's move for another seat (others=policy, which needs a game with a policy).
  Action policy_choice(Seat seat) {
    if constexpr (HasPlayout<S>) {
      return state_holder_->playout(seat, actions_, rng_);
    } else {
      throw std::logic_error("ismcts: others=policy for a game without a playout policy");
    }
  }

  Action rollout_choice(Seat seat) {
    if (rollout_bot_) {
      if (auto* concrete = rollout_scratch_->as<S>()) *concrete = *state_holder_;
      return rollout_bot_->choose(*rollout_scratch_, seat);
    }
    if constexpr (HasPlayout<S>) {
      if (use_policy_) return state_holder_->playout(seat, actions_, rng_);
    }
    return actions_[uniform(rng_, static_cast<std::uint32_t>(actions_.size()))];
  }

  struct PathStep {
    IsmctsEdge* edge;
    Seat seat;
  };

  IsmctsParams params_;
  Rng rng_;
  Bot* rollout_bot_;
  GameState* rollout_scratch_;
  bool use_policy_ = false;
  bool others_by_policy_ = false;
  IsmctsTree tree_;
  const double* logs_ = ucb_log_table();   // std::log of small counts (ismcts_tree.h)
  std::optional<S> state_holder_;   // the iteration's determinized copy, reused
  Seat me_ = 0;
  std::array<std::uint64_t, kMaxSeats> root_keys_{};
  ActionList actions_;
  ActionList unexpanded_;
  std::vector<PathStep> path_;
};

// The erased bot over IsmctsSearch<S>.
template <class S>
class IsmctsBot final : public Bot {
 public:
  // `heuristic` makes the game's heuristic bot, for heuristic rollouts.
  IsmctsBot(IsmctsParams params, std::uint64_t seed, BotMaker heuristic)
      : params_(params), seed_(params.seed_given ? params.seed : seed), heuristic_(std::move(heuristic)) {}

  Action choose(GameState& state, Seat seat) override {
    const S* root = state.as<S>();
    if (!root) throw std::logic_error("ismcts: a state of another game");
    state.legal_actions(seat, legal_);
    if (legal_.empty()) throw std::logic_error("ismcts asked to move with no legal action");
    if constexpr (HasSearchMoves<S>) root->search_moves(seat, legal_);
    if (legal_.size() == 1) return legal_[0];
    const auto threads = static_cast<std::size_t>(params_.threads);
    ensure_searches(state, threads);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(params_.ms);
    const std::uint64_t decision = decisions_++;
    auto work = [&](std::size_t t) {
      const long share = params_.iterations / static_cast<long>(threads) +
                         (static_cast<long>(t) < params_.iterations % static_cast<long>(threads) ? 1 : 0);
      searches_[t]->search.reseed(mix_seed(mix_seed(seed_, decision), t));
      searches_[t]->search.run(*root, seat, share, deadline);
    };
    if (threads == 1) {
      work(0);
    } else {
      std::vector<std::thread> pool;
      for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
      work(0);
      for (auto& th : pool) th.join();
    }
    // The most visited move over all trees; ties go to the higher mean reward, then list order.
    Action best = legal_[0];
    std::uint64_t best_visits = 0;
    double best_value = -1;
    for (Action a : legal_) {
      std::uint64_t visits = 0;
      double value = 0;
      for (std::size_t t = 0; t < threads; ++t) {
        visits += searches_[t]->search.root_visits(a);
        value += searches_[t]->search.root_value(a);
      }
      if (visits > best_visits || (visits == best_visits && value > best_value)) {
        best = a;
        best_visits = visits;
        best_value = value;
      }
    }
    return best;
  }

 private:
  struct Worker {
    Worker(const IsmctsParams& params, std::unique_ptr<Bot> bot, std::unique_ptr<GameState> scratch)
        : rollout_bot(std::move(bot)), scratch(std::move(scratch)),
          search(params, rollout_bot.get(), this->scratch.get()) {}
    std::unique_ptr<Bot> rollout_bot;
    std::unique_ptr<GameState> scratch;
    IsmctsSearch<S> search;
  };

  void ensure_searches(const GameState& state, std::size_t threads) {
    if (!searches_.empty()) return;
    for (std::size_t t = 0; t < threads; ++t) {
      std::unique_ptr<Bot> bot;
      std::unique_ptr<GameState> scratch;
      if (params_.rollout == IsmctsParams::Rollout::Heuristic) {
        bot = heuristic_({}, mix_seed(seed_, 1000 + t));
        scratch = state.clone();
      }
      searches_.push_back(std::make_unique<Worker>(params_, std::move(bot), std::move(scratch)));
    }
  }

  IsmctsParams params_;
  std::uint64_t seed_;
  BotMaker heuristic_;
  std::uint64_t decisions_ = 0;
  ActionList legal_;
  std::vector<std::unique_ptr<Worker>> searches_;
};

}  // namespace detail

// The ismcts bot for game G; `heuristic` makes G's heuristic bot (empty when G has none).
template <class G>
std::unique_ptr<Bot> make_ismcts_bot(const BotParams& params, std::uint64_t seed, const BotMaker& heuristic) {
  const IsmctsParams p = IsmctsParams::parse(params);
  if (p.rollout == IsmctsParams::Rollout::Heuristic && !heuristic) {
    throw UserError(fmt::format("bot ismcts: rollout=heuristic, but game {} has no heuristic bot; use rollout=random",
                                G::info().id));
  }
  if constexpr (!HasPlayout<typename G::State>) {
    if (p.rollout == IsmctsParams::Rollout::Policy) {
      throw UserError("bot ismcts: rollout=policy, but this game has no playout policy; use rollout=random or "
                      "rollout=heuristic");
    }
    if (p.others == IsmctsParams::Others::Policy) {
      throw UserError("bot ismcts: others=policy, but this game has no playout policy; use others=search");
    }
  }
  return std::make_unique<detail::IsmctsBot<typename G::State>>(p, seed, heuristic);
}

}  // namespace court
