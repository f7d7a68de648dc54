#include "engine/conformance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <set>

#include "engine/text.h"

namespace court {
namespace {

constexpr std::size_t kMaxReported = 12;

class Failures {
 public:
  void add(std::string message) {
    if (list_.size() < kMaxReported) list_.push_back(std::move(message));
  }
  bool full() const { return list_.size() >= kMaxReported; }
  std::vector<std::string> take() { return std::move(list_); }

 private:
  std::vector<std::string> list_;
};

// Every seat's view and the spectator's, as one string: "nothing visible changed" means equal.
std::string all_views(const GameState& state) {
  std::string out = state.view(kSpectator).dump();
  for (Seat s = 0; s < state.num_seats(); ++s) out += state.view(s).dump();
  return out;
}

std::string legal_signature(const GameState& state, Seat seat) {
  ActionList actions;
  state.legal_actions(seat, actions);
  std::string out;
  for (Action a : actions) out += std::to_string(a.code) + ",";
  return out;
}

// Codes that are not legal for `seat` now: neighbours of legal codes and a few random ones.
std::vector<Action> illegal_candidates(const ActionList& legal, Rng& rng) {
  std::vector<Action> out;
  auto consider = [&](std::uint32_t code) {
    if (!legal.contains(Action{code}) && out.size() < 6) out.push_back(Action{code});
  };
  for (Action a : legal) { consider(a.code + 1); consider(a.code - 1); }
  for (int i = 0; i < 3; ++i) consider(rng());
  consider(0);
  return out;
}

struct Step {
  Seat seat;
  Action action;
  std::size_t views_hash;
};

// Two moves of one seat that leave another seat's view identical must look the same to that seat in
// observe(): information-set search keys its trees on observe(), so a finer answer would let it
// branch on what the seat cannot see (a secret or simultaneous choice).
void check_observations(const GameState& state, Rng& rng, const std::string& where, Failures& failures) {
  for (Seat actor : state.to_act()) {
    ActionList legal;
    state.legal_actions(actor, legal);
    std::vector<Action> sample;
    for (int i = 0; i < 4 && legal.size() > 1; ++i) {
      sample.push_back(legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
    }
    std::vector<std::unique_ptr<GameState>> after;
    for (Action a : sample) {
      after.push_back(state.clone());
      after.back()->apply_legal(actor, a);
    }
    for (Seat viewer = 0; viewer < state.num_seats(); ++viewer) {
      if (viewer == actor) continue;
      std::vector<std::string> views;
      for (const auto& s : after) views.push_back(s->view(viewer).dump());
      for (std::size_t i = 0; i < sample.size(); ++i) {
        for (std::size_t j = i + 1; j < sample.size(); ++j) {
          if (views[i] != views[j]) continue;
          if (state.observe(viewer, actor, sample[i]) != state.observe(viewer, actor, sample[j])) {
            failures.add(fmt::format("observe: seat {} cannot tell seat {}'s moves '{}' and '{}' apart in its view, "
                                     "but observe() distinguishes them ({})", viewer, actor,
                                     state.describe(actor, sample[i]), state.describe(actor, sample[j]), where));
            return;
          }
        }
      }
    }
  }
}

// The position one step of a playout checks: who acts, every view before any check ran, and where it
// is ("seed S step N") for the messages.
struct Position {
  GameState& state;
  SeatSet to_act;
  std::string views;
  std::string where;
};

// Labels are unique among the seat's legal moves, and parse(describe(a)) == a.
void check_labels(const Position& p, Seat seat, const ActionList& legal, Rng& rng, Failures& failures) {
  std::set<std::string> labels;
  for (Action a : legal) labels.insert(p.state.describe(seat, a));
  if (labels.size() != legal.size()) {
    failures.add(fmt::format("describe: {} legal moves of seat {} share labels ({} distinct) ({})", legal.size(),
                             seat, labels.size(), p.where));
  }
  for (int i = 0; i < 4; ++i) {
    Action a = legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))];
    auto parsed = p.state.parse(seat, p.state.describe(seat, a));
    if (!parsed || !(*parsed == a)) {
      failures.add(fmt::format("parse(describe(move {})) does not give the move back for seat {} ({})", a.code, seat,
                               p.where));
    }
  }
}

