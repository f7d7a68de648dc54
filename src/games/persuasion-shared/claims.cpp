#include "games/persuasion-shared/claims.h"

#include <string>

namespace court::persuasion {

std::vector<ClaimKind> persuasion_claims() {
  static const char* const kNames[kSymbols] = {"Wealth", "Title", "Mystery", "Romance", "Danger"};
  std::vector<std::string> symbols;
  for (int v = 0; v < kSignedSymbols; ++v) symbols.push_back((v % 2 ? "-" : "+") + std::string(kNames[v / 2]));
  return {{.name = "desire_includes", .words = "My desires include {}", .values = symbols},
          {.name = "holds_symbol", .words = "I hold a card with {}", .values = symbols},
          {.name = "about_to_propose", .words = "I am about to propose to {}", .values = {}}};
}

}  // namespace court::persuasion
