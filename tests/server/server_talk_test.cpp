// Table talk over loopback (docs/protocol.md, "Talk"): each game's rule of conversation enforced by the
// server, private text reaching exactly its two seats, whispers seen as whispers, spectators reading the
// table and never a private text, the limits, and talk surviving a kill -9.
#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include <sqlite3.h>

#include "server/server_test_support.h"
#include "server/storage.h"

namespace court::server_test {
namespace {

using nlohmann::json;
using PartsFilter = std::function<bool(const json& parts)>;

json say(const std::string& token, std::optional<int> to, const std::string& text) {
  return {{"type", "say"}, {"token", token}, {"to", to ? json(*to) : json(nullptr)}, {"text", text}};
}

// A table of people only, every seat joined and connected, plus a spectator; moves are played one at a
// time so that every connection has read every state before anyone talks.
class TalkTable {
 public:
  TalkTable(std::uint16_t port, const std::string& game, int people, bool talk = true) : port_(port) {
    json seats = json::array();
    for (int i = 0; i < people; ++i) seats.push_back("human");
    code_ = create_table(port, {{"game", game}, {"seats", seats}, {"talk", talk}}).at("code");
    for (int i = 0; i < people; ++i) tokens_.push_back(join_table(port, code_, {{"seat", i}}).at("token"));
    for (int i = 0; i <= people; ++i) {
      const bool spectator = i == people;
      clients_.push_back(std::make_unique<WsClient>(port, ws_target(code_, spectator ? "" : tokens_[i])));
      states_.push_back(clients_.back()->read_json());
    }
  }
  const std::string& code() const { return code_; }
  const std::string& token(Seat seat) const { return tokens_[seat]; }
  WsClient& client(Seat seat) { return *clients_[seat]; }
  WsClient& spectator() { return *clients_.back(); }
  const json& state(Seat seat) const { return states_[seat]; }
  int people() const { return static_cast<int>(tokens_.size()); }

  // Plays, for the lowest seat that must act, its first legal move whose parts `want` accepts (or its
  // first legal move when none does); every connection then reads the state after it.
  void step(const std::function<PartsFilter(Seat)>& want) {
    for (Seat seat = 0; seat < people(); ++seat) {
      const json& legal = states_[seat].at("legal");
      if (legal.empty()) continue;
      json chosen = legal[0];
      const PartsFilter filter = want(seat);
      for (const auto& l : legal) if (filter && filter(l.at("parts"))) { chosen = l; break; }
      clients_[seat]->send(move_message(tokens_[seat], states_[seat].at("step"), chosen.at("action")));
      const auto next = states_[seat].at("step").get<std::int64_t>() + 1;
      for (std::size_t i = 0; i < clients_.size(); ++i) {
        states_[i] = clients_[i]->read_state_until([&](const json& m) { return m.at("step") >= next; });
      }
      return;
    }
    FAIL() << "nobody has to act at table " << code_;
  }

  // Steps until `done` holds of seat 0's state (at most 200 moves).
  void play_until(const std::function<PartsFilter(Seat)>& want, const std::function<bool(const json&)>& done) {
    for (int i = 0; i < 200 && !done(states_[0]); ++i) step(want);
    ASSERT_TRUE(done(states_[0])) << states_[0].dump();
  }

