// `random`: a uniformly random legal move. The baseline every other bot must beat.
#include "bots/generic_bots.h"
#include "engine/bot.h"

namespace court {
namespace {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(make_rng(seed)) {}
  Action choose(GameState& state, Seat seat) override {
    state.legal_actions(seat, actions_);
    return choose_from_legal(actions_, seat);
  }
  bool needs_state() const override { return false; }
  bool reseed(std::uint64_t seed) override {
    rng_ = make_rng(seed);
    return true;
  }
  Action choose_from_legal(const ActionList& legal, Seat) override {
    if (legal.empty()) throw std::logic_error("random bot asked to move with no legal action");
    return legal[uniform(rng_, static_cast<std::uint32_t>(legal.size()))];
  }

 private:
  Rng rng_;
  ActionList actions_;
};

}  // namespace

std::unique_ptr<Bot> make_random_bot(const BotParams& params, std::uint64_t seed) {
  check_bot_params("random", params, {});
  return std::make_unique<RandomBot>(seed);
}

}  // namespace court
