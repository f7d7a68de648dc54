// Intrigue rules, one scenario per rule, each outcome worked out by hand in the comments.
// Characters: Princess (Nobility, Royalty, priority 4), Duke (Military, Nobility, 3),
// Bishop (Nobility, Religion, 2), Prophet (Military, Religion, 1). Docs: docs/rules/intrigue.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>

#include "bots/generic_bots.h"
#include "games/labels_support.h"
#include "games/random_steps_support.h"
#include "games/intrigue/game.h"

namespace court::intrigue {

using court::test_support::has_label_starting;
using court::test_support::is_legal;
using court::test_support::labels;
namespace {

using nlohmann::json;

// A game set up at a position (usually from a scenario), and its factory.
struct Position {
  std::unique_ptr<GameFactory> factory;
  std::unique_ptr<GameState> game;
  const IntrigueState& s() const { return *game->as<IntrigueState>(); }
};

Position position(const json& scenario, const std::map<std::string, std::string>& options = {}, std::uint64_t seed = 7) {
  static const GameEntry entry = game_entry<IntrigueGame>();
  Position t;
  t.factory = entry.prepare(entry.make_config(3, options));
  t.game = t.factory->from_scenario(scenario, seed);
  return t;
}

// Each seat's points, seat 0 first.
std::array<int, 3> points_of(const Position& t) { return {t.s().points(0), t.s().points(1), t.s().points(2)}; }

// Whether each seat won, seat 0 first.
std::array<bool, 3> wins_of(const GameState& g) {
  const Outcome o = g.outcome();
  return {o.seats[0].win, o.seats[1].win, o.seats[2].win};
}

void play(GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  ASSERT_TRUE(action.has_value()) << "'" << label << "' is not legal for seat " << seat << "; legal: "
                                  << json(labels(g, seat)).dump();
  auto error = g.apply(seat, *action);
  ASSERT_FALSE(error.has_value()) << *error;
}

std::vector<std::string> titles(const IntrigueState& s, const FixedVector<CardId, kMaxHand>& cards) {
  std::vector<std::string> out;
  for (CardId c : cards) out.push_back(s.rules().cards[c].title);
  return out;
}

std::vector<std::string> titles(const IntrigueState& s, const FixedVector<CardId, kMaxDeck>& cards) {
  std::vector<std::string> out;
  for (CardId c : cards) out.push_back(s.rules().cards[c].title);
  return out;
}

int token(const IntrigueState& s, const std::string& name) {
  for (int t = 0; t < s.token_count(); ++t) {
    if (std::string(1, static_cast<char>('A' + s.token_letter(t))) + "+" + std::to_string(s.token_value(t)) == name) return t;
  }
  ADD_FAILURE() << "no token " << name;
  return 0;
}

bool log_contains(const GameState& g, Seat viewer, const std::string& text) {
  const json view = g.view(viewer);
  for (const auto& line : view["log"]) {
    if (line.get<std::string>().find(text) != std::string::npos) return true;
  }
  return false;
}

// Rulebook "End of Round": a trait card counts its high value only for a character with the trait;
// a tie goes to the higher Priority. Duke (A): Military Support +2, Zealots 0 = 2. Princess (B):
// Guilds +2 = 2. Prophet (C): Loyalists 0, then Public Support +1 = 1. A and B tie at 2: the
// Princess (priority 4) beats the Duke (3). B+3 pays seat 1 +3; A+3 and C+1 cost seats 2 and 0 a point.
TEST(IntrigueRules, TraitConditionalSupportAndPriorityTieBreak) {
  Position t = position({{"characters", {"Duke", "Princess", "Prophet"}},
                   {"hands", {{"Public Support"}, {"Public Support"}, {"Public Support"}}},
                   {"stacks", {{"A", {{{"card", "Military Support"}, {"seat", 1}}, {{"card", "Zealots"}, {"seat", 2}}}},
                               {"B", {{{"card", "Guilds"}, {"seat", 1}}}},
                               {"C", {{{"card", "Loyalists"}, {"seat", 0}}}}}},
                   {"tokens", {{"B+3", 1}, {"A+3", 2}, {"C+1", 0}}},
                   {"unlisted_cards", "out_of_game"}},
                  {{"rounds", "1"}});
  EXPECT_EQ(t.s().support_totals(), (std::array<int, 3>{2, 2, 0}));
  play(*t.game, 0, "Public Support face-down behind Prophet (C)");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().votes(1), 1);
  EXPECT_EQ(points_of(t), (std::array<int, 3>{2, 6, 2}));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Reveal: the Prophet (C) has 1 support."));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "The Princess (B) wins the round."));
  EXPECT_EQ(wins_of(*t.game), (std::array<bool, 3>{false, true, false}));
}

// Blackmail: the Duke (A) would win with 3 against 1 and 0, but the Princess (B) blackmails him, so
// she wins. Seat 0's A+3 costs 1 (3 -> 2); seat 1's B+1 pays 1 (3 -> 4).
TEST(IntrigueRules, BlackmailTurnsTheVictimsWinToTheBlackmailer) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"starting_seat", 2},
                   {"hands", {{"Zealots"}, {"Guilds"}, {"Defiance"}}},
                   {"stacks", {{"A", {{{"card", "Enthusiastic Support"}, {"seat", 0}}, {{"card", "Public Support"}, {"seat", 0}}}},
                               {"B", {{{"card", "Public Support"}, {"seat", 1}}}}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Blackmail"}, {"left", "B"}}}},
                   {"tokens", {{"A+3", 0}, {"B+1", 1}}},
                   {"unlisted_cards", "out_of_game"}},
                  {{"rounds", "1"}});
  play(*t.game, 2, "Defiance face-down behind Bishop (C)");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().votes(0), 0);
  EXPECT_EQ(t.s().votes(1), 1);
  EXPECT_EQ(points_of(t), (std::array<int, 3>{2, 4, 3}));
  EXPECT_TRUE(log_contains(*t.game, 2, "Blackmail: the Duke (A) would have won; B wins instead."));
}

