// Fuzz target: the request guard (server/request_guard.h), as `court serve` runs it on every request
// before routing: Host, Origin, Content-Type and X-Forwarded-For. Byte 0 says which headers are present
// (and HTTP/1.0, a WebSocket upgrade), byte 1 the server's flags and whether there is a body; the rest is
// lines: method, path, Host, Origin, Content-Type, X-Forwarded-For, the TCP peer. Besides crashes, a finding is a refusal with a status or code the
// guard does not give, and a Host the guard serves whose own origin it then refuses.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/request_guard.h"

namespace {

using court::server::RequestGuard;

const RequestGuard& guard(std::uint8_t which) {
  static const RequestGuard guards[] = {
      RequestGuard({"127.0.0.1", {"court.example"}, {"127.0.0.1", "10.0.0.2"}}),
      RequestGuard({"0.0.0.0", {}, {"::1"}}),
      RequestGuard({"::", {"a-b.example", "[2001:db8::1]"}, {}}),
  };
  return guards[which % 3];
}

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (out.size() < 7) {
    const auto end = text.find('\n');
    out.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  out.resize(7);
  return out;
}

void expect(bool holds) {
  if (!holds) __builtin_trap();
}

void check_refusal(const std::optional<court::server::ApiError>& refused) {
  if (!refused) return;
  const auto& code = refused->code();
  const int status = refused->status();
  expect((code == "bad_host" && (status == 400 || status == 421)) || (code == "cross_origin" && status == 403) ||
         (code == "bad_content_type" && status == 415));
  expect(!std::string_view(refused->what()).empty());
}

// A Host the guard serves: a same-origin JSON POST to it must pass.
void check_own_origin(const RequestGuard& g, std::string_view host_header) {
  const auto host = court::server::parse_host(host_header);
  if (!host || !g.serves_host(host->host)) return;
  expect(!host->host.empty() && host->port >= -1 && host->port <= 65535);
  const std::string where = host->host.find(':') == std::string::npos ? host->host : "[" + host->host + "]";
  const std::string origin = "http://" + where + (host->port < 0 ? "" : ":" + std::to_string(host->port));
  const court::server::RequestHeads post{"POST", "/api/tables", 11, host_header, origin, "application/json", true, false};
  expect(!g.refusal(post));
}

void check_caller(const RequestGuard& g, std::string_view peer, std::optional<std::string_view> forwarded_for) {
  const court::server::Caller connection = g.connection_caller(peer);
  expect(!connection.proxy || !connection.loopback);
  try {
    const court::server::Caller caller = g.request_caller(connection, forwarded_for, "Bearer x");
    expect(caller.authorization == "Bearer x" && caller.loopback == connection.loopback);
    expect(connection.proxy || caller.client == connection.client);
  } catch (const court::server::ApiError& e) {
    expect(connection.proxy && e.status() == 400 && e.code() == "bad_forwarded_for");
  }
  if (const auto ip = court::server::canonical_ip(peer)) expect(court::server::canonical_ip(*ip) == ip);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t flags = data[0];
  const auto field = lines({reinterpret_cast<const char*>(data) + 2, size - 2});
  const auto present = [&](int bit, std::string_view value) {
    return flags & (1 << bit) ? std::optional<std::string_view>(value) : std::nullopt;
  };
  const RequestGuard& g = guard(data[1] >> 1);
  const court::server::RequestHeads request{field[0], field[1], flags & 1 ? 10u : 11u, present(1, field[2]),
                                            present(2, field[3]), present(3, field[4]), (data[1] & 1) != 0,
                                            (flags & (1 << 4)) != 0};
  check_refusal(g.refusal(request));
  check_own_origin(g, field[2]);
  check_caller(g, field[6], present(5, field[5]));
  (void)court::server::is_json_content_type(field[4]);
  (void)court::server::parse_origin(field[3]);
  return 0;
}
