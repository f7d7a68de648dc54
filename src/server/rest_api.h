// The REST lobby under /api/ (see docs/protocol.md): games, tables, joining, replays.
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/awaitable.hpp>
#include <string>

#include "server/url.h"

namespace court::server {

class Lobby;
class Lab;

// What the server knows of who asks: the client's address as client_key() gives it (what per-client
// limits count by), whether it is this machine (loopback), and the request's Authorization header.
struct Caller {
  std::string client;
  bool loopback = false;
  std::string authorization;
};

struct HttpAnswer {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
};

// Answers one request whose path starts with /api/ (the Lab's under /api/lab/ when `lab` admits the
// caller). Refusals are JSON {"error", "code"} answers. The arguments must outlive the co_await (see
// strand_call.h).
boost::asio::awaitable<HttpAnswer> answer_api(const std::string& method, const Target& target, const std::string& body,
                                              Lobby& lobby, Lab& lab, const Caller& caller);

}  // namespace court::server
