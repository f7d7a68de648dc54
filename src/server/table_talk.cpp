// Table talk (docs/protocol.md, "Talk"): who may write where now is the game's rule (the engine's
// `talk(seat)`, computed from the state); this file checks a message against it and the server's limits,
// stores it, and sends it to every connection as that connection may read it.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "server/api_error.h"
#include "server/limits.h"
#include "server/table.h"

namespace court::server {
namespace {

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A message as `seat` may read it: the text (a claim's words, with the claim) for the table's talk and for
// its writer and reader, a whisper mark (no text) for everyone else.
nlohmann::json said_json(const StoredTalk& said, Seat seat, const TalkRule& rule) {
  nlohmann::json out = {{"id", said.id}, {"from", said.from}, {"to", nullptr}, {"step", said.step}};
  if (said.to >= 0) out["to"] = said.to;
  if (said.to < 0 || seat == said.from || seat == said.to) {
    out["text"] = said.text;
    if (said.claim_kind >= 0 && said.claim_kind < static_cast<int>(rule.claims.size())) {
      out["claim"] = {{"kind", rule.claims[said.claim_kind].name}, {"value", said.claim_value}};
    }
  } else {
    out["whisper"] = true;
  }
  return out;
}

std::string said_message(const StoredTalk& said, Seat seat, const TalkRule& rule) {
  nlohmann::json message = said_json(said, seat, rule);
  message["type"] = "said";
  return answer_text(message);
}

// The game's claims for the page's buttons: [{"kind", "words", "values": [words...] | null}], null values
// meaning the value is a seat.
nlohmann::json claims_json(const TalkRule& rule) {
  nlohmann::json out = nlohmann::json::array();
  for (const ClaimKind& k : rule.claims) {
    out.push_back({{"kind", k.name}, {"words", k.words},
                   {"values", k.values.empty() ? nlohmann::json(nullptr) : nlohmann::json(k.values)}});
  }
  return out;
}

// The claim `seat` makes by the kind's name; ApiError (bad_claim) naming the kinds, or the values, allowed.
Claim claim_named(const TalkRule& rule, Seat seat, std::optional<Seat> to, const std::string& kind, std::int64_t value,
                  int seats) {
  std::uint8_t k = 0;
  while (k < rule.claims.size() && rule.claims[k].name != kind) ++k;
  const Claim claim{.from = seat, .to = to ? *to : kToTable, .kind = k,
                    .value = static_cast<std::uint8_t>(std::clamp<std::int64_t>(value, 0, 255))};
  if (auto bad = claim_refusal(claim, TalkNow{.table = true, .seats = SeatSet::first(seats)}, rule, seats);
      bad || value > 255) {
    throw ApiError(400, "bad_claim", bad ? *bad : fmt::format("a claim's value is a small number, not {}", value));
  }
  return claim;
}

}  // namespace

// Where `seat` may write now, for its state message: the game's rule, less the seats of bots, and
// nothing for a spectator, at an expired table, or when the table has no talk.
nlohmann::json Table::talk_json(Seat seat) const {
  TalkNow now = match_->state().talk(seat);
  const bool open = record_.talk && !expired_ && seat != kSpectator;
  nlohmann::json seats = nlohmann::json::array();
  if (open) {
    for (Seat s : now.seats) if (match_->is_human(s)) seats.push_back(s);
  }
  nlohmann::json claim_seats = nlohmann::json::array();   // claims may go to bots too: they hear them
  if (open) {
    for (Seat s : now.seats) claim_seats.push_back(s);
  }
  return {{"on", record_.talk}, {"table", open && now.table}, {"seats", std::move(seats)},
          {"claim_seats", std::move(claim_seats)}, {"claims", claims_json(entry_->info.talk)},
          {"rule", entry_->info.talk.summary}};
}

// Refuses a message the table, the game's rule or the limits do not allow now (ApiError; nothing changes).
void Table::check_talk(Seat seat, std::optional<Seat> to, bool claim) {
  if (!record_.talk) throw ApiError(409, "talk_off", "the table's creator turned talk off at this table");
  if (expired_) throw ApiError(409, "expired", "the table expired while it waited for people");
  const Seat seats = static_cast<Seat>(record_.seats.size());
  if (to && (*to < 0 || *to >= seats || *to == seat)) {
    throw ApiError(400, "bad_talk", fmt::format("'to' must be null (the table) or another seat, 0 to {} but not {}",
                                                seats - 1, seat));
  }
  if (to && !claim && !match_->is_human(*to)) {
    throw ApiError(400, "bad_talk", fmt::format("seat {} is a bot ({}); bots read claims, not text", *to,
                                                record_.seats[*to].spec));
  }
  if (auto closed = talk_refusal(match_->state().talk(seat), entry_->info.talk, to ? *to : kToTable)) {
    throw ApiError(409, "talk_closed", *closed);
  }
  if (said_count_ >= kMaxTalkMessages) {
    throw ApiError(409, "talk_full", fmt::format("the table holds {} messages, as many as it may", kMaxTalkMessages));
  }
  auto& times = said_at_[seat];
  const std::int64_t now_ms = steady_ms();
  while (!times.empty() && times.front() <= now_ms - kTalkWindowMs) times.pop_front();
  if (times.size() >= kTalkBurst) {
    throw ApiError(429, "talk_too_fast", fmt::format("at most {} messages in {} seconds; wait a moment", kTalkBurst,
                                                     kTalkWindowMs / 1000));
  }
}

void Table::say(Seat seat, const std::string& token, std::optional<Seat> to, const std::string& text) {
  if (seat == kSpectator) throw ApiError(403, "not_seated", "a spectator reads the table's talk but cannot write");
  check_token(seat, token);
  check_talk(seat, to);
  keep_said(seat, to, text);
}

void Table::say_claim(Seat seat, const std::string& token, std::optional<Seat> to, const std::string& kind,
                      std::int64_t value) {
  if (seat == kSpectator) throw ApiError(403, "not_seated", "a spectator reads the table's talk but cannot write");
  check_token(seat, token);
  const TalkRule& rule = entry_->info.talk;
  const Claim claim = claim_named(rule, seat, to, kind, value, static_cast<int>(record_.seats.size()));
  check_talk(seat, to, true);
  keep_said(seat, to, claim_words(claim, rule), &claim);
}

void Table::say_bot_claims() {
  if (!match_->has_speakers() || !record_.talk || expired_) return;
  ClaimList claims;
  match_->bot_claims(claims);
  for (const Claim& claim : claims) {
    try {
      check_talk(claim.from, claim.to == kToTable ? std::nullopt : std::optional<Seat>(claim.to), true);
      if (claim_refusal(claim, match_->state().talk(claim.from), entry_->info.talk, match_->state().num_seats())) continue;
      keep_said(claim.from, claim.to == kToTable ? std::nullopt : std::optional<Seat>(claim.to),
                claim_words(claim, entry_->info.talk), &claim);
    } catch (const ApiError&) {
      // refused (the rule, the table's limits, storage): a bot's claim is dropped, as a person's would be refused
    }
  }
}

void Table::keep_said(Seat seat, std::optional<Seat> to, const std::string& text, const Claim* claim) {
  const auto wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::system_clock::now().time_since_epoch()).count();
  const StoredTalk said{said_count_ + 1, static_cast<std::int64_t>(match_->steps()), seat, to ? *to : -1, text,
                        wall_ms, claim ? claim->kind : -1, claim ? claim->value : 0};
  try {
    storage_->append_talk(code(), said);
  } catch (const std::exception& e) {
    throw ApiError(500, "storage", fmt::format("the message could not be stored, so it was not sent: {}", e.what()));
  }
  said_count_ = said.id;
  said_at_[seat].push_back(steady_ms());
  said_.push_back(said);
  if (said_.size() > static_cast<std::size_t>(kTalkHistory)) said_.pop_front();
  broadcast_said(said);
  if (claim) match_->deliver(*claim);
}

void Table::broadcast_said(const StoredTalk& said) {
  std::erase_if(watchers_, [](const Watcher& w) { return w.subscriber.expired(); });
  for (const auto& w : watchers_) {
    if (auto subscriber = w.subscriber.lock()) subscriber->send(said_message(said, w.seat, entry_->info.talk), false);
  }
}

nlohmann::json Table::table_talk(std::int64_t after, int limit) const {
  auto page = storage_->load_table_talk(code(), after, limit + 1);   // one more tells whether there is more
  const bool more = page.size() > static_cast<std::size_t>(limit);
  if (more) page.pop_back();
  nlohmann::json messages = nlohmann::json::array();
  for (const auto& said : page) messages.push_back(said_json(said, kSpectator, entry_->info.talk));
  nlohmann::json next = more ? nlohmann::json(page.back().id) : nlohmann::json(nullptr);
  return {{"messages", std::move(messages)}, {"more", more}, {"next_after", std::move(next)}};
}

void Table::send_talk_history(Subscriber& subscriber, Seat seat) const {
  if (said_.empty()) return;
  nlohmann::json messages = nlohmann::json::array();
  for (const auto& said : said_) messages.push_back(said_json(said, seat, entry_->info.talk));
  subscriber.send(answer_text({{"type", "talk_history"}, {"messages", std::move(messages)}}), false);
}

}  // namespace court::server
