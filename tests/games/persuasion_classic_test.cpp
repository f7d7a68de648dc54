// Persuasion, character-card edition (001_892bf414ea1e625c.txt): one test per rule, named after it,
// with scenarios from docs/rules/persuasion-classic.md ("Scenario files").
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/match.h"
#include "engine/registry.h"
#include "games/persuasion-classic/game.h"
#include "games/persuasion-shared/scoring.h"
#include "games/persuasion-shared/view_common.h"
#include "persuasion_test_support.h"

namespace court::persuasion_classic {
namespace {

using nlohmann::json;
using test_support::checked_report;
using test_support::view_with_labels;
using test_support::winners_among;

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
MoveCode reveal(Seat inviter, CardId c) { return {Move::Reveal, static_cast<std::int8_t>(inviter), c}; }
MoveCode reject_invitation(Seat inviter) { return {Move::RejectInvitation, static_cast<std::int8_t>(inviter)}; }
MoveCode accept(Seat proposer, CardId c) { return {Move::Accept, static_cast<std::int8_t>(proposer), c}; }
MoveCode discard(CardId c) { return {Move::Discard, -1, c}; }
const MoveCode kIndependence{Move::Independence};
const MoveCode kRejectAll{Move::RejectAll};

// A seat's intention in a scripted round of Share Intentions: an invitation or a proposal to seat `to`
// sharing the trait at `card` in its hand, or independence.
struct Intends {
  Move move;
  Seat to = -1;
  int card = 0;
};
Intends invites(Seat to, int card = 0) { return {Move::Invite, to, card}; }
Intends proposes(Seat to, int card = 0) { return {Move::Propose, to, card}; }
const Intends kIndependent{Move::Independence};

// Share Intentions: seats 0, 1, ... choose `intents` in turn (each card as it is in hand when its seat plays).
void share_intentions(Game& game, std::initializer_list<Intends> intents) {
  Seat seat = 0;
  for (const Intends& i : intents) {
    game.play(seat, i.move == Move::Independence ? kIndependence : MoveCode{i.move, static_cast<std::int8_t>(i.to), game.card(seat, i.card)});
    ++seat;
  }
}

// Round 1 at four seats: seats 0 and 1 invite each other with their first traits, seat 2 chooses `two`
// towards seat 3, seat 3 invites seat 2; then seat 0 accepts, revealing its fifth trait (returned), and
// seat 1 its second. The card seat 0 revealed to seat 1.
CardId reveal_between_0_and_1(Game& game, Intends two) {
  const CardId shown = game.card(0, 4);
  share_intentions(game, {invites(1), invites(0), two, invites(2)});
  game.play(0, reveal(1, shown));
  game.play(1, reveal(0, game.card(1, 1)));
  return shown;
}

// A four-seat game that opens at Matrimony: hands #01-#20 with these desires cards, seats 1 to 3
// independent, seat 0 eligible.
Game independents_at_matrimony(const json& desires) {
  json scenario = simple_scenario(4);
  scenario["desires"] = desires;
  scenario["independent"] = {1, 2, 3};
  return scenario_game(4, scenario);
}

// Seats `a` and `b` propose to each other with their first cards.
void propose_to_each_other(Game& game, Seat a, Seat b) {
  game.play(a, propose(b, game.card(a, 0)));
  game.play(b, propose(a, game.card(b, 0)));
}

// Seats `a` and `b` invite each other with their first cards, then reveal their second cards.
void invite_and_reveal_to_each_other(Game& game, Seat a, Seat b) {
  game.play(a, invite(b, game.card(a, 0)));
  game.play(b, invite(a, game.card(b, 0)));
  game.play(a, reveal(b, game.card(a, 1)));
  game.play(b, reveal(a, game.card(b, 1)));
}

const PersuasionDeck& shared_deck() {
  static const PersuasionDeck deck = load_deck("");
  return deck;
}

// Deck index of the card printed with number `id`.
CardId card_numbered(int id) { return static_cast<CardId>(id - 1); }

// The legal moves of `seat`, decoded.
std::vector<MoveCode> legal_moves(const Game& game, Seat seat) {
  ActionList legal;
  game.g->legal_actions(seat, legal);
  std::vector<MoveCode> out;
  for (Action a : legal) out.push_back(MoveCode::decode(a));
  return out;
}

int count_moves(const std::vector<MoveCode>& moves, Move kind) {
  int n = 0;
  for (const MoveCode& m : moves) n += m.move == kind ? 1 : 0;
  return n;
}

bool knows(const Game& game, Seat viewer, Seat holder, CardId c) {
  return has_card(game.s().table().knowledge.known[viewer][holder], c);
}

bool in_hand(const Game& game, Seat seat, CardId c) { return game.s().table().hands[seat].contains(c); }

std::string view_text(const Game& game, Seat seat) { return view_with_labels(shared_deck(), game.g->view(seat)); }

SeatSet seat_set(std::initializer_list<Seat> seats) {
  SeatSet set;
  for (Seat s : seats) set.insert(s);
  return set;
}

// --- Move parts (docs/protocol.md, "Move parts", character-card edition) --------------------------------

json parts_of(const Game& game, Seat seat, MoveCode m) { return game.g->parts(seat, m.encode()); }

// Share Intentions: the shared trait and the recipient; independence names nothing.
TEST(PersuasionClassicParts, IntentionsNameTheSharedTraitAndTheRecipient) {
  Game game = scenario_game(3, simple_scenario(3));
  EXPECT_EQ(parts_of(game, 0, invite(1, game.card(0, 0))), json({{"kind", "invite"}, {"card", 1}, {"seat", 1}}));
  EXPECT_EQ(parts_of(game, 0, propose(2, game.card(0, 3))), json({{"kind", "propose"}, {"card", 4}, {"seat", 2}}));
  EXPECT_EQ(parts_of(game, 0, kIndependence), json({{"kind", "independence"}}));
}

// Resolve Invitations: revealing names the inviter and the card revealed; rejecting names the inviter.
TEST(PersuasionClassicParts, InvitationsNameTheInviterAndTheRevealedCard) {
  Game game = scenario_game(4, simple_scenario(4));
  share_intentions(game, {invites(2), invites(2), invites(3), kIndependent});
  ASSERT_EQ(game.g->to_act(), SeatSet::of(2));
  EXPECT_EQ(parts_of(game, 2, reveal(0, game.card(2, 4))), json({{"kind", "reveal"}, {"seat", 0}, {"card", 15}}));
  EXPECT_EQ(parts_of(game, 2, reject_invitation(1)), json({{"kind", "reject_invitation"}, {"seat", 1}}));
}

// Resolve Proposals: accepting names the proposer and the card given; rejecting them all names nothing.
TEST(PersuasionClassicParts, ProposalsNameTheProposerAndTheCardGiven) {
  Game game = scenario_game(4, simple_scenario(4));
  share_intentions(game, {invites(3), proposes(0), proposes(0), kIndependent});
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_EQ(parts_of(game, 0, accept(2, game.card(0, 4))), json({{"kind", "accept"}, {"seat", 2}, {"card", 5}}));
  EXPECT_EQ(parts_of(game, 0, kRejectAll), json({{"kind", "reject_all"}}));
}

// Reflection: the card discarded (the drawn one may be it).
TEST(PersuasionClassicParts, DiscardNamesTheCard) {
  Game game = scenario_game(3, simple_scenario(3));
  share_intentions(game, {invites(1), invites(2), kIndependent});
  game.play(1, reject_invitation(0));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_EQ(parts_of(game, 0, discard(card_numbered(50))), json({{"kind", "discard"}, {"card", 50}}));
}

// docs/rules/persuasion-classic.md, "Scenario files": a hand holds two cards at least. The fuzzer's scenario
// (fuzz/corpus/fuzz_scenario_persuasion_classic/one-card-hand): seat 0 shares its only card inviting seat 1,
// which invites seat 0; invitations between two players cannot be rejected and the answer reveals another
// card, so seat 0 had no move and the game stopped.
TEST(PersuasionClassicScenario, HandsHoldTwoCardsAtLeast) {
  const json one_card = json::parse(R"({"hands": [[1], [6, 7, 8, 17], [11, 12, 13, 14, 15]], "desires": [16, 53, 18]})");
  std::string error;
  try {
    factory(3)->from_scenario(one_card, 1);
  } catch (const UserError& e) {
    error = e.what();
  }
  EXPECT_NE(error.find("hands[0]"), std::string::npos) << error;
  EXPECT_NE(error.find("must list 2..") , std::string::npos) << error;
  // Two cards: the same mutual invitation leaves seat 0 a card to reveal.
  json two_cards = one_card;
  two_cards["hands"][0] = {1, 2};
  Game game = scenario_game(3, two_cards);
  const CardId other = game.card(0, 1);
  share_intentions(game, {invites(1, 0), invites(0), kIndependent});
  ASSERT_TRUE(game.g->to_act().contains(0));
  ActionList legal;
  game.g->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 1u);
  game.play(0, reveal(1, other));
}

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
  share_intentions(game, {invites(1), invites(0), invites(0)});
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
  share_intentions(game, {invites(3), proposes(0), proposes(0), proposes(2)});
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
  share_intentions(game, {proposes(1, 1), proposes(0, 3), invites(3), kIndependent});
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
  GameReport r = checked_report(*game.g, false, {{"rounds", game.s().round()}, {"engaged_pairs", 1},
                                                 {"independents", 1}, {"left_available", 0}, {"winners", 3},
                                                 {"satisfied_rate", 1.0}, {"engaged_won", 2}, {"independent_won", 1},
                                                 {"one_or_none_left", 1}, {"final_round_played", 0},
                                                 {"max_rounds_reached", 0}});
  ASSERT_EQ(r.cards(0).size(), 6u);  // five traits and the desires card
  EXPECT_TRUE(r.cards(0)[0].starts_with("#01 ")) << r.cards(0)[0];
  EXPECT_TRUE(r.cards(2).back().starts_with("desires #18 wants")) << r.cards(2).back();
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


// --- Setup ------------------------------------------------------------------------------------------

// "Players: 3-8".
TEST(PersuasionClassicSetup, ThreeToEightPlayers) {
  const GameEntry& entry = games().get("persuasion-classic");
  EXPECT_ANY_THROW(entry.prepare(entry.make_config(2, {})));
  EXPECT_ANY_THROW(entry.prepare(entry.make_config(9, {})));
  for (int n = 3; n <= 8; ++n) EXPECT_NO_THROW(entry.prepare(entry.make_config(n, {}))) << n;
}

// Setup: "draws 5 cards to keep as traits, then 1 final card as your desires": every card once, the
// rest of the 60 is the deck; play begins with everyone sharing intentions in round 1.
TEST(PersuasionClassicSetup, FiveTraitsThenOneDesiresCardFromOneDeck) {
  auto g = factory(8)->new_game(3);
  const ClassicState& s = *g->as<ClassicState>();
  CardSet seen = 0;
  int count = 0;
  auto note = [&](CardId c) { seen |= card_bit(c); ++count; };
  for (Seat t = 0; t < 8; ++t) {
    for (CardId c : s.table().hands[t]) note(c);
    note(s.table().desires[t]);
    EXPECT_EQ(s.status(t), Status::Eligible);
  }
  for (CardId c : s.table().deck) note(c);
  EXPECT_EQ(count, 60);
  EXPECT_EQ(card_count(seen), 60) << "a card was dealt twice";
  EXPECT_EQ(s.table().deck.size(), 60u - 8 * 6);
  EXPECT_TRUE(s.table().discard.empty());
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(g->to_act().size(), 8);
}

// Setup: "each player takes an invitation/proposal card for everyone else's characters (e.g. In a 4
// player game, each player would have 3 invitation/proposal cards, one for each other player)". Share
// Intentions: invite or propose to one of them with one of your traits, or claim independence.
TEST(PersuasionClassicSetup, FourPlayersEachHaveThreeInvitationProposalCards) {
  Game game = scenario_game(4, simple_scenario(4));
  const std::vector<MoveCode> moves = legal_moves(game, 0);
  std::set<int> targets;
  for (const MoveCode& m : moves) {
    if (m.move == Move::Independence) continue;
    targets.insert(m.seat);
    EXPECT_TRUE(in_hand(game, 0, m.card)) << "an intention shares one of your own traits";
  }
  EXPECT_EQ(targets, (std::set<int>{1, 2, 3}));
  EXPECT_EQ(count_moves(moves, Move::Invite), 3 * 5);
  EXPECT_EQ(count_moves(moves, Move::Propose), 3 * 5);
  EXPECT_EQ(count_moves(moves, Move::Independence), 1);
  EXPECT_EQ(moves.size(), 31u);
}

// --- Share and reveal intentions -----------------------------------------------------------------------

// Key terminology: "Independent characters can no longer share or accept intentions"; likewise engaged
// ones. Only eligible players choose, and only eligible players can be invited or proposed to.
TEST(PersuasionClassicIntentions, OnlyEligiblePlayersShareOrReceiveIntentions) {
  json scenario = simple_scenario(5);
  scenario["engaged"] = {{2, 3}};
  scenario["independent"] = {4};
  Game game = scenario_game(5, scenario);
  EXPECT_EQ(game.g->to_act(), seat_set({0, 1}));
  EXPECT_TRUE(legal_moves(game, 2).empty());
  EXPECT_TRUE(legal_moves(game, 4).empty());
  for (const MoveCode& m : legal_moves(game, 0)) {
    if (m.move != Move::Independence) {
      EXPECT_EQ(m.seat, 1);
    }
  }
}

// Reveal Intentions: "Once all players have set their cards in front of them, all intentions are
// revealed at once". Until then a choice is secret: other seats learn only that it was made.
TEST(PersuasionClassicIntentions, ChosenInSecretAndRevealedAtOnce) {
  Game game = scenario_game(3, simple_scenario(3));
  const Action inviting = invite(1, game.card(0, 0)).encode();
  EXPECT_EQ(game.s().observe(1, 0, inviting), game.s().observe(1, 0, kIndependence.encode()));
  EXPECT_EQ(game.s().observe(2, 0, inviting), game.s().observe(2, 0, propose(2, game.card(0, 3)).encode()));
  game.play(0, invite(1, game.card(0, 0)));
  EXPECT_EQ(game.s().phase(), Phase::Intentions);
  const json seen_by_1 = game.g->view(1);
  EXPECT_TRUE(seen_by_1["players"][0].value("chosen", false));
  EXPECT_FALSE(seen_by_1.contains("intentions"));
  EXPECT_EQ(seen_by_1.dump().find("invitation"), std::string::npos);
  game.play(1, invite(2, game.card(1, 0)));
  EXPECT_EQ(game.s().phase(), Phase::Intentions);
  game.play(2, invite(0, game.card(2, 0)));
  EXPECT_EQ(game.s().phase(), Phase::Invitations);
  const json after = game.g->view(1);
  ASSERT_TRUE(after.contains("intentions"));
  EXPECT_EQ(after["intentions"].size(), 3u);
}

// Reveal Intentions: the trait card is moved "without revealing it": who intends what towards whom is
// public, the shared trait is seen only by its owner (Suitor's Secrets).
TEST(PersuasionClassicIntentions, RevealShowsWhoAndWhatButNotTheSharedTrait) {
  Game game = scenario_game(3, simple_scenario(3));
  const CardId a = game.card(0, 0), b = game.card(1, 1), c = game.card(2, 2);
  game.play(0, invite(1, a));
  game.play(1, propose(2, b));
  game.play(2, invite(1, c));
  ASSERT_EQ(game.s().phase(), Phase::Invitations);
  const PersuasionDeck& d = shared_deck();
  const json v2 = game.g->view(2);
  const json expected = {
      {{"from", 0}, {"to", 1}, {"kind", "invitation"}, {"state", "undecided"}},
      {{"from", 1}, {"to", 2}, {"kind", "proposal"}, {"state", "undecided"}},
      {{"from", 2}, {"to", 1}, {"kind", "invitation"}, {"state", "undecided"}, {"card", persuasion::trait_card(d, c)}}};
  EXPECT_EQ(v2["intentions"], expected);
  EXPECT_EQ(view_with_labels(d, v2).find(d.trait_label(a)), std::string::npos);
  EXPECT_EQ(view_with_labels(d, v2).find(d.trait_label(b)), std::string::npos);
  EXPECT_EQ(view_text(game, 1).find(d.trait_label(a)), std::string::npos) << "not before accepting";
  EXPECT_NE(view_text(game, 1).find(d.trait_label(b)), std::string::npos) << "your own shared trait";
}

// --- Resolve Independence ----------------------------------------------------------------------------------

// Resolve Independence (first of the three): "return your trait to your hand and flip your character
// card face down". Court: intentions sent to a player who turns independent are void and returned
// unseen ("Independent characters can no longer ... accept intentions").
TEST(PersuasionClassicIndependence, ResolvedFirstAndIntentionsSentToThemAreVoid) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId a = game.card(0, 0), b = game.card(1, 0);
  const Hand before = game.s().table().hands[3];
  game.play(0, invite(3, a));
  game.play(1, propose(3, b));
  game.play(2, invite(0, game.card(2, 0)));
  game.play(3, kIndependence);
  EXPECT_EQ(game.s().status(3), Status::Independent);
  EXPECT_EQ(game.s().mail_from(0).state, MailState::Void);
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Void);
  EXPECT_EQ(game.s().table().hands[3], before) << "the trait placed for independence returns to hand";
  EXPECT_TRUE(in_hand(game, 0, a));
  EXPECT_TRUE(in_hand(game, 1, b));
  EXPECT_FALSE(knows(game, 3, 0, a));
  EXPECT_FALSE(knows(game, 3, 1, b));
  ASSERT_EQ(game.s().phase(), Phase::Invitations);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(0));
}