// Every legal move of `seat`, with its parts, as one string: what a table shows the seat.
std::string parts_signature(const GameState& state, Seat seat) {
  ActionList actions;
  state.legal_actions(seat, actions);
  std::string out;
  for (Action a : actions) out += std::to_string(a.code) + "=" + state.parts(seat, a).dump() + ",";
  return out;
}

// Every legal move has parts (an object with a non-empty string "kind"), and no two legal moves of
// the seat have equal parts, so a table can find the move a gesture composed.
void check_parts(const Position& p, Seat seat, const ActionList& legal, Failures& failures) {
  std::set<std::string> seen;
  for (Action a : legal) {
    const nlohmann::json parts = p.state.parts(seat, a);
    const auto kind = parts.is_object() ? parts.find("kind") : parts.end();
    if (!parts.is_object() || kind == parts.end() || !kind->is_string() || kind->get<std::string>().empty()) {
      failures.add(fmt::format("parts: move '{}' of seat {} has no parts with a \"kind\" (got {}) ({})",
                               p.state.describe(seat, a), seat, parts.dump(), p.where));
      return;
    }
    if (!seen.insert(parts.dump()).second) {
      failures.add(fmt::format("parts: two legal moves of seat {} have equal parts {} ({})", seat, parts.dump(),
                               p.where));
      return;
    }
  }
}

// Illegal moves are rejected with a reason and change nothing. False when one was accepted: the state
// has changed, and the rest of the step would only repeat the news.
bool check_illegal_moves(const Position& p, Seat seat, const ActionList& legal, Rng& rng, Failures& failures) {
  for (Action bad : illegal_candidates(legal, rng)) {
    auto error = p.state.apply(seat, bad);
    if (!error) {
      failures.add(fmt::format("illegal move accepted: code {} for seat {} is not among its legal moves ({})",
                               bad.code, seat, p.where));
      return false;
    }
    if (error->empty()) failures.add(fmt::format("illegal move rejected without a reason ({})", p.where));
    if (all_views(p.state) != p.views) {
      failures.add(fmt::format("rejecting illegal move {} for seat {} changed the state ({})", bad.code, seat,
                               p.where));
    }
  }
  return true;
}

// A seat that is not to act cannot move, and trying changes nothing. False when a move was accepted.
bool check_moves_out_of_turn(const Position& p, Failures& failures) {
  for (Seat seat = 0; seat < p.state.num_seats(); ++seat) {
    if (p.to_act.contains(seat)) continue;
    auto error = p.state.apply(seat, Action{0});
    if (!error) failures.add(fmt::format("seat {} moved out of turn ({})", seat, p.where));
    if (all_views(p.state) != p.views) failures.add(fmt::format("a move out of turn changed the state ({})", p.where));
    if (!error) return false;
  }
  return true;
}

// A game that counts its legal moves and names the k-th without listing them (HasLegalAt, what random
// playouts use) gives the count and the moves of legal_actions, in its order.
void check_legal_at(const GameState& state, Seat seat, const ActionList& legal, const std::string& where,
                    Failures& failures) {
  const std::optional<std::uint32_t> count = state.legal_count(seat);
  if (!count) return;
  if (*count != legal.size()) {
    failures.add(fmt::format("legal_count({}) is {} but legal_actions lists {} moves ({})", seat, *count,
                             legal.size(), where));
    return;
  }
  for (std::uint32_t k = 0; k < *count; ++k) {
    const Action a = state.legal_action(seat, k);
    if (a != legal[k]) {
      failures.add(fmt::format("legal_action({}, {}) is code {} but legal_actions lists code {} there ({})", seat, k,
                               a.code, legal[k].code, where));
      return;
    }
  }
}