// Blackmail does nothing when its victim does not win: here the Duke (A) blackmails the Princess (B)
// and wins on his own.
TEST(IntrigueRules, BlackmailIgnoredWhenTheVictimLoses) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Zealots"}, {"Guilds"}, {"Defiance"}}},
                   {"stacks", {{"A", {{{"card", "Public Support"}, {"seat", 0}}}}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Blackmail"}, {"left", "A"}}}},
                   {"unlisted_cards", "out_of_game"}});
  Letter victim = kLetters;
  EXPECT_EQ(t.s().round_winner(t.s().support_totals(), &victim), 0);
  EXPECT_EQ(victim, kLetters);
}

// Debt (A owes B): before the reveal the only face-down card behind the Duke (A), Enthusiastic Support
// (+2), moves to the Princess (B); the face-up Public Support stays. A 3 -> 1, B 1 -> 3, C 2: the
// Princess wins instead of the Duke, and seat 1's B+3 pays 3.
TEST(IntrigueRules, DebtMovesAFaceDownCardToTheLenderBeforeTheReveal) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Defiance"}, {"Zealots"}, {"Guilds"}}},
                   {"stacks", {{"A", {{{"card", "Enthusiastic Support"}, {"seat", 0}},
                                      {{"card", "Public Support"}, {"seat", 0}, {"face_up", true}}}},
                               {"B", {{{"card", "Public Support"}, {"seat", 1}}}},
                               {"C", {{{"card", "Public Support"}, {"seat", 2}}, {{"card", "Public Support"}, {"seat", 2}}}}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Debt"}, {"left", "A"}}}},
                   {"tokens", {{"A+3", 0}, {"B+3", 1}}},
                   {"unlisted_cards", "out_of_game"}},
                  {{"rounds", "1"}});
  play(*t.game, 0, "Defiance face-down behind Bishop (C)");
  ASSERT_TRUE(t.game->terminal());
  ASSERT_EQ(t.s().stack(0).size(), 1u);
  EXPECT_EQ(t.s().rules().cards[t.s().stack(0)[0].card].title, "Public Support");
  ASSERT_EQ(t.s().stack(1).size(), 2u);
  EXPECT_EQ(t.s().rules().cards[t.s().stack(1)[1].card].title, "Enthusiastic Support");
  EXPECT_EQ(t.s().votes(1), 1);
  EXPECT_EQ(t.s().points(0), 2);
  EXPECT_EQ(t.s().points(1), 6);
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Debt: Enthusiastic Support moved from the Duke (A) to B."));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Reveal: the Princess (B) has 3 support."));
}

