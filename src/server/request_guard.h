// The checks a request passes before it is routed, against other sites in the user's own browser: its
// Host must be a name this server serves (DNS rebinding), a request that changes something must come
// from the server's own pages (Origin) and carry JSON (no cross-site form), and behind a trusted proxy
// the client is the one X-Forwarded-For names. Pure functions of strings, so a fuzzer can drive them
// (fuzz/fuzz_request_guard.cpp); docs/protocol.md, "Hosts, origins and content types", says the rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/api_error.h"
#include "server/http_answer.h"

namespace court::server {

// Every response's framing rule: no other site may show the server's pages in a frame.
inline constexpr const char* kFrameCsp = "frame-ancestors 'none'";
// The browser client's own pages: only the server's own scripts, styles, data and sockets. The Lab's
// charts (Vega) compile their expressions with Function, hence 'unsafe-eval'; no inline script runs.
inline constexpr const char* kPageCsp =
    "default-src 'self'; script-src 'self' 'unsafe-eval'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// `court serve`'s --bind, --host and --trust-proxy.
struct GuardConfig {
  std::string bind = "127.0.0.1";
  std::vector<std::string> hosts;            // more names the server answers to
  std::vector<std::string> trusted_proxies;  // IP addresses whose X-Forwarded-For is believed
};

// A Host header, or the host and port of an Origin: the name lower-case, an IPv6 address without its
// brackets; port -1 when none is given.
struct HostPort {
  std::string host;
  int port = -1;
};
std::optional<HostPort> parse_host(std::string_view header);

// An Origin header that names a web origin: scheme "http" or "https" and where, with its port made
// explicit (80, 443 when not given). Nothing for "null" and anything else.
struct WebOrigin {
  std::string scheme;
  HostPort where;
};
std::optional<WebOrigin> parse_origin(std::string_view header);

// Whether a Content-Type is application/json (parameters such as "; charset=utf-8" allowed).
bool is_json_content_type(std::string_view header);

// An IP address in the one spelling the guard compares (IPv4 mapped into IPv6 as IPv4); nothing
// when `text` is not an address (brackets around IPv6 allowed; no IPv6 zone such as "%eth0").
std::optional<std::string> canonical_ip(std::string_view text);

// The parts of one request the guard reads; an absent header is nothing.
struct RequestHeads {
  std::string_view method;
  std::string_view path;
  unsigned version = 11;   // 10: HTTP/1.0, which may leave out Host
  std::optional<std::string_view> host;
  std::optional<std::string_view> origin;
  std::optional<std::string_view> content_type;
  bool has_body = false;
  bool websocket = false;  // an upgrade to a WebSocket
};

class RequestGuard {
 public:
  // Throws std::runtime_error naming the flag when a --trust-proxy is not an IP address or a --host is
  // not a host name.
  explicit RequestGuard(GuardConfig config);

  // Why `request` is refused (bad_host, cross_origin, bad_content_type), or nothing when it may be routed.
  std::optional<ApiError> refusal(const RequestHeads& request) const;

  // Who a connection from `peer` (an IP address) is, before any request: its client_key, whether it
  // is this machine, and whether it is a trusted proxy (then never loopback).
  Caller connection_caller(std::string_view peer) const;
  // Who asks in one request on that connection: from a trusted proxy, the client X-Forwarded-For
  // names (the right-most address that is not a trusted proxy; without the header, the proxy
  // itself); from anyone else the connection, whatever the header says. Throws ApiError 400
  // bad_forwarded_for when the address it would take is not an IP address.
  Caller request_caller(const Caller& connection, std::optional<std::string_view> forwarded_for,
                        std::string authorization) const;

  bool trusts(std::string_view peer) const;
  bool serves_host(const std::string& host) const;
  std::string allowed_hosts() const;   // for messages

 private:
  std::optional<ApiError> host_refusal(const RequestHeads& request, HostPort& host) const;
  GuardConfig config_;
  std::vector<std::string> names_;     // canonical, the built-in ones first
  bool any_address_ = false;           // --bind 0.0.0.0 or ::
};

}  // namespace court::server
