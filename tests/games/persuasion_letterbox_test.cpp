// Persuasion, letterbox edition (000_faf9c330ab7e9ab7.txt): one test per rule, named after it, with
// scenarios from docs/rules/persuasion.md ("Scenario files").
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/match.h"
#include "engine/registry.h"
#include "engine/conformance.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion/game.h"
#include "persuasion_test_support.h"

namespace court::persuasion {
namespace {

using nlohmann::json;
using test_support::checked_report;

std::shared_ptr<const GameFactory> factory(int seats, std::map<std::string, std::string> options = {}) {
  return test_support::factory_for("persuasion", seats, std::move(options));
}

const PersuasionDeck& shared_deck() {
  static const PersuasionDeck deck = load_deck("");
  return deck;
}

// The card number (as printed) of deck index c.
int number(CardId c) { return shared_deck().cards[c].id; }

// A scenario with consecutive card numbers: seat t holds `hand` cards from 1 + t * hand, desires
// cards follow, introductions skipped.
json simple_scenario(int seats, int hand) {
  json scenario = test_support::consecutive_scenario(seats, hand);
  scenario["skip_introductions"] = true;
  return scenario;
}

using Game = test_support::ScenarioGame<LetterboxState, MoveCode>;

Game scenario_game(int seats, const json& scenario, std::map<std::string, std::string> options = {}) {
  return test_support::scenario_game_for<Game>("persuasion", seats, scenario, std::move(options));
}

MoveCode invite(Seat to, CardId c) { return {Move::Invite, static_cast<std::int8_t>(to), c}; }
MoveCode propose(Seat to, CardId c) { return {Move::Propose, static_cast<std::int8_t>(to), c}; }
MoveCode accept(Seat from, CardId c) { return {Move::Accept, static_cast<std::int8_t>(from), c}; }
MoveCode reject(Seat from) { return {Move::Reject, static_cast<std::int8_t>(from)}; }
const MoveCode kIndependence{Move::Independence};
const MoveCode kReflect{Move::Reflect};

// Each reflecting seat keeps no card until the Reflection phase ends.
void keep_none_until_reflection_ends(Game& game) {
  while (game.s().phase() == Phase::Reflection) game.play(game.s().reflecting_seat(), MoveCode{Move::KeepNone});
}

// Each seat passes until the Postman phase ends.
void pass_until_postman_ends(Game& game) {
  while (game.s().phase() == Phase::Postman) game.play(game.s().reflecting_seat(), MoveCode{Move::Pass});
}

// Seats 2 and 3 invite each other with their first cards, both reject, and the Postman comes and goes.
void seats_2_and_3_reject_each_other(Game& game) {
  game.play(2, invite(3, game.card(2, 0)));
  game.play(3, invite(2, game.card(3, 0)));
  game.play(2, reject(3));
  game.play(3, reject(2));
  pass_until_postman_ends(game);
}

// Three seats of ten cards: seat 1 invites seat 2, seats 0 and 2 reflect and keep nothing; seat 2 is
// to answer the invitation.
Game seat_2_to_answer_an_invitation() {
  Game game = scenario_game(3, simple_scenario(3, 10));
  game.play(0, kReflect);
  game.play(1, invite(2, game.card(1, 0)));
  game.play(2, kReflect);
  keep_none_until_reflection_ends(game);
  return game;
}

// A first round in which seat 0 proposes to seat 1 with its first card, the other `seats` - 1 reflect
// and keep nothing, and seat 1 accepts with its first card.
void engage_seats_0_and_1(Game& game, int seats) {
  game.play(0, propose(1, game.card(0, 0)));
  for (Seat t = 1; t < seats; ++t) game.play(t, kReflect);
  keep_none_until_reflection_ends(game);
  game.play(1, accept(0, game.card(1, 0)));
  pass_until_postman_ends(game);
}


// --- Move parts (docs/protocol.md, "Move parts", letterbox edition) -------------------------------------

json parts_of(const Game& game, Seat seat, MoveCode m) { return game.g->parts(seat, m.encode()); }

// Introductions: a card shown to a seat names both.
TEST(PersuasionParts, ShowNamesTheCardAndTheSeat) {
  Game game{factory(3), nullptr};
  game.g = game.f->new_game(3);
  const CardId c = game.card(0, 1);
  EXPECT_EQ(parts_of(game, 0, MoveCode{Move::Show, 2, c}), json({{"kind", "show"}, {"card", number(c)}, {"seat", 2}}));
}

// Mail Intentions: a card onto a letterbox (invite) or into the ring sleeve (propose); independence and
// reflection name nothing.
TEST(PersuasionParts, IntentionsNameTheCardAndTheRecipient) {
  Game game = scenario_game(3, simple_scenario(3, 10));
  EXPECT_EQ(parts_of(game, 0, invite(1, game.card(0, 0))), json({{"kind", "invite"}, {"card", 1}, {"seat", 1}}));
  EXPECT_EQ(parts_of(game, 0, propose(2, game.card(0, 4))), json({{"kind", "propose"}, {"card", 5}, {"seat", 2}}));
  EXPECT_EQ(parts_of(game, 0, kIndependence), json({{"kind", "independence"}}));
  EXPECT_EQ(parts_of(game, 0, kReflect), json({{"kind", "reflect"}}));
}

// Reflection: the swap names the card put on the discard pile and the drawn card kept; Correspondence:
// accepting names the letter's sender, the card sent back and the letter's kind (the side it lies on).
TEST(PersuasionParts, SwapAcceptAndRejectNameTheirCardsAndLetters) {
  json scenario = simple_scenario(3, 10);
  scenario["deck"] = {40, 41};
  Game game = scenario_game(3, scenario);
  game.play(0, invite(1, game.card(0, 0)));
  game.play(1, kReflect);
  game.play(2, propose(1, game.card(2, 0)));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(1));
  const auto& drawn = game.s().table().drawn;
  ASSERT_EQ(drawn.size(), 2u);
  EXPECT_EQ(parts_of(game, 1, MoveCode{Move::Swap, -1, game.card(1, 2), drawn[1]}),
            json({{"kind", "swap"}, {"discard", 13}, {"keep", 41}}));
  EXPECT_EQ(parts_of(game, 1, MoveCode{Move::KeepNone}), json({{"kind", "keep_none"}}));
  game.play(1, MoveCode{Move::KeepNone});
  ASSERT_EQ(game.s().phase(), Phase::Correspondence);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(1));
  EXPECT_EQ(parts_of(game, 1, accept(0, game.card(1, 3))),
            json({{"kind", "accept"}, {"seat", 0}, {"card", 14}, {"mail", "invitation"}}));
  EXPECT_EQ(parts_of(game, 1, accept(2, game.card(1, 3))),
            json({{"kind", "accept"}, {"seat", 2}, {"card", 14}, {"mail", "proposal"}}));
  EXPECT_EQ(parts_of(game, 1, reject(0)), json({{"kind", "reject"}, {"seat", 0}, {"mail", "invitation"}}));
  EXPECT_EQ(parts_of(game, 1, reject(2)), json({{"kind", "reject"}, {"seat", 2}, {"mail", "proposal"}}));
}