// Reveal Intentions: "Resolve all intentions in the following order": independence, invitations,
// proposals. A proposal waits until every invitation is decided.
TEST(PersuasionClassicIntentions, ResolvedInOrderIndependenceInvitationsProposals) {
  Game game = scenario_game(4, simple_scenario(4));
  share_intentions(game, {proposes(1), invites(2), invites(1), kIndependent});
  EXPECT_EQ(game.s().status(3), Status::Independent);
  ASSERT_EQ(game.s().phase(), Phase::Invitations);
  EXPECT_EQ(game.s().mail_from(0).state, MailState::Undecided);
  EXPECT_FALSE(knows(game, 1, 0, game.s().mail_from(0).card)) << "not looked at before its turn";
  game.play(1, reveal(2, game.card(1, 1)));
  ASSERT_EQ(game.s().phase(), Phase::Invitations);
  game.play(2, reveal(1, game.card(2, 1)));
  ASSERT_EQ(game.s().phase(), Phase::Proposals);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
}

// --- Resolve Invitations -------------------------------------------------------------------------------------

// Resolve Invitations: "you may accept or reject any number of them". Accept: "Pick one of the trait
// cards in your hand to reveal to the inviter, peaking at the shared trait. Return trait cards to their
// original owners afterwards". Reject: the trait goes back to the inviter unseen.
TEST(PersuasionClassicInvitations, AcceptOrRejectEachInvitation) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId a = game.card(0, 0), b = game.card(1, 0), shown = game.card(2, 4);
  game.play(0, invite(2, a));
  game.play(1, invite(2, b));
  game.play(2, invite(3, game.card(2, 0)));
  game.play(3, kIndependence);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(2));
  const std::vector<MoveCode> moves = legal_moves(game, 2);
  EXPECT_EQ(count_moves(moves, Move::RejectInvitation), 2);
  EXPECT_EQ(count_moves(moves, Move::Reveal), 2 * 5);
  EXPECT_EQ(moves.size(), 12u);
  game.play(2, reveal(0, shown));
  EXPECT_EQ(game.s().mail_from(0).state, MailState::Accepted);
  EXPECT_TRUE(knows(game, 0, 2, shown));
  EXPECT_TRUE(knows(game, 2, 0, a));
  EXPECT_FALSE(knows(game, 1, 2, shown)) << "only the inviter sees the revealed trait";
  ASSERT_EQ(game.g->to_act(), SeatSet::of(2));
  game.play(2, reject_invitation(1));
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Rejected);
  EXPECT_FALSE(knows(game, 2, 1, b));
  EXPECT_EQ(game.s().table().hands[0].size(), 5u);
  EXPECT_EQ(game.s().table().hands[2].size(), 5u);
  EXPECT_TRUE(in_hand(game, 0, a));
  EXPECT_TRUE(in_hand(game, 1, b));
  EXPECT_TRUE(in_hand(game, 2, shown));
  // Seat 1, rejected and sent nothing, now reflects (one card drawn).
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
  EXPECT_EQ(game.s().table().hands[1].size(), 6u);
}

