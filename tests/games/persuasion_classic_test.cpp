// Persuasion, character-card edition (001_892bf414ea1e625c.txt): rule tests with scenarios.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/match.h"
#include "engine/registry.h"
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/scoring.h"
#include "persuasion_test_support.h"

namespace court::persuasion_classic {
namespace {

using nlohmann::json;

std::shared_ptr<const GameFactory> factory(int seats) { return test_support::factory_for("persuasion-classic", seats); }

// Five traits each, then the desires cards; card 50 is the deck.
json simple_scenario(int seats) {
  json scenario = test_support::consecutive_scenario(seats, kHandSize);
  scenario["deck"] = json::array({50});
  return scenario;
}

using Game = test_support::ScenarioGame<ClassicState, MoveCode>;

Game scenario_game(int seats, const json& scenario) {
  return test_support::scenario_game_for<Game>("persuasion-classic", seats, scenario);
}

MoveCode invite(Seat to, CardId c) { return {Move::Invite, static_cast<std::int8_t>(to), c}; }
MoveCode propose(Seat to, CardId c) { return {Move::Propose, static_cast<std::int8_t>(to), c}; }

TEST(PersuasionClassic, FiveTraitsAndADesiresCardEach) {
  auto g = factory(8)->new_game(1);
  for (Seat t = 0; t < 8; ++t) EXPECT_EQ(g->as<ClassicState>()->table().hands[t].size(), 5u);
  EXPECT_EQ(g->as<ClassicState>()->phase(), Phase::Intentions);
}

// "If two players propose to each other, play as if both proposals were accepted": the two shared
// cards are exchanged and both are engaged, with no decision taken.
TEST(PersuasionClassic, MutualProposalsAreBothAccepted) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId a = game.card(0, 1), b = game.card(1, 3);
  game.play(0, propose(1, a));
  game.play(1, propose(0, b));
  game.play(2, invite(3, game.card(2, 0)));
  game.play(3, MoveCode{Move::Independence});
  EXPECT_EQ(game.s().status(0), Status::Engaged);
  EXPECT_EQ(game.s().fiance(1), 0);
  EXPECT_TRUE(game.s().table().hands[0].contains(b));
  EXPECT_TRUE(game.s().table().hands[1].contains(a));
  // Seat 2's invitation to the independent seat 3 was void; seat 2 received nothing and was
  // rejected: it reflects (draws the deck's top card, #50, then discards one).
  ASSERT_EQ(game.s().phase(), Phase::Reflection);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(2));
  EXPECT_EQ(game.s().table().hands[2].size(), 6u);
  game.play(2, MoveCode{Move::Discard, -1, game.card(2, 5)});
  EXPECT_EQ(game.s().table().hands[2].size(), 5u);
  // One eligible player is left: straight to Matrimony, where seat 2 cannot win.
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().ending(), Ending::FewEligible);
  EXPECT_FALSE(game.s().won(2));
}

// "If two players invite each other, both invitations must be accepted": no reject option.
TEST(PersuasionClassic, MutualInvitationsCannotBeRejected) {
  Game game = scenario_game(3, simple_scenario(3));
  game.play(0, invite(1, game.card(0, 0)));
  game.play(1, invite(0, game.card(1, 0)));
  game.play(2, invite(0, game.card(2, 0)));
  ASSERT_EQ(game.s().phase(), Phase::Invitations);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(0));
  ActionList legal;
  game.g->legal_actions(0, legal);
  int rejects_of_1 = 0, rejects_of_2 = 0;
  for (Action x : legal) {
    const MoveCode m = MoveCode::decode(x);
    if (m.move == Move::RejectInvitation) (m.seat == 1 ? rejects_of_1 : rejects_of_2)++;
    EXPECT_NE(m.card, game.card(0, 0)) << "the shared card is on the table";
  }
  EXPECT_EQ(rejects_of_1, 0);
  EXPECT_EQ(rejects_of_2, 1);
  game.play(0, MoveCode{Move::Reveal, 1, game.card(0, 2)});
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[1][0], game.card(0, 2)));
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[0][1], game.card(1, 0)));
}

// Proposals: a recipient sees every proposal and accepts at most one; decisions in seat order from
// seat 0; a proposal from a player engaged earlier in that order is void.
TEST(PersuasionClassic, ProposalsInSeatOrderAndVoidAfterEngagement) {
  Game game = scenario_game(4, simple_scenario(4));
  game.play(0, invite(3, game.card(0, 0)));
  game.play(1, propose(0, game.card(1, 0)));
  game.play(2, propose(0, game.card(2, 0)));
  game.play(3, propose(2, game.card(3, 0)));
  game.play(3, MoveCode{Move::Reveal, 0, game.card(3, 1)});
  ASSERT_EQ(game.s().phase(), Phase::Proposals);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[0][1], game.card(1, 0)));
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[0][2], game.card(2, 0)));
  game.play(0, MoveCode{Move::Accept, 2, game.card(0, 4)});
  EXPECT_EQ(game.s().fiance(0), 2);
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Rejected);
  EXPECT_EQ(game.s().mail_from(3).state, MailState::Void);  // seat 3 proposed to seat 2, engaged earlier
}

