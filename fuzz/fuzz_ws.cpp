// Fuzz target: the server's WebSocket message reader (server/client_message.h), as `court serve`
// reads every message from a client before it reaches a table.
#include "server/api_error.h"
#include "server/client_message.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)court::server::read_client_message({reinterpret_cast<const char*>(data), size});
  } catch (const court::server::ApiError&) {
  }
  return 0;
}
