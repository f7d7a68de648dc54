// The game interface: what every game provides, and the type-erased handle that the CLI, the
// simulator, bots and the server use. See docs/architecture.md.
//
// A game is a struct G with:
//   using Rules = ...;  // immutable: the game's data and options, prepared once per configuration
//   using State = ...;  // a flat value type: the whole game position, including its own Rng
//   static GameInfo info();
//   static Rules prepare(const GameConfig&);                 // loads data, reads options; UserError on bad input
//   static State setup(const Rules&, std::uint64_t seed);    // the initial state
//   static State from_scenario(const Rules&, const nlohmann::json&, std::uint64_t seed);  // optional
//
// (GameDefinition below writes such a struct from the four functions) and G::State satisfies StateModel
// below. States may keep a `const Rules*`: the erased handle keeps
// the Rules alive for as long as any state made from them.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "engine/board.h"
#include "engine/options.h"
#include "engine/outcome.h"
#include "engine/rng.h"
#include "engine/talk.h"
#include "engine/types.h"

namespace court {

// The static description of a game.
struct GameInfo {
  std::string id;            // lower-case with hyphens: "persuasion-classic"
  std::string title;
  std::string summary;       // one line for `court games`
  int min_seats = 1;
  int max_seats = 1;
  bool cooperative = false;  // in its default mode; each Outcome says whether it is a team result
  std::vector<OptionSpec> options;
  std::vector<std::string> data_files;   // names under data/<id>/
  int max_steps = 100000;    // no game may take more actions than this (checked by the conformance suite)
  BoardHooks board;          // its board for the terminal, drawn from a seat's view (engine/board.h)
  TalkRule talk;             // its rule of conversation in words (engine/talk.h); open talk unless it says
};

// What a game is set up with: seat count, validated options, and an optional data directory that
// replaces the compiled-in data (a designer's edited copy).
struct GameConfig {
  int seats = 0;
  Options options;
  std::string data_dir;
};

// A game named by its four functions, as each game's game.h declares it:
//   using BelleGame = GameDefinition<game_info, load_belle_rules, &BelleState::new_game, state_from_scenario>;
// Rules and State are what `prepare` and `setup` return.
template <auto Info, auto Prepare, auto Setup, auto FromScenario>
struct GameDefinition {
  using Rules = std::invoke_result_t<decltype(Prepare), const GameConfig&>;
  using State = std::invoke_result_t<decltype(Setup), const Rules&, std::uint64_t>;
  static GameInfo info() { return Info(); }
  static Rules prepare(const GameConfig& config) { return Prepare(config); }
  static State setup(const Rules& rules, std::uint64_t seed) { return Setup(rules, seed); }
  static State from_scenario(const Rules& rules, const nlohmann::json& scenario, std::uint64_t seed) {
    return FromScenario(rules, scenario, seed);
  }
};

// How much of its log a view carries: every line the game keeps (the default), or only the most recent
// `recent` (the server's state after a move: the browser keeps the lines it has; docs/protocol.md, "state").
// Either way the view says in "log_total" how many lines the whole log has, and renders no line it leaves out.
struct LogWindow {
  static constexpr std::size_t kEveryLine = static_cast<std::size_t>(-1);
  std::size_t recent = kEveryLine;
  // The first line to render of a log that keeps lines kept_first .. total-1.
  constexpr std::size_t first(std::size_t kept_first, std::size_t total) const {
    return total - kept_first > recent ? total - recent : kept_first;
  }
};

// A view's "log" (the window's lines of a log that keeps lines kept_first .. total-1, each as line(i)) and
// "log_total"; every game's view ends with it.
template <class Line>
void put_log(nlohmann::json& view, std::size_t kept_first, std::size_t total, LogWindow window, Line&& line) {
  nlohmann::json lines = nlohmann::json::array();
  for (std::size_t i = window.first(kept_first, total); i < total; ++i) lines.push_back(line(i));
  view["log"] = std::move(lines);
  view["log_total"] = total;
}

// The contract of a concrete state. `seat` arguments are 0-based; `view` also takes kSpectator.
// legal_actions/apply/determinize/copying are the hot path: no heap.
template <class S>
concept StateModel = std::copyable<S> &&
    requires(const S& cs, S& s, Seat seat, Action a, ActionList& actions, HiddenList& hidden, Rng& rng, LogWindow w) {
      { cs.num_seats() } -> std::convertible_to<int>;
      { cs.to_act() } -> std::same_as<SeatSet>;            // empty exactly when terminal
      { cs.legal_actions(seat, actions) } -> std::same_as<void>;  // fills; `actions` arrives empty
      { s.apply(seat, a) } -> std::same_as<void>;          // precondition: a is legal for seat
      { cs.terminal() } -> std::same_as<bool>;
      { cs.outcome() } -> std::same_as<Outcome>;           // precondition: terminal
      { cs.view(seat, w) } -> std::same_as<nlohmann::json>;   // exactly what `seat` may know; its log (put_log)
      { s.determinize(seat, rng) } -> std::same_as<void>;  // resample all `seat` cannot know
      { cs.hidden_items(seat, hidden) } -> std::same_as<void>;  // what `seat` cannot see, for the fairness check
      { cs.describe(seat, a) } -> std::same_as<std::string>;    // a label, unique among the legal actions
      { cs.parts(seat, a) } -> std::same_as<nlohmann::json>;    // what the move involves (below)
      { cs.talk(seat) } -> std::same_as<TalkNow>;          // where seat may write now (engine/talk.h)
    };

// What a finished game tells the simulator beyond its outcome. Games fill it in an optional
// `void report(GameReport&) const` on a terminal state. The simulator keeps one per worker and clears
// it between games, so filling it does not allocate once it has seen a game (issue 22).
class GameReport {
 public:
  // A named figure the balance report averages over games, e.g. ("crowned.Duke", 1) or
  // ("engaged_pairs", 2). A figure missing from a game counts as 0 for it.
  void set(std::string_view name, double value) { slot(name) = value; }
  void add(std::string_view name, double amount = 1) { slot(name) += amount; }
  // A card `seat` held or played during the game, by name, for "card impact". The name is not copied:
  // it must be kept in the game's rules, the same text at the same address in every game (the simulator
  // numbers cards by address, sim/runner.cpp; conformance.cpp's check_report_names checks it).
  void card(Seat seat, std::string_view name) { cards_[static_cast<std::size_t>(seat)].push_back(name); }
  // The game stopped at a cap (such as Persuasion's max_rounds) rather than by its own end.
  bool capped = false;