// On a copy determinized for `seat`: the playout policy (search asks it only of determinized copies) picks
// a legal move, and the moves search considers are some of the legal moves, at least one.
void check_search_hooks(GameState& copy, Seat seat, const std::string& where, Rng& rng, Failures& failures) {
  ActionList legal;
  copy.legal_actions(seat, legal);
  check_legal_at(copy, seat, legal, where + ", determinized", failures);
  const auto move = copy.playout(seat, legal, rng);
  if (move && std::find(legal.begin(), legal.end(), *move) == legal.end()) {
    failures.add(fmt::format("playout() chose code {} for seat {}, which is not among its legal moves ({})",
                             move->code, seat, where));
  }
  ActionList narrowed = legal;
  copy.search_moves(seat, narrowed);
  if (narrowed.empty()) failures.add(fmt::format("search_moves() left seat {} no move ({})", seat, where));
  for (Action a : narrowed) {
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) {
      failures.add(fmt::format("search_moves() kept code {} for seat {}, which is not among its legal moves ({})",
                               a.code, seat, where));
      break;
    }
  }
}

// Where every seat may write now, as one string.
std::string talk_signature(const GameState& state) {
  std::string out;
  for (Seat seat = 0; seat < state.num_seats(); ++seat) {
    const TalkNow now = state.talk(seat);
    out += fmt::format("{}:{}/{},", seat, now.table ? 1 : 0, now.seats.bits());
  }
  return out;
}

// Talk (engine/talk.h): a seat writes privately only to other seats of the table, and to b exactly when
// b may write to it; the whole table may talk at the start and at the end (`open_table`); a spectator
// writes nowhere.
void check_talk(const GameState& state, bool open_table, const std::string& where, Failures& failures) {
  const int n = state.num_seats();
  for (Seat seat = 0; seat < n; ++seat) {
    const TalkNow now = state.talk(seat);
    if (now.seats.contains(seat) || (now.seats.bits() >> n) != 0) {
      failures.add(fmt::format("talk: seat {} may write privately to seats {:#x}, which include itself or a seat "
                               "outside the table ({})", seat, now.seats.bits(), where));
    }
    for (Seat other : now.seats) {
      if (other < n && !state.talk(other).seats.contains(seat)) {
        failures.add(fmt::format("talk: seat {} may write to seat {} but not seat {} to seat {}: talk is not "
                                 "symmetric ({})", seat, other, other, seat, where));
      }
    }
    if (open_table && !now.table) {
      failures.add(fmt::format("talk: seat {} may not write to the table {} ({})", seat,
                               state.terminal() ? "at the end" : "at the start", where));
    }
  }
  if (!(state.talk(kSpectator) == TalkNow{})) failures.add(fmt::format("talk: a spectator may write ({})", where));
}

// The public standing (HasStanding) as text, "" when the game has none; a value that is not finite is
// a failure at `where`.
std::string standing_signature(const GameState& state, const std::string& where, Failures* failures) {
  std::array<double, kMaxSeats> values{};
  const int n = state.num_seats();
  if (!state.standing(std::span<double>(values.data(), static_cast<std::size_t>(n)))) return "";
  std::string out;
  for (Seat seat = 0; seat < n; ++seat) {
    if (failures && !std::isfinite(values[seat])) {
      failures->add(fmt::format("standing: seat {}'s standing is {}, not a finite number ({})", seat, values[seat], where));
    }
    out += fmt::format("{},", values[seat]);
  }
  return out;
}