// One relationship per edge; a new one replaces the old only when their signs are opposite
// (Friendship +1 against Feud, Debt, Blackmail -1); Advantage (0) never replaces and is never replaced.
TEST(IntrigueRules, RelationshipsReplaceOnlyAcrossSigns) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Friendship", "Advantage", "Debt", "Blackmail"}, {"Public Support", "Guilds"},
                              {"Public Support", "Zealots"}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Feud"}}}}});
  const GameState& g = *t.game;
  EXPECT_TRUE(is_legal(g, 0, "Friendship on A-B"));
  EXPECT_FALSE(is_legal(g, 0, "Debt on A-B: A Debtor, B Lender"));
  EXPECT_FALSE(is_legal(g, 0, "Advantage on A-B: A +1, B -1"));
  EXPECT_TRUE(is_legal(g, 0, "Advantage on B-C: B +1, C -1"));
  EXPECT_TRUE(is_legal(g, 0, "Advantage on B-C: C +1, B -1"));
  EXPECT_TRUE(is_legal(g, 0, "Debt on C-A: A Debtor, C Lender"));
  play(*t.game, 0, "Friendship on A-B");
  EXPECT_EQ(t.s().rules().cards[t.s().edge(0).card].title, "Friendship");
  EXPECT_EQ(titles(t.s(), t.s().discard_pile()), std::vector<std::string>{"Feud"});
  play(*t.game, 1, "take token A+3");
  play(*t.game, 2, "take token B+3");
  EXPECT_TRUE(is_legal(g, 0, "Blackmail on A-B: B Blackmailer, A Victim"));
  play(*t.game, 0, "Advantage on B-C: B +1, C -1");
  play(*t.game, 1, "take token C+3");
  play(*t.game, 2, "take token A+1");
  EXPECT_FALSE(is_legal(g, 0, "Debt on B-C: B Debtor, C Lender"));
  EXPECT_FALSE(is_legal(g, 0, "Blackmail on B-C: B Blackmailer, C Victim"));
}

TEST(IntrigueRules, AdvantageNeverReplacesAndIsNeverReplaced) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Friendship", "Feud"}, {"Public Support"}, {"Public Support"}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Advantage"}}}}});
  EXPECT_FALSE(is_legal(*t.game, 0, "Friendship on A-B"));
  EXPECT_FALSE(is_legal(*t.game, 0, "Feud on A-B"));
  EXPECT_TRUE(is_legal(*t.game, 0, "Feud on B-C"));
  Position u = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Advantage"}, {"Public Support"}, {"Public Support"}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Friendship"}}}}});
  EXPECT_FALSE(is_legal(*u.game, 0, "Advantage on A-B: A +1, B -1"));
  EXPECT_FALSE(is_legal(*u.game, 0, "Advantage on A-B: B +1, A -1"));
}

