// What both editions' heuristic bots share: the move choice (value every legal move, play the best,
// ties broken at random), the chance that a seat or nobody satisfies a seat, and how many rounds a bot
// can count on. Each edition's bot.cpp keeps its own policy: the value of its moves, with its
// satisfaction rule and its count of uncommitted players given to PolicyOdds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "engine/bot.h"
#include "games/persuasion-shared/belief.h"

namespace court::persuasion {

// What a heuristic says at the table (its `talk` parameter; claims.h), where the talk rule lets it write.
// Whatever it says, it hears every claim and weighs it by its trust in the speaker (belief.h, Hearsay).
enum class Talk : std::uint8_t {
  Silent,    // says nothing (the default: every figure from before claims is unchanged)
  Honest,    // true claims: its desires, and the symbols dominant in its hand
  Guarded,   // true claims only about what the hearer already saw: the symbols of its cards the hearer has seen
  Liar,      // false claims that serve it: to hold what the hearer desires, to desire what the hearer holds
};

// A heuristic's style of play, from its spec's parameters (`heuristic:patience=2,guarded=1`); the plain
// `heuristic` is patience 0, neither bold nor guarded, silent, as it always played.
struct Style {
  // The rounds it corresponds (invites, replies) before it commits (proposes, accepts a proposal, claims
  // independence), unless its match is already certain or the round is the last.
  int patience = 0;
  // Commits on weaker odds: its bars to propose, accept and claim independence are lower.
  bool bold = false;
  // Reveals little: it shows and sends a card the other player has already seen when it can, and its
  // least appealing cards otherwise, so the others learn little about its hand.
  bool guarded = false;
  Talk talk = Talk::Silent;

  // The odds above which a patient bot commits before its patience has run out.
  static constexpr double kCertain = 0.9;
  // The rounds after its patience by which a patient bot has committed.
  static constexpr int kAfterPatience = 3;
  // How much a bold bot lowers its bars (a share of the bar).
  static constexpr double kBoldBar = 0.7;

  // Whether the bot, in `round` (1-based; not the final one), is still corresponding by choice.
  bool corresponding(int round, bool final_round) const { return !final_round && round <= patience; }
  // A bar to commit on, for this style.
  double bar(double plain) const { return bold ? plain * kBoldBar : plain; }
  // The value of showing a card `recipient` has `seen` already, with the plain bot's `appeal_term`.
  double show_value(double appeal_term, bool seen) const {
    if (!guarded) return appeal_term - (seen ? 0.02 : 0);
    return -appeal_term + (seen ? 0.3 : 0);
  }
};

// Reads a heuristic's `talk` parameter (silent when absent); UserError naming the values allowed.
inline Talk read_talk(const BotParams& params) {
  const auto it = params.find("talk");
  if (it == params.end() || it->second == "silent") return Talk::Silent;
  if (it->second == "honest") return Talk::Honest;
  if (it->second == "guarded") return Talk::Guarded;
  if (it->second == "liar") return Talk::Liar;
  throw UserError("heuristic: talk must be silent, honest, guarded or liar, not '" + it->second + "'");
}

// Reads the style parameters of a `heuristic` spec; UserError naming a bad one.
inline Style read_style(const BotParams& params) {
  check_bot_params("heuristic", params, {"patience", "bold", "guarded", "talk"});
  Style style;
  style.talk = read_talk(params);
  style.patience = static_cast<int>(bot_param_int("heuristic", params, "patience", 0, 0, 200));
  style.bold = bot_param_int("heuristic", params, "bold", 0, 0, 1) == 1;
  style.guarded = bot_param_int("heuristic", params, "guarded", 0, 0, 1) == 1;
  return style;
}

// The signed symbols most often desired by the deck's desires cards (by `desired`, an edition's reading
// of a card), the `n` first: a liar's guess at what a listener it has not heard from wants.
template <class Desired>
SignedMask most_desired(const PersuasionDeck& deck, Desired&& desired, int n) {
  std::array<int, kSignedSymbols> counts{};
  for (const TraitCard& card : deck.cards) {
    const SignedMask m = desired(card);
    for (int v = 0; v < kSignedSymbols; ++v) counts[v] += (m >> v) & 1;
  }
  SignedMask out = 0;
  for (int k = 0; k < n; ++k) {
    int best = -1;
    for (int v = 0; v < kSignedSymbols; ++v) if (!((out >> v) & 1) && (best < 0 || counts[v] > counts[best])) best = v;
    out |= static_cast<SignedMask>(1u << best);
  }
  return out;
}

// What a bot of `talk` claims to `to` (a seat, or kToTable) now, as masks of signed symbols per kind:
// `desired` its own desires, `hand` its cards' border symbols, `dominant` its hand's dominant ones,
// `seen` the border symbols of its cards the listener has seen, `heard` the hearsay, `guess` what a liar
// supposes a listener it has not heard desires.
struct TalkFacts {
  SignedMask desired = 0, hand = 0, dominant = 0, seen = 0, guess = 0;
};
struct Said {
  SignedMask desires = 0, holds = 0;
};
inline Said claims_of(Talk talk, const TalkFacts& f, const Hearsay& heard, Seat to) {
  const SignedMask their_desires = to == kToTable ? 0 : heard.desires[to];
  const SignedMask their_holds = to == kToTable ? 0 : heard.holds[to];
  switch (talk) {
    case Talk::Silent: return {};
    case Talk::Honest: return {.desires = f.desired, .holds = f.dominant};
    case Talk::Guarded: return {.desires = 0, .holds = f.seen};
    case Talk::Liar: {
      const SignedMask wanted = their_desires ? their_desires : f.guess;
      return {.desires = static_cast<SignedMask>(their_holds & ~f.desired), .holds = static_cast<SignedMask>(wanted & ~f.hand)};
    }
  }
  return {};
}

// Policy provides `State`, `MoveCode`, `static SymbolMask wanted(const State&, Seat)` (the symbols its
// values ask odds of), `static SignedMask desired(const TraitCard&)` (what a desires card asks for, as
// claims name it) and `static double value(const State&, const Beliefs&, Seat, const MoveCode&,
// const Style&)`.
template <class Policy>
class ValueBot final : public Bot {
 public:
  using State = typename Policy::State;
  ValueBot(std::uint64_t seed, Style style) : rng_(make_rng(seed)), style_(style) {}

