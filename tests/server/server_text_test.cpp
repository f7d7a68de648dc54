// Names and table talk against hostile Unicode (issue 38, docs/protocol.md "Names"): each class of
// character that shows nothing, hides text or piles marks is refused by the rules and in a join over
// loopback; look-alike names at one table; JSON bodies that give one key twice.
#include <gtest/gtest.h>

#include "engine/json_reader.h"
#include "engine/types.h"
#include "server/names.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

using court::server::name_problem;
using court::server::name_skeleton;
using court::server::talk_text_problem;
using nlohmann::json;

TEST(ServerNames, EachClassOfHiddenOrBlankCharacterIsRefused) {
  for (const RefusedText& r : refused_texts()) {
    const auto name = name_problem(r.text);
    ASSERT_TRUE(name) << r.problem;
    EXPECT_NE(name->find(r.problem), std::string::npos) << *name;
    const auto talk = talk_text_problem(r.text);
    ASSERT_TRUE(talk) << r.problem;
    EXPECT_FALSE(talk->too_long);
    EXPECT_NE(talk->message.find(r.talk_problem), std::string::npos) << talk->message;
  }
}

TEST(ServerNames, WhatStaysAllowed) {
  EXPECT_EQ(name_problem(""), std::nullopt);   // the server names the seat
  EXPECT_EQ(name_problem("Ada\u00a0Lovelace"), std::nullopt);   // white space inside a name
  EXPECT_EQ(name_problem("Nguy\u1ec5n"), std::nullopt);   // precomposed
  EXPECT_EQ(name_problem("Nguye\u0302\u0303n"), std::nullopt);   // two marks on one letter, decomposed
  std::string four_marks = "a";
  for (int i = 0; i < 4; ++i) four_marks += utf8(0x0300 + i);
  EXPECT_EQ(name_problem(four_marks + "b" + four_marks), std::nullopt);   // the count starts again at each letter
  EXPECT_EQ(name_problem("\u0915\u094d\u0937"), std::nullopt);   // Devanagari conjunct (virama)
  EXPECT_EQ(talk_text_problem("line one\n\tline two"), std::nullopt);
}

// An emoji with its presentation selector, as phone keyboards write it, is allowed in talk and names; the
// selector alone, after a letter or a digit, or twice, still shows nothing and is refused.
TEST(ServerNames, AnEmojiMayCarryItsPresentationSelector) {
  EXPECT_EQ(talk_text_problem("good move \u2764\ufe0f"), std::nullopt);
  EXPECT_EQ(name_problem("Ada \u2615\ufe0e"), std::nullopt);
  for (const std::string hidden : {"\ufe0f", "Ada\ufe0f", "1\ufe0f", "\u2764\ufe0f\ufe0f", "\u2764\ufe00"}) {
    EXPECT_TRUE(name_problem(hidden)) << hidden.size();
    EXPECT_TRUE(talk_text_problem(hidden)) << hidden.size();
  }
  EXPECT_EQ(name_skeleton("Ada\u2764\ufe0f"), name_skeleton("Ada\u2764"));   // the selector hides no second name
}

// Names that look the same: one skeleton after NFKC, case folding and the confusables fold (UTS #39).
TEST(ServerNames, LookAlikeNamesShareOneSkeleton) {
  const std::string ada = name_skeleton("Ada");
  EXPECT_EQ(name_skeleton("\u0410da"), ada);                // Cyrillic A
  EXPECT_EQ(name_skeleton("\u0410\u0501\u0430"), ada);      // Cyrillic A, komi de, a
  EXPECT_EQ(name_skeleton("ADA"), ada);                     // case
  EXPECT_EQ(name_skeleton("\uff21\uff44\uff41"), ada);      // full width
  EXPECT_NE(name_skeleton("Adb"), ada);
  EXPECT_EQ(name_skeleton("paypal"), name_skeleton("p\u0430yp\u0430l"));
  EXPECT_EQ(name_skeleton("Il1"), name_skeleton("lll"));
}

// Over the wire: each class refused in a join with bad_name, and the seat stays free.
TEST(ServerNames, JoinRefusesEachClassOfHiddenOrBlankCharacter) {
  InProcessServer server(temp_db("names_classes"));
  const auto port = server.port();
  const std::string code = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "human", "random"}}}).at("code");
  for (const RefusedText& r : refused_texts()) {
    const HttpReply reply = http(port, "POST", "/api/tables/" + code + "/join", json{{"seat", 0}, {"name", r.text}}.dump());
    EXPECT_EQ(reply.status, 400) << r.problem;
    EXPECT_EQ(reply.json().at("code"), "bad_name") << reply.body;
    EXPECT_NE(reply.json().at("error").get<std::string>().find(r.problem), std::string::npos) << reply.body;
  }
  EXPECT_FALSE(http(port, "GET", "/api/tables/" + code).json().at("seats")[0].at("taken"));
}