  struct Figure {
    std::string name;
    double value = 0;
  };
  // The figures set, in the order first set.
  const Figure* begin() const { return figures_.data(); }
  const Figure* end() const { return figures_.data() + used_; }
  std::size_t size() const { return used_; }
  // A figure's value; 0 when the game did not set it.
  double value(std::string_view name) const {
    const std::size_t i = index_of(name);
    return i < used_ ? figures_[i].value : 0;
  }
  bool has(std::string_view name) const { return index_of(name) < used_; }
  const std::vector<std::string_view>& cards(Seat seat) const { return cards_[static_cast<std::size_t>(seat)]; }
  // Empties it for the next game, keeping its storage.
  void clear() {
    used_ = 0;
    in_order_ = true;
    for (auto& c : cards_) c.clear();
    capped = false;
  }

 private:
  // The slot of figure `name` this game, or used_ when it has none.
  std::size_t index_of(std::string_view name) const {
    std::size_t i = 0;
    while (i < used_ && figures_[i].name != name) ++i;
    return i;
  }
  // The slots keep their names from game to game, all distinct. A game sets its figures in much the
  // same order every time: while this game's have come in the slots' order, a name equal to the next
  // slot's is new (the names before it are this game's, and differ from it), found with one comparison.
  double& slot(std::string_view name) {
    if (in_order_ && used_ < figures_.size() && figures_[used_].name == name) return new_figure();
    if (const std::size_t i = index_of(name); i < used_) return figures_[i].value;
    in_order_ = false;
    std::size_t j = used_;   // a later slot that has the name, or a new one at the end
    while (j < figures_.size() && figures_[j].name != name) ++j;
    if (j == figures_.size()) figures_.emplace_back().name.assign(name);
    std::swap(figures_[used_].name, figures_[j].name);
    return new_figure();
  }
  double& new_figure() {
    Figure& f = figures_[used_++];
    f.value = 0;
    return f.value;
  }
  std::vector<Figure> figures_;   // the first used_ are this game's
  std::size_t used_ = 0;
  bool in_order_ = true;          // this game's figures so far are the slots' names, in order
  std::array<std::vector<std::string_view>, kMaxSeats> cards_;
};

template <class S>
concept HasReport = requires(const S& cs, GameReport& report) {
  { cs.report(report) } -> std::same_as<void>;
};

// Optional: each seat's public standing, a score estimate computed from public facts only (never hidden
// state: the conformance suite checks it is finite and unchanged by determinize(seat) for every seat), for
// the shape of a game (sim/shape.h: lead changes, decisiveness, drama). `out` has num_seats() entries.
// A game whose progress has no public count (Persuasion) has none. Cheap and allocation-free.
template <class S>
concept HasStanding = requires(const S& cs, std::span<double> out) {
  { cs.standing(out) } -> std::same_as<void>;
};

// Optional: what `viewer` learns when `actor` plays `action` (asked of the state before the move).
// Without it every move is public and a viewer learns the action itself. A game with secret moves
// (a simultaneous choice, a face-down card) returns a code that does not depend on the secret part,
// e.g. a constant for "seat 2 has chosen". Information-set search keys its trees on these codes,
// so it never branches on what the searching seat could not have seen. For viewer == actor the
// answer must be the action itself.
template <class S>
concept HasObserve = requires(const S& cs, Seat viewer, Seat actor, Action a) {
  { cs.observe(viewer, actor, a) } -> std::same_as<std::uint64_t>;
};

// Optional: a quick playout policy for search (`ismcts:rollout=policy`, its default when the game has
// one): a legal action for `seat` from `legal` (its legal actions now, never empty). Search only asks
// it of a determinized copy, so it may read the whole state: there it reads a sampled world, as a
// player acting on its best guesses would. Cheap and allocation-free; it should play plausibly (accept
// what helps, commit when the game is ending), since it is search's model of everyone's future play.
template <class S>
concept HasPlayout = requires(const S& cs, Seat seat, const ActionList& legal, Rng& rng) {
  { cs.playout(seat, legal, rng) } -> std::same_as<Action>;
};

// Optional: the moves search considers (`ismcts`): `moves` arrives as `seat`'s legal actions and
// leaves as a non-empty subset, one move for each group of moves that differ only in a detail (which
// card to show), the detail chosen by a quick rule. The bot then plays one of these. Search asks it
// of determinized copies only, so it may read the sampled world. Cheap and allocation-free.
template <class S>
concept HasSearchMoves = requires(const S& cs, Seat seat, ActionList& moves) {
  { cs.search_moves(seat, moves) } -> std::same_as<void>;
};

// parts(seat, a): what a move involves, for tables a person handles (docs/protocol.md, "Move parts"):
// a JSON object with a string "kind" ("invite", "place_plan", "pass") and the things the move names, by
// the ids the seat's view uses (cards, seats, characters, edges, squares with their values). Every legal
// move of a seat has parts, no two legal moves of a seat have equal parts, and parts name only what the
// seat may know (the conformance suite checks all three). Not the hot path.

// talk(seat): where `seat` may write now under the game's rule of conversation (engine/talk.h), for a
// seat 0..num_seats()-1. Computed from public facts only (invariant under determinization), symmetric
// (a may write privately to b exactly when b may to a), never to itself; the whole table may talk at the
// start and at the end. The conformance suite checks all four. Not the hot path.

// Optional: a state may reject without enumerating (`const char*` reason, nullptr when legal).
template <class S>
concept HasValidate = requires(const S& cs, Seat seat, Action a) {
  { cs.validate(seat, a) } -> std::same_as<const char*>;
};

// Optional: `seat`'s legal actions counted, and the k-th of them, without listing them (random
// playouts, engine/game_impl.h random_steps, pick `legal_action(seat, uniform(rng, count))`, the same
// move as the k-th entry of legal_actions). legal_count(seat) must be the size of legal_actions(seat)
// and legal_action(seat, k) its k-th entry for every k < count; the conformance suite checks both at
// every step of its playouts. Hot path: no heap.
template <class S>
concept HasLegalAt = requires(const S& cs, Seat seat, std::uint32_t k) {
  { cs.legal_count(seat) } -> std::same_as<std::uint32_t>;
  { cs.legal_action(seat, k) } -> std::same_as<Action>;
};

class GameState;
class GameFactory;

// ---------------------------------------------------------------------------------------------
// The type-erased state. Everything outside a game's folder works through this.
class GameState {
 public:
  virtual ~GameState() = default;
  virtual const GameInfo& info() const = 0;
  virtual std::unique_ptr<GameState> clone() const = 0;
  // Makes this state a copy of `other` (a state of the same game) without allocating: the
  // harness's scratch copy for bots reuses one object.
  virtual void copy_from(const GameState& other) = 0;
  // Becomes the start of the game `seed` under the same rules (what the factory's new_game(seed)
  // makes), without allocating: the simulator's workers play game after game in one state.
  virtual void restart(std::uint64_t seed) = 0;
  virtual int num_seats() const = 0;
  virtual SeatSet to_act() const = 0;
  virtual void legal_actions(Seat seat, ActionList& out) const = 0;
  // Why `action` is not legal for `seat` now (naming the move and what is allowed), or nothing.
  virtual std::optional<std::string> check(Seat seat, Action action) const = 0;
  // Applies `action` for `seat` if it is legal now. Otherwise returns why not and leaves the state
  // unchanged.
  virtual std::optional<std::string> apply(Seat seat, Action action) = 0;
  // Applies an action the caller took from legal_actions(seat) of this very state, unchecked.
  virtual void apply_legal(Seat seat, Action action) = 0;
  virtual bool terminal() const = 0;
  virtual Outcome outcome() const = 0;
  // What `seat` (or kSpectator) may know, with "seat", "to_act" and "terminal" added; the log as `window` says.
  virtual nlohmann::json view(Seat seat, LogWindow window = {}) const = 0;
  virtual void determinize(Seat seat, Rng& rng) = 0;
  virtual void hidden_items(Seat seat, HiddenList& out) const = 0;
  virtual std::string describe(Seat seat, Action action) const = 0;
  // What `action` of `seat` involves (see parts in StateModel).
  virtual nlohmann::json parts(Seat seat, Action action) const = 0;
  // Where `seat` may write now (see talk in StateModel); kSpectator may write nowhere.
  virtual TalkNow talk(Seat seat) const = 0;
  // What `viewer` learns when `actor` plays `action` now (see HasObserve); the action itself for
  // games without secret moves.
  virtual std::uint64_t observe(Seat viewer, Seat actor, Action action) const = 0;
  // The game's quick playout move for `seat` among `legal` (see HasPlayout); nothing when it has none.
  virtual std::optional<Action> playout(Seat seat, const ActionList& legal, Rng& rng) const = 0;
  // Narrows `moves` (seat's legal actions) to the moves search considers (see HasSearchMoves); leaves
  // it unchanged when the game has no such rule.
  virtual void search_moves(Seat seat, ActionList& moves) const = 0;
  // Fills `report` from a finished game (see GameReport); games without one leave it empty.
  virtual void report(GameReport& report) const = 0;
  // Fills `out` (num_seats() entries) with each seat's public standing (see HasStanding) and returns
  // true; false, `out` untouched, when the game has none.
  virtual bool standing(std::span<double> out) const = 0;
  // The number of legal actions of `seat` as the game counts them without listing them (see
  // HasLegalAt); nothing when the game has no such count.
  virtual std::optional<std::uint32_t> legal_count(Seat seat) const = 0;
  // The k-th legal action of `seat` by the game's own rule (see HasLegalAt): only when legal_count has
  // a value and k is below it.
  virtual Action legal_action(Seat seat, std::uint32_t k) const = 0;
  // The legal action of `seat` whose label is `text` (case and surrounding spaces ignored).
  std::optional<Action> parse(Seat seat, std::string_view text) const;

