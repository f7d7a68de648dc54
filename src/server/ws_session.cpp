#include "server/ws_session.h"

#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>
#include <fmt/format.h>

#include "server/api_error.h"
#include "server/client_message.h"
#include "server/limits.h"
#include "server/lobby.h"
#include "server/secrets.h"
#include "server/strand_call.h"
#include "server/url.h"

namespace court::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

// Runs a client's message on the table's strand; a refusal goes back to the client as an error message.
template <typename F>
void answer_errors(Subscriber& client, F&& run) {
  try {
    run();
  } catch (const ApiError& e) {
    client.send(ws_error(e.code(), e.what()), false);
  } catch (const std::exception& e) {
    client.send(ws_error("internal", fmt::format("internal error: {}", e.what())), false);
  }
}

}  // namespace

WsSession::WsSession(beast::tcp_stream stream, Lobby& lobby, const ConnectionTimeouts& timeouts)
    : ws_(std::move(stream)), lobby_(lobby), timeouts_(timeouts) {}

asio::awaitable<void> WsSession::run(const beast::http::request<beast::http::string_body>& request) {
  auto self = shared_from_this();
  // Pings at half the idle time keep a quiet but alive client (and any proxy between) connected; a
  // client that answers nothing for the idle time is gone.
  auto timeout = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeout.idle_timeout = timeouts_.ws_idle;
  timeout.keep_alive_pings = true;
  ws_.set_option(timeout);
  ws_.read_message_max(kMaxFrameRead);
  beast::error_code ec;
  co_await ws_.async_accept(request, asio::redirect_error(asio::use_awaitable, ec));
  if (ec) co_return;

  const Target target = parse_target(request.target());
  const auto code_it = target.query.find("table");
  const std::string code = code_it == target.query.end() ? "" : normalize_table_code(code_it->second);
  std::shared_ptr<Table> table;
  std::string refusal;
  try {
    table = code.empty() ? nullptr : lobby_.find(code);
    if (!table) refusal = ws_error("unknown_table", "no table with that code: connect to /ws?table=CODE[&token=TOKEN]");
  } catch (const std::exception& e) {
    refusal = ws_error("internal", fmt::format("the table could not be loaded: {}", e.what()));
  }
  if (table) {
    co_await lobby_.expire_if_due(table);
    std::optional<std::string> token;
    if (auto it = target.query.find("token"); it != target.query.end()) token = it->second;
    try {
      auto attach = [table, self, token] { return table->attach(self, token); };
      seat_ = co_await run_on(table->strand(), attach);
      table_ = table;
    } catch (const ApiError& e) {
      refusal = ws_error(e.code(), e.what());
    }
  }
  if (!table_) {
    send_and_close(refusal, websocket::close_code::policy_error);
  } else {
    for (;;) {
      beast::flat_buffer buffer;
      co_await ws_.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
      if (ec) break;
      if (buffer.size() > kMaxBody) {
        send_and_close(ws_error("too_big", fmt::format("a message may hold at most {} bytes; this one held {}",
                                                       kMaxBody, buffer.size())),
                       websocket::close_code::too_big);
        break;
      }
      if (!admit_message()) continue;
      if (!ws_.got_text()) {
        enqueue(ws_error("bad_message", "messages are JSON text, not binary"), false);
        continue;
      }
      handle(beast::buffers_to_string(buffer.data()));
    }
    asio::post(table_->strand(), [table = table_, self] { table->detach(self.get()); });
  }
}

bool WsSession::admit_message() {
  const auto verdict = rate_.take(MessageRate::Clock::now());
  if (verdict == MessageRate::Verdict::Accept) return true;
  const std::string limit = fmt::format("at most {} messages at once, then {} a second and one for each state received",
                                        kMessageBurst, kMessagesPerSecond);
  if (verdict == MessageRate::Verdict::Close) {
    send_and_close(ws_error("too_many_messages", fmt::format("closed: {} messages were refused; {}",
                                                             kMaxRefusedMessages, limit)),
                   websocket::close_code::policy_error);
  } else {
    enqueue(ws_error("too_many_messages", fmt::format("this message was refused: {}", limit)), false);
  }
  return false;
}

// A sync while this connection's last queued message is a sync not yet answered: that answer is this
// one's too (the state cannot change between them but by another connection's message, whose state
// reaches this one anyway).
void WsSession::post_sync() {
  if (last_queued_sync_ && sync_pending_.load()) return;
  last_queued_sync_ = true;
  sync_pending_.store(true);
  asio::post(table_->strand(), [table = table_, self = shared_from_this(), seat = seat_] {
    self->sync_pending_.store(false);
    answer_errors(*self, [&] { table->sync(*self, seat); });
  });
}

void WsSession::handle(const std::string& text) {
  try {
    const ClientMessage message = read_client_message(text);
    if (message.type == ClientMessage::Type::Sync) {
      post_sync();
      return;
    }
    last_queued_sync_ = false;
    auto self = shared_from_this();
    asio::post(table_->strand(), [table = table_, self, seat = seat_, message] {
      answer_errors(*self, [&] {
        if (message.type == ClientMessage::Type::Say && !message.claim_kind.empty()) {
          table->say_claim(seat, message.token, message.to, message.claim_kind, message.claim_value);
        } else if (message.type == ClientMessage::Type::Say) {
          table->say(seat, message.token, message.to, message.text);
        } else {
          table->move(seat, message.token, message.step, message.action);
        }
      });
    });
  } catch (const ApiError& e) {
    enqueue(ws_error(e.code(), e.what()), false);
  }
}

void WsSession::send(std::string text, bool is_state) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text), is_state]() mutable {
    self->enqueue(std::move(text), is_state);
  });
}

void WsSession::enqueue(std::string text, bool is_state) {
  if (closing_) return;
  if (is_state) rate_.credit();
  const std::size_t unsent = queue_.size() - (writing_ ? 1 : 0);
  if (is_state && unsent > 0 && queue_.back().second) {
    queue_.back().first = std::move(text);   // the client needs only the newest state
  } else {
    queue_.emplace_back(std::move(text), is_state);
  }
  if (queue_.size() > kMaxQueuedMessages) {
    closing_ = true;   // a client that reads nothing: drop it (an unfinished write fails and clears the queue)
    if (!writing_) queue_.clear();
    beast::get_lowest_layer(ws_).close();
    return;
  }
  if (!writing_) write_next();
}

void WsSession::send_and_close(std::string text, websocket::close_code code) {
  enqueue(std::move(text), false);
  closing_ = true;
  close_code_ = code;
  if (!writing_) write_next();
}

void WsSession::write_next() {
  if (queue_.empty()) {
    writing_ = false;
    if (closing_) {
      writing_ = true;   // nothing more is written after the close frame
      ws_.async_close(close_code_, [self = shared_from_this()](beast::error_code) {});
    }
    return;
  }
  writing_ = true;
  ws_.text(true);
  ws_.async_write(asio::buffer(queue_.front().first), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (self->queue_.empty()) return;
    self->queue_.pop_front();
    if (ec) {
      self->queue_.clear();
      self->writing_ = false;
      self->closing_ = true;
      return;
    }
    self->write_next();
  });
}

}  // namespace court::server
