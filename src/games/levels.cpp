#include "games/levels.h"

#include <string>
#include <utility>

namespace court {
namespace {

OfferedBot easy_random() {
  return {.name = "easy", .title = "Easy", .line = "plays any legal move at random: a gentle first game",
          .level = "easy", .spec = "random"};
}

// Persuasion's levels and personas, alike in both editions (their heuristics share the style parameters:
// games/persuasion-shared/bot_common.h). `patience` is the normal bot's: the rounds it writes before it
// commits, chosen so a person at its table gets a full game (the character-card edition has fewer
// decisions a round, so it writes a round longer); the patient persona writes two rounds more.
std::vector<OfferedBot> persuasion_family(int patience) {
  const std::string normal = "heuristic:patience=" + std::to_string(patience);
  const std::string rounds = std::to_string(patience) + " rounds";
  return {
      easy_random(),
      {.name = "normal", .title = "Normal",
       .line = "plays sensibly: writes to everyone for " + rounds + ", then commits to the best match it has found",
       .level = "normal", .spec = normal},
      {.name = "strong", .title = "Strong",
       .line = "weighs every letter by searching what the hidden cards may be",
       .level = "strong", .spec = "ismcts:iters=1000"},
      {.name = "patient", .title = "Patient correspondent",
       .line = "writes for " + std::to_string(patience + 2) + " rounds before it commits, unless its match is already certain",
       .level = "normal", .spec = "heuristic:patience=" + std::to_string(patience + 2)},
      {.name = "bold", .title = "Bold",
       .line = "proposes or goes independent as soon as the odds look fair, without rounds of writing first",
       .level = "normal", .spec = "heuristic:bold=1"},
      {.name = "guarded", .title = "Guarded",
       .line = "shows you little: sends cards you have already seen, and its plainest ones otherwise",
       .level = "normal", .spec = normal + ",guarded=1"},
      {.name = "honest", .title = "Honest talker",
       .line = "tells you truly what it desires and which symbols its hand is strong in, whenever the rule lets it talk",
       .level = "normal", .spec = normal + ",talk=honest"},
      {.name = "discreet", .title = "Discreet talker",
       .line = "talks, but only about cards of its you have already seen: true, and nothing new",
       .level = "normal", .spec = normal + ",talk=guarded"},
      {.name = "liar", .title = "Liar",
       .line = "talks to win: claims to hold what you desire and to desire what you hold, true or not",
       .level = "normal", .spec = normal + ",talk=liar"},
  };
}

// A game whose normal level is its heuristic and whose strong level searches the hidden cards (Belle of the
// Ball, Intrigue).
std::vector<OfferedBot> searching_levels(std::string normal_line) {
  return {easy_random(),
          {.name = "normal", .title = "Normal", .line = std::move(normal_line), .level = "normal", .spec = "heuristic"},
          {.name = "strong", .title = "Strong", .line = "looks ahead by searching what the hidden cards may be",
           .level = "strong", .spec = "ismcts:iters=3000"}};
}

}  // namespace

std::vector<OfferedBot> belle_levels() {
  return searching_levels("plays sensibly: invites its best guests, protects them as couples, attracts the best in reach");
}

std::vector<OfferedBot> gameshire_levels() {
  return {easy_random(),
          {.name = "normal", .title = "Normal", .line = "a sensible teammate: plays each turn by a rule of thumb about the maps",
           .level = "normal", .spec = "greedy"},
          {.name = "strong", .title = "Strong", .line = "a careful teammate: tries its best moves on sampled futures before it chooses",
           .level = "strong", .spec = "planner:rollouts=8,width=5,common=1"}};
}

std::vector<OfferedBot> intrigue_levels() {
  return searching_levels("plays sensibly: backs the characters it holds tokens on and works against the others");
}

std::vector<OfferedBot> persuasion_levels() { return persuasion_family(2); }
std::vector<OfferedBot> persuasion_classic_levels() { return persuasion_family(3); }

}  // namespace court