  // The concrete state, when the caller knows the game (heuristic bots, game tests).
  template <class S> const S* as() const;
  template <class S> S* as();

 protected:
  // The address of the concrete state if its type is `type`, else nullptr.
  virtual const void* concrete(const std::type_info& type) const = 0;
};

// Holds one concrete state and the Rules it was made from.
template <class G>
class ErasedState final : public GameState {
 public:
  using State = typename G::State;
  static_assert(StateModel<State>, "G::State does not satisfy court::StateModel");

  ErasedState(std::shared_ptr<const typename G::Rules> rules, const GameInfo* info, State state)
      : rules_(std::move(rules)), info_(info), state_(std::move(state)) {}

  const GameInfo& info() const override { return *info_; }
  std::unique_ptr<GameState> clone() const override { return std::make_unique<ErasedState>(*this); }
  void copy_from(const GameState& other) override {
    const auto* same = dynamic_cast<const ErasedState*>(&other);
    if (!same) throw std::logic_error("copy_from: a state of another game");
    if (rules_ != same->rules_) rules_ = same->rules_;
    state_ = same->state_;
  }
  void restart(std::uint64_t seed) override { state_ = G::setup(*rules_, seed); }
  int num_seats() const override { return state_.num_seats(); }
  SeatSet to_act() const override { return state_.to_act(); }
  void legal_actions(Seat seat, ActionList& out) const override {
    out.clear();
    if (state_.to_act().contains(seat)) state_.legal_actions(seat, out);
  }
  std::optional<std::string> check(Seat seat, Action action) const override;
  std::optional<std::string> apply(Seat seat, Action action) override;
  void apply_legal(Seat seat, Action action) override { state_.apply(seat, action); }
  bool terminal() const override { return state_.terminal(); }
  Outcome outcome() const override { return state_.outcome(); }
  nlohmann::json view(Seat seat, LogWindow window = {}) const override;
  void determinize(Seat seat, Rng& rng) override { state_.determinize(seat, rng); }
  void hidden_items(Seat seat, HiddenList& out) const override {
    out.clear();
    state_.hidden_items(seat, out);
  }
  std::string describe(Seat seat, Action action) const override { return state_.describe(seat, action); }
  nlohmann::json parts(Seat seat, Action action) const override { return state_.parts(seat, action); }
  TalkNow talk(Seat seat) const override { return seat == kSpectator ? TalkNow{} : state_.talk(seat); }
  std::uint64_t observe(Seat viewer, Seat actor, Action action) const override {
    if constexpr (HasObserve<State>) {
      if (viewer != actor) return state_.observe(viewer, actor, action);
    }
    return action.code;
  }
  std::optional<Action> playout(Seat seat, const ActionList& legal, Rng& rng) const override {
    if constexpr (HasPlayout<State>) {
      return state_.playout(seat, legal, rng);
    } else {
      return std::nullopt;
    }
  }
  void search_moves(Seat seat, ActionList& moves) const override {
    if constexpr (HasSearchMoves<State>) state_.search_moves(seat, moves);
  }
  void report(GameReport& report) const override {
    if constexpr (HasReport<State>) state_.report(report);
  }
  bool standing(std::span<double> out) const override {
    if constexpr (HasStanding<State>) {
      state_.standing(out);
      return true;
    } else {
      return false;
    }
  }
  std::optional<std::uint32_t> legal_count(Seat seat) const override {
    if constexpr (HasLegalAt<State>) {
      return state_.to_act().contains(seat) ? state_.legal_count(seat) : 0;
    } else {
      return std::nullopt;
    }
  }
  Action legal_action(Seat seat, std::uint32_t k) const override {
    if constexpr (HasLegalAt<State>) {
      return state_.legal_action(seat, k);
    } else {
      throw std::logic_error("legal_action: the game has no legal_count");
    }
  }

