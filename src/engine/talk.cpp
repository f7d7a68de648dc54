#include "engine/talk.h"

#include <fmt/format.h>

namespace court {

std::optional<std::string> talk_refusal(const TalkNow& now, const TalkRule& rule, Seat to) {
  if (to == kToTable) {
    if (!now.table) return rule.table_closed;
    return std::nullopt;
  }
  if (!now.seats.contains(to)) return fmt::format(fmt::runtime(rule.seat_closed), to);
  return std::nullopt;
}

namespace {

// Why `claim`'s kind or value is outside `rule`'s vocabulary at a table of `seats`, or nothing.
std::optional<std::string> vocabulary_refusal(const Claim& claim, const TalkRule& rule, int seats) {
  if (rule.claims.empty()) return std::string("this game has no claims: talk in free text");
  if (claim.kind >= rule.claims.size()) {
    std::string names;
    for (const ClaimKind& k : rule.claims) names += (names.empty() ? "" : ", ") + k.name;
    return fmt::format("claim kind {} is not one of this game's: {}", claim.kind, names);
  }
  const ClaimKind& kind = rule.claims[claim.kind];
  const int values = kind.values.empty() ? seats : static_cast<int>(kind.values.size());
  if (claim.value >= values) {
    return fmt::format("a {} claim's value must be 0 to {}, not {}", kind.name, values - 1, claim.value);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> claim_refusal(const Claim& claim, const TalkNow& now, const TalkRule& rule, int seats) {
  if (claim.from < 0 || claim.from >= seats) return fmt::format("a claim's speaker must be a seat 0 to {}", seats - 1);
  if (claim.to != kToTable && (claim.to < 0 || claim.to >= seats || claim.to == claim.from)) {
    return fmt::format("a claim is said to the table or to another seat, 0 to {} but not {}", seats - 1, claim.from);
  }
  if (auto bad = vocabulary_refusal(claim, rule, seats)) return bad;
  return talk_refusal(now, rule, claim.to);
}

std::string claim_words(const Claim& claim, const TalkRule& rule) {
  const ClaimKind& kind = rule.claims.at(claim.kind);
  const std::string value = kind.values.empty() ? fmt::format("seat {}", claim.value) : kind.values.at(claim.value);
  return fmt::format(fmt::runtime(kind.words), value);
}

}  // namespace court
