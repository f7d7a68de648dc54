// Belle of the Ball's heuristic bot against random bots, seats rotated, fixed seeds; and the figures a
// finished game reports to the simulator.
#include "belle_test_support.h"
#include "engine/bot.h"

namespace court::belle {
namespace {

using namespace testing_support;

// Plays one game; every bot chooses on a copy determinized for its seat.
std::unique_ptr<GameState> play_game(const GameFactory& factory, std::vector<std::unique_ptr<Bot>>& bots,
                                     std::uint64_t seed) {
  auto game = factory.new_game(seed);
  Rng rng = make_rng(mix_seed(seed, 77));
  while (!game->terminal()) {
    const Seat seat = game->to_act().lowest();
    auto copy = game->clone();
    copy->determinize(seat, rng);
    const Action a = bots[seat]->choose(*copy, seat);
    auto error = game->apply(seat, a);
    EXPECT_FALSE(error.has_value()) << *error;
    if (error) break;
  }
  return game;
}

double heuristic_share(int players, int games) {
  auto factory = belle_entry().prepare(belle_entry().make_config(players, {}));
  double wins = 0;
  for (int i = 0; i < games; ++i) {
    const Seat hero = i % players;
    std::vector<std::unique_ptr<Bot>> bots;
    for (Seat s = 0; s < players; ++s) {
      bots.push_back(make_bot(belle_entry(), s == hero ? "heuristic" : "random", mix_seed(99, i * players + s)));
    }
    const Outcome o = play_game(*factory, bots, mix_seed(2026, i))->outcome();
    int winners = 0;
    for (const auto& r : o.seats) winners += r.win ? 1 : 0;
    if (o.seats[hero].win) wins += 1.0 / winners;   // a shared victory counts as a share
  }
  return wins / games;
}

TEST(BelleBot, HeuristicBeatsRandomWithTwoPlayers) {
  const double share = heuristic_share(2, 150);
  std::printf("heuristic win share vs random, 2 players, 150 games: %.3f\n", share);
  EXPECT_GT(share, 0.8);   // a random seat wins half the time
}

TEST(BelleBot, HeuristicBeatsFourRandomBots) {
  const double share = heuristic_share(5, 80);
  std::printf("heuristic win share vs four random bots, 80 games: %.3f\n", share);
  EXPECT_GT(share, 0.5);   // a random seat wins a fifth of the time
}

TEST(BelleStats, AFinishedGameReportsRoundsEndingsAndCards) {
  auto factory = belle_entry().prepare(belle_entry().make_config(3, {}));
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < 3; ++s) bots.push_back(make_bot(belle_entry(), "heuristic", mix_seed(5, s)));
  auto game = play_game(*factory, bots, 12345);
  ASSERT_TRUE(game->terminal());
  const BelleState& s = *game->as<BelleState>();
  GameReport report;
  game->report(report);
  EXPECT_EQ(report.value("rounds"), s.rounds_scored());
  EXPECT_GE(report.value("rounds"), 1);
  EXPECT_EQ(report.value("rounds_ended_by_couples") + report.value("rounds_ended_by_deck"), report.value("rounds"));
  EXPECT_LE(report.value("rounds_ended_by_deck"), 1);
  int high = s.score(0), low = s.score(0);
  for (Seat t = 0; t < 3; ++t) { high = std::max(high, s.score(t)); low = std::min(low, s.score(t)); }
  EXPECT_EQ(report.value("score_spread"), high - low);
  int total = 0;
  for (int r = 0; r < s.rounds_scored(); ++r) total += s.round_points(r, 0);
  EXPECT_EQ(total, s.score(0));   // the total is the sum of the rounds
  for (Seat t = 0; t < 3; ++t) {
    EXPECT_FALSE(report.cards(t).empty());
    for (const auto& name : report.cards(t)) EXPECT_NE(s.rules().find_card(std::string(name)), kNoCard) << name;
  }
}

// What the heuristic bot chooses for `seat` now, on a copy determinized for that seat (as in a match).
std::string heuristic_choice(const GameState& game, Seat seat) {
  auto copy = game.clone();
  Rng rng = make_rng(3);
  copy->determinize(seat, rng);
  auto bot = make_bot(belle_entry(), "heuristic", 11);
  return game.describe(seat, bot->choose(*copy, seat));
}

json wilfred_scenario(const json& scores, const json& deck) {
  json scenario = {{"hands", {{"Master Wilfred Dundifax", "Sir Oswald Dundifax", "Lady Octavia Richminster",
                               "Duchess Evangeline Richminster", "The Honourable Cecily Richminster"},
                              {"Sir Gideon Boarbottom", "Granny Mabel Dundifax"}}},
                   {"minglers", {"Belle Seraphina", "Sir Peregrine Richminster", "Captain Horace Goatsbury",
                                 "Mister Humphrey Dundifax", "Squire Thaddeus Boarbottom"}},
                   {"scores", scores}};
  if (!deck.is_null()) {
    scenario["deck"] = deck;
    scenario["unlisted_cards"] = "out_of_game";
  }
  return scenario;
}

// Rulebook "On your turn" 1a: invitation powers are optional. The heuristic draws when the deck has cards
// to spare (more cards to choose from later, nothing lost) ...
TEST(BelleBot, HeuristicUsesADrawPowerThatHelps) {
  Position t = position(2, wilfred_scenario({0, 0}, nullptr));
  play(*t.game, 0, "invite Master Wilfred Dundifax (");
  ASSERT_EQ(t.s().phase(), Phase::Power);
  EXPECT_EQ(heuristic_choice(*t.game, 0), "draw 2 cards");
}

// ... and declines a draw that would run the deck out this turn (the draw leaves one card, the drift takes
// it and the game ends) while it is far behind: declining keeps the game going.
TEST(BelleBot, HeuristicDeclinesADrawThatEndsAGameItIsLosing) {
  Position t = position(2, wilfred_scenario({0, 40}, {"Lady Eudora Goatsbury", "Miss Ophelia Crawhole", "Young Tobias Goatsbury"}));
  play(*t.game, 0, "invite Master Wilfred Dundifax (");
  ASSERT_EQ(t.s().phase(), Phase::Power);
  EXPECT_EQ(heuristic_choice(*t.game, 0), "decline the invitation power");
}

}  // namespace
}  // namespace court::belle