// Court: invitations are decided one at a time, the lowest seat with an undecided invitation first;
// a player with several chooses which to decide.
TEST(PersuasionClassicInvitations, DecidedOneAtATimeLowestSeatFirst) {
  Game game = scenario_game(4, simple_scenario(4));
  share_intentions(game, {invites(2), invites(2), invites(3), invites(1)});
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
  game.play(1, reject_invitation(3));
  EXPECT_EQ(game.g->to_act(), SeatSet::of(2));
  std::set<int> inviters;
  for (const MoveCode& m : legal_moves(game, 2)) inviters.insert(m.seat);
  EXPECT_EQ(inviters, (std::set<int>{0, 1}));
  game.play(2, reject_invitation(1));  // the later inviter first: its choice
  EXPECT_EQ(game.g->to_act(), SeatSet::of(2));
  game.play(2, reject_invitation(0));
  EXPECT_EQ(game.g->to_act(), SeatSet::of(3));
}

// Court: the trait shared this round is on the table: while its own intention is undecided it cannot
// be revealed for an invitation nor given for a proposal.
TEST(PersuasionClassicInvitations, SharedTraitCannotBeRevealedOrGivenWhileUndecided) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId a = game.card(0, 0);
  game.play(0, propose(3, a));
  game.play(1, propose(0, game.card(1, 0)));
  game.play(2, invite(0, game.card(2, 0)));
  game.play(3, invite(2, game.card(3, 0)));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  std::vector<MoveCode> moves = legal_moves(game, 0);
  EXPECT_EQ(count_moves(moves, Move::Reveal), 4);
  for (const MoveCode& m : moves) EXPECT_NE(m.card, a);
  game.play(0, reveal(2, game.card(0, 1)));
  game.play(2, reject_invitation(3));
  ASSERT_EQ(game.s().phase(), Phase::Proposals);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  moves = legal_moves(game, 0);
  EXPECT_EQ(count_moves(moves, Move::Accept), 4);
  EXPECT_EQ(count_moves(moves, Move::RejectAll), 1);
  for (const MoveCode& m : moves) EXPECT_NE(m.card, a);
}

