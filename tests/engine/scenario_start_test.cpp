// A scenario file must not leave a seat stuck: where a seat would have to act with no legal move, the
// scenario is refused up front with an error naming the seat, instead of the game stopping later with
// "internal error: ... asked to move with no legal action". The engine checks the first position of
// every game's scenario (GameFactory::from_scenario); a game's reader says more where it can.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bots/generic_bots.h"
#include "engine/registry.h"

namespace court {
namespace {

using nlohmann::json;

// A game made for this test: its scenario says who is to act, how many moves that seat has and whether
// the game is over, so any first position can be built.
struct StallGame {
  struct Rules {
    int seats = 2;
  };
  class State {
   public:
    int num_seats() const { return seats_; }
    SeatSet to_act() const { return over_ || actor_ < 0 ? SeatSet() : SeatSet::of(actor_); }
    void legal_actions(Seat, ActionList& out) const {
      for (int m = 0; m < moves_; ++m) out.push_back(Action{static_cast<std::uint32_t>(m)});
    }
    void apply(Seat, Action) { over_ = true; }
    bool terminal() const { return over_; }
    Outcome outcome() const {
      const double scores[2] = {0, 0};
      return Outcome::from_scores(scores, seats_);
    }
    json view(Seat, LogWindow = {}) const { return {{"phase", "stall"}}; }
    void determinize(Seat, Rng&) {}
    void hidden_items(Seat, HiddenList&) const {}
    std::string describe(Seat, Action a) const { return fmt::format("move {}", a.code); }
    json parts(Seat, Action a) const { return {{"move", a.code}}; }
    TalkNow talk(Seat seat) const { return open_talk(seats_, seat); }

