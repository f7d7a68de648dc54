// Persuasion's claims (engine/claims.h, games/persuasion-shared/claims.h; docs/architecture.md "Claims",
// docs/rules/persuasion.md "Bots' claims"): the vocabulary in words, the one talk rule (Mail Bound) for
// claims as for messages, what each talking persona says, and how a hearer weighs what it heard.
#include <gtest/gtest.h>

#include "engine/bot.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "games/persuasion-shared/belief.h"
#include "games/persuasion-shared/claims.h"
#include "games/persuasion/game.h"
#include "persuasion_test_support.h"

namespace court::persuasion {
namespace {

using nlohmann::json;
using Game = test_support::ScenarioGame<LetterboxState, MoveCode>;

const GameEntry& letterbox() { return games().get("persuasion"); }
const TalkRule& rule() { return letterbox().info.talk; }

// Three seats of ten cards, introductions skipped: play starts at the first round's intentions.
Game three_seats() {
  json scenario = test_support::consecutive_scenario(3, 10);
  scenario["skip_introductions"] = true;
  return test_support::scenario_game_for<Game>("persuasion", 3, scenario);
}

MoveCode invite(Seat to, CardId c) { return {Move::Invite, static_cast<std::int8_t>(to), c}; }

// Seat 1 invites seat 2, seats 0 and 2 reflect and keep nothing: seat 2 holds seat 1's sealed invitation.
void seat_1_invites_seat_2(Game& game) {
  game.play(0, MoveCode{Move::Reflect});
  game.play(1, invite(2, game.card(1, 0)));
  game.play(2, MoveCode{Move::Reflect});
  while (game.s().phase() == Phase::Reflection) game.play(game.s().reflecting_seat(), MoveCode{Move::KeepNone});
}

Claim holds(Seat from, Seat to, SignedSymbol s) { return {.from = from, .to = to, .kind = kHoldsSymbol, .value = claim_value(s)}; }

std::optional<std::string> refusal(const GameState& g, const Claim& c) {
  return claim_refusal(c, g.talk(c.from), rule(), g.num_seats());
}

// --- Words and vocabulary ----------------------------------------------------------------------------------

TEST(PersuasionClaims, ClaimsReadInThePlayersWords) {
  const SignedSymbol plus_title{.symbol = 1, .sign = 1}, minus_danger{.symbol = 4, .sign = -1};
  EXPECT_EQ(claim_words({.from = 0, .kind = kDesireIncludes, .value = claim_value(plus_title)}, rule()),
            "My desires include +Title");
  EXPECT_EQ(claim_words(holds(0, 1, minus_danger), rule()), "I hold a card with -Danger");
  EXPECT_EQ(claim_words({.from = 0, .kind = kAboutToPropose, .value = 2}, rule()), "I am about to propose to seat 2");
  EXPECT_EQ(games().get("persuasion-classic").info.talk.claims.size(), rule().claims.size());
}

TEST(PersuasionClaims, AClaimOutsideTheVocabularyIsRefusedNamingWhatIsAllowed) {
  auto g = letterbox().prepare(letterbox().make_config(3, {}))->new_game(1);
  const auto kind = refusal(*g, {.from = 0, .kind = 7, .value = 0});
  ASSERT_TRUE(kind);
  EXPECT_NE(kind->find("desire_includes, holds_symbol, about_to_propose"), std::string::npos) << *kind;
  const auto value = refusal(*g, {.from = 0, .kind = kHoldsSymbol, .value = 10});
  ASSERT_TRUE(value);
  EXPECT_NE(value->find("0 to 9"), std::string::npos) << *value;
  const auto seat = refusal(*g, {.from = 0, .to = 5, .kind = kAboutToPropose, .value = 1});
  ASSERT_TRUE(seat);
  EXPECT_NE(seat->find("another seat"), std::string::npos) << *seat;
}

// --- One rule: Mail Bound --------------------------------------------------------------------------------

// docs/rules/persuasion.md, "Mail Bound": two seats may talk privately only while one holds the other's
// card; the table talks only before the first move. A claim obeys exactly the rule a message does.
TEST(PersuasionClaims, MailBoundRefusesAClaimBetweenSeatsThatHoldNoCardOfEachOther) {
  Game game = three_seats();
  const SignedSymbol plus_wealth{.symbol = 0, .sign = 1};
  EXPECT_EQ(refusal(*game.g, holds(0, 1, plus_wealth)), fmt::format(fmt::runtime(rule().seat_closed), 1));
  EXPECT_EQ(refusal(*game.g, holds(0, kToTable, plus_wealth)), rule().table_closed);
  seat_1_invites_seat_2(game);
  EXPECT_FALSE(refusal(*game.g, holds(2, 1, plus_wealth)));   // seat 2 holds seat 1's invitation
  EXPECT_TRUE(refusal(*game.g, holds(0, 1, plus_wealth)));
}

TEST(PersuasionClaims, TheTableMayClaimBeforeTheFirstMove) {
  auto g = letterbox().prepare(letterbox().make_config(3, {}))->new_game(1);
  EXPECT_FALSE(refusal(*g, holds(0, kToTable, {.symbol = 2, .sign = -1})));
}

// The harness delivers only what the rule allows: a refused claim reaches nobody.
TEST(PersuasionClaims, TheMatchDeliversNoClaimTheRuleForbids) {
  json scenario = test_support::consecutive_scenario(3, 10);
  scenario["skip_introductions"] = true;
  auto f = test_support::factory_for("persuasion", 3);
  Match match(letterbox(), f, 7, {"heuristic", "heuristic", "heuristic"}, scenario);
  const auto refused = match.deliver(holds(0, 1, {.symbol = 0, .sign = 1}));
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->find("Mail Bound"), std::string::npos) << *refused;
}

// --- What each persona says ---------------------------------------------------------------------------------

// The claims the heuristic `spec` makes at seat 0 of `game` now (on a copy determinized for it).
ClaimList claims_of(const GameState& game, const std::string& spec, Seat seat = 0) {
  auto bot = make_bot(letterbox(), spec, 3);
  auto copy = game.clone();
  Rng rng = make_rng(5);
  copy->determinize(seat, rng);
  ClaimList out;
  bot->speak(*copy, seat, game.talk(seat), out);
  return out;
}

bool is_true(const GameState& game, const Claim& c) {
  const LetterboxState& s = *game.as<LetterboxState>();
  return claim_true(s.deck(), s.table(), c, desire_row_mask(s.deck().cards[s.table().desires[c.from]]), -1);
}

TEST(PersuasionClaims, AnHonestBotClaimsOnlyTruthsAndALiarOnlyFalsehoods) {
  auto f = letterbox().prepare(letterbox().make_config(4, {}));
  int honest = 0, lies = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto g = f->new_game(seed);
    for (const Claim& c : claims_of(*g, "heuristic:talk=honest")) {
      EXPECT_TRUE(is_true(*g, c)) << claim_words(c, rule()) << " (seed " << seed << ")";
      ++honest;
    }
    for (const Claim& c : claims_of(*g, "heuristic:talk=liar")) {
      EXPECT_FALSE(is_true(*g, c)) << claim_words(c, rule()) << " (seed " << seed << ")";
      ++lies;
    }
  }
  EXPECT_GE(honest, 20);   // at least its two desires each game
  EXPECT_GT(lies, 0);
}