// --- Resolve Proposals ---------------------------------------------------------------------------------------

// Resolve Proposals, Accept: "pick one of your traits to give to the proposer. The proposer keeps the
// given trait card. Keep the shared trait as your own. Both you and the proposer are now engaged";
// "accept one or none, rejecting the rest": a rejected proposer takes its trait back.
TEST(PersuasionClassicProposals, AcceptingExchangesTraitsAndEngagesBoth) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId b = game.card(1, 0), c = game.card(2, 0), given = game.card(0, 4);
  game.play(0, invite(3, game.card(0, 0)));
  game.play(1, propose(0, b));
  game.play(2, propose(0, c));
  game.play(3, kIndependence);
  ASSERT_EQ(game.s().phase(), Phase::Proposals);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_TRUE(knows(game, 0, 1, b)) << "a recipient peeks at every proposal before deciding";
  EXPECT_TRUE(knows(game, 0, 2, c));
  game.play(0, accept(2, given));
  EXPECT_TRUE(in_hand(game, 0, c));
  EXPECT_FALSE(in_hand(game, 0, given));
  EXPECT_TRUE(in_hand(game, 2, given));
  EXPECT_FALSE(in_hand(game, 2, c));
  EXPECT_EQ(game.s().table().hands[0].size(), 5u);
  EXPECT_EQ(game.s().table().hands[2].size(), 5u);
  EXPECT_EQ(game.s().status(0), Status::Engaged);
  EXPECT_EQ(game.s().status(2), Status::Engaged);
  EXPECT_EQ(game.s().fiance(0), 2);
  EXPECT_EQ(game.s().fiance(2), 0);
  EXPECT_TRUE(knows(game, 2, 0, c));
  EXPECT_TRUE(knows(game, 0, 2, given));
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Rejected);
  EXPECT_TRUE(in_hand(game, 1, b));
}

// Resolve Proposals: "accept one or none": rejecting every proposal returns each to its proposer and
// engages nobody.
TEST(PersuasionClassicProposals, RecipientMayAcceptNone) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId b = game.card(1, 0), c = game.card(2, 0);
  game.play(0, invite(3, game.card(0, 0)));
  game.play(1, propose(0, b));
  game.play(2, propose(0, c));
  game.play(3, invite(0, game.card(3, 0)));
  game.play(0, reveal(3, game.card(0, 1)));
  game.play(3, reveal(0, game.card(3, 1)));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  game.play(0, kRejectAll);
  EXPECT_EQ(game.s().mail_from(1).state, MailState::Rejected);
  EXPECT_EQ(game.s().mail_from(2).state, MailState::Rejected);
  EXPECT_TRUE(in_hand(game, 1, b));
  EXPECT_TRUE(in_hand(game, 2, c));
  EXPECT_FALSE(in_hand(game, 0, b));
  for (Seat t = 0; t < 4; ++t) EXPECT_EQ(game.s().status(t), Status::Eligible);
}

