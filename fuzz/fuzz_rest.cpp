// Fuzz target: the server's REST API (answer_api, the body readers behind every /api/ route) with a
// fresh lobby on an in-memory database and the Lab (its variants and jobs, never run), no sockets. Input: a first line "METHOD /api/...", then the
// body; a '@' in the first line stands for the code of a table made first (with talk stored), so the
// routes of one table (talk pages, join, replay) are reached. A refusal is any 4xx answer; a 5xx answer
// ("internal") is a finding.
#include <utility>  // before Boost.Asio 1.74 awaitable.hpp, which uses std::exchange without it
#include <boost/asio/co_spawn.hpp>
#include <cstdio>
#include <boost/asio/io_context.hpp>

#include "lab/api.h"
#include "server/lobby.h"
#include "server/rest_api.h"
#include "server/storage.h"
#include "server/url.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace court::server;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto line_end = text.find('\n');
  const auto space = text.find(' ');
  if (line_end == std::string::npos || space == std::string::npos || space > line_end) return 0;
  const std::string method = text.substr(0, space), body = text.substr(line_end + 1);
  std::string line = text.substr(space + 1, line_end - space - 1);
  if (line.rfind("/api/", 0) != 0) return 0;   // the only paths answer_api serves
  Storage storage(":memory:");
  static Lab lab(":memory:", {.dir = "/tmp/court-fuzz-lab"});
  int status = 0;
  std::string answer;
  {
    boost::asio::io_context io;
    Lobby lobby(storage, io.get_executor());
    if (const auto at = line.find('@'); at != std::string::npos) {
      const auto table = lobby.create({{"game", "intrigue"}, {"seats", {"human", "human", "human"}}});
      for (int id = 1; id <= 5; ++id) storage.append_talk(table->code(), {id, 0, 0, id == 3 ? 1 : -1, "hello", 0});
      line.replace(at, 1, table->code());
    }
    const Target target = parse_target(line);
    boost::asio::co_spawn(io, [&]() -> boost::asio::awaitable<void> {
      const HttpAnswer a = co_await answer_api(method, target, body, lobby, lab, {"127.0.0.1", true, ""});
      status = a.status;
      answer = a.body;
    }, [](std::exception_ptr e) { if (e) std::rethrow_exception(e); });
    while (status == 0 && io.run_one() > 0) {}   // until the answer; bots it started stop with the context
  }
  if (status == 0 || status >= 500) {
    std::fprintf(stderr, "answered %d: %s\n", status, answer.c_str());
    __builtin_trap();
  }
  return 0;
}
