// `random`: a uniformly random legal move. The baseline every other bot must beat.
#include "bots/generic_bots.h"
#include "engine/bot.h"

namespace court {
namespace {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(make_rng(seed)) {}
  Action choose(GameState& state, Seat seat) override {
    const LegalMoves legal(state, seat, actions_);
    return legal[choose_from_legal(legal, seat)];
  }
  bool needs_state() const override { return false; }
  bool reseed(std::uint64_t seed) override {
    rng_ = make_rng(seed);
    return true;
  }
  std::uint32_t choose_from_legal(const LegalMoves& legal, Seat) override {
    if (legal.empty()) throw std::logic_error("random bot asked to move with no legal action");
    return uniform(rng_, legal.size());
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