// Court: a recipient who accepts a proposal is engaged; its own pending proposal becomes void and is
// returned unseen ("Engaged characters can no longer share or accept intentions").
TEST(PersuasionClassicProposals, AcceptingVoidsYourOwnPendingProposal) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId a = game.card(0, 0), b = game.card(1, 0);
  game.play(0, propose(3, a));
  game.play(1, propose(0, b));
  game.play(2, kIndependence);
  game.play(3, invite(2, game.card(3, 0)));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  game.play(0, accept(1, game.card(0, 4)));
  EXPECT_EQ(game.s().mail_from(0).state, MailState::Void);
  EXPECT_TRUE(in_hand(game, 0, a));
  EXPECT_FALSE(knows(game, 3, 0, a));
  EXPECT_EQ(game.s().status(3), Status::Eligible);
  // Seat 3 is the one eligible player left: the game ends.
  EXPECT_TRUE(game.g->terminal());
}

// Court: mutual proposals are exchanged before any other proposal is decided; a proposal to a player
// so engaged is void and returned unseen.
TEST(PersuasionClassicProposals, MutualProposalsResolveBeforeOtherProposals) {
  Game game = scenario_game(3, simple_scenario(3));
  const CardId c = game.card(2, 0);
  propose_to_each_other(game, 0, 1);
  game.play(2, propose(0, c));
  EXPECT_EQ(game.s().fiance(0), 1);
  EXPECT_EQ(game.s().mail_from(2).state, MailState::Void);
  EXPECT_FALSE(knows(game, 0, 2, c));
  EXPECT_TRUE(in_hand(game, 2, c));
  EXPECT_EQ(game.s().phase(), Phase::Reflection) << "nobody had a proposal to decide";
}

// Court: proposals are seen by a recipient when its turn to decide comes, in seat order from seat 0.
TEST(PersuasionClassicProposals, SeenWhenTheRecipientsTurnComes) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId b = game.card(1, 0), d = game.card(3, 0);
  game.play(0, invite(3, game.card(0, 0)));
  game.play(1, propose(0, b));
  game.play(2, invite(1, game.card(2, 0)));
  game.play(3, propose(2, d));
  game.play(1, reject_invitation(2));
  game.play(3, reject_invitation(0));
  ASSERT_EQ(game.s().phase(), Phase::Proposals);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_TRUE(knows(game, 0, 1, b));
  EXPECT_FALSE(knows(game, 2, 3, d)) << "seat 2 has not looked yet";
  game.play(0, kRejectAll);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(2));
  EXPECT_TRUE(knows(game, 2, 3, d));
}

// --- Reflection --------------------------------------------------------------------------------------------

// Reflection: "If a player receives no intentions, and their intention is rejected, they may draw a
// new trait card then discard any one of their traits".
TEST(PersuasionClassicReflection, IgnoredAndRejectedDrawsOneThenDiscardsAnyOne) {
  Game game = scenario_game(3, simple_scenario(3));
  const CardId top = card_numbered(50), dropped = game.card(0, 2);
  share_intentions(game, {invites(1), invites(2), kIndependent});
  game.play(1, reject_invitation(0));
  ASSERT_EQ(game.s().phase(), Phase::Reflection);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_EQ(game.s().table().hands[0].size(), 6u);
  EXPECT_TRUE(in_hand(game, 0, top));
  const std::vector<MoveCode> moves = legal_moves(game, 0);
  EXPECT_EQ(moves.size(), 6u);
  for (const MoveCode& m : moves) {
    EXPECT_EQ(m.move, Move::Discard);
    EXPECT_TRUE(in_hand(game, 0, m.card));
  }
  game.play(0, discard(dropped));
  EXPECT_EQ(game.s().table().hands[0].size(), 5u);
  EXPECT_TRUE(in_hand(game, 0, top));
  EXPECT_FALSE(in_hand(game, 0, dropped));
  ASSERT_EQ(game.s().table().discard.size(), 1u);
  EXPECT_EQ(game.s().table().discard[0], dropped);
}

// Reflection: "discard any one of their traits (including the one just drawn)": the hand is as before.
TEST(PersuasionClassicReflection, DiscardingTheDrawnCardKeepsTheHand) {
  Game game = scenario_game(3, simple_scenario(3));
  const Hand before = game.s().table().hands[0];
  share_intentions(game, {invites(1), invites(2), kIndependent});
  game.play(1, reject_invitation(0));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  game.play(0, discard(card_numbered(50)));
  EXPECT_EQ(game.s().table().hands[0], before);
}

// Reflection needs both: a player whose intention was rejected but who received one does not reflect
// (seat 1 below: its invitation was void, it received seat 0's).
TEST(PersuasionClassicReflection, NotWhenYouReceivedAnIntention) {
  Game game = scenario_game(3, simple_scenario(3));
  share_intentions(game, {invites(1), invites(2), kIndependent});
  game.play(1, reject_invitation(0));
  game.play(0, discard(card_numbered(50)));
  EXPECT_EQ(game.s().phase(), Phase::Intentions) << "seat 1 did not reflect";
  EXPECT_EQ(game.s().table().hands[1].size(), 5u);
}

// Reflection needs both: a player who received nothing but whose intention was accepted does not reflect.
TEST(PersuasionClassicReflection, NotWhenYourIntentionWasAccepted) {
  Game game = scenario_game(3, simple_scenario(3));
  share_intentions(game, {invites(1), invites(2), kIndependent});
  game.play(1, reveal(0, game.card(1, 1)));
  EXPECT_EQ(game.s().phase(), Phase::Intentions) << "nobody reflected";
  EXPECT_EQ(game.s().round(), 2);
  EXPECT_EQ(game.s().table().hands[0].size(), 5u);
}

// Court: a void intention counts as rejected; players reflect one at a time in seat order.
TEST(PersuasionClassicReflection, VoidCountsAsRejectedAndReflectionsGoInSeatOrder) {
  json scenario = simple_scenario(3);
  scenario["deck"] = json::array({50, 51});
  Game game = scenario_game(3, scenario);
  share_intentions(game, {invites(2), proposes(2), kIndependent});
  ASSERT_EQ(game.s().phase(), Phase::Reflection);
  EXPECT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_TRUE(in_hand(game, 0, card_numbered(50)));
  EXPECT_EQ(game.s().table().hands[1].size(), 5u);
  game.play(0, discard(card_numbered(50)));
  EXPECT_EQ(game.g->to_act(), SeatSet::of(1));
  EXPECT_TRUE(in_hand(game, 1, card_numbered(51)));
}

