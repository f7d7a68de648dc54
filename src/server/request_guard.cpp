// The request guard (request_guard.h): Host, Origin, Content-Type and X-Forwarded-For, read as text.
#include "server/request_guard.h"

#include <boost/asio/ip/address.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "server/client_limit.h"

namespace court::server {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; });
  return out;
}

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

// "8080" as a port; -1 when it is not 1 to 5 digits up to 65535.
int port_in(std::string_view text) {
  if (text.empty() || text.size() > 5) return -1;
  int port = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    port = port * 10 + (c - '0');
  }
  return port <= 65535 ? port : -1;
}

std::string shown(std::string_view text) { return std::string(text.substr(0, 100)); }

// A host as written in a URL or message: IPv6 in brackets.
std::string bracketed(const std::string& host) { return host.find(':') == std::string::npos ? host : "[" + host + "]"; }

bool changes_something(std::string_view method) { return method != "GET" && method != "HEAD"; }

bool same_origin(std::string_view origin, const std::optional<HostPort>& host) {
  const auto from = parse_origin(origin);
  if (!from || !host || from->where.host != host->host) return false;
  const int default_port = from->scheme == "https" ? 443 : 80;
  return from->where.port == (host->port < 0 ? default_port : host->port);
}

ApiError bad_forwarded_for(std::string_view entry) {
  return ApiError(400, "bad_forwarded_for",
                  fmt::format("X-Forwarded-For names '{}', not an IP address: the proxy sends the client's address "
                              "there (see docs/protocol.md, \"Deploying behind a proxy\")",
                              shown(entry)));
}

}  // namespace

std::optional<HostPort> parse_host(std::string_view header) {
  header = trimmed(header);
  HostPort out;
  std::string_view rest;
  if (header.starts_with('[')) {
    const auto close = header.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    const auto ip = canonical_ip(header.substr(1, close - 1));
    if (!ip || ip->find(':') == std::string::npos) return std::nullopt;
    out.host = *ip;
    rest = header.substr(close + 1);
  } else {
    const auto colon = header.find(':');
    const auto name = header.substr(0, colon);
    if (name.empty() || name.size() > 253 || !std::all_of(name.begin(), name.end(), name_char)) return std::nullopt;
    out.host = lower(name);
    rest = colon == std::string_view::npos ? std::string_view() : header.substr(colon);
  }
  if (rest.empty()) return out;
  if (rest.front() != ':' || (out.port = port_in(rest.substr(1))) < 0) return std::nullopt;
  return out;
}

std::optional<WebOrigin> parse_origin(std::string_view header) {
  header = trimmed(header);
  const auto sep = header.find("://");
  if (sep == std::string_view::npos) return std::nullopt;
  WebOrigin out{lower(header.substr(0, sep)), {}};
  if (out.scheme != "http" && out.scheme != "https") return std::nullopt;
  auto where = parse_host(header.substr(sep + 3));
  if (!where) return std::nullopt;
  if (where->port < 0) where->port = out.scheme == "https" ? 443 : 80;
  out.where = std::move(*where);
  return out;
}

bool is_json_content_type(std::string_view header) {
  return lower(trimmed(header.substr(0, header.find(';')))) == "application/json";
}

std::optional<std::string> canonical_ip(std::string_view text) {
  text = trimmed(text);
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  // Digits, hex and separators only: the system's parser stops at a NUL and takes an IPv6 zone
  // ("%eth0") it then spells otherwise, so "1.2.3.4\0x" or a zone would not compare as written.
  const auto ip_char = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; };
  if (text.empty() || text.size() > 64 || !std::all_of(text.begin(), text.end(), ip_char)) return std::nullopt;
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  }
  return address.to_string();
}

