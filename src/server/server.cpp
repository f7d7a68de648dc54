#include "server/server.h"

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <fmt/format.h>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>

#include "server/api_error.h"
#include "server/bot_pool.h"
#include "server/client_limit.h"
#include "server/http_session.h"
#include "server/lab_door.h"
#include "server/limits.h"
#include "server/lobby.h"
#include "server/request_guard.h"
#include "server/storage.h"
#include "server/thread_priority.h"

namespace court::server {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

// What the accept loop needs for each connection.
struct Doors {
  Lobby& lobby;
  LabDoor& lab;
  const RequestGuard& guard;
  std::shared_ptr<ClientLimit> limit;
  ConnectionTimeouts timeouts;
  std::atomic<int> refusing{0};   // connections being answered 503 now
};

// One admitted connection: served while its slot is held.
asio::awaitable<void> serve_admitted(tcp::socket socket, Doors& doors, [[maybe_unused]] ClientLimit::Slot slot,
                                     Caller caller) {
  co_await serve_http(boost::beast::tcp_stream(std::move(socket)), doors.lobby, doors.lab, doors.guard,
                      std::move(caller), doors.timeouts);
}

// Expires tables that waited for people too long, checking a tenth as often as the expiry time (at
// least every second, at most every minute), so one leaves memory soon after its time.
asio::awaitable<void> expire_loop(Lobby& lobby) {
  const auto expiry = std::chrono::seconds(lobby.limits().waiting_expiry_s);
  if (expiry.count() <= 0) co_return;
  const auto every = std::clamp<std::chrono::seconds>(expiry / 10, std::chrono::seconds(1), std::chrono::seconds(60));
  asio::steady_timer timer(co_await asio::this_coro::executor);
  for (;;) {
    timer.expires_after(every);
    boost::system::error_code ec;
    co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    co_await lobby.expire_waiting();
  }
}

// A connection over the client's limit or the server's cap: its request's headers are read (for at
// most two seconds), answered 503 with `code`, and the connection closed.
asio::awaitable<void> refuse_connection(tcp::socket socket, Doors& doors, std::string code, std::string message) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  beast::tcp_stream stream(std::move(socket));
  stream.expires_after(std::chrono::seconds(2));
  beast::flat_buffer buffer;
  http::request_parser<http::empty_body> request;
  request.header_limit(static_cast<std::uint32_t>(kMaxHeader));
  boost::system::error_code ec;
  co_await http::async_read_header(stream, buffer, request, asio::redirect_error(asio::use_awaitable, ec));
  http::response<http::string_body> reply(http::status::service_unavailable, 11);
  reply.set(http::field::content_type, "application/json");
  reply.set("X-Frame-Options", "DENY");
  reply.set("Content-Security-Policy", kFrameCsp);
  reply.keep_alive(false);
  reply.body() = error_body(code, message).dump();
  reply.prepare_payload();
  co_await http::async_write(stream, reply, asio::redirect_error(asio::use_awaitable, ec));
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  --doors.refusing;
}

// Serves `socket` if its client and the server have room, else refuses it: 503 while few refusals are
// under way, closed at once beyond kMaxRefusing (each refusal holds a descriptor for a moment).
void admit_or_refuse(tcp::socket socket, Doors& doors) {
  boost::system::error_code ec;
  // A state goes out as soon as it is written: without this, Nagle's algorithm held a frame's tail
  // until the client's delayed acknowledgement (about 40 ms), the 99th percentile of a move's latency.
  socket.set_option(tcp::no_delay(true), ec);
  auto executor = socket.get_executor();
  const auto peer = socket.remote_endpoint(ec);
  if (ec) return;   // already gone
  Caller caller = doors.guard.connection_caller(peer.address().to_string());
  bool server_full = false;
  // A trusted proxy carries every client's connections: the cap per address cannot count them (the total does).
  if (auto slot = doors.limit->admit(caller.client, server_full, !caller.proxy)) {
    asio::co_spawn(executor, serve_admitted(std::move(socket), doors, std::move(*slot), std::move(caller)),
                   asio::detached);
    return;
  }
  if (++doors.refusing > kMaxRefusing) {
    --doors.refusing;
    return;   // the socket closes as it leaves
  }
  const auto message = server_full
      ? fmt::format("the server has {} connections open, the most it allows (--max-connections); try again soon",
                    doors.limit->total())
      : fmt::format("this address has {} connections open already, the most the server allows", doors.limit->limit());
  asio::co_spawn(executor, refuse_connection(std::move(socket), doors, server_full ? "server_full" : "too_many_connections",
                                             message),
                 asio::detached);
}

