// An error answered to a client: an HTTP status (or a WebSocket error message) with a sentence that
// says what was wrong and what is allowed. Throwing it changes nothing on the server.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace court::server {

class ApiError : public std::runtime_error {
 public:
  // `code` is a short stable key for programs ("bad_json", "unknown_table", "stale", ...).
  ApiError(int status, std::string code, const std::string& message)
      : std::runtime_error(message), status_(status), code_(std::move(code)) {}
  int status() const { return status_; }
  const std::string& code() const { return code_; }

 private:
  int status_;
  std::string code_;
};

// {"error": message, "code": code}: the body of every HTTP error.
inline nlohmann::json error_body(const std::string& code, const std::string& message) {
  return {{"error", message}, {"code", code}};
}
// The JSON text of an answer. Bytes that are not UTF-8 (a request target is echoed in some errors)
// become U+FFFD instead of throwing, so every refusal reaches the client.
inline std::string answer_text(const nlohmann::json& answer) {
  return answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
// {"type": "error", "code": code, "message": message}: a refused WebSocket message.
inline std::string ws_error(const std::string& code, const std::string& message) {
  return answer_text({{"type", "error"}, {"code", code}, {"message", message}});
}

}  // namespace court::server
