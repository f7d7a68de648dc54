// The probe bots (bots/probe_bot.h): take and never as stated on a real game, their errors, and the
// assumption they rest on, that a move's kind depends only on its action code within a game.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "bots/probe_bot.h"
#include "engine/bot.h"
#include "engine/registry.h"
#include "engine/rng.h"

namespace court {
namespace {

std::string kind_of(const GameState& s, Seat seat, Action a) { return s.parts(seat, a).value("kind", ""); }

// Plays `n` games of persuasion at 3 players with `spec` in seat 0 and random elsewhere; counts, at
// seat 0's decisions where KIND and another kind were both legal, how often KIND was played.
std::pair<int, int> kind_played(const std::string& spec, const std::string& kind, int n) {
  const GameEntry& entry = games().get("persuasion");
  const auto factory = entry.prepare(entry.make_config(3, {}));
  int offered = 0, played = 0;
  ActionList legal;
  for (int g = 0; g < n; ++g) {
    auto state = factory->new_game(static_cast<std::uint64_t>(g + 1));
    auto probe = make_bot(entry, spec, static_cast<std::uint64_t>(g + 7));
    auto other = make_bot(entry, "random", static_cast<std::uint64_t>(g + 9));
    while (!state->terminal()) {
      const Seat seat = state->to_act().lowest();
      state->legal_actions(seat, legal);
      bool has = false, others = false;
      for (Action a : legal) (kind_of(*state, seat, a) == kind ? has : others) = true;
      auto copy = state->clone();
      const Action a = (seat == 0 ? probe : other)->choose(*copy, seat);
      if (seat == 0 && has && others) {
        ++offered;
        played += kind_of(*state, seat, a) == kind ? 1 : 0;
      }
      state->apply_legal(seat, a);
    }
  }
  return {offered, played};
}

TEST(ProbeBot, TakePlaysItsKindWheneverLegal) {
  const auto [offered, played] = kind_played("probe:take=invite,base=random", "invite", 40);
  ASSERT_GT(offered, 0);
  EXPECT_EQ(played, offered);
}

TEST(ProbeBot, NeverPlaysItsKindWhileAnotherIsLegal) {
  const auto [offered, played] = kind_played("probe:never=independence", "independence", 40);
  ASSERT_GT(offered, 0);
  EXPECT_EQ(played, 0);
  // Its base (the heuristic) alone claims independence at such decisions: the probe changed its play.
  const auto [base_offered, base_played] = kind_played("heuristic", "independence", 40);
  EXPECT_GT(base_played, 0) << base_offered;
}

TEST(ProbeBot, BadSpecsAreRefusedClearly) {
  const GameEntry& entry = games().get("persuasion");
  auto message = [&](const std::string& spec) {
    try {
      make_bot(entry, spec, 1);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("probe").find("exactly one of take=KIND"), std::string::npos);
  EXPECT_NE(message("probe:take=invite,never=show").find("exactly one of"), std::string::npos);
  EXPECT_NE(message("probe:take=invite,base=genius").find("unknown base 'genius'"), std::string::npos);
  EXPECT_NE(message("probe:take=invite,color=red").find("color"), std::string::npos);
  EXPECT_NO_THROW(make_bot(entry, "probe:take=no_such_kind", 1));   // cannot be known in advance: plays as its base
}

// Whether a move's kind depends only on its action code within a game, over random playouts of every game
// at its smallest and largest seat count. It does not in Belle (code 3 is `dismiss` or `welcome` by the
// power pending) nor in Gameshire (a code's kind follows the season or the card), so the probes ask parts() at every decision rather than remembering a kind per code
// (bots/probe_bot.h). This test names the games where the assumption fails, so a change is seen.
TEST(ProbeBot, WhereAMovesKindDependsOnlyOnItsCode) {
  ActionList legal;
  std::set<std::string> fails;
  for (const GameEntry& entry : games().all()) {
    for (int seats : {entry.info.min_seats, entry.info.max_seats}) {
      const auto factory = entry.prepare(entry.make_config(seats, {}));
      std::map<std::uint32_t, std::string> kinds;
      for (std::uint64_t g = 1; g <= 6; ++g) {
        auto state = factory->new_game(g);
        Rng rng = make_rng(g);
        for (int step = 0; !state->terminal() && step < entry.info.max_steps; ++step) {
          const Seat seat = state->to_act().lowest();
          state->legal_actions(seat, legal);
          for (Action a : legal) {
            const auto [it, fresh] = kinds.emplace(a.code, kind_of(*state, seat, a));
            if (it->second != kind_of(*state, seat, a)) fails.insert(entry.info.id);
          }
          state->apply_legal(seat, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
        }
      }
      EXPECT_FALSE(move_kinds(*factory, 3, 1).empty()) << entry.info.id;
    }
  }
  EXPECT_EQ(fails, (std::set<std::string>{"belle", "gameshire"}));
}

}  // namespace
}  // namespace court
