// Every game Court ships. A new game adds one line here (and joins the conformance suite with it).
#include "engine/registry.h"
#include "games/belle/register.h"
#include "games/gameshire/register.h"
#include "games/intrigue/register.h"
#include "games/persuasion/register.h"

namespace court {

void register_all_games(GameRegistry& registry) {
  (void)registry;
  register_belle(registry);
  register_gameshire(registry);
  register_intrigue(registry);
  register_persuasion(registry);
  register_persuasion_classic(registry);
}

}  // namespace court