// Court: an exhausted deck is refilled from the (face-down) discard pile. Eight players hold 51 traits
// and 8 desires cards: one card (#60) is left in the deck.
TEST(PersuasionClassicReflection, ExhaustedDeckIsRefilledFromTheDiscardPile) {
  json hands = json::array(), desires = json::array();
  int next = 1;
  for (Seat t = 0; t < 8; ++t) {
    json h = json::array();
    for (int i = 0; i < (t < 3 ? 7 : 6); ++i) h.push_back(next++);
    hands.push_back(h);
  }
  for (Seat t = 0; t < 8; ++t) desires.push_back(next++);
  ASSERT_EQ(next, 60);
  Game game = scenario_game(8, {{"hands", hands}, {"desires", desires}});
  ASSERT_EQ(game.s().table().deck.size(), 1u);
  const CardId dropped = game.card(0, 0);
  share_intentions(game, {invites(2, 1), invites(2, 1), kIndependent, proposes(4, 1), proposes(3, 1)});
  for (Seat t = 5; t < 8; ++t) game.play(t, kIndependence);
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  EXPECT_TRUE(in_hand(game, 0, card_numbered(60)));
  EXPECT_TRUE(game.s().table().deck.empty());
  game.play(0, discard(dropped));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(1));
  EXPECT_TRUE(in_hand(game, 1, dropped)) << "the discard pile became the deck";
  EXPECT_TRUE(game.s().table().discard.empty());
}

// Court: the discard pile is face down; the others cannot tell which card left a reflected hand, so
// they are no longer certain of any card in it.
TEST(PersuasionClassicReflection, OthersLoseCertaintyAboutAReflectedHand) {
  Game game = scenario_game(4, simple_scenario(4));
  // Round 1: seats 0 and 1 invite each other (seat 0 reveals `shown`); seats 2 and 3 likewise.
  const CardId shown = reveal_between_0_and_1(game, invites(3));
  game.play(2, reveal(3, game.card(2, 1)));
  game.play(3, reveal(2, game.card(3, 1)));
  ASSERT_EQ(game.s().round(), 2);
  ASSERT_TRUE(knows(game, 1, 0, shown));
  // Round 2: seat 0 is ignored and rejected.
  share_intentions(game, {invites(1), invites(2), invites(3), invites(1)});
  game.play(1, reject_invitation(0));
  game.play(1, reject_invitation(3));
  game.play(2, reject_invitation(1));
  game.play(3, reject_invitation(2));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(0));
  const CardId dropped = game.card(0, 1);
  ASSERT_NE(dropped, shown);
  game.play(0, discard(dropped));
  EXPECT_TRUE(in_hand(game, 0, shown));
  EXPECT_FALSE(knows(game, 1, 0, shown));
  EXPECT_TRUE(has_card(game.s().table().knowledge.seen[1][0], shown));
  const std::string seen_by_1 = view_text(game, 1);
  EXPECT_NE(seen_by_1.find("seat 0 discards a card."), std::string::npos);
  EXPECT_EQ(seen_by_1.find(shared_deck().trait_label(dropped)), std::string::npos);
}

// --- The end of the game ---------------------------------------------------------------------------------

// Matrimony: "Play another round if there are at least 3 eligible players."
TEST(PersuasionClassicEnding, AnotherRoundWhileThreeOrMoreAreEligible) {
  Game game = scenario_game(5, simple_scenario(5));
  propose_to_each_other(game, 0, 1);
  game.play(2, invite(3, game.card(2, 0)));
  game.play(3, invite(4, game.card(3, 0)));
  game.play(4, invite(2, game.card(4, 0)));
  game.play(2, reveal(4, game.card(2, 1)));
  game.play(3, reveal(2, game.card(3, 1)));
  game.play(4, reveal(3, game.card(4, 1)));
  EXPECT_FALSE(game.g->terminal());
  EXPECT_EQ(game.s().round(), 2);
  EXPECT_FALSE(game.s().final_round());
  EXPECT_EQ(game.g->to_act(), seat_set({2, 3, 4}));
}

// Matrimony: "If there are exactly 2 eligible players, play exactly one last round ... Following this
// last round ... the game ends", even if both are still eligible; "Eligible players cannot win."
TEST(PersuasionClassicEnding, ExactlyTwoEligiblePlayOneLastRound) {
  Game game = scenario_game(4, simple_scenario(4));
  propose_to_each_other(game, 0, 1);
  invite_and_reveal_to_each_other(game, 2, 3);
  ASSERT_FALSE(game.g->terminal());
  EXPECT_EQ(game.s().round(), 2);
  EXPECT_TRUE(game.s().final_round());
  EXPECT_TRUE(game.g->view(2).value("last_round", false));
  EXPECT_EQ(game.g->to_act(), seat_set({2, 3}));
  invite_and_reveal_to_each_other(game, 2, 3);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().ending(), Ending::FinalRound);
  EXPECT_EQ(game.s().round(), 2);
  EXPECT_FALSE(game.s().won(2));
  EXPECT_FALSE(game.s().won(3));
}

// The overview: "One last round is played if there are exactly two eligible players left, this is your
// last chance to propose or become independent!" A game set up with two eligible players starts there.
TEST(PersuasionClassicEnding, LastRoundIsTheLastChanceToPropose) {
  json scenario = simple_scenario(4);
  scenario["engaged"] = {{0, 1}};
  Game game = scenario_game(4, scenario);
  ASSERT_TRUE(game.s().final_round());
  const CardId c = game.card(2, 0);
  game.play(2, propose(3, c));
  game.play(3, propose(2, game.card(3, 0)));
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().fiance(2), 3);
  EXPECT_TRUE(in_hand(game, 3, c));
  EXPECT_EQ(game.s().ending(), Ending::FinalRound);
}

// Matrimony: "if there is 1 or fewer eligible players, the game ends" at once.
TEST(PersuasionClassicEnding, OneOrNoEligiblePlayerEndsTheGame) {
  json none = simple_scenario(4);
  none["engaged"] = {{0, 1}, {2, 3}};
  Game game = scenario_game(4, none);
  EXPECT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().ending(), Ending::FewEligible);
  json one = simple_scenario(4);
  one["engaged"] = {{0, 1}};
  one["independent"] = {3};
  Game other = scenario_game(4, one);
  EXPECT_TRUE(other.g->terminal());
  EXPECT_EQ(other.s().ending(), Ending::FewEligible);
  EXPECT_EQ(other.s().round(), 0) << "no round was played";
}

