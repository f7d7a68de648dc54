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
#include <deque>
#include <memory>
#include <string>

#include "server/table.h"

namespace court::server {

class Lobby;

class WsSession final : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::beast::tcp_stream stream, Lobby& lobby);
  // Completes the upgrade and serves the connection until it closes. Runs on the socket's strand.
  // `request` must outlive the coroutine (see strand_call.h).
  boost::asio::awaitable<void> run(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void send(std::string text, bool is_state) override;

 private:
  void handle(const std::string& text);
  void enqueue(std::string text, bool is_state);
  void write_next();
  void send_and_close(std::string text, boost::beast::websocket::close_code code);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  Lobby& lobby_;
  std::shared_ptr<Table> table_;
  Seat seat_ = kSpectator;
  std::deque<std::pair<std::string, bool>> queue_;   // (text, is_state); front is being written when writing_
  bool writing_ = false;
  bool closing_ = false;
  boost::beast::websocket::close_code close_code_ = boost::beast::websocket::close_code::normal;
};

}  // namespace court::server