  State& state() { return state_; }
  const State& state() const { return state_; }

 protected:
  const void* concrete(const std::type_info& type) const override {
    return type == typeid(State) ? &state_ : nullptr;
  }

 private:
  std::shared_ptr<const typename G::Rules> rules_;
  const GameInfo* info_;
  State state_;
};

template <class S>
const S* GameState::as() const {
  return static_cast<const S*>(concrete(typeid(S)));
}
template <class S>
S* GameState::as() {
  return static_cast<S*>(const_cast<void*>(concrete(typeid(S))));
}

// ---------------------------------------------------------------------------------------------
// A game prepared for one configuration: makes states, and runs the templated inner loops
// (playouts, clones, determinizations) that the simulator and benchmarks time.
class GameFactory {
 public:
  virtual ~GameFactory() = default;
  virtual const GameInfo& info() const = 0;
  virtual const GameConfig& config() const = 0;
  virtual std::unique_ptr<GameState> new_game(std::uint64_t seed) const = 0;
  virtual bool has_scenarios() const = 0;
  // Throws UserError naming the field when the scenario is malformed.
  virtual std::unique_ptr<GameState> from_scenario(const nlohmann::json& scenario, std::uint64_t seed) const = 0;
  // One game with uniformly random legal moves (simultaneous seats in seat order), stopped after
  // info().max_steps actions. No virtual call per step.
  struct Playout {
    std::size_t steps = 0;
    bool finished = false;
  };
  virtual Playout random_playout(std::uint64_t seed) const = 0;
  // Copies a mid-game state (half-way through a random game from `seed`) `n` times; a checksum.
  virtual std::size_t clone_many(std::uint64_t seed, std::size_t n) const = 0;
  // Determinizes that state for seat 0 `n` times (a fresh copy each time); a checksum.
  virtual std::size_t determinize_many(std::uint64_t seed, std::size_t n) const = 0;
};

// One seat's legal moves as a bot that needs no state reads them: their number and the k-th. A game
// that counts its moves and names the k-th (HasLegalAt) is asked without listing them, as in playouts
// (random_legal_action); otherwise they are listed into `buffer` first. The same moves either way.
class LegalMoves {
 public:
  LegalMoves(const GameState& state, Seat seat, ActionList& buffer);
  std::uint32_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // The k-th move; throws std::logic_error when k is not below size().
  Action operator[](std::uint32_t k) const;

