// Other sites in the designer's browser, and a reverse proxy in front (issue 38): a foreign Host
// (DNS rebinding), a foreign Origin or a non-JSON body is refused before it changes anything; every
// answer forbids framing; X-Forwarded-For is believed from a --trust-proxy only; --lab-token-required
// closes the Lab to loopback. Over loopback against a real server (docs/protocol.md, "Hosts, origins
// and content types" and "Deploying behind a proxy").
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "server/request_guard.h"
#include "server/server.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

using nlohmann::json;

const json kTwoPeople = {{"game", "intrigue"}, {"seats", {"human", "human", "random"}}};
const json kVariant = {{"game", "intrigue"}, {"name", "cross"}};
const json kJob = {{"game", "intrigue"}, {"games", 10}};

std::string own_host(std::uint16_t port) { return "127.0.0.1:" + std::to_string(port); }
std::string own_origin(std::uint16_t port) { return "http://" + own_host(port); }

// A request as a browser at `origin` sends it to this server (Origin omitted when empty).
HttpReply from_page(std::uint16_t port, const std::string& origin, const std::string& method, const std::string& target,
                    const json& body = nullptr) {
  Headers headers{{"Host", own_host(port)}};
  if (!origin.empty()) headers.emplace_back("Origin", origin);
  if (!body.is_null()) headers.emplace_back("Content-Type", "application/json");
  return http_with(port, method, target, headers, body.is_null() ? "" : body.dump());
}

void expect_refused(const HttpReply& reply, int status, const std::string& code, const std::string& says = "") {
  EXPECT_EQ(reply.status, status) << reply.body;
  ASSERT_EQ(reply.content_type, "application/json") << reply.body;
  EXPECT_EQ(reply.json().at("code"), code) << reply.body;
  EXPECT_NE(reply.json().at("error").get<std::string>().find(says), std::string::npos) << reply.body;
}

std::size_t count(std::uint16_t port, const std::string& list) { return http(port, "GET", list).json().size(); }

TEST(CrossSite, AForeignOriginChangesNothing) {
  InProcessServer server(temp_db("cross_origin"));
  const auto port = server.port();
  const std::string code = create_table(port, kTwoPeople).at("code");
  const std::string at_port = ":" + std::to_string(port);
  const std::vector<std::string> foreign{"http://evil.example", "null", "http://127.0.0.1:1", "http://localhost" + at_port,
                                         "http://evil.example" + at_port, "http://127.0.0.1" + at_port + "/"};
  for (const std::string& origin : foreign) {
    SCOPED_TRACE(origin);
    expect_refused(from_page(port, origin, "POST", "/api/lab/variants", kVariant), 403, "cross_origin", origin);
    expect_refused(from_page(port, origin, "POST", "/api/lab/jobs", kJob), 403, "cross_origin");
    expect_refused(from_page(port, origin, "POST", "/api/tables", kTwoPeople), 403, "cross_origin");
    expect_refused(from_page(port, origin, "POST", "/api/tables/" + code + "/join", json{{"seat", 0}}), 403,
                   "cross_origin");
    expect_refused(from_page(port, origin, "DELETE", "/api/lab/variants/1"), 403, "cross_origin");
  }
  EXPECT_EQ(count(port, "/api/lab/variants"), 0u);
  EXPECT_EQ(count(port, "/api/lab/jobs"), 0u);
  EXPECT_EQ(count(port, "/api/tables"), 1u);
  EXPECT_EQ(join_table(port, code, {{"seat", 0}}).at("seat"), 0) << "the refused joins took no seat";
  // Reading is not refused for its Origin: another site's page cannot read the answer anyway.
  EXPECT_EQ(from_page(port, "http://evil.example", "GET", "/api/tables").status, 200);
}

TEST(CrossSite, TheServersOwnPagesStillChangeThings) {
  InProcessServer server(temp_db("cross_own"));
  const auto port = server.port();
  EXPECT_EQ(from_page(port, own_origin(port), "POST", "/api/lab/variants", kVariant).status, 201);
  EXPECT_EQ(from_page(port, own_origin(port), "POST", "/api/tables", kTwoPeople).status, 201);
  EXPECT_EQ(from_page(port, "", "POST", "/api/tables", kTwoPeople).status, 201) << "no Origin: not a browser's page";
  const Headers localhost{{"Host", "LocalHost:" + std::to_string(port)},
                          {"Origin", "http://localhost:" + std::to_string(port)},
                          {"Content-Type", "application/json; charset=utf-8"}};
  EXPECT_EQ(http_with(port, "POST", "/api/lab/jobs", localhost, kJob.dump()).status, 201);
  EXPECT_EQ(count(port, "/api/lab/variants"), 1u);
  EXPECT_EQ(count(port, "/api/tables"), 2u);
}