// Determinization for each seat keeps what that seat knows and every public fact, and leaves the
// original alone.
void check_determinization(const Position& p, Rng& rng, Failures& failures) {
  const std::string spectator = p.state.view(kSpectator).dump();
  const std::string talk = talk_signature(p.state);
  const std::string standing = standing_signature(p.state, p.where, &failures);
  for (Seat seat = 0; seat < p.state.num_seats(); ++seat) {
    auto copy = p.state.clone();
    copy->determinize(seat, rng);
    if (standing_signature(*copy, p.where, nullptr) != standing) {
      failures.add(fmt::format("determinize({}) changed the public standing: the standing reads something hidden "
                               "({})", seat, p.where));
    }
    if (talk_signature(*copy) != talk) {
      failures.add(fmt::format("determinize({}) changed who may talk with whom: talk depends on something hidden "
                               "({})", seat, p.where));
    }
    if (copy->view(seat).dump() != p.state.view(seat).dump()) {
      failures.add(fmt::format("determinize({0}) changed view({0}): the view leaks hidden information or "
                               "determinize resamples something seat {0} knows ({1})", seat, p.where));
    }
    if (copy->view(kSpectator).dump() != spectator) {
      failures.add(fmt::format("determinize({}) changed the spectator view: public facts changed ({})", seat, p.where));
    }
    if (copy->to_act() != p.to_act || legal_signature(*copy, seat) != legal_signature(p.state, seat)) {
      failures.add(fmt::format("determinize({0}) changed who acts or seat {0}'s legal moves ({1})", seat, p.where));
    } else if (parts_signature(*copy, seat) != parts_signature(p.state, seat)) {
      failures.add(fmt::format("determinize({0}) changed the parts of seat {0}'s legal moves: parts name something "
                               "seat {0} cannot know ({1})", seat, p.where));
    }
    if (p.to_act.contains(seat)) check_search_hooks(*copy, seat, p.where, rng, failures);
  }
  if (all_views(p.state) != p.views) {
    failures.add(fmt::format("determinizing a clone changed the original ({})", p.where));
  }
}

