// Intrigue move parts (docs/protocol.md, "Move parts", Intrigue): what each kind of move names, at a
// known position, by the ids the seat's view uses. The conformance suite checks every position of
// random games for parts being present, distinct and free of hidden facts; this file states the format.
#include <gtest/gtest.h>

#include "bots/generic_bots.h"
#include "games/intrigue/game.h"

namespace court::intrigue {
namespace {

using nlohmann::json;

// Duke (A), Princess (B), Bishop (C). Seat 0 holds the +3 token of A, seat 1 the +1 of B; Friendship
// lies on A-B; seat 2 played a card face-down behind the Bishop.
std::unique_ptr<GameState> known_position(std::unique_ptr<GameFactory>& factory) {
  static const GameEntry entry = game_entry<IntrigueGame>();
  factory = entry.prepare(entry.make_config(3, {}));
  return factory->from_scenario(
      {{"characters", {"Duke", "Princess", "Bishop"}},
       {"hands", {{"Guilds", "Debt", "Manipulate", "Misinformation", "Lies", "Spy", "Oracle"}, {"Zealots"}, {"Loyalists"}}},
       {"deck", {"Public Support", "Defiance"}},
       {"tokens", {{"A+3", 0}, {"B+1", 1}}},
       {"relationships", {{{"edge", "A-B"}, {"card", "Friendship"}}}},
       {"stacks", {{"C", {{{"card", "Feud"}, {"seat", 2}}}}}}},
      3);
}

// The id the seat's view gives the card titled `title` in its hand.
int hand_card_id(const GameState& g, Seat seat, const std::string& title) {
  const json view = g.view(seat);
  for (const auto& card : view["hand"]) {
    if (card["title"] == title) return card["id"].get<int>();
  }
  ADD_FAILURE() << title << " is not in seat " << seat << "'s hand";
  return -1;
}

json parts_of(const GameState& g, Seat seat, const std::string& label) {
  auto action = g.parse(seat, label);
  if (!action) {
    ADD_FAILURE() << "'" << label << "' is not legal for seat " << seat;
    return nullptr;
  }
  return g.parts(seat, *action);
}

TEST(IntrigueParts, EachKindNamesItsCardsCharactersEdgesAndTokens) {
  std::unique_ptr<GameFactory> factory;
  auto g = known_position(factory);
  const int guilds = hand_card_id(*g, 0, "Guilds");
  EXPECT_EQ(parts_of(*g, 0, "take token C+3"),
            json({{"kind", "take_token"}, {"token", "C+3"}, {"character", "C"}, {"value", 3}}));
  EXPECT_EQ(parts_of(*g, 0, "play favor B"), json({{"kind", "play_favor"}, {"character", "B"}}));
  EXPECT_EQ(parts_of(*g, 0, "Guilds face-down behind Bishop (C)"),
            json({{"kind", "play_face_down"}, {"card", guilds}, {"character", "C"}}));
  EXPECT_EQ(parts_of(*g, 0, "Guilds face-up behind Duke (A)"),
            json({{"kind", "play_face_up"}, {"card", guilds}, {"character", "A"}, {"effect", "draw"}}));
  // Debt on B-C pointing back: its left arrow (Debtor) on C, the right one (Lender) on B.
  EXPECT_EQ(parts_of(*g, 0, "Debt on B-C: C Debtor, B Lender"),
            json({{"kind", "place_relationship"}, {"card", hand_card_id(*g, 0, "Debt")}, {"edge", "B-C"},
                  {"from", "C"}, {"to", "B"}}));
  EXPECT_EQ(parts_of(*g, 0, "Oracle"),
            json({{"kind", "play_action"}, {"card", hand_card_id(*g, 0, "Oracle")}, {"effect", "oracle"}}));
  EXPECT_EQ(parts_of(*g, 0, "Spy on Bishop (C)"),
            json({{"kind", "play_action"}, {"card", hand_card_id(*g, 0, "Spy")}, {"effect", "spy"},
                  {"character", "C"}}));
  EXPECT_EQ(parts_of(*g, 0, "Manipulate: give A+3, take B+1"),
            json({{"kind", "play_action"}, {"card", hand_card_id(*g, 0, "Manipulate")}, {"effect", "manipulate"},
                  {"give", "A+3"}, {"take", "B+1"}}));
  EXPECT_EQ(parts_of(*g, 0, "Misinformation: A-B to C-A"),
            json({{"kind", "play_action"}, {"card", hand_card_id(*g, 0, "Misinformation")},
                  {"effect", "misinformation"}, {"from_edge", "A-B"}, {"to_edge", "C-A"}}));
  EXPECT_EQ(parts_of(*g, 0, "Lies on A-B"),
            json({{"kind", "play_action"}, {"card", hand_card_id(*g, 0, "Lies")}, {"effect", "lies"}, {"edge", "A-B"}}));

  // Oracle draws two, then the same seat discards one (a second step of its turn).
  const auto oracle = g->parse(0, "Oracle");
  ASSERT_TRUE(oracle);
  ASSERT_FALSE(g->apply(0, *oracle).has_value());
  EXPECT_EQ(parts_of(*g, 0, "discard Guilds"), json({{"kind", "discard"}, {"card", guilds}}));
}

// Friendship and Feud look the same both ways round: one move per edge, from the edge's first letter.
TEST(IntrigueParts, SymmetricRelationshipsPointFromTheEdgesFirstLetter) {
  std::unique_ptr<GameFactory> factory;
  static const GameEntry entry = game_entry<IntrigueGame>();
  factory = entry.prepare(entry.make_config(3, {}));
  auto g = factory->from_scenario({{"characters", {"Duke", "Princess", "Bishop"}},
                                   {"hands", {{"Feud"}, {"Zealots"}, {"Loyalists"}}}},
                                  3);
  ActionList actions;
  g->legal_actions(0, actions);
  std::vector<json> placed;
  for (Action a : actions) {
    json p = g->parts(0, a);
    if (p["kind"] == "place_relationship") placed.push_back(p);
  }
  ASSERT_EQ(placed.size(), 3u);
  EXPECT_EQ(placed[1], json({{"kind", "place_relationship"}, {"card", hand_card_id(*g, 0, "Feud")}, {"edge", "B-C"},
                             {"from", "B"}, {"to", "C"}}));
}

// The view draws cards from objects: the hand's cards, a known stack card with its value for that
// character, and a relationship with the letters its arrows point at (the `from`/`to` of the parts).
TEST(IntrigueParts, TheViewCarriesCardsAsObjects) {
  std::unique_ptr<GameFactory> factory;
  auto g = known_position(factory);
  const json mine = g->view(0);
  const json hand_debt = mine["hand"][1];
  EXPECT_EQ(hand_debt["title"], "Debt");
  EXPECT_EQ(hand_debt["type"], "relationship");
  EXPECT_EQ(hand_debt["relation"], "debt");
  EXPECT_EQ(hand_debt["left_role"], "Debtor");
  EXPECT_EQ(hand_debt["support"], -1);
  EXPECT_EQ(mine["hand"][0]["trait"], "Nobility");
  EXPECT_EQ(mine["hand"][0]["effect"], "draw");
  const json edge = mine["relationships"][0];
  EXPECT_EQ(edge["card"]["title"], "Friendship");
  EXPECT_EQ(edge["from"], "A");
  EXPECT_EQ(edge["to"], "B");
  // Seat 2 sees its own face-down Feud with its value; seat 0 sees only that seat 2 played a card.
  EXPECT_EQ(g->view(2)["characters"][2]["stack"][0]["card"]["title"], "Feud");
  EXPECT_EQ(g->view(2)["characters"][2]["stack"][0]["value"], -1);
  EXPECT_EQ(mine["characters"][2]["stack"][0], json({{"played_by", 2}, {"face_up", false}}));
}

}  // namespace
}  // namespace court::intrigue