// Satisfaction: at least two of the desires card's three border attributes, same symbol and sign.
// What search weighs (persuasion-shared/search_moves.h): one invitation and one proposal per player and
// independence; a proposal gives the card that most helps the fiance to have the proposer's three
// attributes (the least appealing of those); a reflection discards the least appealing trait.
TEST(PersuasionClassic, SearchWeighsOneMovePerKindAndPlayer) {
  Game game = scenario_game(4, simple_scenario(4));
  const PersuasionDeck& d = game.s().deck();
  auto searched = [&](Seat seat) { return test_support::searched_codes(*game.g, seat); };
  const CardId give = test_support::card_to_give(d, game.s().table().hands[0], d.cards[game.s().table().desires[0]].border);
  CardId show = game.card(0, 0);
  for (CardId c : game.s().table().hands[0]) if (d.appeal[c] > d.appeal[show]) show = c;
  std::set<std::uint32_t> expected{MoveCode{Move::Independence}.encode().code};
  for (Seat t = 1; t < 4; ++t) expected.insert(invite(t, show).encode().code), expected.insert(propose(t, give).encode().code);
  EXPECT_EQ(searched(0), expected);

  // Seat 2, ignored, reflects: of its six cards, search discards the least appealing.
  game.play(0, propose(1, game.card(0, 1)));
  game.play(1, propose(0, game.card(1, 3)));
  game.play(2, invite(3, game.card(2, 0)));
  game.play(3, MoveCode{Move::Independence});
  ASSERT_EQ(game.s().phase(), Phase::Reflection);
  CardId worst = game.card(2, 0);
  for (CardId c : game.s().table().hands[2]) if (d.appeal[c] < d.appeal[worst]) worst = c;
  const std::set<std::uint32_t> discard{MoveCode{Move::Discard, -1, worst}.encode().code};
  EXPECT_EQ(searched(2), discard);
}

TEST(PersuasionClassic, AtLeastTwoAttributes) {
  persuasion::TraitCard wants;
  wants.border = {persuasion::SignedSymbol{0, 1}, persuasion::SignedSymbol{1, -1}, persuasion::SignedSymbol{2, 1}};
  persuasion::SymbolTally t;
  t.total = {2, -1, -1, 0, 0};
  EXPECT_EQ(persuasion::matching_attributes(t, wants), 2);
  EXPECT_TRUE(persuasion::satisfies_two_attributes(t, wants));
  t.total = {2, 0, -1, 0, 0};
  EXPECT_FALSE(persuasion::satisfies_two_attributes(t, wants));
}

TEST(PersuasionClassic, IndependentLosesWhenSomeoneSatisfies) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    json scenario = simple_scenario(3);
    scenario["independent"] = {0};
    scenario["engaged"] = {{1, 2}};
    Game game{factory(3), nullptr};
    game.g = game.f->from_scenario(scenario, seed);
    ASSERT_TRUE(game.g->terminal());
    const CardId w = game.s().table().desires[0];
    EXPECT_EQ(game.s().won(0), !game.s().hand_satisfies(1, w) && !game.s().hand_satisfies(2, w));
  }
}

// The simulator's report (report_common.h) of a game set up finished: seat 0 independent, seats 1 and 2
// engaged. By hand from traits.toml: seat 0 wants two of +Wealth +Title +Mystery (#16); seat 1's hand
// totals Wealth -3, Title +2, Mystery 0 and seat 2's Wealth +3, Title 0, Mystery -2: one each, so seat 0
// wins. Seat 1 wants two of +Mystery +Romance -Danger (#17): seat 2 has Romance +2, Danger -2 (wins).
// Seat 2 wants two of +Title -Mystery -Romance (#18): seat 1 has Title +2, Romance -1 (wins).
TEST(PersuasionClassic, ReportOfAFinishedGame) {
  json scenario = simple_scenario(3);
  scenario["independent"] = {0};
  scenario["engaged"] = {{1, 2}};
  Game game = scenario_game(3, scenario);
  ASSERT_TRUE(game.g->terminal());
  for (Seat s = 0; s < 3; ++s) EXPECT_TRUE(game.s().won(s)) << s;
  GameReport r;
  game.g->report(r);
  EXPECT_FALSE(r.capped);
  EXPECT_EQ(r.values["rounds"], game.s().round());
  EXPECT_EQ(r.values["engaged_pairs"], 1);
  EXPECT_EQ(r.values["independents"], 1);
  EXPECT_EQ(r.values["left_available"], 0);
  EXPECT_EQ(r.values["winners"], 3);
  EXPECT_DOUBLE_EQ(r.values["satisfied_rate"], 1.0);
  EXPECT_EQ(r.values["engaged_won"], 2);
  EXPECT_EQ(r.values["independent_won"], 1);
  EXPECT_EQ(r.values["one_or_none_left"], 1);
  EXPECT_EQ(r.values["final_round_played"], 0);
  EXPECT_EQ(r.values["max_rounds_reached"], 0);
  ASSERT_EQ(r.cards[0].size(), 6u);  // five traits and the desires card
  EXPECT_TRUE(r.cards[0][0].starts_with("#01 ")) << r.cards[0][0];
  EXPECT_TRUE(r.cards[2].back().starts_with("desires #18 wants")) << r.cards[2].back();
}

TEST(PersuasionClassic, HeuristicBeatsRandom) {
  const GameEntry& entry = games().get("persuasion-classic");
  std::shared_ptr<const GameFactory> f = entry.prepare(entry.make_config(4, {}));
  const int n = 300;
  int h = 0, r = 0;
  for (int g = 0; g < n; ++g) {
    std::vector<std::string> seats(4, "random");
    seats[g % 4] = "heuristic";
    Match match(entry, f, mix_seed(777, g), seats);
    match.skip_replay();
    match.run_bots();
    const Outcome o = match.state().outcome();
    for (Seat s = 0; s < 4; ++s) (s == g % 4 ? h : r) += o.seats[s].win;
  }
  const double ph = h / double(n), pr = r / (3.0 * n);
  const double se = std::sqrt(ph * (1 - ph) / n + pr * (1 - pr) / (3.0 * n));
  EXPECT_GT(ph - pr, 2 * se) << "heuristic " << ph << " random " << pr;
}

}  // namespace
}  // namespace court::persuasion_classic
