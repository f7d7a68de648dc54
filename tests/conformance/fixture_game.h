// Fixture games for proving the conformance suite can fail. "Duel" is a tiny correct game with
// hidden hands and a simultaneous choice; each flawed variant breaks exactly one property.
//
// Duel (2-3 players): ten cards valued 0-9, three dealt to each seat, the rest a face-down deck.
// Each round all seats secretly pick a card at once; then the cards are revealed, the highest
// scores a point (a tie scores nothing), the cards are discarded and each seat draws one while the
// deck lasts. The game ends when a hand is empty; most points wins, ties share.
#pragma once

#include <limits>
#include <random>
#include <span>

#include "engine/game.h"

namespace court::fixture {

enum class Flaw { None, LeakyView, Nondeterministic, AcceptsIllegal, UnfairDeterminize, VisibleChoice, IllegalPlayout,
                  IllegalSearchMoves, AmbiguousParts, LeakyParts, SprawlingBoard, AmbiguousShorthand, OneSidedTalk,
                  LeakyTalk, SilentEnd, ReportNamesInState, LogWindowKeepsOldest, MiscountedLegalAt,
                  MisorderedLegalAt, LeakyStanding, NonFiniteStanding };

inline constexpr int kCards = 10;

template <Flaw F>
struct DuelGame {
  struct Rules {
    int seats = 2;
    std::array<std::string, kCards> names;   // "card 0" ... "card 9", for the report
  };

  class State {
   public:
    using Hand = FixedVector<std::uint8_t, kCards>;