// Advantage on A-B pointing +1 at A and -1 at B; Feud on C-A (-1 to each). Totals A 0, B -1, C -1.
// Lies reverses Advantage: A -2, B +1, C -1. Misinformation moves it to the empty edge B-C keeping its
// direction around the circle (the +1 arrow now on the later end, C): A -1, B -1, C 0.
TEST(IntrigueRules, LiesAndMisinformationChangeWhomARelationshipFavours) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Lies", "Misinformation", "Guilds"}, {"Public Support", "Public Support"},
                              {"Public Support", "Public Support"}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Advantage"}, {"left", "A"}},
                                      {{"edge", "C-A"}, {"card", "Feud"}}}}});
  EXPECT_EQ(t.s().support_totals(), (std::array<int, 3>{0, -1, -1}));
  play(*t.game, 0, "Lies on A-B");
  EXPECT_EQ(t.s().support_totals(), (std::array<int, 3>{-2, 1, -1}));
  play(*t.game, 1, "take token A+3");
  play(*t.game, 2, "take token B+3");
  EXPECT_FALSE(is_legal(*t.game, 0, "Misinformation: A-B to C-A"));  // occupied
  EXPECT_TRUE(is_legal(*t.game, 0, "Misinformation: C-A to B-C"));
  play(*t.game, 0, "Misinformation: A-B to B-C");
  EXPECT_TRUE(t.s().edge(0).empty());
  EXPECT_EQ(t.s().rules().cards[t.s().edge(1).card].title, "Advantage");
  EXPECT_EQ(t.s().support_totals(), (std::array<int, 3>{-1, -1, 0}));
  EXPECT_EQ(t.game->view(kSpectator)["relationships"][1]["arrows"], "C +1, B -1");
}

// Assassination: the unused Prophet replaces the Duke as A, keeping A's stack, tokens and
// relationships, but not the Duke's vote. The Duke becomes unused.
TEST(IntrigueRules, AssassinationKeepsLetterStackTokensAndRelationshipsButZeroesVotes) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"votes", {1, 0, 0}},
                   {"hands", {{"Assassination", "Guilds"}, {"Public Support"}, {"Public Support"}}},
                   {"stacks", {{"A", {{{"card", "Zealots"}, {"seat", 1}}}}}},
                   {"tokens", {{"A+3", 1}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Friendship"}}}}});
  play(*t.game, 0, "Assassination on Duke (A)");
  const IntrigueState& s = t.s();
  EXPECT_EQ(s.rules().characters[s.character(0)].name, "Prophet");
  EXPECT_EQ(s.votes(0), 0);
  ASSERT_EQ(s.stack(0).size(), 1u);
  EXPECT_EQ(s.rules().cards[s.stack(0)[0].card].title, "Zealots");
  EXPECT_EQ(s.token_holder(token(s, "A+3")), 1);
  EXPECT_EQ(s.rules().cards[s.edge(0).card].title, "Friendship");
  EXPECT_EQ(titles(s, s.discard_pile()), std::vector<std::string>{"Assassination"});
  EXPECT_EQ(t.game->view(kSpectator)["unused_characters"], json({"Duke"}));
  // Zealots (Religion +2) now counts for the Prophet: 2 + Friendship 1.
  EXPECT_EQ(s.support_totals()[0], 3);
}

// Virtue flips face-down cards from the top (most recent) down: Guilds, then Lies (-1), which is
// discarded; the face-up card on top is skipped and the two lowest cards stay face-down.
TEST(IntrigueRules, VirtueStopsAtTheFirstNegativeCard) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Virtue", "Public Support"}, {"Zealots"}, {"Loyalists"}}},
                   {"stacks", {{"A", {{{"card", "Feud"}, {"seat", 1}}, {{"card", "Public Support"}, {"seat", 1}},
                                      {{"card", "Lies"}, {"seat", 2}}, {{"card", "Guilds"}, {"seat", 2}},
                                      {{"card", "Public Support"}, {"seat", 1}, {"face_up", true}}}}}}});
  play(*t.game, 0, "Virtue on Duke (A)");
  const IntrigueState& s = t.s();
  ASSERT_EQ(s.stack(0).size(), 4u);
  std::vector<std::pair<std::string, bool>> got;
  for (const StackCard& c : s.stack(0)) got.emplace_back(s.rules().cards[c.card].title, c.face_up);
  EXPECT_EQ(got, (std::vector<std::pair<std::string, bool>>{
                     {"Feud", false}, {"Public Support", false}, {"Guilds", true}, {"Public Support", true}}));
  EXPECT_EQ(titles(s, s.discard_pile()), (std::vector<std::string>{"Virtue", "Lies"}));
  EXPECT_TRUE(log_contains(*t.game, 1, "flipped 2 cards and discarded Lies"));
}

