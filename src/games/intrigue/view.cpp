// Intrigue: what each seat sees (built from what it may know, never by stripping the state), move
// labels, and the public log in words.
#include <fmt/format.h>

#include "games/intrigue/state.h"

namespace court::intrigue {
namespace {

char letter_char(int l) { return static_cast<char>('A' + l); }

std::string edge_name(int e) { return fmt::format("{}-{}", letter_char(e), letter_char((e + 1) % kLetters)); }

std::string signed_value(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }

std::string cards_word(int n) { return n == 1 ? "1 card" : fmt::format("{} cards", n); }

}  // namespace

namespace {

struct Namer {
  const IntrigueRules& rules;
  std::string title(CardId c) const { return c == kNoCard ? "?" : rules.cards[c].title; }
  // "Duke (A)"
  std::string character(CharacterId who, int letter) const {
    return fmt::format("{} ({})", rules.characters[who].name, letter_char(letter));
  }
  // "the Duke (A)"
  std::string the(CharacterId who, int letter) const { return "the " + character(who, letter); }
  std::string token(const IntrigueState& s, int t) const {
    return fmt::format("{}{}", letter_char(s.token_letter(t)), signed_value(s.token_value(t)));
  }
  // How a relationship points: "A +1, B -1" or "A Debtor, B Lender"; empty for a symmetric one.
  std::string arrows(CardId card, int e, bool forward) const {
    const CardInfo& info = rules.cards[card];
    if (info.symmetric()) return "";
    int first = forward ? e : (e + 1) % kLetters;
    int second = forward ? (e + 1) % kLetters : e;
    if (info.kind == RelationshipKind::Arrows) {
      return fmt::format("{} {}, {} {}", letter_char(first), signed_value(info.left), letter_char(second),
                         signed_value(info.right));
    }
    return fmt::format("{} {}, {} {}", letter_char(first), info.left_role, letter_char(second), info.right_role);
  }
};

// How views name each CardType, Effect and RelationshipKind (as the data files do), in the enums' order.
constexpr const char* kTypeNames[] = {"action", "support", "relationship"};
constexpr const char* kEffectNames[] = {"", "oracle", "assassination", "virtue", "spy", "manipulate", "misinformation",
                                        "lies", "draw", "discard"};
constexpr const char* kRelationNames[] = {"arrows", "debt", "blackmail"};
const char* type_name(CardType t) { return kTypeNames[static_cast<int>(t)]; }
const char* effect_name(Effect e) { return kEffectNames[static_cast<int>(e)]; }
const char* relation_name(RelationshipKind k) { return kRelationNames[static_cast<int>(k)]; }

std::string letter_string(int l) { return std::string(1, letter_char(l)); }

// A card as the table draws it: its id (the title's index; copies of a title are alike), title, type,
// support value (with the trait it needs), effect, text, and a relationship's arrows or roles.
nlohmann::json card_json(const IntrigueRules& rules, CardId card) {
  const CardInfo& info = rules.cards[card];
  nlohmann::json c = {{"id", card}, {"title", info.title}, {"type", type_name(info.type)},
                      {"support", info.support}, {"copies", info.quantity}};
  if (info.effect != Effect::None) c["effect"] = effect_name(info.effect);
  if (info.trait != kNoTrait) {
    c["trait"] = rules.traits[info.trait];
    c["support_without_trait"] = info.support_without_trait;
  }
  if (info.type == CardType::Relationship) {
    c["relation"] = relation_name(info.kind);
    c["symmetric"] = info.symmetric();
    if (info.kind == RelationshipKind::Arrows) {
      c["left"] = info.left;
      c["right"] = info.right;
    } else {
      c["left_role"] = info.left_role;
      c["right_role"] = info.right_role;
    }
  }
  if (!info.text.empty()) c["text"] = info.text;
  return c;
}

// The letters a relationship on edge `e` points its left arrow (`from`: Debtor, Blackmailer,
// Advantage's +1) and its right arrow (`to`) at.
std::pair<int, int> arrow_letters(int e, bool forward) {
  const int first = e;
  const int second = (e + 1) % kLetters;
  return forward ? std::pair{first, second} : std::pair{second, first};
}

}  // namespace

std::uint64_t IntrigueState::observe(Seat viewer, Seat actor, Action action) const {
  if (viewer == actor) return action.code;
  MoveCode m = MoveCode::decode(action);
  constexpr std::uint64_t kMasked = 1ull << 40;
  if (m.move == Move::PlayFavor) return MoveCode{m.move, 0, 0, 0}.encode().code | kMasked;
  if (m.move == Move::PlayFaceDown) return MoveCode{m.move, 0, m.a, m.b}.encode().code | kMasked;
  return action.code;
}

std::string IntrigueState::describe(Seat seat, Action action) const {
  (void)seat;
  const Namer n{*rules_};
  const MoveCode m = MoveCode::decode(action);
  // Codes that no legal move can have (from a corrupt replay, say) get a neutral label.
  const bool card_move = m.move >= Move::PlayFaceDown && m.move <= Move::Discard;
  if (m.move < Move::TakeToken || m.move > Move::Discard || (card_move && m.card >= rules_->cards.size()) ||
      m.a >= kTokens || m.b >= kTokens || (m.move == Move::TakeToken && m.a >= token_count())) {
    return fmt::format("move #{}", action.code);
  }
  auto target = [&](int l) { return n.character(character_[l % kLetters], l % kLetters); };
  switch (m.move) {
    case Move::TakeToken: return fmt::format("take token {}", n.token(*this, m.a));
    case Move::PlayFavor: return fmt::format("play favor {}", letter_char(m.a));
    case Move::PlayFaceDown: return fmt::format("{} face-down behind {}", n.title(m.card), target(m.a));
    case Move::PlaySupportFaceUp: return fmt::format("{} face-up behind {}", n.title(m.card), target(m.a));
    case Move::PlayRelationship: {
      std::string arrows = n.arrows(m.card, m.a, m.b != 0);
      return arrows.empty() ? fmt::format("{} on {}", n.title(m.card), edge_name(m.a))
                            : fmt::format("{} on {}: {}", n.title(m.card), edge_name(m.a), arrows);
    }
    case Move::PlayAction:
      switch (rules_->cards[m.card].effect) {
        case Effect::Oracle: return n.title(m.card);
        case Effect::Assassination:
        case Effect::Virtue:
        case Effect::Spy: return fmt::format("{} on {}", n.title(m.card), target(m.a));
        case Effect::Manipulate:
          return fmt::format("{}: give {}, take {}", n.title(m.card), n.token(*this, m.a), n.token(*this, m.b));
        case Effect::Misinformation:
          return fmt::format("{}: {} to {}", n.title(m.card), edge_name(m.a), edge_name(m.b));
        case Effect::Lies: return fmt::format("{} on {}", n.title(m.card), edge_name(m.a));
        default: return n.title(m.card);
      }
    case Move::Discard: return fmt::format("discard {}", n.title(m.card));
  }
  return fmt::format("move #{}", action.code);
}

// What a move involves (docs/protocol.md, "Move parts", Intrigue): cards by their id, characters by
// letter, edges by name ("A-B"), tokens by name ("A+3"). Only the mover's own hand and public facts.
nlohmann::json IntrigueState::parts(Seat seat, Action action) const {
  (void)seat;
  using nlohmann::json;
  const Namer n{*rules_};
  const MoveCode m = MoveCode::decode(action);
  auto token = [&](int t) { return n.token(*this, t); };
  const bool card_move = m.move >= Move::PlayFaceDown && m.move <= Move::Discard;
  if (m.move < Move::TakeToken || m.move > Move::Discard || (card_move && m.card >= rules_->cards.size()) ||
      m.a >= kTokens || m.b >= kTokens || (m.move == Move::TakeToken && m.a >= token_count())) {
    return {{"kind", "unknown"}, {"code", action.code}};
  }
  switch (m.move) {
    case Move::TakeToken:
      return {{"kind", "take_token"}, {"token", token(m.a)}, {"character", letter_string(token_letter(m.a))},
              {"value", token_value(m.a)}};
    case Move::PlayFavor: return {{"kind", "play_favor"}, {"character", letter_string(m.a)}};
    case Move::PlayFaceDown: return {{"kind", "play_face_down"}, {"card", m.card}, {"character", letter_string(m.a)}};
    case Move::PlaySupportFaceUp:
      return {{"kind", "play_face_up"}, {"card", m.card}, {"character", letter_string(m.a)},
              {"effect", effect_name(rules_->cards[m.card].effect)}};
    case Move::PlayRelationship: {
      const auto [from, to] = arrow_letters(m.a, m.b != 0);
      return {{"kind", "place_relationship"}, {"card", m.card}, {"edge", edge_name(m.a)},
              {"from", letter_string(from)}, {"to", letter_string(to)}};
    }
    case Move::PlayAction: {
      const Effect effect = rules_->cards[m.card].effect;
      json p = {{"kind", "play_action"}, {"card", m.card}, {"effect", effect_name(effect)}};
      switch (effect) {
        case Effect::Assassination:
        case Effect::Virtue:
        case Effect::Spy: p["character"] = letter_string(m.a); break;
        case Effect::Manipulate:
          p["give"] = token(m.a);
          p["take"] = token(m.b);
          break;
        case Effect::Misinformation:
          p["from_edge"] = edge_name(m.a);
          p["to_edge"] = edge_name(m.b);
          break;
        case Effect::Lies: p["edge"] = edge_name(m.a); break;
        default: break;
      }
      return p;
    }
    case Move::Discard: return {{"kind", "discard"}, {"card", m.card}};
  }
  return {{"kind", "unknown"}, {"code", action.code}};
}

namespace {

// One log event in words, as `viewer` may read it.
std::string render_event(const IntrigueState& s, const LogEvent& e, Seat viewer) {
  const Namer n{s.rules()};
  const bool own = viewer == e.seat;
  const std::string who = fmt::format("Seat {}", static_cast<int>(e.seat));
  auto i8 = [](std::uint8_t v) { return static_cast<int>(static_cast<std::int8_t>(v)); };
  switch (e.kind) {
    case Event::RoundStart: return fmt::format("Round {} begins; seat {} plays first.", static_cast<int>(e.a), static_cast<int>(e.seat));
    case Event::Refilled: return fmt::format("{} drew {}.", who, cards_word(e.a));
    case Event::TookToken:
      return fmt::format("{} took the {} token of {}.", who, signed_value(s.token_value(e.a)), n.the(e.who, e.letter));
    case Event::PlayedFavor:
      return own ? fmt::format("{} played a favor face-down (favor {}).", who, letter_char(e.letter))
                 : fmt::format("{} played a favor face-down.", who);
    case Event::PlayedFaceDown:
      return fmt::format("{} played {} face-down behind {}.", who,
                         own && e.card != kNoCard ? n.title(e.card) : std::string("a card"), n.the(e.who, e.letter));
    case Event::PlayedSupport: {
      std::string drew;
      if (e.a) drew = own && e.b != kNoCard ? fmt::format(" and drew {}", n.title(e.b)) : " and drew a card";
      return fmt::format("{} played {} face-up behind {}{}.", who, n.title(e.card), n.the(e.who, e.letter), drew);
    }
    case Event::PlayedRelationship: {
      std::string arrows = n.arrows(e.card, e.a, e.b != 0);
      return fmt::format("{} played {} on {}{}{}.", who, n.title(e.card), edge_name(e.a),
                         arrows.empty() ? "" : " (" + arrows + ")",
                         e.c != kNoCard ? fmt::format(", replacing {}", n.title(e.c)) : "");
    }
    case Event::PlayedOracle: {
      std::string drew = cards_word(e.c);
      if (own && e.c == 2 && e.a != kNoCard) drew = fmt::format("{} and {}", n.title(e.a), n.title(e.b));
      if (own && e.c == 1 && e.a != kNoCard) drew = n.title(e.a);
      return fmt::format("{} played {} and drew {}.", who, n.title(e.card), drew);
    }
    case Event::Discarded: return fmt::format("{} discarded {}.", who, n.title(e.card));
    case Event::Assassinated:
      return fmt::format("{} played {}: {} is replaced by {}.", who, n.title(e.card), n.the(e.who, e.letter),
                         n.the(e.a, e.letter));
    case Event::Virtue:
      return fmt::format("{} played {} on {}: flipped {}{}.", who, n.title(e.card), n.the(e.who, e.letter),
                         cards_word(e.a),
                         e.b != kNoCard ? fmt::format(" and discarded {}", n.title(e.b)) : ", none negative");
    case Event::Spied:
      return fmt::format("{} played {} on {}: revealed {} (played by seat {}).", who, n.title(e.card),
                         n.the(e.who, e.letter), n.title(e.b), static_cast<int>(e.c));
    case Event::Manipulated:
      return fmt::format("{} played {}: gave {} to seat {} and took {}.", who, n.title(e.card), n.token(s, e.a), static_cast<int>(e.c),
                         n.token(s, e.b));
    case Event::Misinformed:
      return fmt::format("{} played {}: moved {} from {} to {}.", who, n.title(e.card), n.title(e.c), edge_name(e.a),
                         edge_name(e.b));
    case Event::Lied:
      return fmt::format("{} played {}: reversed {} on {}.", who, n.title(e.card), n.title(e.c), edge_name(e.a));
    case Event::DebtMoved:
      return e.b != kNoCard
                 ? fmt::format("Debt: {} moved from {} to {}.", n.title(e.b), n.the(e.who, e.letter), letter_char(e.a))
                 : fmt::format("Debt: {} had no face-down card to move.", n.the(e.who, e.letter));
    case Event::Revealed:
      return fmt::format("Reveal: {} has {} support.", n.the(e.who, e.letter), i8(e.a));
    case Event::Blackmailed:
      return fmt::format("Blackmail: {} would have won; {} wins instead.", n.the(e.who, e.letter),
                         letter_char(e.a));
    case Event::RoundWon:
      return fmt::format("{} wins the round. Points: seat 0 {}, seat 1 {}, seat 2 {}.", n.the(e.who, e.letter),
                         signed_value(i8(e.a)), signed_value(i8(e.b)), signed_value(i8(e.c)));
    case Event::FavorScored:
      return fmt::format("Favor of seat {} for {}: {}{}.", static_cast<int>(e.seat), letter_char(e.letter), signed_value(i8(e.a)),
                         e.b ? " (first for the monarch)" : "");
    case Event::Crowned: return fmt::format("{} ascends to the throne.", n.the(e.who, e.letter));
    case Event::LogFull: return "(The log is full; later events are not recorded.)";
  }
  return "";
}

constexpr const char* kPhaseNames[] = {"turn", "discard", "over"};  // in Phase's order
const char* phase_name(Phase p) { return kPhaseNames[static_cast<int>(p)]; }

// A character's support stack: who played each card, and the card when it is face-up or `seat`'s own.
nlohmann::json stack_json(const IntrigueState& s, Letter l, Seat seat) {
  nlohmann::json stack = nlohmann::json::array();
  for (const StackCard& c : s.stack(l)) {
    nlohmann::json entry = {{"played_by", c.owner}, {"face_up", c.face_up}};
    if (c.face_up || c.owner == seat) {
      entry["card"] = card_json(s.rules(), c.card);
      entry["value"] = s.rules().support_value(c.card, s.character(l));
    }
    stack.push_back(entry);
  }
  return stack;
}

// The tokens of letter `l`, each with its value and holder (null while it lies on the character).
nlohmann::json tokens_json(const IntrigueState& s, Letter l) {
  using nlohmann::json;
  const Namer n{s.rules()};
  json tokens = json::array();
  for (int t = 0; t < s.token_count(); ++t) {
    if (s.token_letter(t) != l) continue;
    tokens.push_back({{"token", n.token(s, t)}, {"value", s.token_value(t)},
                      {"holder", s.token_holder(t) < 0 ? json(nullptr) : json(s.token_holder(t))}});
  }
  return tokens;
}

// The three characters in the circle, by letter: name, traits, priority, votes, stack and tokens.
nlohmann::json characters_json(const IntrigueState& s, Seat seat) {
  using nlohmann::json;
  const IntrigueRules& rules = s.rules();
  json characters = json::array();
  for (int l = 0; l < kLetters; ++l) {
    const CharacterInfo& info = rules.characters[s.character(l)];
    json traits = json::array();
    for (TraitId t : info.traits) traits.push_back(rules.traits[t]);
    characters.push_back({{"letter", std::string(1, letter_char(l))}, {"name", info.name}, {"traits", traits},
                          {"priority", info.priority}, {"votes", s.votes(l)}, {"stack", stack_json(s, l, seat)},
                          {"tokens", tokens_json(s, l)}});
  }
  return characters;
}

// The characters of the data that are not in the circle.
nlohmann::json unused_characters_json(const IntrigueState& s) {
  nlohmann::json unused = nlohmann::json::array();
  for (int c = 0; c < static_cast<int>(s.rules().characters.size()); ++c) {
    bool in_play = false;
    for (int l = 0; l < kLetters; ++l) in_play = in_play || s.character(l) == c;
    if (!in_play) unused.push_back(s.rules().characters[c].name);
  }
  return unused;
}

// The relationship on each edge of the circle, with how its arrows point.
nlohmann::json relationships_json(const IntrigueState& s) {
  const Namer n{s.rules()};
  nlohmann::json relationships = nlohmann::json::array();
  for (int e = 0; e < kEdges; ++e) {
    const Relationship& r = s.edge(e);
    nlohmann::json entry = {{"edge", edge_name(e)}};
    if (!r.empty()) {
      const auto [from, to] = arrow_letters(e, r.forward);
      entry["card"] = card_json(s.rules(), r.card);
      entry["arrows"] = n.arrows(r.card, e, r.forward);
      entry["forward"] = r.forward;
      entry["from"] = letter_string(from);
      entry["to"] = letter_string(to);
    }
    relationships.push_back(entry);
  }
  return relationships;
}

// What everyone knows of each seat: points, hand size and favors.
nlohmann::json players_json(const IntrigueState& s) {
  nlohmann::json players = nlohmann::json::array();
  for (int p = 0; p < kSeats; ++p) {
    players.push_back({{"seat", p}, {"points", s.points(p)}, {"hand_count", s.hand(p).size()},
                       {"favors_played", s.favors_played(p)}, {"favors_in_hand", kLetters - s.favors_played(p)}});
  }
  return players;
}

// The played favors: who played each, and its letter once favors are revealed or to its own seat;
// once revealed (at the end), also the points it earned its owner.
nlohmann::json favor_stack_json(const IntrigueState& s, Seat seat, bool revealed) {
  nlohmann::json favor_stack = nlohmann::json::array();
  for (std::size_t i = 0; i < s.favor_stack().size(); ++i) {
    const FavorPlay& f = s.favor_stack()[i];
    nlohmann::json entry = {{"seat", f.seat}};
    if (revealed || f.seat == seat) entry["letter"] = std::string(1, letter_char(s.favor_letter(f.seat, f.slot)));
    if (revealed) entry["points"] = s.favor_points(i);
    favor_stack.push_back(entry);
  }
  return favor_stack;
}

// A seat's own hand and the letters of the favors it still holds.
void add_own_hand(nlohmann::json& v, const IntrigueState& s, Seat seat) {
  nlohmann::json hand = nlohmann::json::array();
  for (CardId c : s.hand(seat)) hand.push_back(card_json(s.rules(), c));
  v["hand"] = hand;
  nlohmann::json favors = nlohmann::json::array();
  for (int k = s.favors_played(seat); k < kLetters; ++k) favors.push_back(std::string(1, letter_char(s.favor_letter(seat, k))));
  v["favors_in_hand"] = favors;
}

// The stacks as revealed at the last round's end, their totals and the letter that won.
nlohmann::json last_reveal_json(const IntrigueState& s, const std::array<FixedVector<CardId, kMaxDeck>, kLetters>& stacks,
                                const std::array<std::int8_t, kLetters>& totals, Letter winner) {
  nlohmann::json revealed = nlohmann::json::array();
  for (int l = 0; l < kLetters; ++l) {
    nlohmann::json cards = nlohmann::json::array();
    for (CardId c : stacks[l]) cards.push_back(card_json(s.rules(), c));
    revealed.push_back({{"letter", std::string(1, letter_char(l))}, {"cards", cards}, {"total", totals[l]}});
  }
  return {{"stacks", revealed}, {"winner", std::string(1, letter_char(winner))}};
}

// The public log in words as `seat` may read it, each line starting with a capital.
// A log event as a line of the log: its words for `seat`, capitalized.
std::string log_line(const IntrigueState& s, const LogEvent& e, Seat seat) {
  std::string line = render_event(s, e, seat);
  if (!line.empty() && line[0] >= 'a' && line[0] <= 'z') line[0] = static_cast<char>(line[0] - 'a' + 'A');
  return line;
}

}  // namespace

nlohmann::json IntrigueState::view(Seat seat, LogWindow window) const {
  using nlohmann::json;
  json v = json::object();
  v["game"] = "intrigue";
  v["round"] = round_;
  v["rounds"] = rules_->rounds;
  v["round_starter"] = round_starter_;
  v["turn"] = turn_seat_;
  v["phase"] = phase_name(phase_);
  v["characters"] = characters_json(*this, seat);
  v["unused_characters"] = unused_characters_json(*this);
  v["relationships"] = relationships_json(*this);
  v["deck_count"] = deck_.size();
  json discard = json::array();
  for (CardId c : discard_) discard.push_back(card_json(*rules_, c));
  v["discard_pile"] = discard;
  v["players"] = players_json(*this);
  v["favor_stack"] = favor_stack_json(*this, seat, favors_revealed_);
  if (seat >= 0 && seat < kSeats) add_own_hand(v, *this, seat);
  if (last_winner_ >= 0) v["last_reveal"] = last_reveal_json(*this, last_reveal_, last_totals_, last_winner_);
  if (phase_ == Phase::GameOver) {
    v["monarch"] = {{"letter", letter_string(monarch_)}, {"name", rules_->characters[character_[monarch_]].name}};
  }
  put_log(v, 0, log().size(), window, [&](std::size_t i) { return log_line(*this, log()[i], seat); });
  return v;
}

}  // namespace court::intrigue
