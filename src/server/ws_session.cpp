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

WsSession::WsSession(beast::tcp_stream stream, Lobby& lobby) : ws_(std::move(stream)), lobby_(lobby) {}

asio::awaitable<void> WsSession::run(const beast::http::request<beast::http::string_body>& request) {
  auto self = shared_from_this();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
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
      if (!ws_.got_text()) {
        enqueue(ws_error("bad_message", "messages are JSON text, not binary"), false);
        continue;
      }
      handle(beast::buffers_to_string(buffer.data()));
    }
    asio::post(table_->strand(), [table = table_, self] { table->detach(self.get()); });
  }
}

void WsSession::handle(const std::string& text) {
  try {
    const ClientMessage message = read_client_message(text);
    auto self = shared_from_this();
    asio::post(table_->strand(), [table = table_, self, seat = seat_, message] {
      try {
        if (message.type == ClientMessage::Type::Sync) {
          table->sync(*self, seat);
        } else if (message.type == ClientMessage::Type::Say) {
          table->say(seat, message.token, message.to, message.text);
        } else {
          table->move(seat, message.token, message.step, message.action);
        }
      } catch (const ApiError& e) {
        self->send(ws_error(e.code(), e.what()), false);
      } catch (const std::exception& e) {
        self->send(ws_error("internal", fmt::format("internal error: {}", e.what())), false);
      }
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
