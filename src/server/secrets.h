// Seat tokens and table codes: random secrets from std::random_device, and the SHA-256 digest under
// which a token is stored (the database never holds a token itself).
#pragma once

#include <string>
#include <string_view>

namespace court::server {

// 32 random bytes as 64 lower-case hex digits.
std::string make_token();
// 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L): what an invite link carries.
std::string make_table_code();
// SHA-256 of `text`, as 64 lower-case hex digits.
std::string sha256_hex(std::string_view text);
// Compares two strings in time that depends only on their lengths (token hashes).
bool equal_constant_time(std::string_view a, std::string_view b);
// A table code typed by a person, upper-cased; empty when it cannot be a code.
std::string normalize_table_code(std::string_view text);

}  // namespace court::server