    int seats_ = 2;
    Seat actor_ = 0;
    int moves_ = 1;
    bool over_ = false;
  };
  static GameInfo info() {
    GameInfo info;
    info.id = "fixture-stall";
    info.title = "Stall (test fixture)";
    info.min_seats = 2;
    info.max_seats = 2;
    return info;
  }
  static Rules prepare(const GameConfig& config) { return Rules{config.seats}; }
  static State setup(const Rules&, std::uint64_t) { return State{}; }
  static State from_scenario(const Rules&, const json& scenario, std::uint64_t) {
    State s;
    s.actor_ = scenario.value("actor", 0);
    s.moves_ = scenario.value("moves", 1);
    s.over_ = scenario.value("over", false);
    return s;
  }
};

std::string scenario_error(const GameEntry& entry, int seats, const json& scenario) {
  auto factory = entry.prepare(entry.make_config(seats, {}));
  try {
    factory->from_scenario(scenario, 1);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

std::string scenario_error(const std::string& game, int seats, const json& scenario) {
  return scenario_error(games().get(game), seats, scenario);
}

// Plays uniformly random moves from the scenario's first position until the game ends (or `limit`
// moves), checking that every seat to act has a legal move. Whether the game ended.
bool random_moves_to_the_end(const std::string& game, int seats, const json& scenario, int limit) {
  const GameEntry& entry = games().get(game);
  auto factory = entry.prepare(entry.make_config(seats, {}));
  auto state = factory->from_scenario(scenario, 1);
  Rng rng = make_rng(5);
  ActionList actions;
  int moves = 0;
  while (!state->terminal() && moves < limit) {
    EXPECT_FALSE(state->to_act().empty()) << game << ": nobody to act after " << moves << " moves";
    if (state->to_act().empty()) break;
    const Seat seat = state->to_act().lowest();
    state->legal_actions(seat, actions);
    EXPECT_FALSE(actions.empty()) << game << ": seat " << seat << " has no legal move after " << moves << " moves";
    if (actions.empty()) break;
    state->apply_legal(seat, actions[uniform(rng, static_cast<std::uint32_t>(actions.size()))]);
    ++moves;
  }
  return state->terminal();
}

// --- The engine's check, for every game with scenario files ----------------------------------------------

TEST(ScenarioStart, ASeatToActWithNoLegalMoveIsRefusedNamingTheSeat) {
  const GameEntry entry = game_entry<StallGame>();
  EXPECT_EQ(scenario_error(entry, 2, {{"actor", 1}, {"moves", 1}}), "");
  EXPECT_EQ(scenario_error(entry, 2, {{"actor", 1}, {"moves", 0}, {"over", true}}), "");   // over: nobody acts
  EXPECT_EQ(scenario_error(entry, 2, {{"actor", 1}, {"moves", 0}}),
            "scenario: seat 1 must act (stall) but has no legal move");
}

TEST(ScenarioStart, AGameNotOverNeedsASeatToAct) {
  const GameEntry entry = game_entry<StallGame>();
  EXPECT_EQ(scenario_error(entry, 2, {{"actor", -1}}), "scenario: the game is not over but no seat is to act");
}

// --- Each game ----------------------------------------------------------------------------------------

// Belle of the Ball, "On your turn" 1: each turn begins by inviting a card from hand, so a seat with an
// empty hand could not take its turn. Only the active seat refills its hand at the end of a turn, so a
// second seat dealt no card would be stuck when its turn came (the internal error this check prevents).
TEST(BelleScenario, ASeatWithNoCardToInviteIsRefused) {
  const json hand0 = {"Lady Hortensia Goatsbury", "Sir Oswald Dundifax", "Sir Dietrich Lordhurtz",
                      "The Honourable Cecily Richminster", "Duchess Evangeline Richminster"};
  const std::string error = scenario_error("belle", 2, {{"hands", {hand0, json::array()}}});
  EXPECT_NE(error.find("seat 1"), std::string::npos) << error;
  EXPECT_NE(error.find("hands[1]"), std::string::npos) << error;
  EXPECT_NE(error.find("empty"), std::string::npos) << error;
  // The first player too.
  EXPECT_NE(scenario_error("belle", 2, {{"hands", {json::array(), hand0}}}).find("seat 0"), std::string::npos);
  // With an empty deck the game ends with the first turn (at its refill), so a seat without cards never
  // has to act.
  EXPECT_EQ(scenario_error("belle", 2, {{"hands", {hand0, json::array()}}, {"unlisted_cards", "out_of_game"},
                                        {"minglers", json::array()}}),
            "");
  // Hands dealt from a deck too short for everyone: the seat left without cards is named.
  const std::string short_deck =
      scenario_error("belle", 2, {{"deck", {"Sir Gideon Boarbottom", "Granny Mabel Dundifax"}},
                                  {"unlisted_cards", "out_of_game"}, {"turn", 1}});
  EXPECT_NE(short_deck.find("seat 1"), std::string::npos) << short_deck;
}

// Intrigue, "A turn": take a support token, play a card or put down a favor. A starting player with no
// card, no token left to take and every favor played has no turn to take.
TEST(IntrigueScenario, AStartingPlayerWithNothingToDoIsRefused) {
  json scenario = {{"characters", {"Duke", "Princess", "Bishop"}},
                   {"starting_seat", 1},
                   {"hands", {json({"Guilds"}), json::array(), json({"Oracle"})}},
                   {"tokens", {{"A+3", 0}, {"A+1", 2}, {"B+3", 0}, {"B+1", 2}, {"C+3", 0}, {"C+1", 0}}},
                   {"favors", {{{"seat", 1}, {"letter", "A"}}, {{"seat", 1}, {"letter", "B"}}, {{"seat", 1}, {"letter", "C"}}}}};
  const std::string error = scenario_error("intrigue", 3, scenario);
  EXPECT_NE(error.find("seat 1"), std::string::npos) << error;
  EXPECT_NE(error.find("no legal move"), std::string::npos) << error;
  EXPECT_NE(error.find("hands[1]"), std::string::npos) << error;
  // One token left to take is a turn (after it the round ends: a hand is empty).
  scenario["tokens"].erase("C+1");
  EXPECT_EQ(scenario_error("intrigue", 3, scenario), "");
}

// Gameshire: Gameshire's reader cannot produce a stuck position. Every turn starts with the active player
// choosing a market card or, when none fits (or the market is empty), passing; recording offers "pass"
// too. Even the emptiest table (no market, no decks) plays to its end with a move for every seat.
TEST(GameshireScenario, EvenAnEmptyTableLeavesNoSeatStuck) {
  const json empty = {{"unlisted_cards", "out_of_game"}, {"active", 1}};
  EXPECT_EQ(scenario_error("gameshire", 2, empty), "");
  EXPECT_TRUE(random_moves_to_the_end("gameshire", 2, empty, 2000));
}

// Persuasion (letterbox edition): its reader cannot produce a stuck position. Every hand must hold a card
// (an empty one is refused, naming it), every Introductions choice then has a card to show, and Mail
// Intentions always offer Claim Independence and Reflection.
TEST(PersuasionScenario, AnEmptyHandIsRefusedAndNoSeatIsEverStuck) {
  const json scenario = {{"hands", {{1, 2}, {3}, {4, 5}}}, {"desires", {6, 7, 8}}};
  EXPECT_EQ(scenario_error("persuasion", 3, scenario), "");
  EXPECT_TRUE(random_moves_to_the_end("persuasion", 3, scenario, 5000));
  const std::string error = scenario_error("persuasion", 3, {{"hands", {{1, 2}, json::array(), {4, 5}}}, {"desires", {6, 7, 8}}});
  EXPECT_NE(error.find("hands[1]"), std::string::npos) << error;
}

// Persuasion (character-card edition): every hand must hold two cards (a one-card hand, refused naming it,
// left a player who shared its only card unable to answer a mutual invitation: the fuzzer found it, see
// PersuasionClassicScenario.HandsHoldTwoCardsAtLeast); Share Intentions always offers Claim Independence.
TEST(PersuasionClassicScenario, ShortHandsAreRefusedAndNoSeatIsEverStuck) {
  const json scenario = {{"hands", {{1, 2}, {3, 9}, {4, 5}}}, {"desires", {6, 7, 8}}};
  EXPECT_EQ(scenario_error("persuasion-classic", 3, scenario), "");
  EXPECT_TRUE(random_moves_to_the_end("persuasion-classic", 3, scenario, 5000));
  for (const json& short_hand : {json::array(), json::array({1})}) {
    const std::string error =
        scenario_error("persuasion-classic", 3, {{"hands", {short_hand, {3, 9}, {4, 5}}}, {"desires", {6, 7, 8}}});
    EXPECT_NE(error.find("hands[0]"), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace court