 private:
  std::uint16_t port_;
  std::string code_;
  std::vector<std::string> tokens_;
  std::vector<std::unique_ptr<WsClient>> clients_;   // one per seat, then the spectator
  std::vector<json> states_;
};

bool may_write_to(const json& state, int seat) {
  for (const auto& s : state.at("talk").at("seats")) if (s == seat) return true;
  return false;
}

PartsFilter kind_is(const std::string& kind, int seat = -1) {
  return [kind, seat](const json& p) { return p.at("kind") == kind && (seat < 0 || p.value("seat", -1) == seat); };
}

// Persuasion: nobody mails anything (everyone reflects and keeps nothing, and passes at the Postman).
std::function<PartsFilter(Seat)> no_mail() {
  return [](Seat) -> PartsFilter {
    return [](const json& p) { return kind_is("reflect")(p) || kind_is("keep_none")(p) || kind_is("pass")(p); };
  };
}

// Persuasion: seat 0 invites seat 1 and seat 1 accepts; otherwise nobody mails anything.
std::function<PartsFilter(Seat)> invitation_accepted() {
  return [](Seat seat) -> PartsFilter {
    const PartsFilter quiet = no_mail()(seat);
    if (seat == 0) return [quiet](const json& p) { return kind_is("invite", 1)(p) || quiet(p); };
    if (seat == 1) return [quiet](const json& p) { return kind_is("accept", 0)(p) || quiet(p); };
    return quiet;
  };
}

// Reads the next message, which must be a "said" (no state arrives while nobody moves).
json next_said(WsClient& client) {
  json m = client.read_json();
  EXPECT_EQ(m.at("type"), "said") << m.dump();
  return m;
}

json next_error(WsClient& client) {
  json m = client.read_json();
  EXPECT_EQ(m.at("type"), "error") << m.dump();
  return m;
}

// Mail Bound (docs/rules/persuasion.md, "Talk at the table"): the table talks before the first move; the
// introductions open talk between the seats that showed each other cards until the first intentions are
// revealed; a private message while nobody holds another's card is refused; during an accepted
// invitation it reaches exactly the two seats (the third and the spectator see a whisper mark, never the
// text); after the cards go home it is refused again, naming the rule.
TEST(ServerTalk, MailBoundOpensPrivateTalkOnlyWhileACardIsHeld) {
  InProcessServer server(temp_db("talk_mail_bound"));
  TalkTable t(server.port(), "persuasion", 3);
  EXPECT_TRUE(t.state(0).at("talk").at("table")) << "the table talks before the first move";
  EXPECT_TRUE(t.state(0).at("talk").at("rule").get<std::string>().starts_with("Mail Bound"));
  t.step(no_mail());
  EXPECT_FALSE(t.state(0).at("talk").at("table"));
  t.play_until(no_mail(), [](const json& s) { return s.at("view").at("round") == 1; });
  EXPECT_TRUE(may_write_to(t.state(0), 1)) << "the introductions are out for review";
  t.play_until(no_mail(), [](const json& s) { return s.at("view").at("round") == 2; });
  ASSERT_FALSE(may_write_to(t.state(0), 1)) << t.state(0).at("talk").dump();
  t.client(0).send(say(t.token(0), 1, "before any exchange").dump());
  EXPECT_EQ(next_error(t.client(0)).at("code"), "talk_closed");
  t.play_until(invitation_accepted(), [](const json& s) {
    return s.at("view").at("phase") == "correspondence" && s.at("legal").empty();
  });
  ASSERT_TRUE(may_write_to(t.state(0), 1)) << "seat 1 holds seat 0's invitation";
  EXPECT_FALSE(may_write_to(t.state(2), 0));
  t.client(0).send(say(t.token(0), 1, "I want wealth").dump());
  const json to_writer = next_said(t.client(0)), to_reader = next_said(t.client(1));
  EXPECT_EQ(to_writer.at("text"), "I want wealth");
  EXPECT_EQ(to_reader.at("text"), "I want wealth");
  EXPECT_EQ(to_reader.at("from"), 0);
  EXPECT_EQ(to_reader.at("to"), 1);
  for (WsClient* other : {&t.client(2), &t.spectator()}) {
    const json mark = next_said(*other);
    EXPECT_TRUE(mark.at("whisper"));
    EXPECT_FALSE(mark.contains("text")) << mark.dump();
  }
  t.client(2).send(say(t.token(2), 0, "may I join?").dump());
  EXPECT_EQ(next_error(t.client(2)).at("code"), "talk_closed");
  t.play_until(invitation_accepted(), [](const json& s) { return s.at("view").at("round") == 3; });
  EXPECT_FALSE(may_write_to(t.state(0), 1));
  t.client(1).send(say(t.token(1), 0, "still there?").dump());
  const json closed = next_error(t.client(1));
  EXPECT_EQ(closed.at("code"), "talk_closed");
  EXPECT_NE(closed.at("message").get<std::string>().find("Mail Bound"), std::string::npos) << closed.dump();
}

// Persuasion (character-card): seat 0 invites 1, 1 invites 2, 2 invites 0; seat 1 accepts seat 0's
// invitation by revealing a trait, the others reject.
std::function<PartsFilter(Seat)> classic_invitation_accepted() {
  return [](Seat seat) -> PartsFilter {
    const int invitee = (seat + 1) % 3;
    return [seat, invitee](const json& p) {
      return kind_is("invite", invitee)(p) || (seat == 1 ? kind_is("reveal", 0)(p) : kind_is("reject_invitation")(p));
    };
  };
}

// Limited Correspondence (docs/rules/persuasion-classic.md, "Talk at the table"): no private talk before
// an invitation is accepted; from the acceptance the two seats talk, the third sees a whisper mark; at
// the next round the traits are home and talk is refused again.
TEST(ServerTalk, LimitedCorrespondenceFromAnAcceptedInvitationToTheRoundsEnd) {
  InProcessServer server(temp_db("talk_limited"));
  TalkTable t(server.port(), "persuasion-classic", 3);
  EXPECT_TRUE(t.state(0).at("talk").at("rule").get<std::string>().starts_with("Limited Correspondence"));
  t.step(classic_invitation_accepted());
  EXPECT_FALSE(t.state(0).at("talk").at("table")) << "no table talk during play";
  t.client(0).send(say(t.token(0), 1, "before the invitation").dump());
  EXPECT_EQ(next_error(t.client(0)).at("code"), "talk_closed");
  t.play_until(classic_invitation_accepted(), [](const json& s) { return may_write_to(s, 1); });
  EXPECT_EQ(t.state(0).at("view").at("round"), 1);
  t.client(1).send(say(t.token(1), 0, "my desires: wealth").dump());
  EXPECT_EQ(next_said(t.client(0)).at("text"), "my desires: wealth");
  EXPECT_EQ(next_said(t.client(1)).at("text"), "my desires: wealth");
  EXPECT_FALSE(next_said(t.client(2)).contains("text"));
  EXPECT_FALSE(next_said(t.spectator()).contains("text"));
  t.play_until(classic_invitation_accepted(), [](const json& s) { return s.at("view").at("round") == 2; });
  EXPECT_FALSE(may_write_to(t.state(1), 0)) << "the traits went home at the end of the round";
  t.client(1).send(say(t.token(1), 0, "again?").dump());
  EXPECT_EQ(next_error(t.client(1)).at("code"), "talk_closed");
}

// Intrigue, Belle, Gameshire: the table talks openly, spectators read it; a whisper's text reaches only
// its writer and its reader.
TEST(ServerTalk, OpenTalkAndWhispersInTheOtherGames) {
  InProcessServer server(temp_db("talk_open"));
  for (const auto& [game, people] : std::vector<std::pair<std::string, int>>{{"intrigue", 3}, {"belle", 3},
                                                                             {"gameshire", 2}}) {
    SCOPED_TRACE(game);
    TalkTable t(server.port(), game, people);
    t.step([](Seat) { return PartsFilter(); });
    EXPECT_TRUE(t.state(1).at("talk").at("table"));
    t.client(1).send(say(t.token(1), std::nullopt, "hello all").dump());
    for (Seat s = 0; s < people; ++s) EXPECT_EQ(next_said(t.client(s)).at("text"), "hello all");
    EXPECT_EQ(next_said(t.spectator()).at("text"), "hello all");
    t.client(1).send(say(t.token(1), 0, "psst").dump());
    EXPECT_EQ(next_said(t.client(1)).at("text"), "psst");
    EXPECT_EQ(next_said(t.client(0)).at("text"), "psst");
    if (people == 3) {
      EXPECT_FALSE(next_said(t.client(2)).contains("text"));
    }
    const json mark = next_said(t.spectator());
    EXPECT_TRUE(mark.at("whisper"));
    EXPECT_FALSE(mark.contains("text"));
  }
}

// Spectators read and never write; a table whose creator turned talk off refuses every message; bad
// messages get their own codes and change nothing.
TEST(ServerTalk, RefusalsHaveTheirCodesAndStoreNothing) {
  InProcessServer server(temp_db("talk_refusals"));
  TalkTable t(server.port(), "intrigue", 3);
  t.spectator().send(say(t.token(0), std::nullopt, "from the gallery").dump());
  EXPECT_EQ(next_error(t.spectator()).at("code"), "not_seated");
  auto refused = [&](const json& message) {
    t.client(0).send(message.dump());
    return next_error(t.client(0)).at("code").get<std::string>();
  };
  EXPECT_EQ(refused(say(t.token(0), std::nullopt, std::string(501, 'a'))), "talk_too_long");
  EXPECT_EQ(refused(say(t.token(0), std::nullopt, std::string(500, 'a') + "\xc3\xa9")), "talk_too_long");
  EXPECT_EQ(refused(say(t.token(0), std::nullopt, "  \n ")), "bad_talk");
  EXPECT_EQ(refused(say(t.token(0), std::nullopt, "a\x1b[2Jb")), "bad_talk");
  EXPECT_EQ(refused(say(t.token(0), std::nullopt, "abc\xe2\x80\xae" "cba")), "bad_talk");
  EXPECT_EQ(refused(say(t.token(0), 0, "to myself")), "bad_talk");
  EXPECT_EQ(refused(say(t.token(0), 5, "nobody there")), "bad_talk");
  EXPECT_EQ(refused(say(t.token(1), std::nullopt, "not my token")), "bad_token");
  EXPECT_EQ(refused({{"type", "say"}, {"token", t.token(0)}, {"text", "x"}, {"loud", true}}), "unknown_field");
  EXPECT_EQ(http(server.port(), "GET", "/api/tables/" + t.code() + "/talk").json().at("messages").size(), 0u);
  // 500 characters of "é" (1000 bytes) and a line feed are fine.
  std::string e500;
  for (int i = 0; i < 500; ++i) e500 += "\xc3\xa9";
  t.client(0).send(say(t.token(0), std::nullopt, e500).dump());
  EXPECT_EQ(next_said(t.client(0)).at("text"), e500);

  // Each class of character that shows nothing, hides text or piles marks (names.h) is refused as bad_talk.
  for (const RefusedText& r : refused_texts()) {
    t.client(0).send(say(t.token(0), std::nullopt, r.text).dump());
    const json error = next_error(t.client(0));
    EXPECT_EQ(error.at("code"), "bad_talk") << r.problem;
    EXPECT_NE(error.at("message").get<std::string>().find(r.talk_problem), std::string::npos) << error.dump();
  }
  EXPECT_EQ(http(server.port(), "GET", "/api/tables/" + t.code() + "/talk").json().at("messages").size(), 1u);

  TalkTable quiet(server.port(), "intrigue", 3, false);
  EXPECT_FALSE(quiet.state(0).at("talk").at("on"));
  EXPECT_FALSE(http(server.port(), "GET", "/api/tables/" + quiet.code()).json().at("talk"));
  quiet.client(0).send(say(quiet.token(0), std::nullopt, "hello").dump());
  EXPECT_EQ(next_error(quiet.client(0)).at("code"), "talk_off");
}

// Text to a bot's seat is refused (bots read claims, not text), and a state never offers a bot's seat for it.
TEST(ServerTalk, TextToABotsSeatIsRefused) {
  InProcessServer server(temp_db("talk_bots"));
  const std::string code = create_table(server.port(), {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}})
                               .at("code");
  const std::string token = join_table(server.port(), code).at("token");
  WsClient client(server.port(), ws_target(code, token));
  const json first = client.read_json();
  EXPECT_TRUE(first.at("talk").at("seats").empty()) << first.at("talk").dump();
  client.send(say(token, 1, "hello bot").dump());
  json m = client.read_json();
  while (m.at("type") != "error") m = client.read_json();
  EXPECT_EQ(m.at("code"), "bad_talk");
  EXPECT_NE(m.at("message").get<std::string>().find("bots read claims, not text"), std::string::npos);
}

json claim(const std::string& token, std::optional<int> to, const std::string& kind, int value) {
  return {{"type", "say"}, {"token", token}, {"to", to ? json(*to) : json(nullptr)},
          {"claim", {{"kind", kind}, {"value", value}}}};
}

// The stored talk of table `code` to the whole table (GET /api/tables/<code>/talk).
json table_talk(std::uint16_t port, const std::string& code) {
  return http(port, "GET", "/api/tables/" + code + "/talk").json().at("messages");
}

// Claims (docs/protocol.md, "Talk"; docs/architecture.md, "Claims"): talking bots say theirs through the
// same check as a person's message. Before the first move Mail Bound lets the table talk: the honest bot's
// claims are stored and shown in words with their structure. At a table whose creator turned talk off the
// check refuses every one of them: nothing is stored.
TEST(ServerTalk, BotsClaimsPassTheSameTalkRuleAsPeoplesMessages) {
  InProcessServer server(temp_db("talk_bot_claims"));
  const json seats = {"human", "honest", "liar"};
  const std::string code = create_table(server.port(), {{"game", "persuasion"}, {"seats", seats}}).at("code");
  const std::string token = join_table(server.port(), code).at("token");
  WsClient client(server.port(), ws_target(code, token));
  const json first = client.read_json();
  EXPECT_EQ(first.at("talk").at("claims").size(), 3u) << first.at("talk").dump();
  EXPECT_EQ(first.at("talk").at("claims")[0].at("words"), "My desires include {}");
  const json said = table_talk(server.port(), code);
  int honest_desires = 0;
  for (const auto& m : said) {
    EXPECT_EQ(m.at("step"), 0) << "the table talks only before the first move: " << m.dump();
    ASSERT_TRUE(m.contains("claim")) << m.dump();
    if (m.at("from") == 1 && m.at("claim").at("kind") == "desire_includes") {
      ++honest_desires;
      EXPECT_TRUE(m.at("text").get<std::string>().starts_with("My desires include ")) << m.dump();
    }
  }
  EXPECT_EQ(honest_desires, 2) << said.dump();

  const std::string quiet = create_table(server.port(), {{"game", "persuasion"}, {"seats", seats}, {"talk", false}})
                                .at("code");
  join_table(server.port(), quiet);
  EXPECT_TRUE(table_talk(server.port(), quiet).empty());
}

// A person's claim obeys the rule a message does: to the table before the first move it is stored in words
// (and may go to a bot's seat); during play, where Mail Bound forbids it, it is refused as talk_closed; a
// kind the game lacks is refused as bad_claim, naming the kinds it has.
TEST(ServerTalk, APersonsClaimIsStoredInWordsOrRefusedByTheRule) {
  InProcessServer server(temp_db("talk_person_claims"));
  TalkTable t(server.port(), "persuasion", 3);
  ASSERT_TRUE(t.state(0).at("talk").at("table"));
  t.client(0).send(claim(t.token(0), std::nullopt, "holds_symbol", 3).dump());
  const json said = next_said(t.client(0));
  EXPECT_EQ(said.at("text"), "I hold a card with -Title");
  EXPECT_EQ(said.at("claim"), json({{"kind", "holds_symbol"}, {"value", 3}}));
  EXPECT_EQ(next_said(t.client(1)).at("claim").at("value"), 3);
  t.client(0).send(claim(t.token(0), std::nullopt, "shouts", 0).dump());
  const json bad = next_error(t.client(0));
  EXPECT_EQ(bad.at("code"), "bad_claim");
  EXPECT_NE(bad.at("message").get<std::string>().find("desire_includes, holds_symbol, about_to_propose"),
            std::string::npos) << bad.dump();
  t.play_until(no_mail(), [](const json& s) { return s.at("view").at("round") == 2; });
  t.client(0).send(claim(t.token(0), 1, "desire_includes", 0).dump());
  const json closed = next_error(t.client(0));
  EXPECT_EQ(closed.at("code"), "talk_closed");
  EXPECT_NE(closed.at("message").get<std::string>().find("Mail Bound"), std::string::npos) << closed.dump();
  EXPECT_EQ(table_talk(server.port(), t.code()).size(), 1u);
}

// More than ten messages from one seat in ten seconds: the eleventh is refused.
TEST(ServerTalk, OneSeatWritesAtMostTenMessagesInTenSeconds) {
  InProcessServer server(temp_db("talk_rate"));
  TalkTable t(server.port(), "belle", 3);
  for (int i = 0; i < 10; ++i) {
    t.client(0).send(say(t.token(0), std::nullopt, std::string("m").append(std::to_string(i))).dump());
    EXPECT_EQ(next_said(t.client(0)).at("text"), std::string("m").append(std::to_string(i)));
  }
  t.client(0).send(say(t.token(0), std::nullopt, "one too many").dump());
  EXPECT_EQ(next_error(t.client(0)).at("code"), "talk_too_fast");
  for (int i = 0; i < 10; ++i) EXPECT_EQ(next_said(t.client(1)).at("text"), std::string("m").append(std::to_string(i)));
  t.client(1).send(say(t.token(1), std::nullopt, "another seat may").dump());
  EXPECT_EQ(next_said(t.client(1)).at("text"), "another seat may");
}

// Talk is stored before anyone hears it: after a kill -9 a seat that reconnects gets the history it may
// read (the private message as a whisper mark for the third seat), and GET talk gives the table's talk.
TEST(ServerTalk, TalkSurvivesAKilledServer) {
  const std::string db = temp_db("talk_kill");
  std::string code, token0, token2;
  {
    ServeProcess serve(db);
    TalkTable t(serve.port(), "intrigue", 3);
    code = t.code();
    token0 = t.token(0);
    token2 = t.token(2);
    t.client(0).send(say(t.token(0), std::nullopt, "good luck").dump());
    EXPECT_EQ(next_said(t.client(0)).at("id"), 1);
    EXPECT_EQ(next_said(t.client(1)).at("id"), 1);
    t.client(1).send(say(t.token(1), 0, "secret plan").dump());
    EXPECT_EQ(next_said(t.client(1)).at("id"), 2);
    serve.kill_hard();
  }
  ServeProcess serve(db);
  WsClient again(serve.port(), ws_target(code, token2));
  EXPECT_EQ(again.read_json().at("type"), "state");
  const json history = again.read_json();
  ASSERT_EQ(history.at("type"), "talk_history");
  ASSERT_EQ(history.at("messages").size(), 2u);
  EXPECT_EQ(history.at("messages")[0].at("text"), "good luck");
  EXPECT_TRUE(history.at("messages")[1].at("whisper"));
  EXPECT_FALSE(history.at("messages")[1].contains("text"));
  WsClient reader(serve.port(), ws_target(code, token0));
  reader.read_json();
  EXPECT_EQ(reader.read_json().at("messages")[1].at("text"), "secret plan");
  const json table_talk = http(serve.port(), "GET", "/api/tables/" + code + "/talk").json();
  ASSERT_EQ(table_talk.at("messages").size(), 1u);
  EXPECT_EQ(table_talk.at("messages")[0].at("text"), "good luck");
  // The next message continues the numbering.
  again.send(say(token2, std::nullopt, "back").dump());
  EXPECT_EQ(next_said(again).at("id"), 3);
}

// A database written before tables had talk opens with the column added; its tables have talk.
TEST(ServerTalk, ADatabaseFromBeforeTalkGainsTheColumn) {
  const std::string db = temp_db("talk_old_schema");
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  const char* old = "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, "
                    "options TEXT NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL, created_ms INTEGER NOT NULL, "
                    "outcome TEXT NOT NULL DEFAULT '');"
                    "INSERT INTO tables VALUES ('K7QX2M', 'intrigue', 3, '{}', 1, 'finished', 0, '');";
  ASSERT_EQ(sqlite3_exec(raw, old, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  server::Storage storage(db);
  const auto record = storage.load("K7QX2M");
  ASSERT_TRUE(record);
  EXPECT_TRUE(record->talk);
  EXPECT_TRUE(storage.load_table_talk("K7QX2M").empty());
}

}  // namespace
}  // namespace court::server_test