TEST(CrossSite, AHostTheServerDoesNotServeIsRefused) {
  InProcessServer server(temp_db("cross_host"));
  const auto port = server.port();
  for (const std::string path : {"/api/lab/variants", "/api/tables", "/", "/ws"}) {
    SCOPED_TRACE(path);
    expect_refused(http_with(port, "GET", path, {{"Host", "evil.example:" + std::to_string(port)}}), 421, "bad_host",
                   "--host");
    expect_refused(http_with(port, "GET", path, {}), 400, "bad_host", "Host");
    expect_refused(http_with(port, "GET", path, {{"Host", "a b"}}), 400, "bad_host");
  }
  for (const std::string& host : std::vector<std::string>{"localhost", "127.0.0.1", "[::1]:" + std::to_string(port), "[0:0::1]"}) {
    SCOPED_TRACE(host);
    EXPECT_EQ(http_with(port, "GET", "/api/tables", {{"Host", host}}).status, 200);
  }
}

TEST(CrossSite, HostAddsANameTheServerAnswersTo) {
  InProcessServer server(temp_db("cross_host_flag"), [](server::ServerConfig& c) { c.hosts = {"court.example"}; });
  const auto port = server.port();
  EXPECT_EQ(http_with(port, "GET", "/api/lab/variants", {{"Host", "Court.Example"}}).status, 200);
  EXPECT_EQ(http_with(port, "GET", "/api/tables", {{"Host", "court.example:443"}}).status, 200);
  expect_refused(http_with(port, "GET", "/api/tables", {{"Host", "evil.example"}}), 421, "bad_host", "court.example");
  const Headers proxied{{"Host", "court.example"}, {"Origin", "https://court.example"}, {"Content-Type", "application/json"}};
  EXPECT_EQ(http_with(port, "POST", "/api/tables", proxied, kTwoPeople.dump()).status, 201);
  EXPECT_THROW(InProcessServer(temp_db("cross_host_bad"), [](server::ServerConfig& c) { c.hosts = {"a/b"}; }),
               std::runtime_error);
}

TEST(CrossSite, ABodyThatIsNotJsonIsRefused) {
  InProcessServer server(temp_db("cross_type"));
  const auto port = server.port();
  const std::string variant = kVariant.dump();
  for (const std::string type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                 "application/jsonp", ""}) {
    SCOPED_TRACE(type);
    Headers headers{{"Host", own_host(port)}};
    if (!type.empty()) headers.emplace_back("Content-Type", type);
    expect_refused(http_with(port, "POST", "/api/lab/variants", headers, variant), 415, "bad_content_type",
                   "application/json");
    expect_refused(http_with(port, "POST", "/api/tables", headers, kTwoPeople.dump()), 415, "bad_content_type");
  }
  EXPECT_EQ(count(port, "/api/lab/variants"), 0u);
  EXPECT_EQ(count(port, "/api/tables"), 0u);
  // The CSV import is JSON too: a spreadsheet's text sent as it is (a form could) changes nothing.
  const json v = from_page(port, "", "POST", "/api/lab/variants", kVariant).json();
  const std::string csv_path = "/api/lab/variants/" + std::to_string(v.at("id").get<int>()) + "/csv/cards.toml";
  const std::string csv = http(port, "GET", csv_path).body;
  const std::string more = csv.substr(0, csv.find('\n') + 1);   // the header alone: no cards
  expect_refused(http_with(port, "POST", csv_path, {{"Host", own_host(port)}, {"Content-Type", "text/csv"}}, more), 415,
                 "bad_content_type");
  EXPECT_EQ(http(port, "GET", csv_path).body, csv);
  EXPECT_EQ(from_page(port, "", "POST", csv_path, {{"csv", csv}}).status, 200);
  // No body and no Content-Type (a duplicate with its default name): nothing a form sends.
  EXPECT_EQ(from_page(port, own_origin(port), "POST", csv_path.substr(0, csv_path.find("/csv/")) + "/duplicate").status,
            201);
}

