#include "engine/game.h"

#include <algorithm>
#include <fmt/format.h>

#include "engine/text.h"

namespace court {

std::optional<Action> GameState::parse(Seat seat, std::string_view text) const {
  ActionList actions;
  legal_actions(seat, actions);
  const std::string wanted = lowered(trimmed(text));
  for (Action a : actions) {
    if (lowered(trimmed(describe(seat, a))) == wanted) return a;
  }
  return std::nullopt;
}

std::string illegal_action_message(const GameState& state, Seat seat, Action action) {
  if (state.terminal()) return "the game is over; no more moves";
  SeatSet to_act = state.to_act();
  if (seat < 0 || seat >= state.num_seats()) {
    return fmt::format("there is no seat {}; seats are 0..{}", seat, state.num_seats() - 1);
  }
  if (!to_act.contains(seat)) {
    std::string who;
    for (Seat s : to_act) who += (who.empty() ? "" : ", ") + std::to_string(s);
    return fmt::format("it is not seat {}'s turn; waiting for seat {}", seat, who);
  }
  ActionList actions;
  state.legal_actions(seat, actions);
  std::string allowed;
  const std::size_t shown = std::min<std::size_t>(actions.size(), 12);
  for (std::size_t i = 0; i < shown; ++i) allowed += fmt::format("{}'{}'", i ? ", " : "", state.describe(seat, actions[i]));
  if (actions.size() > shown) allowed += fmt::format(", ... ({} in all)", actions.size());
  return fmt::format("move {} is not legal for seat {} now; legal moves: {}", action.code, seat, allowed);
}

// The first position of a scenario must let the game go on (a scenario could otherwise leave a seat
// that must act with nothing to play, and the game would stop at that seat's turn).
void check_scenario_start(const GameState& state) {
  if (state.terminal()) return;
  const SeatSet acting = state.to_act();
  if (acting.empty()) throw UserError("scenario: the game is not over but no seat is to act");
  ActionList actions;
  for (Seat seat : acting) {
    state.legal_actions(seat, actions);
    if (!actions.empty()) continue;
    const nlohmann::json view = state.view(seat);
    const bool named = view.contains("phase") && view["phase"].is_string();
    const std::string phase = named ? fmt::format(" ({})", view["phase"].get<std::string>()) : "";
    throw UserError(fmt::format("scenario: seat {} must act{} but has no legal move", seat, phase));
  }
}

void add_standard_view_fields(nlohmann::json& view, Seat seat, SeatSet to_act, bool terminal) {
  if (!view.is_object()) view = nlohmann::json{{"state", view}};
  view["viewer"] = seat == kSpectator ? nlohmann::json("spectator") : nlohmann::json(seat);
  nlohmann::json acting = nlohmann::json::array();
  for (Seat s : to_act) acting.push_back(s);
  view["to_act"] = acting;
  view["terminal"] = terminal;
  if (!view.contains("log")) view["log"] = nlohmann::json::array();
}

}  // namespace court