// Await Postman: the extra reflection is a reflection marked `extra`; not taking it is `pass`.
TEST(PersuasionParts, PostmanReflectionIsMarkedExtra) {
  Game game = seat_2_to_answer_an_invitation();
  game.play(2, accept(1, game.card(2, 0)));
  ASSERT_EQ(game.s().phase(), Phase::Postman);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_EQ(parts_of(game, 0, MoveCode{Move::ExtraReflect}), json({{"kind", "reflect"}, {"extra", true}}));
  EXPECT_EQ(parts_of(game, 0, MoveCode{Move::Pass}), json({{"kind", "pass"}}));
}

// --- The deck (rulings: "The 60 trait cards") --------------------------------------------------------

TEST(PersuasionDeck, DesireCountsMatchTheRulebookTable) {
  const PersuasionDeck& deck = shared_deck();
  ASSERT_EQ(deck.size(), 60);
  std::map<std::string, int> counts;
  for (const TraitCard& c : deck.cards) {
    EXPECT_NE(c.desire[0].symbol, c.desire[1].symbol) << "card " << c.id;
    for (SignedSymbol s : c.desire) counts[(s.sign > 0 ? "+" : "-") + deck.symbols[s.symbol].key]++;
  }
  const std::map<std::string, int> expected = {{"+wealth", 18}, {"-danger", 17}, {"-mystery", 15}, {"+romance", 14},
                                               {"+title", 12},  {"-romance", 12}, {"-wealth", 10},  {"+mystery", 9},
                                               {"+danger", 7},  {"-title", 6}};
  EXPECT_EQ(counts, expected);
}

TEST(PersuasionDeck, BordersAreBalanced) {
  const PersuasionDeck& deck = shared_deck();
  std::map<std::pair<int, int>, int> counts;
  for (const TraitCard& c : deck.cards) {
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < i; ++j) EXPECT_NE(c.border[i].symbol, c.border[j].symbol) << "card " << c.id;
      counts[{c.border[i].symbol, c.border[i].sign}]++;
    }
  }
  ASSERT_EQ(counts.size(), 10u);
  for (const auto& [key, n] : counts) EXPECT_EQ(n, 18) << "symbol " << key.first << " sign " << key.second;
}

// Labels name symbols in words (no emoji: not every screen can draw them).
TEST(PersuasionDeck, SymbolsRenderAsSignedNames) {
  const PersuasionDeck& deck = shared_deck();
  EXPECT_EQ(deck.signed_name({0, 1}), "+Wealth");
  EXPECT_EQ(deck.signed_name({4, -1}), "-Danger");
  EXPECT_EQ(deck.trait_label(0).find("\xF0"), std::string::npos) << deck.trait_label(0);
}

// --- Matrimony: the FAQ's worked example ---------------------------------------------------------------

// FAQ, "I don't understand how matching desires works": totals 💎 -1, 👑 0, 👤 +3, 🌹 -3, 🗡️ -2 give
// dominant -💎, +👤, -🌹, -🗡️ and no 👑; a desire of +👑 and -💎 is not satisfied.
TEST(PersuasionMatrimony, FaqWorkedExample) {
  SymbolTally t;
  t.total = {-1, 0, 3, -3, -2};
  EXPECT_EQ(t.dominant(0), -1);
  EXPECT_EQ(t.dominant(1), 0);
  EXPECT_EQ(t.dominant(2), 1);
  EXPECT_EQ(t.dominant(3), -1);
  EXPECT_EQ(t.dominant(4), -1);
  TraitCard desires;
  desires.desire = {SignedSymbol{1, 1}, SignedSymbol{0, -1}};
  EXPECT_TRUE(t.has(desires.desire[1]));    // -💎 matches
  EXPECT_FALSE(t.has(desires.desire[0]));   // no 👑
  EXPECT_FALSE(satisfies_desire_row(t, desires));
  // With 👑 dominant + as well, both match.
  t.total[1] = 1;
  EXPECT_TRUE(satisfies_desire_row(t, desires));
}