    int num_seats() const { return seats_; }
    SeatSet to_act() const {
      SeatSet set;
      if (terminal()) return set;
      for (Seat s = 0; s < seats_; ++s) if (pending_[s] < 0) set.insert(s);
      return set;
    }
    void legal_actions(Seat seat, ActionList& out) const {
      for (auto card : hands_[seat]) out.push_back(Action{card});
    }
    // The legal moves counted and named one by one (HasLegalAt), as legal_actions lists them; the
    // flawed variants count one move too many, or name them in reverse order.
    std::uint32_t legal_count(Seat seat) const {
      const auto n = static_cast<std::uint32_t>(hands_[seat].size());
      return F == Flaw::MiscountedLegalAt ? n + 1 : n;
    }
    Action legal_action(Seat seat, std::uint32_t k) const {
      if constexpr (F == Flaw::MisorderedLegalAt) k = static_cast<std::uint32_t>(hands_[seat].size()) - 1 - k;
      return Action{hands_[seat][k]};
    }
    const char* validate(Seat seat, Action a) const {
      if constexpr (F == Flaw::AcceptsIllegal) return a.code < 64 ? nullptr : "no such card";
      const bool in_hand = a.code < kCards && hands_[seat].contains(static_cast<std::uint8_t>(a.code));
      return in_hand ? nullptr : "that card is not in your hand";
    }
    void apply(Seat seat, Action a) {
      int i = hands_[seat].index_of(static_cast<std::uint8_t>(a.code));
      if (i >= 0) hands_[seat].erase_at(static_cast<std::size_t>(i));
      pending_[seat] = static_cast<int>(a.code % kCards);
      last_[seat] = pending_[seat];
      if constexpr (F == Flaw::ReportNamesInState) last_names_[seat] = rules_->names[static_cast<std::size_t>(last_[seat])];
      for (Seat s = 0; s < seats_; ++s) if (pending_[s] < 0) return;
      reveal();
    }
    bool terminal() const {
      for (Seat s = 0; s < seats_; ++s) if (hands_[s].empty() && pending_[s] < 0) return true;
      return false;
    }
    Outcome outcome() const {
      double scores[kMaxSeats];
      for (Seat s = 0; s < seats_; ++s) scores[s] = points_[s];
      return Outcome::from_scores(scores, seats_);
    }
    // The log: a line per round revealed (the flawed variant's window keeps the oldest lines, not the newest).
    nlohmann::json view(Seat seat, LogWindow window = {}) const {
      nlohmann::json v;
      v["points"] = std::vector<int>(points_.begin(), points_.begin() + seats_);
      v["deck"] = deck_.size();
      v["revealed"] = std::vector<int>(revealed_.begin(), revealed_.end());
      nlohmann::json players = nlohmann::json::array();
      for (Seat s = 0; s < seats_; ++s) {
        nlohmann::json p = {{"hand_size", hands_[s].size()}, {"chosen", pending_[s] >= 0}};
        if (s == seat || F == Flaw::LeakyView) p["hand"] = std::vector<int>(hands_[s].begin(), hands_[s].end());
        if (s == seat && pending_[s] >= 0) p["choice"] = pending_[s];
        players.push_back(p);
      }
      v["players"] = players;
      auto line = [](std::size_t i) { return "Round " + std::to_string(i + 1) + " revealed."; };
      if constexpr (F == Flaw::LogWindowKeepsOldest) {
        nlohmann::json log = nlohmann::json::array();
        for (std::size_t i = 0; i < rounds_ && i < window.recent; ++i) log.push_back(line(i));
        v["log"] = log;
        v["log_total"] = rounds_;
      } else {
        put_log(v, 0, rounds_, window, line);
      }
      return v;
    }
    void determinize(Seat seat, Rng& rng) {
      Hand unseen;
      collect_unseen(seat, unseen);
      if constexpr (F == Flaw::UnfairDeterminize) {
        // One random swap instead of a shuffle: most positions keep their true card.
        if (unseen.size() >= 2) std::swap(unseen[uniform(rng, unseen.size())], unseen[uniform(rng, unseen.size())]);
      } else {
        shuffle(unseen.begin(), unseen.end(), rng);
      }
      std::size_t k = 0;
      for (Seat s = 0; s < seats_; ++s) {
        if (s == seat) continue;
        for (auto& c : hands_[s]) c = unseen[k++];
        if (pending_[s] >= 0) pending_[s] = unseen[k++];
      }
      for (auto& c : deck_) c = unseen[k++];
    }
    void hidden_items(Seat seat, HiddenList& out) const {
      Hand unseen;
      collect_unseen(seat, unseen);
      for (auto c : unseen) out.push_back(HiddenItem{0, c});
    }
    std::string describe(Seat, Action a) const { return "play " + std::to_string(a.code); }
    // The card played (the ambiguous variant leaves it out; the leaky one tells whether it beats every
    // card the others hold, which the seat cannot know).
    nlohmann::json parts(Seat seat, Action a) const {
      if constexpr (F == Flaw::AmbiguousParts) return {{"kind", "play"}};
      nlohmann::json p = {{"kind", "play"}, {"card", a.code}};
      if constexpr (F == Flaw::LeakyParts) {
        bool beats = true;
        for (Seat s = 0; s < seats_; ++s) {
          if (s == seat) continue;
          for (auto c : hands_[s]) beats = beats && c < a.code;
        }
        p["beats_every_hand"] = beats;
      }
      return p;
    }
    // Talk: the table talks except in the last round (while a hand holds one card), and two seats
    // with equal points may whisper. The flawed variants let seat 0 write to seat 1 but not back; pair
    // the seats holding the highest card (which nobody else can know); or keep the table silent at the end.
    TalkNow talk(Seat seat) const {
      TalkNow now{.table = F == Flaw::SilentEnd ? !terminal() : terminal() || hands_[seat].size() != 1};
      for (Seat s = 0; s < seats_; ++s) {
        if (s != seat && points_[s] == points_[seat]) now.seats.insert(s);
      }
      if constexpr (F == Flaw::OneSidedTalk) if (seat == 1) now.seats.erase(0);
      if constexpr (F == Flaw::LeakyTalk) {
        now.seats = SeatSet();
        for (Seat s = 0; s < seats_; ++s) if (s != seat && holds_nine(s) == holds_nine(seat)) now.seats.insert(s);
      }
      return now;
    }
    // The report: each seat's last card played, by name. The names are the rules' (the flawed variant
    // names them from a copy the state keeps, which the next game overwrites).
    void report(GameReport& r) const {
      r.set("revealed", static_cast<double>(revealed_.size()));
      for (Seat s = 0; s < seats_; ++s) {
        if (last_[s] < 0) continue;
        if constexpr (F == Flaw::ReportNamesInState) r.card(s, last_names_[s]);
        else r.card(s, rules_->names[static_cast<std::size_t>(last_[s])]);
      }
    }
    // The public standing: each seat's points (the flawed variants add a point for holding the hidden 9,
    // or give seat 0 a standing that is not a number).
    void standing(std::span<double> out) const {
      for (Seat s = 0; s < seats_; ++s) {
        out[s] = points_[s];
        if constexpr (F == Flaw::LeakyStanding) out[s] += holds_nine(s) ? 1 : 0;
      }
      if constexpr (F == Flaw::NonFiniteStanding) out[0] = std::numeric_limits<double>::quiet_NaN();
    }
    // Others learn only that a seat has picked (the flawed variant tells them which card).
    std::uint64_t observe(Seat viewer, Seat actor, Action a) const {
      if (F == Flaw::VisibleChoice || viewer == actor) return a.code;
      return 0xc405e;
    }

    // The playout policy: the highest card held (the flawed variant plays a card nobody holds).
    Action playout(Seat, const ActionList& legal, Rng&) const {
      if constexpr (F == Flaw::IllegalPlayout) return Action{99};
      Action best = legal[0];
      for (Action a : legal) if (a.code > best.code) best = a;
      return best;
    }

