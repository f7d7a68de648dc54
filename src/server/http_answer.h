// The two wire types every /api/ route shares, the lobby's (rest_api.h) and the Lab's (src/lab/): who asks
// (Caller) and what is answered (HttpAnswer). Below both, so neither includes the other for them.
#pragma once

#include <string>

namespace court::server {

// What the server knows of who asks: the client's address as client_key() gives it (what per-client
// limits count by), whether it is this machine (loopback), and the request's Authorization header.
// RequestGuard (request_guard.h) makes it: for a connection, then for each request on it.
struct Caller {
  std::string client;
  bool loopback = false;
  std::string authorization;
  bool proxy = false;   // the connection is a --trust-proxy's: `client` comes from X-Forwarded-For
};

struct HttpAnswer {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
};

}  // namespace court::server