// Clones are independent: moving in a clone leaves the original as it was.
void check_clone_independence(const Position& p, Rng& rng, Failures& failures) {
  auto copy = p.state.clone();
  if (all_views(*copy) != p.views) failures.add(fmt::format("a clone's views differ from the original ({})", p.where));
  Seat seat = p.to_act.lowest();
  ActionList legal;
  copy->legal_actions(seat, legal);
  if (!legal.empty()) copy->apply(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
  if (all_views(p.state) != p.views) failures.add(fmt::format("a move in a clone changed the original ({})", p.where));
}

// The terminal board of every seat (engine/board.h): drawn from the view alone, it fits the terminal
// (kBoardWidth columns; kBoardHeight lines in play, kEndingHeight at the end), holds no control
// characters (the terminal adds the colours), and the same view draws the same board. A move's
// shorthand, when the game gives one, names one legal move of the seat.
void check_board(const GameState& state, const std::string& where, Failures& failures) {
  const BoardHooks& hooks = state.info().board;
  if (!hooks.draw) {
    failures.add(fmt::format("board: the game draws no terminal board (GameInfo.board.draw) ({})", where));
    return;
  }
  const int height = state.terminal() ? kEndingHeight : kBoardHeight;
  for (Seat seat = 0; seat < state.num_seats(); ++seat) {
    const nlohmann::json view = state.view(seat);
    Board board, again;
    hooks.draw(view, nullptr, board);
    hooks.draw(view, nullptr, again);
    const auto lines = board.lines();
    const std::string text = board.plain();
    if (lines.empty()) failures.add(fmt::format("board: seat {}'s board is empty ({})", seat, where));
    if (static_cast<int>(lines.size()) > height) {
      failures.add(fmt::format("board: seat {}'s board has {} lines, more than the {} it may have ({})", seat,
                               lines.size(), height, where));
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
      int columns = 0;
      for (const Span& span : lines[i]) columns += Board::columns(span.text);
      if (columns > kBoardWidth) {
        failures.add(fmt::format("board: line {} of seat {}'s board is {} columns wide, more than {} ({})", i + 1,
                                 seat, columns, kBoardWidth, where));
        break;
      }
    }
    for (unsigned char c : text) {
      if ((c < 0x20 && c != '\n') || c == 0x7F) {
        failures.add(fmt::format("board: seat {}'s board holds control character {} ({})", seat, int(c), where));
        break;
      }
    }
    if (!(board == again)) failures.add(fmt::format("board: the same view of seat {} drew two boards ({})", seat, where));
  }
  if (!hooks.shorthand) return;
  for (Seat seat : state.to_act()) {
    ActionList legal;
    state.legal_actions(seat, legal);
    std::set<std::string> seen;
    for (Action a : legal) {
      const std::string shorthand = hooks.shorthand(state.parts(seat, a));
      if (!shorthand.empty() && !seen.insert(shorthand).second) {
        failures.add(fmt::format("board: two legal moves of seat {} have the shorthand '{}' ({})", seat, shorthand,
                                 where));
        return;
      }
    }
  }
}

// Every view says how long the whole log is ("log_total"), and a view for a window of its log (the server's
// state after a move) is the whole view with the log's most recent lines only: the same lines, numbered alike.
void check_log_window(const GameState& state, const std::string& where, Failures& failures) {
  for (Seat seat = kSpectator; seat < state.num_seats(); ++seat) {
    nlohmann::json whole = state.view(seat);
    const auto total = whole.find("log_total");
    if (total == whole.end() || !total->is_number_unsigned() || total->get<std::size_t>() < whole.at("log").size()) {
      failures.add(fmt::format("log: seat {}'s view has no log_total counting its log's lines (put_log) ({})", seat, where));
      return;
    }
    const nlohmann::json lines = whole.at("log");
    whole.erase("log");
    for (std::size_t recent : {0, 1, 3}) {
      nlohmann::json part = state.view(seat, LogWindow{recent});
      const std::size_t kept = std::min(recent, lines.size());
      const nlohmann::json wanted(lines.end() - static_cast<std::ptrdiff_t>(kept), lines.end());
      const nlohmann::json got = part.value("log", nlohmann::json::array());
      part.erase("log");
      if (got != wanted || part != whole) {
        failures.add(fmt::format("log: seat {}'s view for the most recent {} log lines is not its whole view with "
                                 "the last {} lines: log {} where {} was wanted ({})",
                                 seat, recent, kept, got.dump(), wanted.dump(), where));
        return;
      }
    }
  }
}

void check_step(GameState& state, std::uint64_t game_seed, std::size_t step, Rng& rng, Failures& failures) {
  const std::string where = fmt::format("seed {} step {}", game_seed, step);
  const SeatSet to_act = state.to_act();
  if (to_act.empty()) {
    failures.add(fmt::format("no seat to act: the game is not over but to_act is empty ({})", where));
    return;
  }
  const Position p{state, to_act, all_views(state), where};
  for (Seat seat : to_act) {
    ActionList legal;
    state.legal_actions(seat, legal);
    if (legal.empty()) {
      failures.add(fmt::format("acting seat {} has no legal action ({})", seat, where));
      continue;
    }
    check_labels(p, seat, legal, rng, failures);
    check_parts(p, seat, legal, failures);
    check_legal_at(state, seat, legal, where, failures);
    if (!check_illegal_moves(p, seat, legal, rng, failures)) return;
  }
  if (step % 3 == 0) check_observations(state, rng, where, failures);
  check_talk(state, step == 0, where, failures);
  if (!check_moves_out_of_turn(p, failures)) return;
  check_determinization(p, rng, failures);
  check_clone_independence(p, rng, failures);
  if (step % 5 == 0) check_board(state, where, failures);
  if (step % 5 == 2) check_log_window(state, where, failures);   // a short game has lines by then
}

// Plays `steps` again on `again` (the start of game `seed`), comparing the views after each.
void replay_steps(GameState& again, std::uint64_t seed, const std::vector<Step>& steps, const Outcome& outcome,
                  const char* how, Failures& failures) {
  const std::hash<std::string> hasher;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (auto error = again.apply(steps[i].seat, steps[i].action)) {
      failures.add(fmt::format("{} of seed {} rejected step {}: {}: a rule is not deterministic", how, seed, i, *error));
      return;
    }
    if (hasher(all_views(again)) != steps[i].views_hash) {
      failures.add(fmt::format("{} of seed {} differs at step {}: the same seed and moves gave different views, "
                               "so a rule is not deterministic", how, seed, i));
      return;
    }
  }
  if (!again.terminal() || !(again.outcome() == outcome)) {
    failures.add(fmt::format("{} of seed {} gave a different outcome", how, seed));
  }
}