    // The moves search considers: the lowest and the highest card (the flawed variant adds a card
    // nobody holds).
    void search_moves(Seat, ActionList& moves) const {
      Action low = moves[0], high = moves[0];
      for (Action a : moves) low = a.code < low.code ? a : low, high = a.code > high.code ? a : high;
      moves.clear();
      moves.push_back(low);
      if (high != low) moves.push_back(high);
      if constexpr (F == Flaw::IllegalSearchMoves) moves.push_back(Action{99});
    }

    static State deal(const Rules& rules, std::uint64_t seed) {
      State s;
      s.rules_ = &rules;
      s.seats_ = rules.seats;
      s.rng_ = make_rng(seed);
      std::array<std::uint8_t, kCards> cards;
      for (int c = 0; c < kCards; ++c) cards[c] = static_cast<std::uint8_t>(c);
      shuffle(cards.begin(), cards.end(), s.rng_);
      int k = 0;
      for (Seat p = 0; p < s.seats_; ++p) for (int i = 0; i < 3; ++i) s.hands_[p].push_back(cards[k++]);
      while (k < kCards) s.deck_.push_back(cards[k++]);
      return s;
    }

   private:
    bool holds_nine(Seat s) const { return hands_[s].contains(9); }
    // Others' hands, their pending choices and the deck, in a fixed order.
    void collect_unseen(Seat seat, Hand& out) const {
      for (Seat s = 0; s < seats_; ++s) {
        if (s == seat) continue;
        for (auto c : hands_[s]) out.push_back(c);
        if (pending_[s] >= 0) out.push_back(static_cast<std::uint8_t>(pending_[s]));
      }
      for (auto c : deck_) out.push_back(c);
    }
    void reveal() {
      int best = -1, winner = -1;
      revealed_.clear();
      ++rounds_;
      for (Seat s = 0; s < seats_; ++s) {
        revealed_.push_back(static_cast<std::uint8_t>(pending_[s]));
        if (pending_[s] > best) { best = pending_[s]; winner = s; }
        else if (pending_[s] == best) winner = -1;
      }
      if (winner >= 0) ++points_[winner];
      for (Seat s = 0; s < seats_; ++s) {
        pending_[s] = -1;
        if (deck_.empty()) continue;
        std::size_t from = deck_.size() - 1;
        if constexpr (F == Flaw::Nondeterministic) from = std::random_device{}() % deck_.size();
        hands_[s].push_back(deck_[from]);
        deck_.erase_at(from);
      }
    }

    const Rules* rules_ = nullptr;
    int seats_ = 2;
    Rng rng_;
    std::array<int, kMaxSeats> last_{-1, -1, -1, -1, -1, -1, -1, -1};   // each seat's last card played
    std::array<std::string, kMaxSeats> last_names_{};                     // ReportNamesInState only
    std::array<Hand, kMaxSeats> hands_{};
    std::array<int, kMaxSeats> pending_{-1, -1, -1, -1, -1, -1, -1, -1};
    std::array<int, kMaxSeats> points_{};
    Hand deck_;
    Hand revealed_;
    std::size_t rounds_ = 0;   // rounds revealed: the log's lines
  };

  // The terminal board: the points, the revealed cards and each player's hand as far as the view shows it.
  static void draw_board(const nlohmann::json& view, const nlohmann::json&, Board& out) {
    out.put("Duel", Ink::mark).put("   points: ").put(view.at("points").dump()).newline();
    out.put("revealed: " + view.at("revealed").dump()).newline();
    for (const auto& p : view.at("players")) {
      out.put("  " + (p.contains("hand") ? p.at("hand").dump() : std::to_string(p.at("hand_size").get<int>()) + " cards"));
      out.newline();
    }
    if constexpr (F == Flaw::SprawlingBoard) out.put(std::string(120, '=')).newline();
  }
  // "c7" plays card 7.
  static std::string shorthand(const nlohmann::json& parts) {
    if constexpr (F == Flaw::AmbiguousShorthand) return "c";
    return "c" + std::to_string(parts.value("card", -1));
  }

  static GameInfo info() {
    GameInfo info;
    info.board = {.draw = draw_board, .shorthand = shorthand};
    info.id = "fixture-duel";
    info.title = "Duel (test fixture)";
    info.min_seats = 2;
    info.max_seats = 3;
    info.max_steps = 40;
    return info;
  }
  static Rules prepare(const GameConfig& config) {
    Rules rules{config.seats, {}};
    for (int c = 0; c < kCards; ++c) rules.names[static_cast<std::size_t>(c)] = "card " + std::to_string(c);
    return rules;
  }
  static State setup(const Rules& rules, std::uint64_t seed) { return State::deal(rules, seed); }
};

}  // namespace court::fixture