TEST(IntrigueRules, VirtueWithoutNegativeCardsFlipsThemAll) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Virtue", "Public Support"}, {"Zealots"}, {"Loyalists"}}},
                   {"stacks", {{"B", {{{"card", "Guilds"}, {"seat", 1}}, {{"card", "Public Support"}, {"seat", 2}}}}}}});
  EXPECT_FALSE(is_legal(*t.game, 0, "Virtue on Duke (A)"));  // nothing face-down there
  play(*t.game, 0, "Virtue on Princess (B)");
  for (const StackCard& c : t.s().stack(1)) EXPECT_TRUE(c.face_up);
  EXPECT_EQ(t.s().stack(1).size(), 2u);
}

// Spy turns one random face-down card face-up for everyone (here the only one).
TEST(IntrigueRules, SpyRevealsAFaceDownCardToEveryone) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Spy", "Public Support"}, {"Zealots"}, {"Loyalists"}}},
                   {"stacks", {{"B", {{{"card", "Guilds"}, {"seat", 2}}}}}}});
  EXPECT_FALSE(t.game->view(kSpectator)["characters"][1]["stack"][0].contains("card"));
  play(*t.game, 0, "Spy on Princess (B)");
  EXPECT_EQ(t.game->view(kSpectator)["characters"][1]["stack"][0]["card"]["title"], "Guilds");
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "revealed Guilds (played by seat 2)"));
}

// Manipulate swaps one of your tokens with one an opponent holds.
TEST(IntrigueRules, ManipulateSwapsTokensWithAnOpponent) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Manipulate", "Public Support"}, {"Zealots"}, {"Loyalists"}}},
                   {"tokens", {{"A+1", 0}, {"B+3", 2}, {"C+3", 1}}}});
  EXPECT_TRUE(is_legal(*t.game, 0, "Manipulate: give A+1, take C+3"));
  EXPECT_FALSE(is_legal(*t.game, 0, "Manipulate: give A+1, take A+3"));  // A+3 lies on the Duke
  play(*t.game, 0, "Manipulate: give A+1, take B+3");
  EXPECT_EQ(t.s().token_holder(token(t.s(), "B+3")), 0);
  EXPECT_EQ(t.s().token_holder(token(t.s(), "A+1")), 2);
  EXPECT_EQ(t.s().token_holder(token(t.s(), "C+3")), 1);
}

TEST(IntrigueRules, ActionsWithoutATargetCanOnlyGoFaceDown) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Manipulate", "Lies", "Misinformation", "Spy"}, {"Zealots"}, {"Loyalists"}}}});
  for (const auto& label : labels(*t.game, 0)) {
    bool face_down = label.find("face-down") != std::string::npos;
    bool token_or_favor = label.rfind("take token", 0) == 0 || label.rfind("play favor", 0) == 0;
    EXPECT_TRUE(face_down || token_or_favor) << label;
  }
}