 private:
  const GameState& state_;
  Seat seat_;
  const ActionList* listed_ = nullptr;   // null when the state names them
  std::uint32_t count_ = 0;
};

// A player that chooses its own moves. The harness (Match) hands a bot a copy of the state
// determinized for the bot's seat, never the true state, so no bot can read hidden information.
// Bot specs, make_bot and the bot names are in engine/bot.h.
class Bot {
 public:
  virtual ~Bot() = default;
  // Picks a legal action for `seat`. `state` is a determinized copy for `seat`; the bot may
  // change it freely (search on it).
  virtual Action choose(GameState& state, Seat seat) = 0;

  // A bot that decides from its legal moves alone (such as `random`) says so; the harness then
  // hands it only those moves (which a seat always knows) and makes no determinized copy. It answers
  // with the index of its choice among them.
  virtual bool needs_state() const { return true; }
  virtual std::uint32_t choose_from_legal(const LegalMoves& legal, Seat seat);
  // A bot whose only memory is its generator starts over as the bot made with `seed` would, and says
  // so (the simulator's workers keep their bots from game to game); others answer false and are made
  // anew.
  virtual bool reseed(std::uint64_t /*seed*/) { return false; }

  // Talk in claims (engine/claims.h; docs/architecture.md, "Claims"): optional, a bot is silent and deaf
  // unless it says otherwise. A bot that speaks is asked, whenever where it may write changes, what it
  // claims now; each claim then passes the game's talk rule (claim_refusal) before anyone hears it. A bot
  // that hears is told every allowed claim said to its seat or to the table, by people or bots.
  virtual bool speaks() const { return false; }
  virtual bool hears() const { return false; }
  // The claims of the bot at `seat` now, into `out`: `state` is a copy determinized for `seat` (as for
  // choose), `now` where it may write.
  virtual void speak(GameState& /*state*/, Seat /*seat*/, const TalkNow& /*now*/, ClaimList& /*out*/) {}
  virtual void hear(const Claim& /*claim*/) {}
};

// Parameters of a bot spec such as "ismcts:iters=2000,c=0.7".
using BotParams = std::map<std::string, std::string>;
using BotMaker = std::function<std::unique_ptr<Bot>(const BotParams& params, std::uint64_t seed)>;

// The most work one move of a bot may cost, as a server sets it (court serve): search iterations,
// milliseconds of thinking, threads, and for sampling planners the playouts per candidate and the
// candidates weighed.
struct BotBudget {
  long iterations = 0;
  long millis = 0;
  long threads = 0;
  long rollouts = 0;
  long width = 0;
};
// Throws UserError ("this server allows <bot> up to ...") when a bot named `name` with `params` (a
// valid spec) could cost more per move than `budget`.
using BotCostCheck = std::function<void(const std::string& name, const BotParams& params, const BotBudget& budget)>;

// One kind of bot a game offers: how to make it, and, when its cost per move depends on its
// parameters, how to check that cost against a budget (none: a small fixed cost).
struct BotKind {
  BotMaker make;
  BotCostCheck check_cost;

