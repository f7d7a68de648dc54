// Tokens, codes and the SHA-256 under which tokens are stored.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "engine/rng.h"
#include "server/names.h"
#include "server/secrets.h"
#include "server/server_test_support.h"

namespace court::server {

TEST(ServerSecrets, Sha256MatchesKnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000, 'a')), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

TEST(ServerSecrets, TokensAreLongRandomAndDistinct) {
  std::set<std::string> tokens;
  for (int i = 0; i < 200; ++i) {
    auto token = make_token();
    EXPECT_EQ(token.size(), 64u);
    EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos);
    tokens.insert(token);
  }
  EXPECT_EQ(tokens.size(), 200u);
}

TEST(ServerSecrets, TableCodesNormalize) {
  const auto code = make_table_code();
  EXPECT_EQ(code.size(), 6u);
  EXPECT_EQ(normalize_table_code(code), code);
  std::string lower = code;
  for (char& c : lower) c = static_cast<char>(std::tolower(c));
  EXPECT_EQ(normalize_table_code(lower), code);
  EXPECT_EQ(normalize_table_code("K7QX2"), "");
  EXPECT_EQ(normalize_table_code("K7QX2/"), "");
  EXPECT_EQ(normalize_table_code("K0QX2M"), "");   // 0 is not in the alphabet
  EXPECT_TRUE(equal_constant_time("abc", "abc"));
  EXPECT_FALSE(equal_constant_time("abc", "abd"));
  EXPECT_FALSE(equal_constant_time("abc", "ab"));
}

// A name counts characters, not bytes, and may not hide or reorder text (docs/protocol.md).
TEST(ServerNames, CountCharactersNotBytes) {
  std::string forty_e_acute;
  for (int i = 0; i < 40; ++i) forty_e_acute += "\u00e9";
  EXPECT_EQ(name_problem(forty_e_acute), std::nullopt);
  EXPECT_EQ(name_problem("\u738b\u5c0f\u660e \U0001F3B2"), std::nullopt);   // CJK and an emoji
  EXPECT_EQ(name_problem(forty_e_acute + "\u00e9"), "it has 41 characters");
  EXPECT_EQ(name_problem(std::string(41, 'n')), "it has 41 characters");
}

TEST(ServerNames, RefuseInvalidUtf8) {
  for (const std::string bad : {"\xff", "a\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80z"}) {
    auto problem = name_problem(bad);
    ASSERT_TRUE(problem) << bad;
    EXPECT_NE(problem->find("is not valid UTF-8"), std::string::npos) << *problem;
  }
}

TEST(ServerNames, RefuseControlBidirectionalAndZeroWidthCharacters) {
  const char32_t kRefused[] = {0x01,   0x1f,   0x7f,   0x85,   0x9f,   0x061c, 0x200e, 0x200f, 0x202a, 0x202b,
                               0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200b, 0x200c, 0x200d,
                               0x2060, 0xfeff, 0x00ad, 0x2028, 0x2029};
  for (char32_t cp : kRefused) {
    std::u32string wide = U"Ada";
    wide.insert(wide.begin() + 1, cp);
    std::string name;
    for (char32_t c : wide) {   // UTF-8 by hand: these are all below U+10000
      if (c < 0x80) name += static_cast<char>(c);
      else if (c < 0x800) { name += static_cast<char>(0xc0 | (c >> 6)); name += static_cast<char>(0x80 | (c & 0x3f)); }
      else {
        name += static_cast<char>(0xe0 | (c >> 12));
        name += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        name += static_cast<char>(0x80 | (c & 0x3f));
      }
    }
    auto problem = name_problem(name);
    ASSERT_TRUE(problem) << std::hex << static_cast<std::uint32_t>(cp);
    EXPECT_EQ(problem->rfind("character 2 is U+", 0), 0u) << *problem;
  }
}

// Over the wire: 40 x "é" joins, a right-to-left override is refused with what is allowed.
TEST(ServerNames, JoinCountsCharactersAndSaysWhatIsAllowed) {
  using namespace court::server_test;
  InProcessServer server(temp_db("names_join"));
  const auto port = server.port();
  const std::string code =
      create_table(port, {{"game", "intrigue"}, {"seats", {"human", "human", "random"}}}).at("code");
  std::string forty_e_acute;
  for (int i = 0; i < 40; ++i) forty_e_acute += "\u00e9";
  join_table(port, code, {{"seat", 0}, {"name", forty_e_acute}});
  EXPECT_EQ(http(port, "GET", "/api/tables/" + code).json().at("seats")[0].at("name"), forty_e_acute);
  auto spoof = http(port, "POST", "/api/tables/" + code + "/join",
                    nlohmann::json{{"seat", 1}, {"name", "Ada\u202Eevil"}}.dump());
  EXPECT_EQ(spoof.status, 400);
  EXPECT_EQ(spoof.json().at("code"), "bad_name");
  EXPECT_EQ(spoof.json().at("error"), "field 'name': character 4 is U+202E, a bidirectional mark, override or "
                                      "isolate; a name is at most 40 characters of UTF-8 text, not only white space, "
                                      "without control, bidirectional, invisible (default-ignorable), blank (Hangul "
                                      "filler, U+2800), tag or interlinear annotation characters or noncharacters, "
                                      "and with at most 4 combining marks on one character");
  auto hidden = http(port, "POST", "/api/tables/" + code + "/join",
                     nlohmann::json{{"seat", 1}, {"name", "A\u200Bda"}}.dump());
  EXPECT_EQ(hidden.json().at("code"), "bad_name");
  EXPECT_FALSE(http(port, "GET", "/api/tables/" + code).json().at("seats")[1].at("taken"));   // nothing changed
}