RequestGuard::RequestGuard(GuardConfig config) : config_(std::move(config)), names_{"localhost", "127.0.0.1", "::1"} {
  const auto bind = canonical_ip(config_.bind);
  if (bind) names_.push_back(*bind);
  any_address_ = bind == "0.0.0.0" || bind == "::";
  for (const auto& name : config_.hosts) {
    const auto host = parse_host(name);
    if (!host || host->port >= 0) {
      throw std::runtime_error(fmt::format("--host {}: not a host name (letters, digits, '-' and '.', or an IP "
                                           "address; no port)", shown(name)));
    }
    names_.push_back(host->host);
  }
  for (auto& proxy : config_.trusted_proxies) {
    const auto ip = canonical_ip(proxy);
    if (!ip) throw std::runtime_error(fmt::format("--trust-proxy {}: not an IP address", shown(proxy)));
    proxy = *ip;
  }
}

bool RequestGuard::serves_host(const std::string& host) const {
  return std::find(names_.begin(), names_.end(), host) != names_.end() || (any_address_ && canonical_ip(host));
}

std::string RequestGuard::allowed_hosts() const {
  std::string out;
  for (const auto& name : names_) out += (out.empty() ? "" : ", ") + bracketed(name);
  if (any_address_) out += " and any IP address (--bind " + config_.bind + ")";
  return out;
}

bool RequestGuard::trusts(std::string_view peer) const {
  const auto ip = canonical_ip(peer);
  const auto& proxies = config_.trusted_proxies;
  return ip && std::find(proxies.begin(), proxies.end(), *ip) != proxies.end();
}

std::optional<ApiError> RequestGuard::host_refusal(const RequestHeads& request, HostPort& host) const {
  if (!request.host) {
    if (request.version < 11) return std::nullopt;
    return ApiError(400, "bad_host", "an HTTP/1.1 request names the server it is for in a Host header");
  }
  auto parsed = parse_host(*request.host);
  if (!parsed) return ApiError(400, "bad_host", fmt::format("Host '{}' is not a host[:port]", shown(*request.host)));
  if (!serves_host(parsed->host)) {
    return ApiError(421, "bad_host",
                    fmt::format("this server answers to {} only, not to Host '{}' (more names are given with "
                                "`court serve --host NAME`)",
                                allowed_hosts(), shown(*request.host)));
  }
  host = std::move(*parsed);
  return std::nullopt;
}

std::optional<ApiError> RequestGuard::refusal(const RequestHeads& request) const {
  HostPort host;
  if (auto refused = host_refusal(request, host)) return refused;
  const bool api_change = request.path.starts_with("/api/") && changes_something(request.method);
  if ((api_change || request.websocket) && request.origin &&
      !same_origin(*request.origin, request.host ? std::optional(host) : std::nullopt)) {
    return ApiError(403, "cross_origin",
                    fmt::format("a request from the page of another site (Origin '{}') may not change anything "
                                "here: only the server's own pages may (the origin of the Host it names)",
                                shown(*request.origin)));
  }
  if (!api_change) return std::nullopt;
  if (request.content_type ? !is_json_content_type(*request.content_type) : request.has_body) {
    return ApiError(415, "bad_content_type",
                    fmt::format("a request that changes something sends JSON, with 'Content-Type: "
                                "application/json' (this one sent '{}')",
                                shown(request.content_type.value_or("no Content-Type"))));
  }
  return std::nullopt;
}

Caller RequestGuard::connection_caller(std::string_view peer) const {
  Caller caller;
  caller.proxy = trusts(peer);
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(canonical_ip(peer).value_or(std::string(peer)), ec);
  caller.client = ec ? std::string(peer) : client_key(address);
  caller.loopback = !ec && address.is_loopback() && !caller.proxy;
  return caller;
}

Caller RequestGuard::request_caller(const Caller& connection, std::optional<std::string_view> forwarded_for,
                                    std::string authorization) const {
  Caller caller = connection;
  caller.authorization = std::move(authorization);
  if (!connection.proxy || !forwarded_for) return caller;
  std::optional<std::string> client;
  std::string_view rest = *forwarded_for;
  while (!rest.empty()) {   // right to left: the proxies' own entries come last
    const auto comma = rest.rfind(',');
    const auto entry = trimmed(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(0, comma);
    if (entry.empty()) continue;
    client = canonical_ip(entry);
    if (!client) throw bad_forwarded_for(entry);
    if (!trusts(*client)) break;
  }
  if (client) caller.client = client_key(boost::asio::ip::make_address(*client));
  return caller;
}

}  // namespace court::server