// The card names of a finished game's report are the rules' (GameReport::card keeps them by reference,
// and the simulator plays its next game in the same state): they read the same after the state has
// started over and played another game.
void check_report_names(GameState& state, std::uint64_t seed, Failures& failures) {
  GameReport report;
  state.report(report);
  std::vector<std::pair<std::string_view, std::string>> names;
  for (Seat s = 0; s < state.num_seats(); ++s) {
    for (std::string_view name : report.cards(s)) names.emplace_back(name, std::string(name));
  }
  if (names.empty()) return;
  Rng rng = make_rng(mix_seed(seed, 78));
  state.restart(mix_seed(seed, 79));
  ActionList legal;
  for (int step = 0; !state.terminal() && step < state.info().max_steps; ++step) {
    const Seat seat = state.to_act().lowest();
    state.legal_actions(seat, legal);
    if (legal.empty()) return;   // reported by check_step
    state.apply_legal(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
  }
  for (const auto& [kept, text] : names) {
    if (kept != text) {
      failures.add(fmt::format("seed {}: the report's card names must be the rules' (GameReport::card keeps them by "
                               "reference): '{}' read '{}' after the state started over",
                               seed, text, kept));
      return;
    }
  }
}

void check_one_playout(const GameFactory& factory, std::uint64_t game_seed, Failures& failures) {
  const GameInfo& info = factory.info();
  auto state = factory.new_game(game_seed);
  Rng rng = make_rng(mix_seed(game_seed, 77));
  std::vector<Step> steps;
  const std::hash<std::string> hasher;

  if (state->num_seats() != factory.config().seats) {
    failures.add(fmt::format("num_seats() is {} but the game was set up for {}", state->num_seats(),
                             factory.config().seats));
  }
  while (!state->terminal() && !failures.full()) {
    if (static_cast<int>(steps.size()) >= info.max_steps) {
      failures.add(fmt::format("no end: seed {} still running after max_steps={} actions", game_seed, info.max_steps));
      return;
    }
    check_step(*state, game_seed, steps.size(), rng, failures);
    if (failures.full()) return;
    for (Seat seat : state->to_act()) {
      if (!state->to_act().contains(seat)) continue;
      ActionList legal;
      state->legal_actions(seat, legal);
      if (legal.empty()) return;  // reported by check_step
      Action a = legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))];
      if (auto error = state->apply(seat, a)) {
        failures.add(fmt::format("a legal move was rejected: {} (seed {} step {})", *error, game_seed, steps.size()));
        return;
      }
      steps.push_back({seat, a, hasher(all_views(*state))});
      if (state->terminal()) break;
    }
  }
  if (!state->terminal()) return;
  check_board(*state, fmt::format("seed {} at the end", game_seed), failures);
  check_talk(*state, true, fmt::format("seed {} at the end", game_seed), failures);
  standing_signature(*state, fmt::format("seed {} at the end", game_seed), &failures);
  check_log_window(*state, fmt::format("seed {} at the end", game_seed), failures);
  if (!state->to_act().empty()) failures.add(fmt::format("the game is over but to_act is not empty (seed {})", game_seed));
  const Outcome outcome = state->outcome();
  if (static_cast<int>(outcome.seats.size()) != state->num_seats()) {
    failures.add(fmt::format("outcome lists {} seats for {} players (seed {})", outcome.seats.size(),
                             state->num_seats(), game_seed));
  }
  // A cooperative game may have a competitive mode (Gameshire); a competitive game has no team result.
  if (outcome.cooperative && !info.cooperative) {
    failures.add(fmt::format("outcome.cooperative is true but the game says it is not cooperative (seed {})", game_seed));
  }

  // Replay determinism: the same seed and moves give the same views at every step, in a new state and
  // in this finished one started over (GameState::restart, how the simulator plays game after game).
  replay_steps(*factory.new_game(game_seed), game_seed, steps, outcome, "replay", failures);
  state->restart(game_seed);
  replay_steps(*state, game_seed, steps, outcome, "restart(seed) and replay", failures);
  check_report_names(*state, game_seed, failures);
}

}  // namespace