// The same example played to Matrimony: five real cards from the deck whose borders total the FAQ's
// numbers, held by the fiance of a player whose desires card wants +👑 and -💎 (in either order).
TEST(PersuasionMatrimony, FaqWorkedExampleAtTheTable) {
  const PersuasionDeck& deck = shared_deck();
  const std::array<int, kSymbols> want = {-1, 0, 3, -3, -2};
  std::vector<int> hand;
  const int n = deck.size();
  for (int a = 0; a < n && hand.empty(); ++a)
    for (int b = a + 1; b < n && hand.empty(); ++b)
      for (int c = b + 1; c < n && hand.empty(); ++c)
        for (int d = c + 1; d < n && hand.empty(); ++d)
          for (int e = d + 1; e < n && hand.empty(); ++e) {
            SymbolTally t;
            for (int x : {a, b, c, d, e}) t.add(deck.cards[x]);
            if (t.total == want) hand = {a, b, c, d, e};
          }
  ASSERT_EQ(hand.size(), 5u) << "no five cards of the deck total the FAQ's numbers";
  int desires = -1;
  for (int c = 0; c < n && desires < 0; ++c) {
    const auto& row = deck.cards[c].desire;
    const bool title_plus = (row[0] == SignedSymbol{1, 1} || row[1] == SignedSymbol{1, 1});
    const bool wealth_minus = (row[0] == SignedSymbol{0, -1} || row[1] == SignedSymbol{0, -1});
    if (title_plus && wealth_minus && std::find(hand.begin(), hand.end(), c) == hand.end()) desires = c;
  }
  if (desires < 0) GTEST_SKIP() << "the shipped deck has no desires card +👑 / -💎";
  // Seat 0 (desires +👑 -💎) is engaged to seat 1, who holds the five cards; seat 2 is left available.
  json hands = json::array({json::array(), json::array(), json::array()});
  for (int c : hand) hands[1].push_back(number(static_cast<CardId>(c)));
  CardSet used = card_bit(static_cast<CardId>(desires));
  for (int c : hand) used |= card_bit(static_cast<CardId>(c));
  std::vector<int> spare;
  for (int c = 0; c < n; ++c) if (!has_card(used, static_cast<CardId>(c))) spare.push_back(number(static_cast<CardId>(c)));
  for (int i = 0; i < 5; ++i) hands[0].push_back(spare[i]), hands[2].push_back(spare[5 + i]);
  json scenario = {{"hands", hands}, {"desires", {number(static_cast<CardId>(desires)), spare[10], spare[11]}},
                   {"engaged", {{0, 1}}}};
  Game game = scenario_game(3, scenario);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_FALSE(game.s().won(0));
  EXPECT_EQ(game.s().ending(), Ending::FewAvailable);
}

// --- Setup and introductions --------------------------------------------------------------------------

TEST(PersuasionSetup, TraitCardsByPlayerCount) {
  const std::map<int, int> expected = {{3, 10}, {4, 9}, {5, 8}, {6, 7}, {7, 6}, {8, 5}};
  for (auto [seats, cards] : expected) {
    auto g = factory(seats)->new_game(1);
    const auto& s = *g->as<LetterboxState>();
    CardSet all = 0;
    for (Seat t = 0; t < seats; ++t) {
      EXPECT_EQ(static_cast<int>(s.table().hands[t].size()), cards) << seats << " players";
      all |= set_of(s.table().hands[t]) | card_bit(s.table().desires[t]);
    }
    EXPECT_EQ(card_count(all), seats * (cards + 1));
    EXPECT_EQ(static_cast<int>(s.table().deck.size()), 60 - seats * (cards + 1));
    EXPECT_EQ(s.phase(), Phase::Introductions);
  }
}

// Introductions: one different card to each other player; each recipient sees the card shown to it,
// and nobody sees it before everyone has chosen.
TEST(PersuasionIntroductions, EachPlayerShowsADifferentCardToEveryOther) {
  Game game{factory(4), nullptr};
  game.g = game.f->new_game(3);
  for (Seat t = 0; t < 4; ++t) {
    for (int k = 0; k < 3; ++k) {
      Seat to = (t + 1 + k) % 4;
      game.play(t, MoveCode{Move::Show, static_cast<std::int8_t>(to), game.card(t, k)});
      // Only the shower knows its pending choice.
      if (t < 3) {
        EXPECT_EQ(game.s().table().knowledge.known[to][t], 0u);
      }
    }
  }
  ASSERT_EQ(game.s().phase(), Phase::Intentions);
  EXPECT_EQ(game.s().round(), 1);
  for (Seat t = 0; t < 4; ++t) {
    for (int k = 0; k < 3; ++k) {
      Seat to = (t + 1 + k) % 4;
      EXPECT_EQ(game.s().table().knowledge.known[to][t], card_bit(game.card(t, (to - t - 1 + 4) % 4)));
    }
  }
}

TEST(PersuasionIntroductions, ShowingTheSameCardTwiceIsIllegal) {
  Game game{factory(3), nullptr};
  game.g = game.f->new_game(3);
  game.play(0, MoveCode{Move::Show, 1, game.card(0, 0)});
  EXPECT_TRUE(game.g->apply(0, MoveCode{Move::Show, 2, game.card(0, 0)}.encode()));
  EXPECT_TRUE(game.g->apply(0, MoveCode{Move::Show, 1, game.card(0, 1)}.encode()));
}

// --- Mail intentions and correspondence ------------------------------------------------------------------

// Accepting an invitation: send one of your cards first, then see the invitation; a rejected
// invitation goes back unseen.
TEST(PersuasionCorrespondence, InvitationAcceptedBySendingACardBeforeSeeingOne) {
  Game game = scenario_game(3, simple_scenario(3, 10));
  const CardId inv = game.card(0, 0), inv2 = game.card(2, 0);
  game.play(0, invite(1, inv));
  game.play(1, kReflect);
  game.play(2, invite(1, inv2));
  // Seat 1 reflects first (before Correspondence).
  ASSERT_EQ(game.s().phase(), Phase::Reflection);
  game.play(1, MoveCode{Move::KeepNone});
  ASSERT_EQ(game.s().phase(), Phase::Correspondence);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
  EXPECT_EQ(game.s().table().knowledge.known[1][0], 0u);  // the invitation is sealed
  const CardId reply = game.card(1, 3);
  game.play(1, accept(0, reply));
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[1][0], inv));
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[0][1], reply));
  // The reply is away: it cannot be sent again this round.
  EXPECT_TRUE(game.g->apply(1, accept(2, reply).encode()));
  game.play(1, reject(2));
  EXPECT_FALSE(has_card(game.s().table().knowledge.known[1][2], inv2));
}