// Court (the rulebook has no limit): after round `max_rounds` play goes to Matrimony.
TEST(PersuasionClassicEnding, MaxRoundsSendsPlayToMatrimony) {
  Game game = test_support::scenario_game_for<Game>("persuasion-classic", 3, simple_scenario(3), {{"max_rounds", "1"}});
  share_intentions(game, {invites(1), invites(2), invites(0)});
  game.play(0, reveal(2, game.card(0, 1)));
  game.play(1, reveal(0, game.card(1, 1)));
  game.play(2, reveal(1, game.card(2, 1)));
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(game.s().ending(), Ending::MaxRounds);
  EXPECT_EQ(game.s().round(), 1);
  for (Seat t = 0; t < 3; ++t) EXPECT_FALSE(game.s().won(t)) << "eligible players cannot win";
}

// --- Matrimony ---------------------------------------------------------------------------------------------

// Matrimony step 2: "If there are more +s than -s next to an attribute among your traits, the dominant
// attribute is + ... more -s than +s ... -"; equal counts give none. Seat 1 holds #06-#10, whose borders
// total (by hand from traits.toml) Wealth -3, Title +2, Mystery 0, Romance -1, Danger -1.
TEST(PersuasionClassicMatrimony, DominantAttributesFromTheTraits) {
  Game game = scenario_game(3, simple_scenario(3));
  const SymbolTally t = tally_of(game.s().deck(), game.s().table().hands[1]);
  EXPECT_EQ(t.total, (std::array<int, kSymbols>{-3, 2, 0, -1, -1}));
  EXPECT_EQ(t.dominant(0), -1);
  EXPECT_EQ(t.dominant(1), 1);
  EXPECT_EQ(t.dominant(2), 0);
  EXPECT_EQ(t.dominant(3), -1);
  EXPECT_EQ(t.dominant(4), -1);
}

// Satisfies: "at least two dominant attributes that match the attributes on your desires card" (Court:
// its three-symbol border): the sign must match too, and an attribute with no dominant sign matches
// nothing.
TEST(PersuasionClassicMatrimony, TwoOfThreeDesiredAttributesWithTheirSign) {
  persuasion::TraitCard wants;
  wants.border = {persuasion::SignedSymbol{0, 1}, persuasion::SignedSymbol{1, -1}, persuasion::SignedSymbol{2, 1}};
  persuasion::SymbolTally t;
  t.total = {1, -1, 1, 0, 0};
  EXPECT_EQ(persuasion::matching_attributes(t, wants), 3);
  EXPECT_TRUE(persuasion::satisfies_two_attributes(t, wants));
  t.total = {1, 1, 1, 0, 0};  // Title with the wrong sign
  EXPECT_EQ(persuasion::matching_attributes(t, wants), 2);
  EXPECT_TRUE(persuasion::satisfies_two_attributes(t, wants));
  t.total = {1, 1, -1, 0, 0};
  EXPECT_EQ(persuasion::matching_attributes(t, wants), 1);
  EXPECT_FALSE(persuasion::satisfies_two_attributes(t, wants));
  t.total = {1, 0, 0, 3, -3};  // no dominant Title or Mystery; Romance and Danger are not desired
  EXPECT_FALSE(persuasion::satisfies_two_attributes(t, wants));
}

// Matrimony step 3: "If engaged, check your fiance's dominant attributes and compare against your
// desires. If at least two attributes match, you win!" By hand from traits.toml, hands #01-#20:
// seat 0 wants +Title +Romance -Danger (#21); fiance seat 1 has Title +2, Romance -1, Danger -1: two.
// Seat 1 wants -Wealth -Mystery -Danger (#22); seat 0 has Wealth +1, Mystery +2, Danger -3: one.
// Seat 2 wants -Title -Romance +Danger (#23); seat 3 has Title +3, Romance +1, Danger 0: none.
// Seat 3 wants -Title -Mystery -Romance (#24); seat 2 has Title 0, Mystery -2, Romance +2: one.
TEST(PersuasionClassicMatrimony, EngagedWinsOnlyWhenTheFianceSatisfies) {
  json scenario = simple_scenario(4);
  scenario["engaged"] = {{0, 1}, {2, 3}};
  Game game = scenario_game(4, scenario);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(winners_among(game.s(), {0, 1, 2, 3}), std::vector<Seat>{0});
}

// Matrimony step 4: "If independent, check the dominant attributes of all other players. If nobody has
// at least two matching attributes, you win!" Hands #01-#20; seat 0 is the one eligible player.
// Seat 1 wants -Wealth -Title +Danger (#52): seat 0 matches one, seats 2 and 3 none: wins.
// Seat 2 wants -Mystery +Romance +Danger (#43): seats 0 and 1 none, seat 3 one; its own hand (two)
// does not count: wins. Seat 3 wants -Wealth -Title +Romance (#26): one each: wins.
// Step 5: "Eligible players cannot win": seat 0 wants #21, which seats 1, 2 and 3 all satisfy.
TEST(PersuasionClassicMatrimony, IndependentWinsWhenNoOtherPlayerSatisfies) {
  Game game = independents_at_matrimony({21, 52, 43, 26});
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(winners_among(game.s(), {0, 1, 2, 3}), (std::vector<Seat>{1, 2, 3}));
}

// Matrimony step 4 counts every other player, eligible ones included: seat 2 wants -Title -Romance
// +Danger (#23); only the eligible seat 0 (Title -1, Romance -2, Danger -3) matches two.
TEST(PersuasionClassicMatrimony, IndependentLosesWhenEvenAnEligiblePlayerSatisfies) {
  Game game = independents_at_matrimony({21, 52, 23, 26});
  ASSERT_TRUE(game.g->terminal());
  EXPECT_EQ(winners_among(game.s(), {1, 2, 3}), (std::vector<Seat>{1, 3}));
}

// Key terminology, "Traits: A player's hand of cards (excluding their desires card)": dominant
// attributes come from the hand only. Seat 0 wants -Title -Mystery -Romance (#24); its fiance seat 1
// (#06-#10) has Title +2, Mystery 0, Romance -1: one. Seat 1's own desires card #22 (-Mystery) would
// make Mystery -1 and a second match if it counted.
TEST(PersuasionClassicMatrimony, TheDesiresCardIsNotATrait) {
  json scenario = simple_scenario(3);
  scenario["desires"] = {24, 22, 16};
  scenario["engaged"] = {{0, 1}};
  scenario["independent"] = {2};
  Game game = scenario_game(3, scenario);
  ASSERT_TRUE(game.g->terminal());
  EXPECT_FALSE(game.s().won(0));
  SymbolTally with_desires = tally_of(game.s().deck(), game.s().table().hands[1]);
  with_desires.add(game.s().deck().cards[card_numbered(22)]);
  EXPECT_TRUE(satisfies_two_attributes(with_desires, game.s().deck().cards[card_numbered(24)]));
}