// `Ada` then Cyrillic `Аda` at one table: refused, naming the seat it resembles; so are the same name
// in another case or width, and a name that looks like a bot's.
TEST(ServerNames, LookAlikeNamesAtOneTableAreRefused) {
  InProcessServer server(temp_db("names_look_alike"));
  const auto port = server.port();
  const std::string code =
      create_table(port, {{"game", "persuasion"}, {"seats", {"human", "human", "human", "random"}}}).at("code");
  join_table(port, code, {{"seat", 0}, {"name", "Ada"}});
  for (const std::string copy : {"\u0410da", "Ada", "ADA", "\uff21\uff44\uff41"}) {
    const HttpReply reply = http(port, "POST", "/api/tables/" + code + "/join", json{{"seat", 1}, {"name", copy}}.dump());
    EXPECT_EQ(reply.status, 409) << copy;
    EXPECT_EQ(reply.json().at("code"), "look_alike_name") << reply.body;
    EXPECT_NE(reply.json().at("error").get<std::string>().find("looks like 'Ada', the name of seat 0"),
              std::string::npos) << reply.body;
  }
  const HttpReply bot = http(port, "POST", "/api/tables/" + code + "/join", json{{"seat", 1}, {"name", "Random"}}.dump());
  EXPECT_EQ(bot.status, 409);
  EXPECT_NE(bot.json().at("error").get<std::string>().find("the name of seat 3"), std::string::npos) << bot.body;
  const json seats = http(port, "GET", "/api/tables/" + code).json().at("seats");
  EXPECT_FALSE(seats[1].at("taken"));   // nothing changed
  // A seat joined without a name is "Player N", checked the same way: nobody passes for it, nor it for them.
  join_table(port, code, {{"seat", 1}, {"name", "player 3"}});
  const HttpReply nameless = http(port, "POST", "/api/tables/" + code + "/join", json{{"seat", 2}}.dump());
  EXPECT_EQ(nameless.status, 409);
  EXPECT_EQ(nameless.json().at("code"), "look_alike_name") << nameless.body;
  join_table(port, code, {{"seat", 2}, {"name", "Grace"}});
}

// nlohmann's parser keeps the last of two equal keys silently; every JSON input refuses them.
TEST(StrictJson, DuplicateKeysAreRefusedAtAnyDepth) {
  EXPECT_EQ(court::parse_json_strict(R"({"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]})").at("c")[1].at("a"), 4);
  for (const char* doubled : {R"({"a":1,"a":2})", R"({"x":{"k":1,"k":1}})", R"([{"seat":0},{"seat":1,"seat":2}])",
                              R"({"a":{"b":[{"c":{"d":1,"d":2}}]}})", "{\"\u00e9\":1,\"e\\u0301\":2,\"\u00e9\":3}"}) {
    try {
      court::parse_json_strict(doubled);
      ADD_FAILURE() << doubled;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("appears twice in one object; each key may appear once"), std::string::npos);
    }
  }
  EXPECT_THROW(court::parse_json_strict("{\"a\":1,}"), nlohmann::json::parse_error);
}

TEST(StrictJson, RequestBodiesAndMessagesWithADuplicateKeyAreRefused) {
  InProcessServer server(temp_db("json_duplicate_key"));
  const auto port = server.port();
  const HttpReply table = http(port, "POST", "/api/tables",
                               R"({"game":"intrigue","seats":["human","random","random"],"game":"belle"})");
  EXPECT_EQ(table.status, 400);
  EXPECT_EQ(table.json().at("code"), "duplicate_key");
  EXPECT_EQ(table.json().at("error"), "the request body: the key \"game\" appears twice in one object; each key may "
                                      "appear once");
  EXPECT_TRUE(http(port, "GET", "/api/tables").json().empty());   // nothing was made
  const std::string code = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).at("code");
  const std::string token = join_table(port, code, {{"seat", 0}}).at("token");
  WsClient client(port, ws_target(code, token));
  (void)client.read_json();
  client.send(R"({"type":"sync","type":"say"})");
  const json error = client.read_json();
  EXPECT_EQ(error.at("code"), "duplicate_key") << error.dump();
}

}  // namespace
}  // namespace court::server_test