// Oracle: draw two, then discard one card from hand (a second choice by the same seat).
TEST(IntrigueRules, OracleDrawsTwoThenDiscardsOne) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Oracle", "Public Support"}, {"Public Support"}, {"Public Support"}}},
                   {"deck", {"Guilds", "Zealots"}},
                   {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "Oracle");
  EXPECT_EQ(titles(t.s(), t.s().hand(0)), (std::vector<std::string>{"Public Support", "Guilds", "Zealots"}));
  EXPECT_EQ(t.game->to_act(), SeatSet::of(0));
  EXPECT_EQ(labels(*t.game, 0),
            (std::vector<std::string>{"discard Public Support", "discard Guilds", "discard Zealots"}));
  EXPECT_TRUE(log_contains(*t.game, 0, "Seat 0 played Oracle and drew Guilds and Zealots."));
  EXPECT_TRUE(log_contains(*t.game, 1, "Seat 0 played Oracle and drew 2 cards."));
  play(*t.game, 0, "discard Zealots");
  EXPECT_EQ(titles(t.s(), t.s().hand(0)), (std::vector<std::string>{"Public Support", "Guilds"}));
  EXPECT_EQ(titles(t.s(), t.s().discard_pile()), (std::vector<std::string>{"Oracle", "Zealots"}));
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
}

// Support cards played face-up count in the stack and trigger their text: draw a card; Defiance:
// discard a card.
TEST(IntrigueRules, SupportFaceUpDrawsOrDiscards) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Public Support", "Defiance", "Guilds"}, {"Public Support"}, {"Public Support"}}},
                   {"deck", {"Zealots"}},
                   {"unlisted_cards", "out_of_game"}});
  play(*t.game, 0, "Public Support face-up behind Duke (A)");
  EXPECT_EQ(titles(t.s(), t.s().hand(0)), (std::vector<std::string>{"Defiance", "Guilds", "Zealots"}));
  EXPECT_TRUE(t.s().stack(0)[0].face_up);
  EXPECT_EQ(t.s().support_totals()[0], 1);
  play(*t.game, 1, "take token A+3");
  play(*t.game, 2, "take token B+3");
  play(*t.game, 0, "Defiance face-up behind Duke (A)");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(0));
  play(*t.game, 0, "discard Guilds");
  EXPECT_EQ(titles(t.s(), t.s().hand(0)), std::vector<std::string>{"Zealots"});
  EXPECT_EQ(titles(t.s(), t.s().discard_pile()), std::vector<std::string>{"Guilds"});
  EXPECT_EQ(t.s().stack(0).size(), 2u);
}

// The round ends after the turn that leaves some player without cards, whoever's turn it was; a turn
// that takes a token or plays a favor keeps the hand as it is. Play passes to the left (next seat).
TEST(IntrigueRules, RoundEndsWhenSomeHandIsEmptyAfterATurn) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Guilds", "Zealots"}, {"Public Support"}, {"Loyalists", "Defiance"}}}});
  play(*t.game, 0, "take token A+3");
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  play(*t.game, 1, "play favor C");
  EXPECT_EQ(t.s().round(), 1);
  play(*t.game, 2, "play favor A");
  play(*t.game, 0, "Guilds face-down behind Duke (A)");
  EXPECT_EQ(t.s().round(), 1);
  play(*t.game, 1, "Public Support face-down behind Bishop (C)");
  EXPECT_EQ(t.s().round(), 2);
}

// Between rounds tokens return, stacks and the discard pile go back into the deck, hands,
// relationships and favors stay, everyone draws up to the hand size, and the next seat to the left
// starts. Round 1: A has Public Support +1 and Friendship +1 = 2, B 1, C 0; A wins, A+3 pays seat 2.
TEST(IntrigueRules, NextRoundResetsTheTableAndRefillsHands) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Public Support"}, {"Guilds", "Zealots"}, {"Loyalists"}}},
                   {"relationships", {{{"edge", "A-B"}, {"card", "Friendship"}}}},
                   {"favors", {{{"seat", 1}, {"letter", "B"}}}},
                   {"tokens", {{"A+3", 2}}},
                   {"discard_pile", {"Oracle"}}});
  play(*t.game, 0, "Public Support face-down behind Duke (A)");
  const IntrigueState& s = t.s();
  EXPECT_EQ(s.round(), 2);
  EXPECT_EQ(s.round_starter(), 1);
  EXPECT_EQ(t.game->to_act(), SeatSet::of(1));
  EXPECT_EQ(s.votes(0), 1);
  EXPECT_EQ(s.points(2), 6);
  for (int tk = 0; tk < s.token_count(); ++tk) EXPECT_EQ(s.token_holder(tk), -1);
  for (int l = 0; l < 3; ++l) EXPECT_TRUE(s.stack(l).empty());
  EXPECT_TRUE(s.discard_pile().empty());
  EXPECT_EQ(s.rules().cards[s.edge(0).card].title, "Friendship");
  EXPECT_EQ(s.favor_stack().size(), 1u);
  for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(s.hand(seat).size(), 5u);
  EXPECT_EQ(s.rules().cards[s.hand(1)[0]].title, "Guilds");
  EXPECT_EQ(s.rules().cards[s.hand(1)[1]].title, "Zealots");
  EXPECT_EQ(s.deck().size(), 24u - 15u - 1u);
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Round 2 begins; seat 1 plays first."));
}