// A proposal is seen as soon as it arrives; accepting it exchanges cards and engages both at once.
TEST(PersuasionCorrespondence, ProposalSeenOnArrivalAndAcceptedByGivingACard) {
  Game game = scenario_game(4, simple_scenario(4, 9));
  const CardId ring = game.card(0, 2);
  game.play(0, propose(1, ring));
  game.play(1, invite(2, game.card(1, 0)));
  game.play(2, kReflect);
  game.play(3, kReflect);
  EXPECT_TRUE(has_card(game.s().table().knowledge.known[1][0], ring));
  keep_none_until_reflection_ends(game);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(1));
  const CardId given = game.card(1, 5);
  game.play(1, accept(0, given));
  EXPECT_EQ(game.s().status(0), Status::Engaged);
  EXPECT_EQ(game.s().status(1), Status::Engaged);
  EXPECT_EQ(game.s().fiance(0), 1);
  EXPECT_TRUE(game.s().table().hands[0].contains(given));
  EXPECT_TRUE(game.s().table().hands[1].contains(ring));
  EXPECT_FALSE(game.s().table().hands[0].contains(ring));
  // Seat 1's own invitation to seat 2 was returned at once, unseen.
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Returned);
  EXPECT_EQ(game.s().table().knowledge.known[2][1], 0u);
}

// FAQ: if two players want to accept proposals involving the same player, resolve clockwise from the
// host. Seat 0 proposes to 1, seat 1 proposes to 2: seat 1 decides first and accepts, so its own
// proposal to seat 2 is returned before seat 2 can accept it.
TEST(PersuasionCorrespondence, ConflictingProposalsResolvedClockwiseFromTheHost) {
  Game game = scenario_game(4, simple_scenario(4, 9));
  game.play(0, propose(1, game.card(0, 0)));
  game.play(1, propose(2, game.card(1, 0)));
  game.play(2, invite(3, game.card(2, 0)));
  game.play(3, propose(2, game.card(3, 0)));
  ASSERT_EQ(game.s().phase(), Phase::Correspondence);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
  game.play(1, accept(0, game.card(1, 4)));
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Returned);
  // Next clockwise with undecided mail: seat 2 (seat 3's proposal), then seat 3 (seat 2's invitation).
  EXPECT_EQ(game.g->to_act(), SeatSet::of(2));
  ActionList legal;
  game.g->legal_actions(2, legal);
  for (Action a : legal) EXPECT_EQ(MoveCode::decode(a).seat, 3);
  game.play(2, accept(3, game.card(2, 5)));
  EXPECT_EQ(game.s().status(2), Status::Engaged);
  // Seat 2's invitation to seat 3 was returned unseen once they engaged.
  bool logged = false;
  const json v3 = game.g->view(3);
  for (const auto& line : v3["log"]) {
    logged = logged || line.get<std::string>().starts_with("seat 2's invitation to seat 3 is returned unseen");
  }
  EXPECT_TRUE(logged) << v3["log"].dump(1);
  EXPECT_EQ(game.s().table().knowledge.known[3][2] & card_bit(game.card(2, 0)), 0u);
}

// An engaged player's pending cards are returned: invitations to them unseen.
TEST(PersuasionCorrespondence, EngagedPlayersPendingCardsAreReturnedUnseen) {
  Game game = scenario_game(5, simple_scenario(5, 8));
  const CardId sealed = game.card(3, 1);
  game.play(0, propose(1, game.card(0, 0)));
  game.play(1, kReflect);
  game.play(2, kReflect);
  game.play(3, invite(1, sealed));
  game.play(4, invite(0, game.card(4, 0)));
  keep_none_until_reflection_ends(game);
  // Seat 0 decides first (seat 4's invitation), then seat 1.
  EXPECT_EQ(game.g->to_act(), SeatSet::of(0));
  game.play(0, accept(4, game.card(0, 3)));
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
  game.play(1, accept(0, game.card(1, 2)));
  EXPECT_EQ(game.s().mail_from(3).state, MailState::Returned);
  EXPECT_FALSE(has_card(game.s().table().knowledge.known[1][3], sealed));
  const json v1 = game.g->view(1);
  bool logged = false;
  for (const auto& line : v1["log"]) logged = logged || line.get<std::string>() == "seat 3's invitation to seat 1 is returned unseen.";
  EXPECT_TRUE(logged);
}

// Correspondence, "Sort Mail: set aside any of your own cards on your letterbox until you've resolved
// all other cards" (and Await Postman: cards go home at the end of the round). A card that comes back
// (here a rejected invitation) stays set aside: it cannot be sent again as a reply that round, in the
// game and in every determinization of it; it is free again next round.
TEST(PersuasionCorrespondence, SortMailReturnedCardStaysAsideUntilTheRoundEnds) {
  Game game = scenario_game(3, simple_scenario(3, 10));
  const CardId returned = game.card(0, 0);
  game.play(0, invite(1, returned));
  game.play(1, invite(0, game.card(1, 0)));
  game.play(2, invite(0, game.card(2, 0)));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  game.play(0, reject(2));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(1));
  game.play(1, reject(0));  // seat 0's invitation comes back
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_TRUE(game.s().away(returned));
  EXPECT_TRUE(game.g->apply(0, accept(1, returned).encode()));  // refused: set aside
  auto accepts_of_seat0 = [](const GameState& g) {
    ActionList legal;
    g.legal_actions(0, legal);
    int n = 0;
    for (Action a : legal) n += MoveCode::decode(a).move == Move::Accept;
    return n;
  };
  EXPECT_EQ(accepts_of_seat0(*game.g), 9);
  Rng rng = make_rng(5);
  for (Seat viewer : {1, 2}) {  // neither saw the returned card, yet it is set aside in their samples
    for (int i = 0; i < 20; ++i) {
      auto copy = game.g->clone();
      copy->determinize(viewer, rng);
      EXPECT_EQ(accepts_of_seat0(*copy), 9) << "viewer " << viewer;
    }
  }
  game.play(0, accept(1, game.card(0, 1)));
  pass_until_postman_ends(game);
  ASSERT_EQ(game.s().phase(), Phase::Intentions);
  EXPECT_FALSE(game.s().away(returned));
  game.play(0, invite(2, returned));  // home again next round
}

