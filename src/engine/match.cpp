#include "engine/match.h"

#include <fmt/format.h>

namespace court {

Match::Match(const GameEntry& entry, std::shared_ptr<const GameFactory> factory, std::uint64_t seed,
             std::vector<std::string> seat_specs, std::optional<nlohmann::json> scenario)
    : entry_(&entry), factory_(std::move(factory)), seat_specs_(std::move(seat_specs)), seed_(seed) {
  const int seats = factory_->config().seats;
  if (static_cast<int>(seat_specs_.size()) != seats) {
    throw UserError(fmt::format("{} seats given for {} players", seat_specs_.size(), seats));
  }
  state_ = scenario ? factory_->from_scenario(*scenario, seed) : factory_->new_game(seed);
  for (Seat s = 0; s < seats; ++s) {
    bots_.push_back(seat_specs_[s] == kHuman ? nullptr : make_bot(entry, seat_specs_[s], mix_seed(seed, 1000 + s)));
    determinize_rngs_.push_back(make_rng(mix_seed(seed, 2000 + s)));
  }
  scenario_ = std::move(scenario);
  count_speakers();
}

void Match::count_speakers() {
  const std::size_t seats = bots_.size();
  speakers_ = 0;
  for (const auto& bot : bots_) speakers_ += bot && bot->speaks() ? 1 : 0;
  if (speakers_ == 0) return;
  asked_.assign(seats, TalkNow{});
  talk_rngs_.resize(seats);
  for (std::size_t s = 0; s < seats; ++s) talk_rngs_[s] = make_rng(mix_seed(seed_, 3000 + s));
}

void Match::bot_claims(ClaimList& out) {
  if (speakers_ == 0) return;
  for (Seat seat = 0; seat < static_cast<Seat>(bots_.size()); ++seat) {
    Bot* bot = bots_[seat].get();
    if (!bot || !bot->speaks()) continue;
    const TalkNow now = state_->talk(seat);
    if (now == asked_[seat]) continue;
    asked_[seat] = now;
    if (!now.table && now.seats.empty()) continue;
    if (!scratch_) scratch_ = state_->clone();
    else scratch_->copy_from(*state_);
    scratch_->determinize(seat, talk_rngs_[seat]);
    bot->speak(*scratch_, seat, now, out);
  }
}

std::optional<std::string> Match::deliver(const Claim& claim) {
  const int seats = static_cast<int>(bots_.size());
  const TalkNow now = claim.from >= 0 && claim.from < seats ? state_->talk(claim.from) : TalkNow{};
  if (auto refused = claim_refusal(claim, now, entry_->info.talk, seats)) return refused;
  for (Seat s = 0; s < seats; ++s) {
    const bool reached = claim.to == kToTable ? s != claim.from : s == claim.to;
    if (reached && bots_[s] && bots_[s]->hears()) bots_[s]->hear(claim);
  }
  return std::nullopt;
}

int Match::exchange_claims() {
  claims_.clear();
  bot_claims(claims_);
  int heard = 0;
  for (const Claim& c : claims_) heard += deliver(c) ? 0 : 1;
  return heard;
}

void Match::restart(std::uint64_t seed, const std::vector<std::string>& seat_specs) {
  if (seat_specs.size() != seat_specs_.size()) throw std::logic_error("restart: another number of seats");
  seed_ = seed;
  scenario_.reset();
  state_->restart(seed);
  for (std::size_t s = 0; s < seat_specs.size(); ++s) {
    const bool same = seat_specs[s] == seat_specs_[s];
    seat_specs_[s] = seat_specs[s];
    const std::uint64_t bot_seed = mix_seed(seed, 1000 + s);
    if (seat_specs_[s] == kHuman) bots_[s].reset();
    else if (!same || !bots_[s] || !bots_[s]->reseed(bot_seed)) bots_[s] = make_bot(*entry_, seat_specs_[s], bot_seed);
    determinize_rngs_[s] = make_rng(mix_seed(seed, 2000 + s));
  }
  actions_.clear();
  steps_ = 0;
  has_pending_ = false;
  count_speakers();
}

// Checked once: apply_legal, since the erased apply would check the move again.
std::optional<std::string> Match::play(Seat seat, Action action) {
  if (auto error = state_->check(seat, action)) return error;
  if (record_replay_) {
    std::string label = state_->describe(seat, action);
    state_->apply_legal(seat, action);
    actions_.push_back({seat, action, std::move(label)});
  } else {
    state_->apply_legal(seat, action);
  }
  ++steps_;
  return std::nullopt;
}

std::optional<std::string> Match::prepare(Seat seat, Action action) {
  has_pending_ = false;
  if (auto error = state_->check(seat, action)) return error;
  pending_.seat = seat;
  pending_.action = action;
  pending_.label = state_->describe(seat, action);
  if (!after_) after_ = state_->clone();
  else after_->copy_from(*state_);
  after_->apply_legal(seat, action);
  pending_.outcome.reset();
  if (after_->terminal()) pending_.outcome = after_->outcome().to_json();
  has_pending_ = true;
  return std::nullopt;
}

void Match::commit() {
  if (!has_pending_) throw std::logic_error("commit: no move was prepared");
  has_pending_ = false;
  std::swap(state_, after_);   // the old state stays as the next prepare's copy
  if (record_replay_) actions_.push_back({pending_.seat, pending_.action, std::move(pending_.label)});
  ++steps_;
}

namespace {

// The move a bot that needs no state (Bot::needs_state) picks by its index among the legal moves of
// `state`; an index past them is a bug in the bot, named in the error.
Action pick_from_legal(Bot& bot, const GameState& state, Seat seat, ActionList& list, const std::string& spec) {
  const LegalMoves legal(state, seat, list);
  const std::uint32_t k = bot.choose_from_legal(legal, seat);
  if (k >= legal.size()) {
    throw std::logic_error(fmt::format("bot {} at seat {} chose move {} of {} legal moves", spec, seat, k, legal.size()));
  }
  return legal[k];
}

}  // namespace

Action Match::bot_choice(Seat seat) {
  Bot& bot = *bots_[seat];
  if (!bot.needs_state()) return legal_pick(bot, seat);
  if (!scratch_) scratch_ = state_->clone();
  else scratch_->copy_from(*state_);
  scratch_->determinize(seat, determinize_rngs_[seat]);
  return bot.choose(*scratch_, seat);
}

BotTask Match::bot_task(Seat seat) {
  Bot& bot = *bots_[seat];
  auto copy = state_->clone();
  if (bot.needs_state()) copy->determinize(seat, determinize_rngs_[seat]);
  return BotTask(bot, seat, std::move(copy), seat_specs_[seat]);
}

Action BotTask::choose() {
  if (!bot_->needs_state()) return pick_from_legal(*bot_, *copy_, seat_, legal_, spec_);
  return bot_->choose(*copy_, seat_);
}

Action Match::legal_pick(Bot& bot, Seat seat) { return pick_from_legal(bot, *state_, seat, legal_, seat_specs_[seat]); }

Seat Match::next_bot() const {
  for (Seat s : state_->to_act()) if (bots_[s]) return s;
  return -1;
}

Action Match::play_bot(Seat seat) {
  Bot& bot = *bots_[seat];
  if (!bot.needs_state() && !record_replay_) {
    // The move is one of the true state's legal moves, by its index among them: no check needed.
    const Action action = legal_pick(bot, seat);
    state_->apply_legal(seat, action);
    ++steps_;
    return action;
  }
  Action action = bot_choice(seat);
  if (auto error = play(seat, action)) {
    throw std::logic_error(fmt::format("bot {} at seat {} chose an illegal move: {}", seat_specs_[seat], seat, *error));
  }
  return action;
}

void Match::run_bots(const std::function<void(Seat, Action)>& on_move) {
  for (Seat seat = next_bot(); seat >= 0; seat = next_bot()) {
    Action action = play_bot(seat);
    if (on_move) on_move(seat, action);
  }
}

Replay Match::replay() const {
  Replay r;   // written when asked (the simulator never asks: copying the options for every game cost)
  r.game = entry_->info.id;
  r.players = factory_->config().seats;
  r.options = factory_->config().options.values();
  r.seed = seed_;
  r.seats = seat_specs_;
  r.scenario = scenario_;
  r.data_dir = factory_->config().data_dir;
  r.actions = actions_;
  if (state_->terminal()) r.outcome = state_->outcome().to_json();
  return r;
}

}  // namespace court
