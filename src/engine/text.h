// Typed text as Court compares it: a move's label typed at the terminal, a command, an answer.
#pragma once

#include <string>
#include <string_view>

namespace court {

// `text` without the spaces, tabs and line ends around it.
std::string trimmed(std::string_view text);
// `text` in lower case (ASCII letters; other bytes unchanged).
std::string lowered(std::string_view text);

}  // namespace court
