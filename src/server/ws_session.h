// One WebSocket connection at /ws?table=CODE[&token=TOKEN]: a seat (with a token) or a spectator.
// Reads client messages (move, sync), checks their shape, and hands them to the table's strand;
// writes the table's messages in order, a newer state replacing an unsent older one.
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <atomic>
#include <deque>
#include <memory>
#include <string>

#include "server/limits.h"
#include "server/message_rate.h"
#include "server/table.h"

namespace court::server {

class Lobby;

class WsSession final : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::beast::tcp_stream stream, Lobby& lobby, const ConnectionTimeouts& timeouts);
  // Completes the upgrade and serves the connection until it closes. Runs on the socket's strand.
  // `request` must outlive the coroutine (see strand_call.h).
  boost::asio::awaitable<void> run(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void send(std::string text, bool is_state) override;

 private:
  // Counts a message against the connection's limit: false when it is refused (or the connection closed).
  bool admit_message();
  void handle(const std::string& text);
  void post_sync();
  void enqueue(std::string text, bool is_state);
  void write_next();
  void send_and_close(std::string text, boost::beast::websocket::close_code code);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  Lobby& lobby_;
  std::shared_ptr<Table> table_;
  ConnectionTimeouts timeouts_;
  Seat seat_ = kSpectator;
  MessageRate rate_;
  // A sync queued on the table's strand and not yet answered (set here, cleared there), and whether it
  // is the last message this connection queued: then a new sync would answer the same, and is not queued.
  std::atomic<bool> sync_pending_{false};
  bool last_queued_sync_ = false;
  std::deque<std::pair<std::string, bool>> queue_;   // (text, is_state); front is being written when writing_
  bool writing_ = false;
  bool closing_ = false;
  boost::beast::websocket::close_code close_code_ = boost::beast::websocket::close_code::normal;
};

}  // namespace court::server