TEST(PersuasionIntentions, TargetMustBeAnotherAvailablePlayer) {
  json scenario = simple_scenario(4, 9);
  scenario["independent"] = {3};
  Game game = scenario_game(4, scenario);
  EXPECT_TRUE(game.g->apply(0, invite(3, game.card(0, 0)).encode()));
  EXPECT_TRUE(game.g->apply(0, invite(0, game.card(0, 0)).encode()));
  EXPECT_FALSE(game.g->to_act().contains(3));
  game.play(0, invite(1, game.card(0, 0)));
}

// Court's option independence_from (docs/rules/persuasion.md, "Options"; the rulebook: any round): no seat
// may claim independence before that round, and every seat may from it on.
TEST(PersuasionIntentions, IndependenceOpensAtTheRoundIndependenceFromSays) {
  Game game = scenario_game(3, simple_scenario(3, 10), {{"independence_from", "2"}});
  for (Seat t = 0; t < 3; ++t) EXPECT_TRUE(game.g->apply(t, kIndependence.encode())) << "round 1, seat " << t;
  for (Seat t = 0; t < 3; ++t) game.play(t, kReflect);
  keep_none_until_reflection_ends(game);
  pass_until_postman_ends(game);
  ASSERT_EQ(game.s().round(), 2);
  game.play(0, kIndependence);
}

// The option changes the moves listed, counted and decoded alike (the conformance suite's checks, here with
// independence opening in round 3 at 3 and 8 players).
TEST(PersuasionIntentions, IndependenceFromKeepsEveryInvariant) {
  for (const int seats : {3, 8}) {
    const auto failures = check_playouts(*factory(seats, {{"independence_from", "3"}}), 20261202, 4);
    EXPECT_TRUE(failures.empty()) << seats << " players: " << (failures.empty() ? "" : failures.front());
  }
}

// ... and in a final round it is always open: the rulebook's "last chance to propose or become independent".
TEST(PersuasionIntentions, IndependenceIsOpenInAFinalRoundWhateverIndependenceFromSays) {
  Game game = scenario_game(4, simple_scenario(4, 9), {{"independence_from", "9"}});
  engage_seats_0_and_1(game, 4);
  ASSERT_TRUE(game.s().final_round());
  game.play(2, kIndependence);
}

// Intentions are hidden until everyone has chosen: another seat's view shows only that seat 0 chose.
TEST(PersuasionIntentions, PendingIntentionsAreHidden) {
  Game game = scenario_game(3, simple_scenario(3, 10));
  game.play(0, propose(1, game.card(0, 4)));
  const std::string seen_by_1 = game.g->view(1).dump();
  EXPECT_EQ(seen_by_1.find("propos"), std::string::npos);
  const json mine = game.g->view(0)["your_intention"];
  EXPECT_EQ(mine["kind"], "proposal");
  EXPECT_EQ(mine["seat"], 1);
}

// --- Reflection -------------------------------------------------------------------------------------------

TEST(PersuasionReflection, DrawTwoAndKeepAtMostOne) {
  json scenario = simple_scenario(3, 10);
  scenario["deck"] = {40, 41};
  Game game = scenario_game(3, scenario);
  game.play(0, kReflect);
  game.play(1, invite(2, game.card(1, 0)));
  game.play(2, invite(1, game.card(2, 0)));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  const auto& drawn = game.s().table().drawn;
  ASSERT_EQ(drawn.size(), 2u);
  EXPECT_EQ(number(drawn[0]), 40);
  EXPECT_EQ(number(drawn[1]), 41);
  const CardId old = game.card(0, 2), kept = drawn[1];
  game.play(0, MoveCode{Move::Swap, -1, old, kept});
  EXPECT_TRUE(game.s().table().hands[0].contains(kept));
  EXPECT_FALSE(game.s().table().hands[0].contains(old));
  EXPECT_EQ(game.s().table().hands[0].size(), 10u);
  EXPECT_EQ(game.s().table().discard.size(), 2u);
}

// Await Postman: a player no card of another player reached this round may reflect, even after
// reflecting as their intention; a player who got a reply may not.
TEST(PersuasionReflection, ExtraReflectionWhenNothingReachedYou) {
  Game game = seat_2_to_answer_an_invitation();
  ASSERT_EQ(game.g->to_act(), SeatSet::of(2));
  game.play(2, accept(1, game.card(2, 0)));
  // Seat 0 received nothing: it may reflect again. Seats 1 (a reply) and 2 (an invitation) may not.
  ASSERT_EQ(game.s().phase(), Phase::Postman);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  game.play(0, MoveCode{Move::ExtraReflect});
  EXPECT_EQ(game.s().table().drawn.size(), 2u);
  game.play(0, MoveCode{Move::KeepNone});
  EXPECT_EQ(game.s().phase(), Phase::Intentions);
  EXPECT_EQ(game.s().round(), 2);
}

TEST(PersuasionReflection, NoExtraReflectionWhenTheOptionIsOff) {
  Game game = scenario_game(3, simple_scenario(3, 10), {{"extra_reflection", "false"}});
  game.play(0, kIndependence);
  game.play(1, kReflect);
  game.play(2, kReflect);
  keep_none_until_reflection_ends(game);
  EXPECT_EQ(game.s().phase(), Phase::Intentions);
}

// --- Availability and the end -------------------------------------------------------------------------------

// Check Availability: exactly two available players play one final round, then Matrimony.
TEST(PersuasionEnding, FinalRoundAtExactlyTwoAvailable) {
  Game game = scenario_game(4, simple_scenario(4, 9));
  engage_seats_0_and_1(game, 4);
  ASSERT_EQ(game.s().round(), 2);
  EXPECT_TRUE(game.s().final_round());
  EXPECT_EQ(game.g->to_act().size(), 2);
  seats_2_and_3_reject_each_other(game);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().ending(), Ending::FinalRound);
  // Seats 2 and 3 are still available: they cannot win.
  EXPECT_FALSE(game.s().won(2));
  EXPECT_FALSE(game.s().won(3));
}

TEST(PersuasionEnding, ThreeAvailablePlayAnotherOrdinaryRound) {
  Game game = scenario_game(5, simple_scenario(5, 8));
  engage_seats_0_and_1(game, 5);
  EXPECT_EQ(game.s().round(), 2);
  EXPECT_FALSE(game.s().final_round());
}