  BotKind() = default;
  template <class F>
    requires(!std::is_same_v<std::decay_t<F>, BotKind> && std::is_constructible_v<BotMaker, F>)
  BotKind(F maker, BotCostCheck check = {}) : make(std::move(maker)), check_cost(std::move(check)) {}
  std::unique_ptr<Bot> operator()(const BotParams& params, std::uint64_t seed) const { return make(params, seed); }
};

// A bot a game offers people by a name in their words (issue 40): a level (`easy`, `normal`, `strong`) or a
// persona (Persuasion's `patient`, `bold`, `guarded`), standing for a spec of one of the game's bot kinds
// (`heuristic:patience=2`, `ismcts:iters=800`). Registration data, not a class of its own: make_bot and
// check_bot_cost resolve the name to its spec (engine/bot.h).
struct OfferedBot {
  std::string name;    // what a player types or picks: lower-case, not the name of a bot kind
  std::string title;   // "Normal"
  std::string line;    // one line for people on how it plays
  std::string level;   // "easy", "normal" or "strong": the level a persona plays at
  std::string spec;    // what it stands for: a spec of one of the game's bot kinds
  // Its place on the game's rating scale (`court rate`: Elo-like, normal = 1500) and the 95% interval, at
  // `rating_players` seats, as the shipped ratings file (data/ratings.toml) gives them; absent when unrated.
  std::optional<double> rating;
  std::optional<std::array<double, 2>> rating_interval;
  int rating_players = 0;
};

// The offered bot that fills a seat for a person wherever nobody chose one (court play, the lobby, the
// server): every game offers it.
inline constexpr const char* kDefaultBot = "normal";

// A registered game: its description, how to prepare it, and the bots that play it (its own, such
// as "heuristic", and the generic ones: src/bots/generic_bots.h adds them at registration).
struct GameEntry {
  GameInfo info;
  // Validates seats and options, loads data; throws UserError on bad input.
  std::function<std::unique_ptr<GameFactory>(const GameConfig&)> prepare;
  std::map<std::string, BotKind> bots;
  // The bots offered to people by name, levels first (easy, normal, strong), then personas.
  std::vector<OfferedBot> offered;

  // The offered bot named `name`, or nullptr.
  const OfferedBot* find_offered(std::string_view name) const {
    for (const auto& o : offered) if (o.name == name) return &o;
    return nullptr;
  }

  // Builds a GameConfig from a seat count and --set assignments, validating both.
  GameConfig make_config(int seats, const std::map<std::string, std::string>& overrides,
                         const std::string& data_dir = "") const;
};

template <class G>
GameEntry make_game_entry();

}  // namespace court

#include "engine/game_impl.h"