TEST(IntrigueRules, HandsAreDrawnInTurnOrderAndShortDecksGiveWhatTheyHave) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"starting_seat", 1},
                   {"deck", {"Guilds", "Zealots", "Loyalists", "Oracle", "Spy", "Lies", "Virtue"}},
                   {"unlisted_cards", "out_of_game"}},
                  {{"hand_size", "3"}});
  EXPECT_EQ(titles(t.s(), t.s().hand(1)), (std::vector<std::string>{"Guilds", "Zealots", "Loyalists"}));
  EXPECT_EQ(titles(t.s(), t.s().hand(2)), (std::vector<std::string>{"Oracle", "Spy", "Lies"}));
  EXPECT_EQ(titles(t.s(), t.s().hand(0)), std::vector<std::string>{"Virtue"});
}

// A player at zero points ends the game at once, after that round: seat 0 (1 point) holds C+1 and
// the Duke (A) wins.
TEST(IntrigueRules, GameEndsEarlyWhenAPlayerReachesZeroPoints) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"points", {1, 3, 3}},
                   {"hands", {{"Public Support"}, {"Guilds"}, {"Zealots"}}},
                   {"tokens", {{"C+1", 0}}}});
  play(*t.game, 0, "Public Support face-down behind Duke (A)");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().round(), 1);
  EXPECT_EQ(t.s().points(0), 0);
  EXPECT_EQ(t.s().monarch(), 0);
  EXPECT_TRUE(t.game->to_act().empty());
}

// Favors in play order. The Bishop (C) wins the round, so votes are A 0, B 2, C 2: the Princess (B,
// priority 4) beats the Bishop (2) and is monarch. Favors: seat 1 A -1; seat 0 B +3 (first); seat 2
// B +1; seat 1 B +1; seat 2 C -1. Points 3 each before: seat 0 6, seat 1 3, seat 2 3.
TEST(IntrigueRules, FavorsScoreInPlayOrderForTheMonarch) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"votes", {0, 2, 1}},
                   {"hands", {{"Public Support"}, {"Guilds"}, {"Zealots"}}},
                   {"favors", {{{"seat", 1}, {"letter", "A"}}, {{"seat", 0}, {"letter", "B"}}, {{"seat", 2}, {"letter", "B"}},
                               {{"seat", 1}, {"letter", "B"}}, {{"seat", 2}, {"letter", "C"}}}}},
                  {{"rounds", "1"}});
  play(*t.game, 0, "Public Support face-down behind Bishop (C)");
  ASSERT_TRUE(t.game->terminal());
  EXPECT_EQ(t.s().votes(2), 2);
  EXPECT_EQ(t.s().monarch(), 1);
  EXPECT_EQ(points_of(t), (std::array<int, 3>{6, 3, 3}));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "The Princess (B) ascends to the throne."));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Favor of seat 0 for B: +3 (first for the monarch)."));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Favor of seat 2 for B: +1."));
  EXPECT_TRUE(log_contains(*t.game, kSpectator, "Favor of seat 1 for A: -1."));
  // Once scored, favors are public.
  EXPECT_EQ(t.game->view(kSpectator)["favor_stack"][0]["letter"], "A");
  Outcome o = t.game->outcome();
  EXPECT_TRUE(o.seats[0].win);
  EXPECT_FALSE(o.seats[1].win);
}

