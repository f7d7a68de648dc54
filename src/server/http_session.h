// One HTTP connection: the REST lobby under /api/, the browser client's files, and the upgrade of
// /ws to a WebSocket session. Keep-alive; bodies over 64 KiB are refused with 413, headers over 16 KiB with 431,
// and requests the guard refuses (a foreign Host or Origin, a body not JSON) before they are routed.
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <string>

#include "server/limits.h"
#include "server/rest_api.h"

namespace court::server {

class Lobby;
class LabDoor;
class RequestGuard;

// `caller`: who is connected; `guard` checks each request and says who asks in it (request_guard.h).
// `timeouts`: how long its request headers and an idle WebSocket may take.
boost::asio::awaitable<void> serve_http(boost::beast::tcp_stream stream, Lobby& lobby, LabDoor& lab,
                                        const RequestGuard& guard, Caller caller, const ConnectionTimeouts& timeouts);

}  // namespace court::server