TEST(PersuasionEnding, MaxRoundsSendsPlayToMatrimony) {
  Game game = scenario_game(3, simple_scenario(3, 10), {{"max_rounds", "1"}});
  for (Seat t = 0; t < 3; ++t) game.play(t, kReflect);
  keep_none_until_reflection_ends(game);
  pass_until_postman_ends(game);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().ending(), Ending::MaxRounds);
}

// Finds hands for seats 1 and 2 such that `satisfied` of them satisfy seat 0's desires.
json independence_scenario(int satisfied_count) {
  const PersuasionDeck& deck = shared_deck();
  Rng rng = make_rng(11);
  for (int attempt = 0; attempt < 100000; ++attempt) {
    std::array<CardId, 60> order{};
    for (int c = 0; c < 60; ++c) order[c] = static_cast<CardId>(c);
    shuffle(order.begin(), order.end(), rng);
    const TraitCard& wants = deck.cards[order[0]];
    int satisfied = 0;
    for (int t = 1; t <= 2; ++t) {
      SymbolTally tally;
      for (int i = 0; i < 10; ++i) tally.add(deck.cards[order[1 + 10 * t + i]]);
      satisfied += satisfies_desire_row(tally, wants) ? 1 : 0;
    }
    if (satisfied != satisfied_count) continue;
    json hands = json::array();
    for (int t = 0; t < 3; ++t) {
      json h = json::array();
      for (int i = 0; i < 10; ++i) h.push_back(number(order[1 + 10 * t + i]));
      hands.push_back(h);
    }
    return {{"hands", hands}, {"desires", {number(order[0]), number(order[31]), number(order[32])}},
            {"independent", {0}}, {"engaged", {{1, 2}}}};
  }
  return {};
}

// Matrimony step 4: an independent player wins only when nobody has both of their desired symbols.
TEST(PersuasionEnding, IndependenceWinsOnlyWhenNobodySatisfies) {
  Game lonely = scenario_game(3, independence_scenario(0));
  ASSERT_TRUE(lonely.g->terminal());
  EXPECT_TRUE(lonely.s().won(0));
  Game tempted = scenario_game(3, independence_scenario(1));
  ASSERT_TRUE(tempted.g->terminal());
  EXPECT_FALSE(tempted.s().won(0));
}

// Matrimony step 3 and 5: engaged players win on their fiance's hand; available players never win.
TEST(PersuasionEnding, AvailablePlayersNeverWinAndEngagedWinOnTheirFiance) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    json scenario = simple_scenario(3, 10);
    scenario["engaged"] = {{0, 1}};
    Game game{factory(3), nullptr};
    game.g = game.f->from_scenario(scenario, seed);
    ASSERT_TRUE(game.g->terminal());
    EXPECT_EQ(game.s().ending(), Ending::FewAvailable);
    EXPECT_FALSE(game.s().won(2));
    EXPECT_EQ(game.s().won(0), game.s().hand_satisfies(1, game.s().table().desires[0]));
    EXPECT_EQ(game.s().won(1), game.s().hand_satisfies(0, game.s().table().desires[1]));
  }
}

// --- Knowledge and determinization ------------------------------------------------------------------------

