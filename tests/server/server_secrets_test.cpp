// Tokens, codes and the SHA-256 under which tokens are stored.
#include <gtest/gtest.h>

#include <set>

#include "server/secrets.h"

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

}  // namespace court::server
