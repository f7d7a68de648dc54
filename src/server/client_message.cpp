#include "server/client_message.h"

#include <fmt/format.h>

#include "server/api_error.h"
#include "server/json_fields.h"

namespace court::server {

ClientMessage read_client_message(std::string_view text) {
  const auto message = parse_json_object(text, "the message");
  const auto type = string_field(message, "type", 20);
  if (!type) throw ApiError(400, "bad_message", "the message has no 'type' (allowed: move, sync)");
  if (*type == "sync") {
    reject_unknown_fields(message, {"type", "token"}, "a sync message");
    return {};
  }
  if (*type != "move") {
    throw ApiError(400, "unknown_type", fmt::format("unknown message type '{}' (allowed: move, sync)", *type));
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
