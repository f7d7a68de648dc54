// The REST lobby under /api/ (see docs/protocol.md): games, tables, joining, replays.
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/awaitable.hpp>
#include <string>

#include "server/http_answer.h"
#include "server/url.h"

namespace court::server {

class Lobby;
class LabDoor;

// Answers one request whose path starts with /api/ (the Lab's under /api/lab/ when `lab` admits the
// caller). Refusals are JSON {"error", "code"} answers. The arguments must outlive the co_await (see
// strand_call.h).
boost::asio::awaitable<HttpAnswer> answer_api(const std::string& method, const Target& target, const std::string& body,
                                              Lobby& lobby, LabDoor& lab, const Caller& caller);

}  // namespace court::server