// Whoever knows the seed knows every hand: a creator may not choose it when two or more people play.
TEST(ServerSeeds, ChosenSeedIsRefusedForTwoPeople) {
  using namespace court::server_test;
  InProcessServer server(temp_db("seed_refused"));
  const auto port = server.port();
  auto refused = http(port, "POST", "/api/tables",
                      R"({"game": "intrigue", "seats": ["human", "human", "random"], "seed": 42})");
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.json().at("code"), "seed_not_allowed");
  EXPECT_NE(refused.json().at("error").get<std::string>().find("at most one human seat; this one has 2"),
            std::string::npos) << refused.body;
  EXPECT_TRUE(http(port, "GET", "/api/tables").json().empty());
  // One person against bots may choose it (as in `court play`), and so may a table of bots.
  EXPECT_EQ(http(port, "POST", "/api/tables", R"({"game": "intrigue", "seats": ["human", "random", "random"], "seed": 42})")
                .status, 201);
  EXPECT_EQ(http(port, "POST", "/api/tables", R"({"game": "intrigue", "seats": ["random", "random", "random"], "seed": 42})")
                .status, 201);
}

// Until the table finishes no message a client can get holds the seed: not the summary, the lobby
// list, a state message, an error, nor the replay addresses (409). The finished replay carries it.
TEST(ServerSeeds, NoMessageHoldsTheSeedBeforeTheEnd) {
  using namespace court::server_test;
  InProcessServer server(temp_db("seed_hidden"));
  const auto port = server.port();
  const auto created = create_table(port, {{"game", "intrigue"}, {"seats", {"human", "human", "random"}}});
  const std::string code = created.at("code");
  std::vector<std::string> before{created.dump()};   // every body a client received before the end
  auto keep = [&](const HttpReply& r) { before.push_back(r.body); return r; };
  keep(http(port, "GET", "/api/tables"));
  keep(http(port, "GET", "/api/tables/" + code));
  EXPECT_EQ(keep(http(port, "GET", "/api/tables/" + code + "/replay")).status, 409);
  EXPECT_EQ(keep(http(port, "GET", "/api/tables/" + code + "/replay/view?step=0&seat=0")).status, 409);
  const std::string token0 = join_table(port, code, {{"seat", 0}}).at("token");
  const std::string token1 = join_table(port, code, {{"seat", 1}}).at("token");
  {
    WsClient seat0(port, ws_target(code, token0));
    before.push_back(seat0.read_json().dump());
    seat0.send(move_message(token0, 1 << 30, 0));   // an error message too
    for (;;) {
      const auto m = seat0.read_json();
      before.push_back(m.dump());
      if (m.at("type") == "error") break;
    }
  }
  std::vector<nlohmann::json> seat1;
  std::thread other([&] { seat1 = play_to_end(port, code, token1); });
  auto seat0 = play_to_end(port, code, token0);
  other.join();
  for (const auto* seen : {&seat0, &seat1}) {
    for (const auto& m : *seen) if (m.at("status") != "finished") before.push_back(m.dump());
  }
  const auto replay = http(port, "GET", "/api/tables/" + code + "/replay").json();
  const auto seed_value = replay.at("seed").get<std::uint64_t>();
  ASSERT_GT(seed_value, 1'000'000'000u);   // fresh seeds come from 0..2^53-1 (fails with probability 1e-7)
  const std::string seed = std::to_string(seed_value);
  for (const auto& body : before) EXPECT_EQ(body.find(seed), std::string::npos) << body;
}

// A fresh seed comes from the whole range 0..2^53-1: a small range would let a player try every seed
// until one deals the hand they hold.
TEST(ServerSeeds, FreshSeedsUseTheWholeRange) {
  std::uint64_t largest = 0;
  for (int i = 0; i < 16; ++i) {
    const std::uint64_t seed = fresh_seed();
    EXPECT_LE(seed, kMaxSeed);
    largest = std::max(largest, seed);
  }
  EXPECT_GT(largest, std::uint64_t{1} << 45);   // fails with probability 2^-128
}

}  // namespace court::server
