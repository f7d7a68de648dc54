// A designer's variant of a game (the Lab, docs/protocol.md "The Lab"): the game's data files as edited,
// and option values. The game's own loader judges it, at every seat count the game allows; a problem is
// reported at its file, line and field. A valid variant lives on disk as a data directory named by its
// content hash, which is what tables, simulations and `court sim --data` read.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "lab/store.h"

namespace court::server {

// A variant's name is shown in the public lobby, so it follows the rules of people's names (server/names.h),
// with room for more characters.
inline constexpr std::size_t kMaxVariantName = 80;   // characters

// What is wrong with a variant: the file (a data file name, or empty for an option), the line (0 when
// not known), the field or option, the loader's words, and the error code (bad_name for the name).
struct VariantProblem {
  std::string file;
  int line = 0;
  std::string field;
  std::string message;
  std::string code = "bad_variant";
};

// The game's shipped data files, by name.
std::map<std::string, std::string> shipped_files(const GameEntry& entry);

// Checks `v` (game, name, files, options) with the game's loader at every seat count; on success fills
// in the shipped files the designer left out and the content hash. `scratch` is a directory for trial runs.
std::optional<VariantProblem> check_variant(const GameEntry& entry, Variant& v, const std::string& scratch);

// The data files that differ between two data directories of `entry` ("" for the shipped data), by name.
// A file that cannot be read (a directory since removed) counts as differing.
std::vector<std::string> files_differing(const GameEntry& entry, const std::string& dir_a, const std::string& dir_b);

// The data directory of a checked variant under `lab_dir`: <lab_dir>/variants/<hash>, written when missing.
std::string variant_data_dir(const std::string& lab_dir, const Variant& v);

}  // namespace court::server
