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

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "server/api_error.h"
#include "server/bot_pool.h"
#include "server/client_limit.h"
#include "server/http_session.h"
#include "server/lab_door.h"
#include "server/lobby.h"
#include "server/request_guard.h"
#include "server/storage.h"

namespace court::server {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

int game_thread_count(int wanted) {
  if (wanted > 0) return wanted;
  return std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
}

// One admitted connection: served while its slot is held.
asio::awaitable<void> serve_admitted(tcp::socket socket, Lobby& lobby, LabDoor& lab, const RequestGuard& guard,
                                     [[maybe_unused]] ClientLimit::Slot slot, Caller caller) {
  co_await serve_http(boost::beast::tcp_stream(std::move(socket)), lobby, lab, guard, std::move(caller));
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

// A connection over the client's limit: its request is read (for at most five seconds), answered
// 503 too_many_connections, and the connection closed.
asio::awaitable<void> refuse_connection(tcp::socket socket, int limit) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  beast::tcp_stream stream(std::move(socket));
  stream.expires_after(std::chrono::seconds(5));
  beast::flat_buffer buffer;
  http::request_parser<http::empty_body> request;
  boost::system::error_code ec;
  co_await http::async_read_header(stream, buffer, request, asio::redirect_error(asio::use_awaitable, ec));
  http::response<http::string_body> reply(http::status::service_unavailable, 11);
  reply.set(http::field::content_type, "application/json");
  reply.set("X-Frame-Options", "DENY");
  reply.set("Content-Security-Policy", kFrameCsp);
  reply.keep_alive(false);
  reply.body() = error_body("too_many_connections",
                            fmt::format("this address has {} connections open already, the most the server allows", limit))
                     .dump();
  reply.prepare_payload();
  co_await http::async_write(stream, reply, asio::redirect_error(asio::use_awaitable, ec));
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

asio::awaitable<void> accept_loop(tcp::acceptor& acceptor, Lobby& lobby, LabDoor& lab, const RequestGuard& guard,
                                  std::shared_ptr<ClientLimit> limit) {
  for (;;) {
    boost::system::error_code ec;
    tcp::socket socket = co_await acceptor.async_accept(asio::make_strand(acceptor.get_executor()),
                                                        asio::redirect_error(asio::use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (ec) continue;   // e.g. too many open files: keep serving the connections there are
    // A state goes out as soon as it is written: without this, Nagle's algorithm held a frame's tail
    // until the client's delayed acknowledgement (about 40 ms), the 99th percentile of a move's latency.
    socket.set_option(tcp::no_delay(true), ec);
    auto executor = socket.get_executor();
    const auto peer = socket.remote_endpoint(ec);
    if (ec) continue;   // already gone
    Caller caller = guard.connection_caller(peer.address().to_string());
    // A trusted proxy carries every client's connections: the cap per address cannot count them.
    if (auto slot = caller.proxy ? std::optional<ClientLimit::Slot>(std::in_place) : limit->admit(caller.client)) {
      asio::co_spawn(executor, serve_admitted(std::move(socket), lobby, lab, guard, std::move(*slot), std::move(caller)),
                     asio::detached);
    } else {
      asio::co_spawn(executor, refuse_connection(std::move(socket), limit->limit()), asio::detached);
    }
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
        game_pool(static_cast<std::size_t>(game_thread_count(config.game_threads))),
        bot_pool(config.bot_threads, config.bot_threads_per_client),
        lobby(storage, game_pool.get_executor(), config.tables, &bot_pool, config.games),
        io(config.io_threads),
        acceptor(io),
        io_threads(std::max(1, config.io_threads)),
        client_limit(std::make_shared<ClientLimit>(config.max_client_connections)) {}

  RequestGuard guard;
  Storage storage;
  std::unique_ptr<LabDoor> lab;
  GamePool game_pool;
  BotPool bot_pool;   // its queued searches hold tables: gone before the game pool
  Lobby lobby;
  NetworkContext io;
  tcp::acceptor acceptor;
  int io_threads;
  std::shared_ptr<ClientLimit> client_limit;
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

void Server::start() {
  impl_->lab->start();
  asio::co_spawn(impl_->io, accept_loop(impl_->acceptor, impl_->lobby, *impl_->lab, impl_->guard, impl_->client_limit), asio::detached);
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