// Accept failures for want of descriptors or memory: retrying at once would spin a core and fail again.
bool out_of_resources(const boost::system::error_code& ec) {
  if (ec.category() != boost::system::system_category()) return false;
  const int e = ec.value();
  return e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM;
}

asio::awaitable<void> accept_loop(tcp::acceptor& acceptor, Doors& doors) {
  constexpr auto kFirstPause = std::chrono::milliseconds(50);
  constexpr auto kLongestPause = std::chrono::milliseconds(1000);
  auto pause = kFirstPause;
  asio::steady_timer timer(acceptor.get_executor());
  for (;;) {
    boost::system::error_code ec;
    tcp::socket socket = co_await acceptor.async_accept(asio::make_strand(acceptor.get_executor()),
                                                        asio::redirect_error(asio::use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (out_of_resources(ec)) {
      // Wait, longer each time, while the connections there are go on being served.
      if (pause == kFirstPause) std::cerr << fmt::format("court serve: cannot accept connections: {}\n", ec.message());
      timer.expires_after(pause);
      co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      pause = std::min(pause * 2, kLongestPause);
      continue;
    }
    if (ec) continue;   // one connection failed (e.g. reset before it was accepted)
    pause = kFirstPause;
    admit_or_refuse(std::move(socket), doors);
  }
}

// A server without a Lab (ServerConfig::make_lab empty): it admits nobody, so every request for it is
// refused as lab_closed before it reaches a route.
class ClosedLab : public LabDoor {
 public:
  void start() override {}
  bool admits(bool, const std::string&) const override { return false; }
  HttpAnswer answer(const std::string&, const std::vector<std::string>&, const Target&, const std::string&,
                    const Caller&) override {
    return {404, error_body("not_found", "this server has no Lab").dump()};
  }
  TableVariant table_variant(std::int64_t) override { throw ApiError(404, "not_found", "this server has no Lab"); }
};

// The guard of `config`'s names and proxies; throws std::runtime_error (naming the flag) for a flag
// it cannot serve by.
RequestGuard guard_of(const ServerConfig& config) {
  if (config.lab.token_required && config.lab.token.empty()) {
    throw std::runtime_error("--lab-token-required needs --lab-token TOKEN: without one nobody could open the Lab");
  }
  return RequestGuard({config.bind, config.hosts, config.trusted_proxies});
}

// Raises the soft descriptor limit to the hard one, and returns the connections to allow: `wanted`, or
// (0) the limit less kReservedDescriptors. Throws when `wanted` would leave fewer than those.
int connection_cap(int wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const auto descriptors = static_cast<int>(std::min<rlim_t>(limit.rlim_cur, 1 << 30));
  const int most = std::max(1, descriptors - kReservedDescriptors);
  if (wanted > most) {
    throw std::runtime_error(fmt::format("--max-connections {}: at most {} here (the descriptor limit, {}, less {} "
                                         "the server keeps for its database, Lab and logs)",
                                         wanted, most, descriptors, kReservedDescriptors));
  }
  return wanted > 0 ? wanted : most;
}

std::unique_ptr<LabDoor> open_lab_of(const ServerConfig& config) {
  if (!config.make_lab) return std::make_unique<ClosedLab>();
  return config.make_lab(config.db, config.lab);
}

// The two execution contexts, able to drop their pending work while both still exist: connections
// (bound to the network context) and tables (bound to the game pool) hold each other, so neither
// may outlive the other's context.
class NetworkContext : public asio::io_context {
 public:
  using asio::io_context::io_context;
  void drop_pending_work() { shutdown(); }
};
class GamePool : public asio::thread_pool {
 public:
  using asio::thread_pool::thread_pool;
  void drop_pending_work() { shutdown(); }
};

}  // namespace

// Members are declared so that what remains after stop() is destroyed tables first, then the pools,
// then the database. The guard comes first: it checks the flags before the database is opened.
struct Server::Impl {
  explicit Impl(const ServerConfig& config)
      : guard(guard_of(config)),
        storage(config.db),
        lab(open_lab_of(config)),
        game_pool(static_cast<std::size_t>(threads_or_cores(config.game_threads, 2))),
        bot_pool(config.bot_threads, config.bot_threads_per_client),
        lobby(storage, game_pool.get_executor(), config.tables, &bot_pool, config.games),
        io(config.io_threads),
        acceptor(io),
        io_threads(std::max(1, config.io_threads)),
        doors{lobby, *lab, guard,
              std::make_shared<ClientLimit>(config.max_client_connections, connection_cap(config.max_connections)),
              config.timeouts} {}

  RequestGuard guard;
  Storage storage;
  std::unique_ptr<LabDoor> lab;
  GamePool game_pool;
  BotPool bot_pool;   // its queued searches hold tables: gone before the game pool
  Lobby lobby;
  NetworkContext io;
  tcp::acceptor acceptor;
  int io_threads;
  Doors doors;
  std::vector<std::thread> threads;
  std::size_t resumed = 0;
  std::once_flag stopped;
};

Server::Server(const ServerConfig& config) : impl_(std::make_unique<Impl>(config)) {
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(config.bind, ec);
  if (ec) throw std::runtime_error(fmt::format("--bind {}: not an IP address", config.bind));
  const tcp::endpoint endpoint(address, config.port);
  auto& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol());
  acceptor.set_option(asio::socket_base::reuse_address(true));
  acceptor.bind(endpoint, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot listen on {}:{}: {}", config.bind, config.port, ec.message()));
  acceptor.listen(asio::socket_base::max_listen_connections);
  impl_->resumed = impl_->lobby.recover();
}

Server::~Server() { stop(); }

std::uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }

std::size_t Server::resumed() const { return impl_->resumed; }

int Server::max_connections() const { return impl_->doors.limit->total(); }
int Server::open_connections() const { return impl_->doors.limit->open(); }

Lobby& Server::lobby() { return impl_->lobby; }

void Server::start() {
  impl_->lab->start();
  asio::co_spawn(impl_->io, accept_loop(impl_->acceptor, impl_->doors), asio::detached);
  asio::co_spawn(impl_->io, expire_loop(impl_->lobby), asio::detached);
  for (int i = 0; i < impl_->io_threads; ++i) {
    impl_->threads.emplace_back([this] { impl_->io.run(); });
  }
}

void Server::run_until_signal() {
  asio::io_context signals_io;
  asio::signal_set signals(signals_io, SIGINT, SIGTERM);
  signals.async_wait([](const boost::system::error_code&, int) {});
  signals_io.run();
  stop();
}

void Server::stop() {
  std::call_once(impl_->stopped, [this] {
    impl_->io.stop();
    for (auto& t : impl_->threads) t.join();
    impl_->bot_pool.stop();   // a search that is running finishes first; its move goes nowhere
    impl_->game_pool.stop();
    impl_->game_pool.join();
    boost::system::error_code ec;
    impl_->acceptor.close(ec);
    // Nothing runs now. Drop the connections and queued table work while both contexts exist.
    impl_->io.drop_pending_work();
    impl_->game_pool.drop_pending_work();
  });
}

}  // namespace court::server
