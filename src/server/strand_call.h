// Runs a function on a table's strand from a network coroutine and resumes the coroutine on its own
// executor with the result (or the exception the function threw).
#pragma once

#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <type_traits>

namespace court::server {

// GCC 12 destroys by-value arguments of a coroutine called inside a co_await expression twice, so
// these take the function by reference: the caller keeps it in a named variable until the co_await
// completes.
template <class F>
boost::asio::awaitable<std::invoke_result_t<F&>> call_as_coroutine(F& f) {
  co_return f();
}

template <class F>
boost::asio::awaitable<std::invoke_result_t<F&>> run_on(const boost::asio::any_io_executor& strand, F& f) {
  co_return co_await boost::asio::co_spawn(strand, call_as_coroutine(f), boost::asio::use_awaitable);
}

}  // namespace court::server