std::vector<std::string> check_playouts(const GameFactory& factory, std::uint64_t seed, int playouts) {
  Failures failures;
  for (int i = 0; i < playouts && !failures.full(); ++i) check_one_playout(factory, mix_seed(seed, i), failures);
  return failures.take();
}

double chi_square_p_value(double statistic, double k) {
  if (k <= 0) return 1.0;
  const double h = 2.0 / (9.0 * k);
  const double z = (std::cbrt(statistic / k) - (1.0 - h)) / std::sqrt(h);
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

std::vector<std::string> check_determinization_fairness(const GameFactory& factory, std::uint64_t seed, int samples,
                                                        double alpha) {
  Failures failures;
  auto state = factory.new_game(seed);
  Rng rng = make_rng(mix_seed(seed, 99));
  for (Seat seat = 0; seat < state->num_seats(); ++seat) {
    HiddenList truth;
    state->hidden_items(seat, truth);
    if (truth.empty()) continue;
    // Per pool: how many positions, and how many of each item.
    std::map<int, int> pool_size;
    std::map<int, std::map<int, int>> pool_items;
    for (HiddenItem h : truth) { ++pool_size[h.pool]; ++pool_items[h.pool][h.item]; }
    std::vector<std::map<int, int>> counts(truth.size());

    for (int i = 0; i < samples; ++i) {
      auto copy = state->clone();
      copy->determinize(seat, rng);
      HiddenList sample;
      copy->hidden_items(seat, sample);
      std::map<int, std::map<int, int>> sample_items;
      bool same_layout = sample.size() == truth.size();
      for (std::size_t j = 0; same_layout && j < sample.size(); ++j) {
        same_layout = sample[j].pool == truth[j].pool;
        ++sample_items[sample[j].pool][sample[j].item];
        counts[j][sample[j].item]++;
      }
      if (!same_layout || sample_items != pool_items) {
        failures.add(fmt::format("determinize({}) changed the hidden positions or the unseen items they hold "
                                 "(seed {}, sample {})", seat, seed, i));
        return failures.take();
      }
    }
    // Chi-square per position against "uniform over the unseen items of its pool".
    const double level = alpha / static_cast<double>(truth.size() * state->num_seats());
    for (std::size_t j = 0; j < truth.size(); ++j) {
      const auto& items = pool_items[truth[j].pool];
      if (items.size() < 2) continue;
      double statistic = 0;
      for (const auto& [item, multiplicity] : items) {
        const double expected = samples * static_cast<double>(multiplicity) / pool_size[truth[j].pool];
        const double seen = counts[j].count(item) ? counts[j].at(item) : 0;
        statistic += (seen - expected) * (seen - expected) / expected;
      }
      const double p = chi_square_p_value(statistic, static_cast<double>(items.size() - 1));
      if (p < level) {
        failures.add(fmt::format("unfair determinization: for seat {}, hidden position {} (pool {}) is not uniform "
                                 "over its {} unseen items (chi-square {:.1f}, df {}, p = {:.2g} < {:.2g}; seed {})",
                                 seat, j, truth[j].pool, items.size(), statistic, items.size() - 1, p, level, seed));
      }
    }
  }
  return failures.take();
}

namespace {

// The cells of one Markdown table row, trimmed ("| a | b |" -> {"a", "b"}).
std::vector<std::string> table_cells(std::string_view line) {
  std::vector<std::string> cells;
  const std::string whole = trimmed(line);
  std::string_view row = whole;
  if (row.starts_with('|')) row.remove_prefix(1);
  if (row.ends_with('|')) row.remove_suffix(1);
  for (std::size_t start = 0;;) {
    const std::size_t bar = row.find('|', start);
    cells.emplace_back(trimmed(row.substr(start, bar - start)));
    if (bar == std::string_view::npos) return cells;
    start = bar + 1;
  }
}

// The words written in backticks in a cell, in order ("`a`, `b`" -> {"a", "b"}).
std::vector<std::string> backticked(const std::string& cell) {
  std::vector<std::string> words;
  for (std::size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open)) {
    const std::size_t close = cell.find('`', open + 1);
    if (close == std::string::npos) break;
    words.push_back(cell.substr(open + 1, close - open - 1));
    open = close + 1;
  }
  return words;
}

std::string without_backticks(std::string cell) {
  std::erase(cell, '`');
  return cell;
}

// The rows of the table that follows the "## Options" heading (header and separator left out).
std::vector<std::vector<std::string>> options_rows(std::string_view page, bool& found) {
  std::vector<std::vector<std::string>> rows;
  const std::size_t heading = page.find("\n## Options\n");
  found = heading != std::string_view::npos;
  if (!found) return rows;
  std::size_t at = page.find('\n', heading + 1) + 1;
  for (int row = 0; at < page.size(); ++row) {
    const std::size_t end = std::min(page.find('\n', at), page.size());
    const std::string_view line = page.substr(at, end - at);
    if (!trimmed(line).starts_with('|')) break;
    if (row >= 2) rows.push_back(table_cells(line));   // row 0 names the columns, row 1 is |---|
    at = end + 1;
  }
  return rows;
}

// What the range column must say for `spec`, or why `cell` does not say it (empty: it does).
std::string range_problem(const OptionSpec& spec, const std::string& cell) {
  switch (spec.type) {
    case OptionType::Int: {
      const std::string want = fmt::format("{}..{}", spec.min, spec.max);
      return cell == want ? "" : fmt::format("range '{}', but the game allows {}", cell, want);
    }
    case OptionType::Bool:
      return cell == "bool" || cell == "true/false" ? "" : fmt::format("range '{}', but it is a bool", cell);
    case OptionType::Choice:
      return backticked(cell) == spec.choices
                 ? ""
                 : fmt::format("values '{}', but the game allows `{}`", cell, fmt::join(spec.choices, "`, `"));
    case OptionType::Text: return "";
  }
  return "";
}

}  // namespace

