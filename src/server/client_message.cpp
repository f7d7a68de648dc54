#include "server/client_message.h"

#include <fmt/format.h>

#include "server/api_error.h"
#include "server/json_fields.h"
#include "server/names.h"

namespace court::server {
namespace {

// A say's "claim": {"kind": "<name>", "value": N}; whether the game has that kind and value is the table's
// question.
void read_claim(const nlohmann::json& message, ClientMessage& out) {
  const auto& claim = message.at("claim");
  if (!claim.is_object()) throw ApiError(400, "bad_message", "a say's 'claim' must be {\"kind\": name, \"value\": number}");
  reject_unknown_fields(claim, {"kind", "value"}, "a claim");
  const auto kind = string_field(claim, "kind", 40);
  const auto value = int_field(claim, "value", 0, 255);
  if (!kind || !value) throw ApiError(400, "bad_message", "a claim needs 'kind' (a name of the game's claims) and 'value'");
  out.claim_kind = *kind;
  out.claim_value = *value;
}

// {"type":"say","token":"...","to":null|seat,"text":"..."} or with "claim" instead of "text": the text is
// checked here (its characters and length); whether the seat may write to `to` now is the table's question.
ClientMessage read_say(const nlohmann::json& message) {
  reject_unknown_fields(message, {"type", "token", "to", "text", "claim"}, "a say");
  const auto token = string_field(message, "token", 200);
  const auto to = int_field(message, "to", 0, kMaxSeats - 1);
  if (token && message.contains("claim") && !message.contains("text")) {
    ClientMessage out{.type = ClientMessage::Type::Say, .token = *token};
    read_claim(message, out);
    if (to) out.to = static_cast<Seat>(*to);
    return out;
  }
  const auto text = string_field(message, "text", std::size_t{1} << 20);   // the frame is capped below this
  if (!token || !text) {
    throw ApiError(400, "bad_message", "a say needs 'token' (your seat token), 'text' or 'claim' (not both) and 'to' "
                                       "(null for the table, or a seat number)");
  }
  if (auto problem = talk_text_problem(*text)) {
    throw ApiError(400, problem->too_long ? "talk_too_long" : "bad_talk", problem->message);
  }
  ClientMessage out{.type = ClientMessage::Type::Say, .token = *token, .text = *text};
  if (to) out.to = static_cast<Seat>(*to);
  return out;
}

}  // namespace

ClientMessage read_client_message(std::string_view text) {
  const auto message = parse_json_object(text, "the message");
  const auto type = string_field(message, "type", 20);
  if (!type) throw ApiError(400, "bad_message", "the message has no 'type' (allowed: move, sync, say)");
  if (*type == "sync") {
    reject_unknown_fields(message, {"type", "token"}, "a sync message");
    return {};
  }
  if (*type == "say") return read_say(message);
  if (*type != "move") {
    throw ApiError(400, "unknown_type", fmt::format("unknown message type '{}' (allowed: move, sync, say)", *type));
  }
  reject_unknown_fields(message, {"type", "token", "step", "action"}, "a move");
  const auto token = string_field(message, "token", 200);
  const auto step = int_field(message, "step", 0, std::int64_t{1} << 40);
  const auto action = int_field(message, "action", 0, 0xffffffffLL);
  if (!token || !step || !action) {
    throw ApiError(400, "bad_message", "a move needs 'token' (your seat token), 'step' and 'action' (a code from 'legal')");
  }
  return {ClientMessage::Type::Move, *token, *step, static_cast<std::uint32_t>(*action)};
}

}  // namespace court::server