// "It is possible for multiple players or no one to win, there are no tie breakers": every winner
// ranks first, and a game can have none.
TEST(PersuasionClassicMatrimony, SeveralOrNoWinnersAndNoTieBreakers) {
  Game game = independents_at_matrimony({21, 52, 43, 26});
  const Outcome several = game.g->outcome();
  for (Seat t = 1; t < 4; ++t) EXPECT_EQ(several.seats[t].rank, 1) << t;
  EXPECT_EQ(several.seats[0].rank, 4);
  json lost = simple_scenario(4);
  lost["engaged"] = {{2, 3}};
  lost["independent"] = {0, 1};
  lost["desires"] = {21, 22, 23, 24};
  Game nobody = scenario_game(4, lost);
  ASSERT_TRUE(nobody.g->terminal());
  for (Seat t = 0; t < 4; ++t) EXPECT_FALSE(nobody.g->outcome().seats[t].win) << t;
}

// --- Knowledge (docs/rules/persuasion-classic.md: determinization as in the letterbox edition) ------------

// Resampling what seat 1 cannot see keeps its own hand and desires card, the card seat 0 revealed to it,
// the trait of the invitation it accepted (back in seat 0's hand), and who intends what towards whom.
TEST(PersuasionClassicKnowledge, DeterminizeKeepsWhatTheSeatKnows) {
  Game game = scenario_game(4, simple_scenario(4));
  const CardId shown = reveal_between_0_and_1(game, proposes(3));
  ASSERT_TRUE(knows(game, 1, 0, shown));
  ASSERT_EQ(game.g->to_act(), SeatSet::of(2));
  Rng rng = make_rng(5);
  for (int i = 0; i < 50; ++i) {
    auto copy = game.g->clone();
    copy->determinize(1, rng);
    const ClassicState& c = *copy->as<ClassicState>();
    EXPECT_EQ(c.table().hands[1], game.s().table().hands[1]);
    EXPECT_EQ(c.table().desires[1], game.s().table().desires[1]);
    EXPECT_TRUE(c.table().hands[0].contains(shown));
    EXPECT_TRUE(c.table().hands[0].contains(game.s().mail_from(0).card));
    EXPECT_EQ(c.mail_from(0).card, game.s().mail_from(0).card) << "seat 1 has seen the invitation it accepted";
    EXPECT_EQ(c.mail_from(1).card, game.s().mail_from(1).card) << "its own shared trait";
    EXPECT_EQ(c.phase(), Phase::Invitations);
    EXPECT_EQ(c.mail_from(2).to, 3) << "who intends what towards whom is public";
  }
}

// --- Etiquette ---------------------------------------------------------------------------------------------

// Key terminology, "Desires: ... You may peek at your own desires card", and Suitor's Secrets: "Your
// cards are private information": a seat's view shows its own hand and desires card, nobody else's,
// until Matrimony reveals them.
TEST(PersuasionClassicEtiquette, YourCardsAndDesiresArePrivate) {
  Game game = scenario_game(3, simple_scenario(3));
  const PersuasionDeck& d = shared_deck();
  const json v0 = game.g->view(0);
  EXPECT_EQ(v0["desires"]["id"], 16) << v0["desires"];
  EXPECT_EQ(v0["desires"]["desires"].size(), 3u) << "at least two of the border's three symbols";
  const std::string v1 = view_text(game, 1);
  EXPECT_EQ(v1.find("\"id\":16"), std::string::npos);
  for (CardId c : game.s().table().hands[0]) EXPECT_EQ(v1.find(d.trait_label(c)), std::string::npos);
  json finished = simple_scenario(3);
  finished["independent"] = {0, 1, 2};
  Game over = scenario_game(3, finished);
  EXPECT_EQ(over.g->view(1)["matrimony"][0]["desires"]["id"], 16) << "Matrimony: all reveal their desires";
}

// --- Limited Correspondence (Etiquette): who may talk to whom (docs/rules/persuasion-classic.md) ----------

// "You may only discuss strategy with a player who has accepted an invitation, and only until your
// traits are returned": from the accepted invitation to the end of the round, between those two only.
TEST(PersuasionClassicEtiquette, LimitedCorrespondenceFromAnAcceptedInvitationUntilTraitsReturn) {
  Game game = scenario_game(4, simple_scenario(4));
  share_intentions(game, {invites(2), invites(2), invites(3), kIndependent});
  EXPECT_TRUE(game.g->talk(0).seats.empty()) << "an invitation not yet accepted opens no talk";
  game.play(2, reveal(0, game.card(2, 4)));
  EXPECT_EQ(game.g->talk(0).seats, SeatSet::of(2));
  EXPECT_EQ(game.g->talk(2).seats, SeatSet::of(0));
  EXPECT_TRUE(game.g->talk(1).seats.empty());
  game.play(2, reject_invitation(1));
  EXPECT_TRUE(game.g->talk(1).seats.empty()) << "a rejected invitation opens no talk";
  EXPECT_EQ(game.g->talk(2).seats, SeatSet::of(0));
  while (game.s().round() == 1) {
    const Seat seat = game.g->to_act().lowest();
    ActionList legal;
    game.g->legal_actions(seat, legal);
    game.play(seat, MoveCode::decode(legal[0]));
  }
  for (Seat t = 0; t < 4; ++t) EXPECT_TRUE(game.g->talk(t).seats.empty()) << "traits returned at the round's end";
}

// Court: strategy talk at the whole table would break Limited Correspondence, so the table talks only
// before the first move and after the end.
TEST(PersuasionClassicEtiquette, LimitedCorrespondenceTableTalksOnlyBeforeTheFirstMoveAndAfterTheEnd) {
  Game game = scenario_game(3, simple_scenario(3));
  EXPECT_TRUE(game.g->talk(1).table);
  game.play(0, kIndependence);
  EXPECT_FALSE(game.g->talk(1).table);
  json finished = simple_scenario(3);
  finished["independent"] = {0, 1, 2};
  EXPECT_TRUE(scenario_game(3, finished).g->talk(1).table);
}

}  // namespace
}  // namespace court::persuasion_classic

namespace court::persuasion_classic {
namespace {

// to_act is kept, not recomputed per call (issue 22: random playouts ask it several times a step);
// what it keeps must be who acts by the rules at every step (phases, turns, simultaneous intentions).
TEST(PersuasionClassicToAct, KeptSeatsToActAreTheRulesSeatsAtEveryStep) {
  test_support::expect_kept_to_act_is_computed<ClassicState>("persuasion-classic");
}

}  // namespace
}  // namespace court::persuasion_classic