std::vector<std::string> check_options_table(std::string_view page, const std::vector<OptionSpec>& specs) {
  bool found = false;
  const auto rows = options_rows(page, found);
  std::vector<std::string> failures;
  if (!found) {
    if (!specs.empty()) failures.push_back("options table: the rules page has no '## Options' section");
    return failures;
  }
  for (std::size_t i = 0; i < std::max(rows.size(), specs.size()); ++i) {
    const std::string row_name = i < rows.size() ? without_backticks(rows[i][0]) : "(none)";
    const std::string spec_name = i < specs.size() ? specs[i].name : "(none)";
    if (row_name != spec_name || rows[i].size() < 3) {
      failures.push_back(fmt::format("options table: row {} is '{}', but the game's option {} is '{}'", i + 1,
                                     row_name, i + 1, spec_name));
      continue;
    }
    if (auto problem = range_problem(specs[i], rows[i][1]); !problem.empty()) {
      failures.push_back(fmt::format("options table: '{}' has {}", spec_name, problem));
    }
    if (const std::string shown = without_backticks(rows[i][2]); shown != specs[i].default_value) {
      failures.push_back(fmt::format("options table: '{}' has default '{}', but the game's default is '{}'",
                                     spec_name, shown, specs[i].default_value));
    }
  }
  return failures;
}

}  // namespace court
