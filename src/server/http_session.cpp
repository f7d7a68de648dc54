#include "server/http_session.h"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <fmt/format.h>

#include <array>
#include <chrono>

#include "server/api_error.h"
#include "server/limits.h"
#include "server/request_guard.h"
#include "server/rest_api.h"
#include "server/static_files.h"
#include "server/url.h"
#include "server/ws_session.h"

namespace court::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr auto kIdleTimeout = std::chrono::seconds(120);

http::response<http::string_body> make_response(unsigned version, bool keep_alive, int status,
                                                std::string_view content_type, std::string body) {
  http::response<http::string_body> res{static_cast<http::status>(status), version};
  res.set(http::field::server, "court");
  res.set(http::field::content_type, content_type);
  res.set(http::field::cache_control, "no-cache");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Content-Security-Policy", kFrameCsp);
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

std::string json_error(const std::string& code, const std::string& message) { return answer_text(error_body(code, message)); }

std::optional<std::string_view> header(const http::request<http::string_body>& request, http::field field) {
  const auto it = request.find(field);
  return it == request.end() ? std::nullopt : std::optional<std::string_view>(it->value());
}

// Every X-Forwarded-For line of a request, in order, as one list.
std::optional<std::string> forwarded_for(const http::request<http::string_body>& request) {
  std::optional<std::string> out;
  for (auto [it, end] = request.equal_range("X-Forwarded-For"); it != end; ++it) {
    out = out ? *out + "," + std::string(it->value()) : std::string(it->value());
  }
  return out;
}

// The guard's refusal of a request (request_guard.h), or nothing; then `asking` is who asks.
std::optional<ApiError> guarded(const RequestGuard& guard, const http::request<http::string_body>& request,
                                const std::string& path, const Caller& connection, Caller& asking) {
  const RequestHeads heads{request.method_string(), path, request.version(), header(request, http::field::host),
                           header(request, http::field::origin), header(request, http::field::content_type),
                           !request.body().empty(), beast::websocket::is_upgrade(request)};
  if (auto refused = guard.refusal(heads)) return refused;
  try {
    const auto forwarded = forwarded_for(request);
    asking = guard.request_caller(connection, forwarded, std::string(request[http::field::authorization]));
  } catch (const ApiError& e) {
    return e;
  }
  return std::nullopt;
}

// After refusing a request whose body is still arriving: stop sending, then read and drop what the
// client still sends (up to a limit), so closing does not reset the connection before the client has
// read the refusal.
asio::awaitable<void> drain(beast::tcp_stream& stream) {
  beast::error_code ec;
  stream.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  stream.expires_after(std::chrono::seconds(10));
  std::array<char, 16 * 1024> sink;
  for (std::size_t dropped = 0; !ec && dropped < 16 * kMaxBody;) {
    dropped += co_await stream.async_read_some(asio::buffer(sink), asio::redirect_error(asio::use_awaitable, ec));
  }
}

// Reads one request: waits for its first byte for as long as a keep-alive connection may idle, then
// gives its headers `timeouts.header` (a client sending half a header holds a connection no longer),
// then its body the idle time again. An error code on failure; 413 and 431 are the caller's to answer.
asio::awaitable<beast::error_code> read_request(beast::tcp_stream& stream, beast::flat_buffer& buffer,
                                                http::request_parser<http::string_body>& parser,
                                                const ConnectionTimeouts& timeouts) {
  beast::error_code ec;
  parser.header_limit(static_cast<std::uint32_t>(kMaxHeader));
  parser.body_limit(kMaxBody);
  if (buffer.size() == 0) {
    stream.expires_after(kIdleTimeout);
    const std::size_t got = co_await stream.async_read_some(buffer.prepare(kMaxHeader),
                                                            asio::redirect_error(asio::use_awaitable, ec));
    buffer.commit(got);
    if (ec) co_return ec;
  }
  stream.expires_after(timeouts.header);
  co_await http::async_read_header(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
  if (ec) co_return ec;
  stream.expires_after(kIdleTimeout);
  co_await http::async_read(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
  co_return ec;
}

// Answers a request refused before it was read whole (413, 431) and closes the connection.
asio::awaitable<void> refuse_unread(beast::tcp_stream& stream, int status, const char* code, std::string message) {
  auto res = make_response(11, false, status, "application/json", json_error(code, message));
  beast::error_code ec;
  co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
  co_await drain(stream);
}

}  // namespace

asio::awaitable<void> serve_http(beast::tcp_stream stream, Lobby& lobby, LabDoor& lab, const RequestGuard& guard,
                                 Caller caller, const ConnectionTimeouts& timeouts) {
  beast::flat_buffer buffer;
  beast::error_code ec;
  for (;;) {
    http::request_parser<http::string_body> parser;
    ec = co_await read_request(stream, buffer, parser, timeouts);
    if (ec == http::error::body_limit) {
      co_await refuse_unread(stream, 413, "too_big", fmt::format("request bodies may hold at most {} bytes", kMaxBody));
      co_return;
    }
    if (ec == http::error::header_limit) {
      co_await refuse_unread(stream, 431, "headers_too_big",
                             fmt::format("a request's start line and headers may hold at most {} bytes", kMaxHeader));
      co_return;
    }
    if (ec) break;
    auto request = parser.release();
    const Target target = parse_target(request.target());
    Caller asking;
    if (auto refused = guarded(guard, request, target.path, caller, asking)) {
      auto res = make_response(request.version(), false, refused->status(), "application/json",
                               json_error(refused->code(), refused->what()));
      co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
      break;
    }

    if (beast::websocket::is_upgrade(request)) {
      if (target.path != "/ws") {
        auto res = make_response(request.version(), false, 404, "application/json",
                                 json_error("not_found", "WebSockets are served at /ws only"));
        co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
        break;
      }
      stream.expires_never();
      auto session = std::make_shared<WsSession>(std::move(stream), lobby, timeouts);
      co_await session->run(request);
      co_return;
    }

    const bool keep_alive = request.keep_alive();
    http::response<http::string_body> res;
    if (target.path.rfind("/api/", 0) == 0) {
      const std::string method(request.method_string());
      HttpAnswer answer = co_await answer_api(method, target, request.body(), lobby, lab, asking);
      res = make_response(request.version(), keep_alive, answer.status, answer.content_type, std::move(answer.body));
    } else if (request.method() != http::verb::get && request.method() != http::verb::head) {
      res = make_response(request.version(), keep_alive, 405, "application/json",
                          json_error("method_not_allowed", "the client's files are read with GET"));
    } else if (auto file = find_static_file(target.path)) {
      res = make_response(request.version(), keep_alive, 200, file->content_type, std::string(file->content));
      if (file->content_type.starts_with("text/html")) res.set("Content-Security-Policy", kPageCsp);
    } else {
      res = make_response(request.version(), keep_alive, 404, "application/json",
                          json_error("not_found", fmt::format("no file {}", target.path.substr(0, 100))));
    }
    co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
    if (ec || !keep_alive) break;
  }
  stream.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace court::server
