// One HTTP connection: the REST lobby under /api/, the browser client's files, and the upgrade of
// /ws to a WebSocket session. Keep-alive; bodies over 64 KiB are refused with 413.
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <string>

namespace court::server {

class Lobby;

// `client`: the client's address as client_key() gives it (what per-client limits count by).
boost::asio::awaitable<void> serve_http(boost::beast::tcp_stream stream, Lobby& lobby, const std::string& client);

}  // namespace court::server