  Action choose(GameState& game, Seat seat) override {
    using MoveCode = typename Policy::MoveCode;
    ActionList actions;
    game.legal_actions(seat, actions);
    const State* s = game.as<State>();
    if (!s || actions.size() == 1) return actions[0];
    if (!hearsay_.empty()) hearsay_.check(s->deck(), s->table(), seat);
    const Beliefs beliefs(s->deck(), s->table(), seat, Policy::wanted(*s, seat), hearsay_.empty() ? nullptr : &hearsay_);
    Action best = actions[0];
    double best_value = -1e18;
    for (Action a : actions) {
      double v = Policy::value(*s, beliefs, seat, MoveCode::decode(a), style_) + 1e-7 * uniform(rng_, 1000);
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

  bool speaks() const override { return style_.talk != Talk::Silent; }
  bool hears() const override { return true; }
  void hear(const Claim& claim) override { hearsay_.hear(claim); }
  void speak(GameState& game, Seat seat, const TalkNow& now, ClaimList& out) override {
    const State* s = game.as<State>();
    if (!s) return;
    if (!hearsay_.empty()) hearsay_.check(s->deck(), s->table(), seat);
    if (now.table) say_to(*s, seat, kToTable, out);
    for (Seat to : now.seats) say_to(*s, seat, to, out);
  }

  const Hearsay& hearsay() const { return hearsay_; }

 private:
  // The claims for `to` this bot has not yet made to it (nor to the table), each made once.
  void say_to(const State& s, Seat me, Seat to, ClaimList& out) {
    const Said said = claims_of(style_.talk, facts(s, me, to), hearsay_, to);
    Said& told = told_[static_cast<std::size_t>(to + 1)];
    const Said& table = told_[0];
    told.desires |= add_claims(me, to, kDesireIncludes, said.desires & ~told.desires & ~table.desires, out);
    told.holds |= add_claims(me, to, kHoldsSymbol, said.holds & ~told.holds & ~table.holds, out);
  }
  // Appends a claim of `kind` for each of `values` while `out` has room; returns the values claimed.
  static SignedMask add_claims(Seat me, Seat to, ClaimKindId kind, SignedMask values, ClaimList& out) {
    SignedMask said = 0;
    for (int v = 0; v < kSignedSymbols && !out.full(); ++v) {
      if (!((values >> v) & 1)) continue;
      out.push_back({.from = me, .to = to, .kind = kind, .value = static_cast<std::uint8_t>(v)});
      said |= static_cast<SignedMask>(1u << v);
    }
    return said;
  }
  TalkFacts facts(const State& s, Seat me, Seat to) const {
    const auto& deck = s.deck();
    const auto& hand = s.table().hands[me];
    CardSet mine = 0;
    for (CardId c : hand) mine |= card_bit(c);
    CardSet seen = mine;   // the cards of its hand every listener has seen
    for (Seat t = 0; t < s.num_seats(); ++t) {
      if (t != me && (to == kToTable || t == to)) seen &= s.table().knowledge.known[t][me];
    }
    SignedMask seen_symbols = 0;
    for (CardSet r = seen; r; r &= r - 1) for (SignedSymbol x : deck.cards[std::countr_zero(r)].border) seen_symbols |= signed_bit(x);
    return {.desired = Policy::desired(deck.cards[s.table().desires[me]]), .hand = border_mask(deck, hand),
            .dominant = dominant_mask(tally_of(deck, hand)), .seen = seen_symbols,
            .guess = most_desired(deck, [](const TraitCard& c) { return Policy::desired(c); }, 2)};
  }

  Rng rng_;
  Style style_;
  Hearsay hearsay_;
  std::array<Said, kMaxSeats + 1> told_{};   // what it has claimed: [0] to the table, [t + 1] to seat t
};

// The chance that `t` accepts a proposal from a hand of `tally`, guessed as `plain` unless `t` claimed its
// desires: then, as far as the bot trusts t, the share of the claimed symbols the hand has dominant.
inline double accept_odds(const Beliefs& b, Seat t, const SymbolTally& tally, double plain) {
  const Hearsay* heard = b.hearsay();
  if (!heard || !heard->desires[t]) return plain;
  int claimed = 0, met = 0;
  for (int v = 0; v < kSignedSymbols; ++v) {
    if (!((heard->desires[t] >> v) & 1)) continue;
    ++claimed;
    met += tally.has(claimed_symbol(static_cast<std::uint8_t>(v))) ? 1 : 0;
  }
  const double w = heard->trust[t];
  return (1 - w) * plain + w * met / claimed;
}

// An edition's `heuristic` bot: a ValueBot playing `Policy`'s values in the style its parameters give.
template <class Policy>
std::unique_ptr<Bot> make_heuristic_bot(const BotParams& params, std::uint64_t seed) {
  return std::make_unique<ValueBot<Policy>>(seed, read_style(params));
}

// The chance that nobody else satisfies `seat` (what independence would win on); `chance(t)` is the
// chance that seat t satisfies it under the edition's rule.
template <class Chance>
double chance_nobody_satisfies(int seats, Seat seat, Chance&& chance) {
  double p = 1;
  for (Seat t = 0; t < seats; ++t) if (t != seat) p *= 1 - chance(t);
  return p;
}

// The rounds a bot can still count on after this one: none in the final round, nor with three or
// fewer players uncommitted (available or eligible: one engagement among the others would leave it
// alone, a certain loss); otherwise about one for every two uncommitted players beyond two, within
// the round limit.
inline int rounds_to_count_on(bool final_round, int uncommitted, int max_rounds, int round) {
  if (final_round) return 0;
  if (uncommitted <= 3) return 0;
  return std::max(0, std::min({max_rounds - round, (uncommitted - 2) / 2, 6}));
}

// The odds a policy weighs its moves by, for an edition whose `Satisfies` gives the chance that a hand
// with those odds satisfies a desires card (belief.h) and whose `Uncommitted` counts the players
// neither engaged nor independent. A policy derives from it.
template <class State, double (*Satisfies)(const DominanceOdds&, const TraitCard&), int (State::*Uncommitted)() const>
struct PolicyOdds {
  // The chance that seat t, after the change, satisfies `seat`'s desires.
  static double chance(const State& s, const Beliefs& b, Seat seat, Seat t, HandChange change = {}) {
    return Satisfies(b.odds(t, change), s.deck().cards[s.table().desires[seat]]);
  }

  // The chance that nobody else satisfies `seat` (what independence would win on).
  static double nobody_satisfies(const State& s, const Beliefs& b, Seat seat) {
    return chance_nobody_satisfies(s.num_seats(), seat, [&](Seat t) { return chance(s, b, seat, t); });
  }

  static int rounds_left(const State& s) {
    return rounds_to_count_on(s.final_round(), (s.*Uncommitted)(), s.rules().max_rounds, s.round());
  }
  // The rounds a bot of `style` counts on: while it corresponds by choice, at least the rest of its
  // patience (so it keeps writing); after it, no more than the plain bot and fewer each round, none from
  // round patience + Style::kAfterPatience on, so a table of patient bots commits rather than writing on
  // to the round limit (which they did at 8 players, knowing enough to find no match sure enough).
  static int rounds_left(const State& s, const Style& style) {
    const int plain = rounds_left(s);
    if (style.patience == 0) return plain;
    if (!style.corresponding(s.round(), s.final_round())) {
      return std::min(plain, std::max(0, style.patience + Style::kAfterPatience - s.round()));
    }
    return std::max(plain, std::min(style.patience - s.round() + 1, s.rules().max_rounds - s.round()));
  }
  // Whether a bot of `style` holds back from committing on odds `p` now (it is corresponding, and the
  // match is not certain).
  static bool holds_back(const State& s, const Style& style, double p) {
    return style.corresponding(s.round(), s.final_round()) && p < Style::kCertain;
  }
};

}  // namespace court::persuasion