// A card a seat saw in a hand that has not changed hands stays there in every determinization.
TEST(PersuasionKnowledge, DeterminizeKeepsCardsSeenInUnchangedHands) {
  Game game{factory(5), nullptr};
  game.g = game.f->new_game(9);
  Rng rng = make_rng(3);
  // Random introductions.
  while (game.s().phase() == Phase::Introductions) {
    for (Seat t : game.g->to_act()) {
      ActionList legal;
      game.g->legal_actions(t, legal);
      game.g->apply(t, legal[uniform(rng, static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  for (Seat viewer = 0; viewer < 5; ++viewer) {
    for (int i = 0; i < 50; ++i) {
      auto copy = game.g->clone();
      copy->determinize(viewer, rng);
      const auto& c = *copy->as<LetterboxState>();
      for (Seat t = 0; t < 5; ++t) {
        if (t == viewer) continue;
        const CardSet known = game.s().table().knowledge.known[viewer][t];
        EXPECT_EQ(known & set_of(c.table().hands[t]), known);
      }
      EXPECT_EQ(c.table().hands[viewer], game.s().table().hands[viewer]);
    }
  }
}

TEST(PersuasionScenario, BadCardNumberNamesTheField) {
  json scenario = simple_scenario(3, 10);
  scenario["hands"][1][2] = 99;
  try {
    factory(3)->from_scenario(scenario, 1);
    FAIL() << "accepted a bad card";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("hands[1][2]"), std::string::npos) << e.what();
  }
  scenario = simple_scenario(3, 10);
  scenario["hands"][1][2] = 1;  // already in seat 0's hand
  EXPECT_THROW(factory(3)->from_scenario(scenario, 1), UserError);
}

// --- The heuristic bot ------------------------------------------------------------------------------------

double heuristic_win_rate(int players, int n_games, double* random_rate) {
  const GameEntry& entry = games().get("persuasion");
  std::shared_ptr<const GameFactory> f = entry.prepare(entry.make_config(players, {}));
  int h_wins = 0, h_seats = 0, r_wins = 0, r_seats = 0;
  for (int g = 0; g < n_games; ++g) {
    std::vector<std::string> seats(players, "random");
    const Seat hero = g % players;
    seats[hero] = "heuristic";
    Match match(entry, f, mix_seed(424242, g), seats);
    match.skip_replay();
    match.run_bots();
    const Outcome o = match.state().outcome();
    for (Seat s = 0; s < players; ++s) {
      if (s == hero) h_wins += o.seats[s].win, ++h_seats;
      else r_wins += o.seats[s].win, ++r_seats;
    }
  }
  *random_rate = static_cast<double>(r_wins) / r_seats;
  return static_cast<double>(h_wins) / h_seats;
}

// One heuristic seat (rotated) against random seats: its win rate must beat the random seats' by more
// than three standard errors of the difference, and be well above a fair share.
void expect_heuristic_beats_random(int players, int n) {
  double random_rate = 0;
  const double h = heuristic_win_rate(players, n, &random_rate);
  const double se = std::sqrt(h * (1 - h) / n + random_rate * (1 - random_rate) / ((players - 1.0) * n));
  ::testing::Test::RecordProperty("heuristic_win_rate", std::to_string(h));
  ::testing::Test::RecordProperty("random_win_rate", std::to_string(random_rate));
  EXPECT_GT(h - random_rate, 3 * se) << players << " players: heuristic " << h << " random " << random_rate;
  EXPECT_GT(h, 1.5 / players) << players << " players: heuristic " << h << " random " << random_rate;
}

TEST(PersuasionBot, HeuristicBeatsRandom) { expect_heuristic_beats_random(4, 240); }

// With many players the game is short and most players pair off at once: the bot must commit in time.
TEST(PersuasionBot, HeuristicBeatsRandomAtEightPlayers) { expect_heuristic_beats_random(8, 240); }

// --- What search considers (persuasion-shared/search_moves.h) ------------------------------------------------

// A card's appeal is how often the deck's desire rows name its border symbols: with the rulebook's
// counts (+Title 12, +Mystery 9, -Danger 17), card #01 +Title +Mystery -Danger has 38.
TEST(PersuasionSearch, AppealCountsTheDesiresForEachBorderSymbol) {
  const PersuasionDeck& d = shared_deck();
  ASSERT_EQ(d.trait_label(0), "#01 +Title +Mystery -Danger");
  EXPECT_EQ(d.appeal[0], 12 + 9 + 17);
}

// Search weighs one move per kind and player, with the card chosen by rule: introductions show the
// most appealing card not shown yet, to the lowest seat waiting; an invitation shows the most
// appealing card the player has not seen; a proposal gives the card that most helps the fiance to
// satisfy the proposer's desires (the least appealing of those).
TEST(PersuasionSearch, OneMovePerKindAndPlayerWithTheCardByRule) {
  Game game{factory(4), nullptr};
  game.g = game.f->new_game(3);
  const PersuasionDeck& d = shared_deck();
  std::vector<CardId> by_appeal(game.s().table().hands[0].begin(), game.s().table().hands[0].end());
  std::stable_sort(by_appeal.begin(), by_appeal.end(), [&](CardId a, CardId b) { return d.appeal[a] > d.appeal[b]; });
  auto searched = [&](Seat seat) { return test_support::searched_codes(*game.g, seat); };
  for (Seat to = 1; to < 4; ++to) {
    const auto moves = searched(0);
    ASSERT_EQ(moves.size(), 1u);
    const MoveCode show{Move::Show, static_cast<std::int8_t>(to), by_appeal[to - 1]};
    EXPECT_EQ(*moves.begin(), show.encode().code) << "show to seat " << to;
    game.play(0, show);
  }
  for (Seat t = 1; t < 4; ++t) {
    for (int k = 0; k < 3; ++k) game.play(t, MoveCode{Move::Show, static_cast<std::int8_t>((t + 1 + k) % 4), game.card(t, k)});
  }
  ASSERT_EQ(game.s().phase(), Phase::Intentions);

  const CardId give = test_support::card_to_give(d, game.s().table().hands[0], d.cards[game.s().table().desires[0]].desire);
  std::set<std::uint32_t> expected{kIndependence.encode().code, kReflect.encode().code};
  for (Seat t = 1; t < 4; ++t) {
    // Seat t has seen the card seat 0 showed it at the introductions: the invitation shows another.
    const CardId shown = t == 1 ? by_appeal[1] : by_appeal[0];
    expected.insert(invite(t, shown).encode().code);
    expected.insert(propose(t, give).encode().code);
  }
  EXPECT_EQ(searched(0), expected);
  ActionList legal;
  game.g->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 3u * 9 * 2 + 2);
}

}  // namespace
}  // namespace court::persuasion

namespace court::persuasion {
namespace {

// The simulator's report of a finished game (report_common.h). Seat 0 proposes to seat 1 with #01,
// seat 1 accepts giving #10: seat 0's hand becomes #02..#09 and #10, seat 1's #01 and #11..#18. Seats
// 2 and 3 reject each other in the final round (round 2) and stay available.
TEST(PersuasionReport, FinishedGameFigures) {
  Game game = scenario_game(4, simple_scenario(4, 9));
  engage_seats_0_and_1(game, 4);
  seats_2_and_3_reject_each_other(game);
  ASSERT_TRUE(game.g->terminal());
  // By hand from traits.toml: seat 0 (desires #37: +Romance, -Wealth) marries seat 1's hand, which
  // totals Wealth +4, Title +3, Mystery 0, Romance +2, Danger -4: Wealth is +, so seat 0 loses. Seat 1
  // (desires #38: -Danger, -Wealth) marries seat 0's hand: Wealth -2, Title 0, Mystery +1, Romance -3,
  // Danger -3: both desired, so seat 1 wins. One winner of four.
  EXPECT_FALSE(game.s().won(0));
  EXPECT_TRUE(game.s().won(1));
  EXPECT_EQ(game.s().won(0), game.s().hand_satisfies(1, game.s().table().desires[0]));
  EXPECT_EQ(game.s().won(1), game.s().hand_satisfies(0, game.s().table().desires[1]));
  GameReport r = checked_report(*game.g, false, {{"rounds", 2}, {"engaged_pairs", 1}, {"independents", 0},
                                                 {"left_available", 2}, {"winners", 1}, {"satisfied_rate", 1 / 4.0},
                                                 {"engaged_won", 1}, {"independent_won", 0},
                                                 {"final_round_played", 1}, {"one_or_none_left", 0},
                                                 {"max_rounds_reached", 0}});
  // Seat 0 ends with #02..#10 and its desires card; seat 1 with #01, #11..#18.
  ASSERT_EQ(r.cards(0).size(), 10u);
  EXPECT_EQ(r.cards(0).back(), "desires " + shared_deck().desire_label(game.s().table().desires[0]));
  auto numbers = [](const std::vector<std::string_view>& cards) {
    std::set<std::string> out;
    for (std::string_view c : cards) out.emplace(c.substr(0, c.find(' ')));
    return out;
  };
  EXPECT_EQ(numbers(r.cards(0)), (std::set<std::string>{"#02", "#03", "#04", "#05", "#06", "#07", "#08", "#09",
                                                         "#10", "desires"}));
  EXPECT_EQ(numbers(r.cards(1)), (std::set<std::string>{"#01", "#11", "#12", "#13", "#14", "#15", "#16", "#17",
                                                         "#18", "desires"}));
  for (Seat t = 4; t < kMaxSeats; ++t) EXPECT_TRUE(r.cards(t).empty());

  // Stopped by max_rounds after one round of reflection: capped, nobody committed, nobody wins.
  Game capped = scenario_game(3, simple_scenario(3, 10), {{"max_rounds", "1"}});
  for (Seat t = 0; t < 3; ++t) capped.play(t, kReflect);
  keep_none_until_reflection_ends(capped);
  pass_until_postman_ends(capped);
  ASSERT_TRUE(capped.g->terminal());
  GameReport rc = checked_report(*capped.g, true, {{"rounds", 1}, {"engaged_pairs", 0}, {"left_available", 3},
                                                   {"winners", 0}, {"max_rounds_reached", 1},
                                                   {"final_round_played", 0}});
  EXPECT_EQ(rc.cards(2).size(), 11u);
}

// --- Mail Bound (Etiquette): who may talk to whom (docs/rules/persuasion.md, "Talk at the table") --------

// "You may only discuss strategy with a player while you are holding one of their trait cards, or while
// they are holding one of yours": an invitation under review, then accepted with its reply, until the
// cards go home at the end of the round; between those two only.
TEST(PersuasionEtiquette, MailBoundWhileOneHoldsTheOthersCard) {
  Game game = seat_2_to_answer_an_invitation();
  EXPECT_EQ(game.g->talk(1).seats, SeatSet::of(2)) << "seat 2 holds seat 1's invitation";
  EXPECT_EQ(game.g->talk(2).seats, SeatSet::of(1));
  EXPECT_TRUE(game.g->talk(0).seats.empty());
  game.play(2, accept(1, game.card(2, 0)));
  EXPECT_EQ(game.g->talk(1).seats, SeatSet::of(2)) << "an accepted invitation and its reply are held";
  pass_until_postman_ends(game);
  EXPECT_EQ(game.s().round(), 2);
  for (Seat t = 0; t < 3; ++t) EXPECT_TRUE(game.g->talk(t).seats.empty()) << "the cards went home";
}

TEST(PersuasionEtiquette, MailBoundEndsWhenAnInvitationIsRejected) {
  Game game = seat_2_to_answer_an_invitation();
  game.play(2, reject(1));
  EXPECT_TRUE(game.g->talk(1).seats.empty());
  EXPECT_TRUE(game.g->talk(2).seats.empty());
}

// An accepted proposal trades cards for good: each now holds its own card, so the couple's talk ends.
TEST(PersuasionEtiquette, MailBoundAProposalIsHeldWhileUnderReviewOnly) {
  Game game = scenario_game(3, simple_scenario(3, 10));
  game.play(0, propose(1, game.card(0, 0)));
  game.play(1, kReflect);
  game.play(2, kReflect);
  keep_none_until_reflection_ends(game);
  EXPECT_EQ(game.g->talk(0).seats, SeatSet::of(1)) << "seat 1 holds seat 0's proposal";
  game.play(1, accept(0, game.card(1, 0)));
  EXPECT_TRUE(game.g->talk(0).seats.empty());
  EXPECT_TRUE(game.g->talk(1).seats.empty());
}

// Introductions, step 2: the shown cards are out for review; Court reveals them at the start of the
// first round, so the seats that showed each other a card may talk until the first intentions are revealed.
TEST(PersuasionEtiquette, MailBoundIntroductionsUntilTheFirstIntentionsAreRevealed) {
  auto f = factory(3);
  auto g = f->new_game(3);
  EXPECT_TRUE(g->talk(0).seats.empty()) << "no card is out while the introductions are chosen";
  while (g->as<LetterboxState>()->phase() == Phase::Introductions) {
    const Seat seat = g->to_act().lowest();
    ActionList legal;
    g->legal_actions(seat, legal);
    ASSERT_FALSE(g->apply(seat, legal[0]));
  }
  SeatSet others = SeatSet::first(3);
  others.erase(0);
  EXPECT_EQ(g->talk(0).seats, others) << "three players of ten cards: each showed a card to both others";
  for (Seat t = 0; t < 3; ++t) ASSERT_FALSE(g->apply(t, kReflect.encode()));
  EXPECT_TRUE(g->talk(0).seats.empty()) << "the first intentions are revealed: the introductions went home";
}

// Court: strategy talk at the whole table would break Mail Bound, so the table talks only before the
// first move and after the end.
TEST(PersuasionEtiquette, MailBoundTableTalksOnlyBeforeTheFirstMoveAndAfterTheEnd) {
  auto g = factory(3)->new_game(3);
  EXPECT_TRUE(g->talk(2).table);
  ActionList legal;
  g->legal_actions(0, legal);
  ASSERT_FALSE(g->apply(0, legal[0]));
  EXPECT_FALSE(g->talk(2).table);
  Game game = scenario_game(3, simple_scenario(3, 10));
  for (Seat t = 0; t < 3; ++t) game.play(t, kIndependence);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_TRUE(game.g->talk(2).table);
}

}  // namespace
}  // namespace court::persuasion

namespace court::persuasion {
namespace {

// to_act is kept, not recomputed per call (issue 22: random playouts ask it several times a step);
// what it keeps must be who acts by the rules at every step (phases, turns, simultaneous choices).
TEST(PersuasionToAct, KeptSeatsToActAreTheRulesSeatsAtEveryStep) {
  test_support::expect_kept_to_act_is_computed<LetterboxState>("persuasion");
}

}  // namespace
}  // namespace court::persuasion
