// The conformance suite: every registered game, every allowed seat count, several seeds.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/conformance.h"
#include "engine/data.h"
#include "engine/registry.h"

namespace court {
namespace {

struct GameSeats {
  std::string game;
  int seats;
};

void PrintTo(const GameSeats& p, std::ostream* os) { *os << p.game << " with " << p.seats << " players"; }

std::vector<GameSeats> every_game_and_seat_count() {
  std::vector<GameSeats> out;
  for (const auto& entry : games().all()) {
    for (int n = entry.info.min_seats; n <= entry.info.max_seats; ++n) out.push_back({entry.info.id, n});
  }
  return out;
}

class Conformance : public testing::TestWithParam<GameSeats> {
 protected:
  std::unique_ptr<GameFactory> factory() const {
    const auto& entry = games().get(GetParam().game);
    return entry.prepare(entry.make_config(GetParam().seats, {}));
  }
};

std::string joined(const std::vector<std::string>& failures) {
  std::string out;
  for (const auto& f : failures) out += f + "\n";
  return out;
}

TEST_P(Conformance, RandomPlayoutsKeepEveryInvariant) {
  auto failures = check_playouts(*factory(), 20261122, 4);
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

TEST_P(Conformance, DeterminizationSamplesFairly) {
  auto failures = check_determinization_fairness(*factory(), 20261122, 3000);
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

TEST_P(Conformance, RandomPlayoutsEndWithinTheBound) {
  auto f = factory();
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    auto playout = f->random_playout(seed);
    EXPECT_TRUE(playout.finished) << "seed " << seed << " still running after " << playout.steps << " actions";
  }
}

// A game's options are written once, in its game.cpp; its rules page's "## Options" table must say the
// same (names in order, ranges, defaults), so the page a player reads cannot drift from the code.
TEST(RulesPages, ListEveryOptionAsTheGameDefinesIt) {
  for (const auto& entry : games().all()) {
    const std::string page = rules_page(entry.info.id);
    ASSERT_FALSE(page.empty()) << entry.info.id << " has no rules page";
    auto failures = check_options_table(page, entry.info.options);
    EXPECT_TRUE(failures.empty()) << entry.info.id << ":\n" << joined(failures);
  }
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);
INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, testing::ValuesIn(every_game_and_seat_count()),
                         [](const testing::TestParamInfo<GameSeats>& info) {
                           std::string name = info.param.game + "_" + std::to_string(info.param.seats) + "p";
                           for (auto& c : name) if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace court