TEST(PersuasionClaims, ASilentBotSaysNothingAndADiscreetOneNothingTheHearerHasNotSeen) {
  auto g = letterbox().prepare(letterbox().make_config(4, {}))->new_game(2);
  EXPECT_TRUE(claims_of(*g, "heuristic").empty());
  EXPECT_TRUE(claims_of(*g, "heuristic:talk=guarded").empty());   // nobody has seen its cards yet
  Game game = three_seats();
  seat_1_invites_seat_2(game);
  game.play(2, MoveCode{Move::Accept, 1, game.card(2, 3)});    // seat 2 now sees the invitation
  const SignedMask seen = border_mask(game.s().deck(), std::array{game.card(1, 0)});
  const ClaimList said = claims_of(*game.g, "heuristic:talk=guarded", 1);
  EXPECT_FALSE(said.empty());
  for (const Claim& c : said) {
    EXPECT_EQ(c.to, 2);
    EXPECT_EQ(c.kind, kHoldsSymbol);
    EXPECT_TRUE((seen >> c.value) & 1u) << claim_words(c, rule());
  }
}

// --- Hearing: trust and beliefs -----------------------------------------------------------------------------

// A signed symbol none of `hand`'s cards shows, and one the first card shows.
SignedSymbol absent_from(const LetterboxState& s, Seat seat) {
  const SignedMask shown = border_mask(s.deck(), s.table().hands[seat]);
  for (std::uint8_t v = 0; v < kSignedSymbols; ++v) if (!((shown >> v) & 1u)) return claimed_symbol(v);
  return {};
}