// Ties share the victory: seat 1's first favor for the monarch (+3) and seat 0's later one (+1) leave
// both on 6.
TEST(IntrigueRules, TiedPlayersShareTheVictory) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"points", {5, 3, 3}},
                   {"votes", {0, 1, 0}},
                   {"hands", {{"Public Support"}, {"Guilds"}, {"Zealots"}}},
                   {"favors", {{{"seat", 1}, {"letter", "B"}}, {{"seat", 0}, {"letter", "B"}}}}},
                  {{"rounds", "1"}});
  play(*t.game, 0, "Public Support face-down behind Bishop (C)");
  ASSERT_TRUE(t.game->terminal());
  Outcome o = t.game->outcome();
  EXPECT_EQ(o.seats[0].score, 6);
  EXPECT_EQ(o.seats[1].score, 6);
  EXPECT_EQ(wins_of(*t.game), (std::array<bool, 3>{true, true, false}));
  EXPECT_EQ(o.seats[0].rank, 1);
  EXPECT_EQ(o.seats[2].rank, 3);
}

TEST(IntrigueRules, AFavorIsPlayedFaceDownAndOnlyOnce) {
  Position t = position({{"characters", {"Duke", "Princess", "Bishop"}},
                   {"hands", {{"Public Support"}, {"Guilds"}, {"Zealots"}}},
                   {"favors", {{{"seat", 0}, {"letter", "C"}}}}});
  EXPECT_FALSE(is_legal(*t.game, 0, "play favor C"));
  play(*t.game, 0, "play favor A");
  EXPECT_EQ(t.s().favors_played(0), 2);
  EXPECT_EQ(t.game->view(0)["favor_stack"][1]["letter"], "A");
  EXPECT_FALSE(t.game->view(1)["favor_stack"][1].contains("letter"));
  EXPECT_EQ(t.game->view(0)["favors_in_hand"], json({"B"}));
}

TEST(IntrigueRules, NewGameSetsUpTheTable) {
  static const GameEntry entry = game_entry<IntrigueGame>();
  auto factory = entry.prepare(entry.make_config(3, {}));
  auto game = factory->new_game(42);
  const IntrigueState& s = *game->as<IntrigueState>();
  std::set<int> characters{s.character(0), s.character(1), s.character(2)};
  EXPECT_EQ(characters.size(), 3u);
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(s.hand(seat).size(), 5u);
    EXPECT_EQ(s.points(seat), 3);
    EXPECT_EQ(s.favors_played(seat), 0);
  }
  EXPECT_EQ(s.deck().size(), 9u);
  EXPECT_EQ(s.token_count(), 6);
  for (int tk = 0; tk < 6; ++tk) EXPECT_EQ(s.token_holder(tk), -1);
  EXPECT_EQ(game->to_act(), SeatSet::of(0));
}

// Which letters have a face-down card (what Virtue and Spy may target) is kept by every move that
// turns, moves or plays a face-down card; at every step of random games it matches the stacks.
TEST(IntrigueRules, KeptFaceDownLettersMatchTheStacks) {
  int seen_face_down = 0;
  check_every_step_of_random_games("intrigue", 40, [&](const GameState& g, const std::string& where) {
    const IntrigueState& s = *g.as<IntrigueState>();
    std::uint8_t computed = 0;
    for (Letter l = 0; l < kLetters; ++l) {
      for (const StackCard& c : s.stack(l)) if (!c.face_up) computed |= static_cast<std::uint8_t>(1u << l);
    }
    ASSERT_EQ(int{s.face_down_letters()}, int{computed}) << where;
    seen_face_down += computed != 0;
  });
  EXPECT_GT(seen_face_down, 100);   // the games did put cards face down
}

}  // namespace
}  // namespace court::intrigue
