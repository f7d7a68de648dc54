// The generic information-set MCTS bot: parameters, rewards, determinism, strength against random,
// and that its choice does not depend on what its seat cannot see.
#include <gtest/gtest.h>

#include <map>

#include "bots/generic_bots.h"
#include "bots/ismcts.h"
#include "conformance/fixture_game.h"
#include "engine/conformance.h"
#include "engine/match.h"
#include "engine/registry.h"

namespace court {
namespace {

TEST(Ismcts, ParsesItsParameters) {
  auto p = IsmctsParams::parse({{"iters", "250"}, {"c", "1.5"}, {"rollout", "heuristic"}, {"threads", "2"}, {"seed", "9"}});
  EXPECT_EQ(p.iterations, 250);
  EXPECT_DOUBLE_EQ(p.exploration, 1.5);
  EXPECT_EQ(p.rollout, IsmctsParams::Rollout::Heuristic);
  EXPECT_EQ(IsmctsParams::parse({{"rollout", "policy"}}).rollout, IsmctsParams::Rollout::Policy);
  EXPECT_EQ(IsmctsParams::parse({}).rollout, IsmctsParams::Rollout::Default);
  EXPECT_EQ(IsmctsParams::parse({{"others", "search"}}).others, IsmctsParams::Others::Search);
  EXPECT_EQ(IsmctsParams::parse({{"others", "policy"}}).others, IsmctsParams::Others::Policy);
  EXPECT_EQ(p.threads, 2);
  EXPECT_TRUE(p.seed_given);
  EXPECT_EQ(p.seed, 9u);
  EXPECT_EQ(IsmctsParams::parse({{"ms", "50"}}).ms, 50);
}

TEST(Ismcts, RejectsBadParametersNamingWhatIsAllowed) {
  auto message = [](const BotParams& params) {
    try {
      IsmctsParams::parse(params);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message({{"iters", "0"}}).find("iters=0 must be an integer"), std::string::npos);
  EXPECT_NE(message({{"iters", "10"}, {"ms", "10"}}).find("not both"), std::string::npos);
  EXPECT_NE(message({{"rollout", "smart"}}).find("allowed: random, policy, heuristic"), std::string::npos);
  EXPECT_NE(message({{"c", "-1"}}).find("c=-1 must be a number"), std::string::npos);
  EXPECT_NE(message({{"others", "all"}}).find("allowed: search, policy"), std::string::npos);
  EXPECT_NE(message({{"depth", "3"}}).find("allowed: iters, ms, c, rollout, others, threads, seed"), std::string::npos);
}

// rollout=policy and others=policy need a game with a playout policy (Persuasion has none; Belle has one).
TEST(Ismcts, APolicyRolloutNeedsAGameWithAPolicy) {
  try {
    make_bot(games().get("persuasion"), "ismcts:rollout=policy", 1);
    ADD_FAILURE() << "accepted rollout=policy for a game without a playout policy";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("no playout policy"), std::string::npos) << e.what();
  }
  try {
    make_bot(games().get("persuasion"), "ismcts:others=policy", 1);
    ADD_FAILURE() << "accepted others=policy for a game without a playout policy";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("use others=search"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(make_bot(games().get("belle"), "ismcts:rollout=policy", 1));
  EXPECT_NO_THROW(make_bot(games().get("belle"), "ismcts:others=policy", 1));
}

Replay play(const std::string& game, const std::vector<std::string>& seats, std::uint64_t seed);

TEST(Ismcts, PolicyRolloutsAndSearchedOpponentsPlayGamesToTheEnd) {
  for (const char* bot : {"ismcts:iters=40", "ismcts:iters=40,others=search", "ismcts:iters=40,rollout=random,others=policy"}) {
    EXPECT_TRUE(play("belle", {bot, "random", "heuristic"}, 6).outcome.has_value()) << bot;
    EXPECT_TRUE(play("gameshire", {bot}, 6).outcome.has_value()) << bot;
  }
}

TEST(Ismcts, EveryGameOffersIt) {
  for (const auto& entry : games().all()) {
    EXPECT_TRUE(entry.bots.count("ismcts")) << entry.info.id;
    EXPECT_NO_THROW(make_bot(entry, "ismcts:iters=10", 1)) << entry.info.id;
  }
}

TEST(Ismcts, RewardsWinsAndRanksOrTheTeamResult) {
  double scores[3] = {5, 9, 1};
  Outcome outcome = Outcome::from_scores(scores, 3);
  float rewards[3];
  ismcts_rewards(outcome, 3, rewards);
  EXPECT_FLOAT_EQ(rewards[1], 1.0f);   // the winner: 0.8 + 0.2 for first place
  EXPECT_FLOAT_EQ(rewards[0], 0.1f);   // second of three
  EXPECT_FLOAT_EQ(rewards[2], 0.0f);   // last

  Outcome team;
  team.cooperative = true;
  team.team_win = true;
  for (int s = 0; s < 2; ++s) team.seats.push_back(SeatResult{});
  ismcts_rewards(team, 2, rewards);
  EXPECT_FLOAT_EQ(rewards[0], 1.0f);
  EXPECT_FLOAT_EQ(rewards[1], 1.0f);
}

Replay play(const std::string& game, const std::vector<std::string>& seats, std::uint64_t seed) {
  const auto& entry = games().get(game);
  std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(static_cast<int>(seats.size()), {}));
  Match match(entry, factory, seed, seats);
  match.run_bots();
  return match.replay();
}

TEST(Ismcts, SameSeedSameGameWithOneOrTwoThreads) {
  for (const char* bot : {"ismcts:iters=150", "ismcts:iters=150,threads=2"}) {
    const auto a = play("intrigue", {bot, "random", "heuristic"}, 5);
    const auto b = play("intrigue", {bot, "random", "heuristic"}, 5);
    EXPECT_EQ(a.to_json(), b.to_json()) << bot;
  }
}

TEST(Ismcts, ATimeBudgetPlaysAGameToTheEnd) {
  const auto replay = play("persuasion", {"ismcts:ms=2", "random", "random"}, 3);
  EXPECT_TRUE(replay.outcome.has_value());
}

TEST(Ismcts, HeuristicRolloutsPlayAGameToTheEnd) {
  const auto replay = play("intrigue", {"ismcts:iters=30,rollout=heuristic", "random", "random"}, 4);
  EXPECT_TRUE(replay.outcome.has_value());
}

// Intrigue, 3 players: a fair share is 1/3. Over 30 seeded games with the IS-MCTS seat rotated,
// 18 or more wins has probability below 0.001 for a bot no better than random (binomial tail).
TEST(Ismcts, BeatsRandomInIntrigue) {
  int wins = 0;
  for (int g = 0; g < 30; ++g) {
    std::vector<std::string> seats = {"random", "random", "random"};
    const int me = g % 3;
    seats[me] = "ismcts:iters=300";
    const auto replay = play("intrigue", seats, 1000 + g);
    wins += (*replay.outcome)["seats"][me]["win"].get<bool>() ? 1 : 0;
  }
  EXPECT_GE(wins, 18) << wins << " of 30";
}

// A game's search_moves narrows what ismcts weighs and plays: Duel's keeps a seat's lowest and
// highest card, so ismcts never plays a card in between.
TEST(Ismcts, PlaysOnlyTheMovesSearchConsiders) {
  using Duel = fixture::DuelGame<fixture::Flaw::None>;
  auto entry = game_entry<Duel>();
  auto factory = entry.prepare(entry.make_config(2, {}));
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    auto state = factory->new_game(seed);
    ActionList hand;
    state->legal_actions(0, hand);
    std::uint32_t lo = 99, hi = 0;
    for (Action a : hand) lo = std::min(lo, a.code), hi = std::max(hi, a.code);
    const Action chosen = make_bot(entry, "ismcts:iters=300", seed)->choose(*state, 0);
    EXPECT_TRUE(chosen.code == lo || chosen.code == hi) << "seed " << seed << ": played " << chosen.code
                                                        << ", not " << lo << " or " << hi;
  }
}

// Duel (the fixture game): seat 1 has secretly picked. Seat 0's choice must not depend on which card
// seat 1 picked: the same position with seat 1's highest or lowest card pending gives the same
// distribution of seat 0's moves over many seeds (chi-square homogeneity). A searcher that saw the
// pending card would play very differently against a 9 than against a 0.
TEST(Ismcts, ItsChoiceDoesNotDependOnASecretPick) {
  using Duel = fixture::DuelGame<fixture::Flaw::None>;
  auto entry = game_entry<Duel>();
  auto factory = entry.prepare(entry.make_config(2, {}));
  std::unique_ptr<GameState> base;
  std::uint64_t seed = 0;
  ActionList hand1;
  for (;; ++seed) {  // a deal where seat 1's hand spans a wide range
    base = factory->new_game(seed);
    hand1.clear();
    base->legal_actions(1, hand1);
    std::uint32_t lo = 99, hi = 0;
    for (Action a : hand1) { lo = std::min(lo, a.code); hi = std::max(hi, a.code); }
    if (hi - lo >= 6) break;
  }
  auto pick = [&](bool highest) {
    Action best = hand1[0];
    for (Action a : hand1) if (highest ? a.code > best.code : a.code < best.code) best = a;
    auto state = base->clone();
    EXPECT_FALSE(state->apply(1, best).has_value());
    return state;
  };
  auto high = pick(true);
  auto low = pick(false);
  ASSERT_EQ(high->view(0).dump(), low->view(0).dump());

  std::map<std::uint32_t, std::array<int, 2>> counts;
  const int trials = 150;
  for (int t = 0; t < trials; ++t) {
    for (int which = 0; which < 2; ++which) {
      auto bot = make_bot(entry, "ismcts:iters=200", 77 + t);
      auto copy = (which ? low : high)->clone();
      counts[bot->choose(*copy, 0).code][which] += 1;
    }
  }
  double chi = 0;
  int cells = 0;
  for (const auto& [code, c] : counts) {
    const double expected = (c[0] + c[1]) / 2.0;
    for (int which = 0; which < 2; ++which) chi += (c[which] - expected) * (c[which] - expected) / expected;
    ++cells;
  }
  if (cells > 1) {
    EXPECT_GT(chi_square_p_value(chi, cells - 1), 0.001) << "chi-square " << chi;
  }
}

}  // namespace
}  // namespace court