TEST(PersuasionClaims, TrustFallsAfterAContradictedClaimAndRisesAfterAConfirmedOne) {
  Game game = three_seats();
  LetterboxState& s = *game.g->as<LetterboxState>();
  Hearsay heard;
  heard.hear(holds(1, kToTable, absent_from(s, 1)));
  heard.hear(holds(2, kToTable, s.deck().cards[game.card(2, 0)].border[0]));
  heard.check(s.deck(), s.table(), 0);
  EXPECT_EQ(heard.trust[1], Hearsay::kPrior);   // nothing seen yet: nothing settled
  s.table().knowledge.known[0][1] = set_of(s.table().hands[1]);   // seat 0 comes to know seat 1's whole hand
  s.table().knowledge.known[0][2] = card_bit(game.card(2, 0));
  heard.check(s.deck(), s.table(), 0);
  EXPECT_LT(heard.trust[1], Hearsay::kPrior);
  EXPECT_GT(heard.trust[2], Hearsay::kPrior);
  const double after = heard.trust[1];
  heard.check(s.deck(), s.table(), 0);
  EXPECT_EQ(heard.trust[1], after);   // a claim is settled once
}

TEST(PersuasionClaims, AnHonestClaimMovesTheHearersBeliefTowardsIt) {
  Game game = three_seats();
  const LetterboxState& s = game.s();
  const SignedSymbol claimed = s.deck().cards[game.card(1, 0)].border[0];
  Hearsay heard;
  heard.hear(holds(1, 0, claimed));
  const Beliefs before(s.deck(), s.table(), 0);
  const Beliefs after(s.deck(), s.table(), 0, kAllSymbols, &heard);
  EXPECT_GT(after.odds(1).has(claimed), before.odds(1).has(claimed));
  EXPECT_EQ(after.odds(2).has(claimed), before.odds(2).has(claimed));   // nothing heard of seat 2
  Hearsay doubted = heard;
  doubted.trust[1] = 0.1;
  const Beliefs less(s.deck(), s.table(), 0, kAllSymbols, &doubted);
  EXPECT_LT(less.odds(1).has(claimed), after.odds(1).has(claimed));
}

// --- The harness --------------------------------------------------------------------------------------------

TEST(PersuasionClaims, ATableOfSilentBotsHasNoSpeakersAndATalkingTablePlaysToTheEnd) {
  auto f = test_support::factory_for("persuasion", 4);
  Match silent(letterbox(), f, 3, {"heuristic", "normal", "heuristic", "guarded"});
  EXPECT_FALSE(silent.has_speakers());
  EXPECT_EQ(silent.exchange_claims(), 0);
  Match talking(letterbox(), f, 3, {"honest", "normal", "liar", "discreet"});
  ASSERT_TRUE(talking.has_speakers());
  int heard = talking.exchange_claims();
  EXPECT_GT(heard, 0);   // the table talks before the first move
  for (Seat seat = talking.next_bot(); seat >= 0; seat = talking.next_bot()) {
    talking.play_bot(seat);
    heard += talking.exchange_claims();
  }
  EXPECT_TRUE(talking.state().terminal());
}

}  // namespace
}  // namespace court::persuasion
