// The public standing (engine/game.h, HasStanding) of each game follows its rulebook's public count, step by
// step, and ends as the outcome's scores; Persuasion (both editions) has none. The rounds figure is set by every
// game with rounds (Gameshire's round is a season).
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <functional>
#include <span>

#include "engine/match.h"
#include "engine/registry.h"
#include "games/belle/state.h"
#include "games/gameshire/state.h"
#include "games/intrigue/state.h"

namespace court {
namespace {

using Check = std::function<void(const GameState&, std::span<const double>)>;

// Plays `games` random games of `id` at `seats`, checking the standing after every move (and at the start)
// with `check`; at the end, the standing is each seat's outcome score (when `scores_at_end`).
void follow(const std::string& id, int seats, const std::map<std::string, std::string>& options, int count,
            const Check& check, bool scores_at_end = true) {
  const GameEntry& entry = games().get(id);
  const std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(seats, options));
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(count); ++seed) {
    Match match(entry, factory, seed, std::vector<std::string>(static_cast<std::size_t>(seats), "random"));
    std::array<double, kMaxSeats> standing{};
    const std::span<double> out(standing.data(), static_cast<std::size_t>(seats));
    ASSERT_TRUE(match.state().standing(out)) << id;
    check(match.state(), out);
    for (Seat s = match.next_bot(); s >= 0; s = match.next_bot()) {
      match.play_bot(s);
      ASSERT_TRUE(match.state().standing(out));
      check(match.state(), out);
    }
    if (!scores_at_end) continue;
    const Outcome outcome = match.state().outcome();
    for (int s = 0; s < seats; ++s) EXPECT_EQ(standing[s], outcome.seats[s].score) << id << " seed " << seed;
  }
}

// Intrigue (docs/rules/intrigue.md, "End of a round" step 4 and "End of the game"): the standing is each
// seat's points, which everyone sees; favors count only once the stack is turned over at the end.
TEST(Standing, IntrigueIsEachSeatsPoints) {
  follow("intrigue", 3, {}, 10, [](const GameState& g, std::span<const double> out) {
    const auto* s = g.as<intrigue::IntrigueState>();
    for (Seat seat = 0; seat < 3; ++seat) EXPECT_EQ(out[seat], s->points(seat));
  });
}

// Belle of the Ball (docs/rules/belle.md, "End of a round"): each round's score is added to the total when
// the round is scored; the standing is that total, so it changes only when a round is scored.
TEST(Standing, BelleIsEachSeatsTotalOfScoredRounds) {
  for (int seats : {2, 5}) {
    int changes = 0, rounds_seen = 0;
    std::array<double, kMaxSeats> last{};
    follow("belle", seats, {}, 5, [&](const GameState& g, std::span<const double> out) {
      const auto* s = g.as<belle::BelleState>();
      if (s->rounds_scored() == 0) {   // a new game: nothing scored yet
        for (Seat seat = 0; seat < seats; ++seat) EXPECT_EQ(out[seat], 0);
        last = {};
        rounds_seen = 0;
        return;
      }
      bool changed = false;
      for (Seat seat = 0; seat < seats; ++seat) {
        EXPECT_EQ(out[seat], s->score(seat));
        changed |= out[seat] != last[seat];
        last[seat] = out[seat];
      }
      if (changed) {
        ++changes;
        EXPECT_GT(s->rounds_scored(), rounds_seen) << "the standing moved with no round scored";
      }
      rounds_seen = s->rounds_scored();
    });
    EXPECT_GT(changes, 0);
  }
}

// Gameshire, competitive variant (docs/rules/gameshire.md, "Competitive variant": 3 points per gift
// delivered plus 1 per demand met as the active player): the standing is each seat's score.
TEST(Standing, GameshireCompetitiveIsEachSeatsScore) {
  follow("gameshire", 3, {{"mode", "competitive"}}, 5, [](const GameState& g, std::span<const double> out) {
    const auto* s = g.as<gameshire::GameshireState>();
    for (Seat seat = 0; seat < 3; ++seat) EXPECT_EQ(out[seat], s->score(seat));
  });
}

// Gameshire, cooperative (docs/rules/gameshire.md: "The team wins together or loses together"): every seat
// has the team's standing, 3 per gift delivered plus 1 per boon earned, from the shared pool.
TEST(Standing, GameshireCooperativeIsTheTeamsGiftsAndBoons) {
  follow("gameshire", 4, {}, 5, [](const GameState& g, std::span<const double> out) {
    const auto* s = g.as<gameshire::GameshireState>();
    const auto& pool = s->pool(0);
    const double team = 3.0 * std::popcount(static_cast<unsigned>(pool.delivered)) + pool.boons_earned;
    for (Seat seat = 0; seat < 4; ++seat) EXPECT_EQ(out[seat], team);
  }, false);
}

// Persuasion (both editions) has no public count of progress: who is satisfied depends on hidden desires
// cards, so the game says it has no standing rather than inventing one.
TEST(Standing, PersuasionHasNone) {
  for (const char* id : {"persuasion", "persuasion-classic"}) {
    const GameEntry& entry = games().get(id);
    auto factory = entry.prepare(entry.make_config(3, {}));
    auto state = factory->new_game(1);
    std::array<double, kMaxSeats> out{};
    out.fill(-7);
    EXPECT_FALSE(state->standing(std::span<double>(out.data(), 3))) << id;
    EXPECT_EQ(out[0], -7) << id << ": a game without a standing leaves `out` untouched";
  }
}

// "rounds" is set by every game that has rounds, so "ended in the first round" is rounds <= 1 for all.
// Gameshire's round is a season (docs/rules/gameshire.md, "Rounds"): 1 when the team lost in Spring.
TEST(Standing, GameshireRoundsAreSeasons) {
  const GameEntry& entry = games().get("gameshire");
  const std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(2, {}));
  int spring = 0, autumn = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Match match(entry, factory, seed, {"random", "random"});
    match.run_bots();
    GameReport report;
    match.state().report(report);
    ASSERT_TRUE(report.has("rounds"));
    const Outcome o = match.state().outcome();
    const bool lost_in_spring = !o.team_win && o.loss_cause && std::string(o.loss_cause) == "spring_pass_before_quota";
    EXPECT_EQ(report.value("rounds"), lost_in_spring ? 1 : 2) << "seed " << seed;
    EXPECT_EQ(report.value("reached_autumn") == 1, report.value("rounds") == 2) << "seed " << seed;
    (lost_in_spring ? spring : autumn) += 1;
  }
  EXPECT_GT(spring, 0);
  EXPECT_GT(autumn, 0);
}

TEST(Standing, EveryGameWithRoundsReportsThem) {
  for (const char* id : {"intrigue", "belle", "gameshire", "persuasion", "persuasion-classic"}) {
    const GameEntry& entry = games().get(id);
    const int seats = entry.info.min_seats < 3 && entry.info.max_seats >= 3 ? 3 : entry.info.min_seats;
    const std::shared_ptr<const GameFactory> factory = entry.prepare(entry.make_config(seats, {}));
    Match match(entry, factory, 3, std::vector<std::string>(static_cast<std::size_t>(seats), "random"));
    match.run_bots();
    GameReport report;
    match.state().report(report);
    EXPECT_TRUE(report.has("rounds")) << id;
    EXPECT_GE(report.value("rounds"), 1) << id;
  }
}

}  // namespace
}  // namespace court