// The opening handshake of a WebSocket to `target`, sent by hand with `origin` (none when empty).
HttpReply upgrade(std::uint16_t port, const std::string& target, const std::string& origin) {
  Headers headers{{"Host", own_host(port)}, {"Upgrade", "websocket"}, {"Connection", "Upgrade"},
                  {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}, {"Sec-WebSocket-Version", "13"}};
  if (!origin.empty()) headers.emplace_back("Origin", origin);
  return http_with(port, "GET", target, headers);
}

TEST(CrossSite, AWebSocketFromAnotherSiteIsRefusedBeforeItOpens) {
  InProcessServer server(temp_db("cross_ws"));
  const auto port = server.port();
  const std::string code = create_table(port, kTwoPeople).at("code");
  const std::string token = join_table(port, code).at("token");
  expect_refused(upgrade(port, ws_target(code, token), "http://evil.example"), 403, "cross_origin");
  expect_refused(upgrade(port, ws_target(code, token), "null"), 403, "cross_origin");
  EXPECT_EQ(upgrade(port, ws_target(code, token), own_origin(port)).status, 101);
  EXPECT_EQ(upgrade(port, ws_target(code, token), "").status, 101);
  WsClient client(port, ws_target(code, token));   // no Origin, as a program connects
  EXPECT_EQ(client.read_json().at("type"), "state");
}

TEST(CrossSite, NoAnswerMayBeShownInAnotherSitesFrame) {
  InProcessServer server(temp_db("cross_frame"));
  const auto port = server.port();
  for (const auto& reply : {http(port, "GET", "/"), http(port, "GET", "/api/tables"), http(port, "GET", "/nothing"),
                            http_with(port, "GET", "/", {{"Host", "evil.example"}})}) {
    EXPECT_EQ(reply.headers.at("x-frame-options"), "DENY") << reply.status;
    EXPECT_NE(reply.headers.at("content-security-policy").find("frame-ancestors 'none'"), std::string::npos);
  }
  EXPECT_NE(http(port, "GET", "/").headers.at("content-security-policy").find("default-src 'self'"), std::string::npos)
      << "the client's page loads only the server's own scripts";
}

HttpReply proxied_table(std::uint16_t port, const std::string& forwarded_for) {
  Headers headers{{"Host", own_host(port)}, {"Content-Type", "application/json"}};
  if (!forwarded_for.empty()) headers.emplace_back("X-Forwarded-For", forwarded_for);
  return http_with(port, "POST", "/api/tables", headers, kTwoPeople.dump());
}

void one_waiting_table(server::ServerConfig& c) { c.tables.max_client_waiting = 1; }

TEST(CrossSite, ForwardedForNamesTheClientOnlyFromATrustedProxy) {
  InProcessServer proxy(temp_db("cross_proxy"), [](server::ServerConfig& c) {
    one_waiting_table(c);
    c.trusted_proxies = {"127.0.0.1", "10.0.0.2"};
  });
  const auto port = proxy.port();
  EXPECT_EQ(proxied_table(port, "203.0.113.1").status, 201);
  EXPECT_EQ(proxied_table(port, "203.0.113.2").status, 201) << "another client behind the proxy has its own limit";
  expect_refused(proxied_table(port, "192.0.2.9, 203.0.113.1"), 429, "too_many_waiting_tables");
  // A trusted proxy's own entry is skipped.
  expect_refused(proxied_table(port, "203.0.113.2 ,10.0.0.2"), 429, "too_many_waiting_tables");
  EXPECT_EQ(proxied_table(port, "").status, 201) << "without the header: the proxy's own request";
  expect_refused(proxied_table(port, ""), 429, "too_many_waiting_tables");
  expect_refused(proxied_table(port, "203.0.113.3, not-an-address"), 400, "bad_forwarded_for");
  // Behind the proxy nobody is this machine: the Lab wants the token.
  expect_refused(http(port, "GET", "/api/lab/variants"), 403, "lab_closed");

  InProcessServer direct(temp_db("cross_noproxy"), one_waiting_table);
  EXPECT_EQ(proxied_table(direct.port(), "203.0.113.1").status, 201);
  // A forged header from a peer that is not a trusted proxy changes nothing.
  expect_refused(proxied_table(direct.port(), "203.0.113.2"), 429, "too_many_waiting_tables");
  EXPECT_EQ(http(direct.port(), "GET", "/api/lab/variants").status, 200);
}

TEST(CrossSite, ATrustedProxyIsNotHeldToOneAddresssConnections) {
  auto one_connection = [](bool trusted) {
    return [trusted](server::ServerConfig& c) {
      c.max_client_connections = 1;
      if (trusted) c.trusted_proxies = {"127.0.0.1"};
    };
  };
  for (bool trusted : {false, true}) {
    InProcessServer server(temp_db("cross_proxy_conn"), one_connection(trusted));
    boost::asio::io_context io;
    boost::asio::ip::tcp::socket held(io);   // one idle connection, held open
    held.connect({boost::asio::ip::make_address("127.0.0.1"), server.port()});
    EXPECT_EQ(http(server.port(), "GET", "/api/tables").status, trusted ? 200 : 503);
  }
}

TEST(CrossSite, LabTokenRequiredClosesTheLabToLoopback) {
  EXPECT_THROW(InProcessServer(temp_db("cross_required_bad"), [](server::ServerConfig& c) { c.lab.token_required = true; }),
               std::runtime_error);
  InProcessServer server(temp_db("cross_required"), [](server::ServerConfig& c) {
    c.lab.token_required = true;
    c.lab.token = "s3cret";
  });
  const auto port = server.port();
  expect_refused(http(port, "GET", "/api/lab/variants"), 403, "lab_closed", "--lab-token");
  expect_refused(http_to("127.0.0.1", port, "GET", "/api/lab/variants", "", "Bearer wrong"), 403, "lab_closed");
  const HttpReply made = http_to("127.0.0.1", port, "POST", "/api/lab/variants", kVariant.dump(), "Bearer s3cret");
  ASSERT_EQ(made.status, 201) << made.body;
  const json table = {{"variant", made.json().at("id")}, {"seats", {"human", "random", "random"}}};
  expect_refused(http(port, "POST", "/api/tables", table.dump()), 403, "lab_closed");
  EXPECT_EQ(http_to("127.0.0.1", port, "POST", "/api/tables", table.dump(), "Bearer s3cret").status, 201);
  EXPECT_EQ(http(port, "GET", "/api/tables").status, 200) << "the lobby stays open";
}

// The guard's rules without a server: what a --bind to every address serves, and the parsers.
TEST(CrossSite, TheGuardsRulesForEveryAddressAndItsParsers) {
  const server::RequestGuard any({"0.0.0.0", {}, {}});
  EXPECT_TRUE(any.serves_host("192.0.2.7"));
  EXPECT_TRUE(any.serves_host("2001:db8::1"));
  EXPECT_FALSE(any.serves_host("evil.example")) << "a name is what DNS rebinding needs";
  const server::RequestGuard one({"192.0.2.7", {}, {}});
  EXPECT_TRUE(one.serves_host("192.0.2.7"));
  EXPECT_FALSE(one.serves_host("192.0.2.8"));
  EXPECT_EQ(server::parse_host("[::1]:80")->port, 80);
  EXPECT_FALSE(server::parse_host("[::1"));
  EXPECT_FALSE(server::parse_host("host:99999"));
  EXPECT_FALSE(server::parse_host("host:"));
  EXPECT_EQ(server::parse_origin("HTTPS://Court.Example")->where.port, 443);
  EXPECT_FALSE(server::parse_origin("http://a.example/path"));
  EXPECT_FALSE(server::parse_origin("file://"));
  EXPECT_TRUE(server::is_json_content_type(" Application/JSON ; charset=utf-8"));
  EXPECT_FALSE(server::is_json_content_type("application/json-patch+json"));
  EXPECT_EQ(server::canonical_ip("::ffff:10.0.0.1"), "10.0.0.1");
  // fuzz_request_guard found these: the system's parser read "[2::%-2.a \0]" as an address with a zone,
  // then spelled it otherwise, so the Host's own origin was refused; a NUL ended the parse early.
  EXPECT_FALSE(server::parse_host(std::string("[2::%-2.a \0]", 12)));
  EXPECT_FALSE(server::parse_host("[fe80::1%25eth0]"));
  EXPECT_FALSE(server::canonical_ip(std::string("10.0.0.1\0x", 10)));
  EXPECT_THROW(server::RequestGuard({"127.0.0.1", {}, {"proxy.example"}}), std::runtime_error);
  const server::RequestHeads head{"HEAD", "/api/tables", 10, std::nullopt, std::nullopt, std::nullopt, false, false};
  EXPECT_FALSE(one.refusal(head)) << "HTTP/1.0 may leave out Host";
}

}  // namespace
}  // namespace court::server_test
