// Card tables between TOML and CSV (designers keep card lists in spreadsheets). A data file's list of
// [[tables]] becomes one CSV row per entry, one column per field (in the order fields first appear);
// a text cell is the string itself, any other cell the TOML value as written ("3", "true", "[1, 2]",
// "{ effect = \"spy\" }"). Importing turns the rows back into that list inside the file, leaving the
// file's other values as they were; the game's loader then judges the result like any edit. The file is
// written anew: its other values first, then the list with each entry's fields in the CSV's column order;
// its comments do not survive an import.
#pragma once

#include <string>
#include <vector>

namespace court::server {

// The keys of `toml_text`'s top-level lists of tables ([[card]] -> "card"), in file order.
std::vector<std::string> table_lists(const std::string& toml_text);

// The list `key` (the first list when empty) as CSV. UserError when the file has no such list.
std::string table_to_csv(const std::string& toml_text, const std::string& key);

// `toml_text` with its list `key` (the first list when empty) replaced by the rows of `csv`.
// UserError naming the row and column of a malformed CSV.
std::string csv_to_table(const std::string& toml_text, const std::string& key, const std::string& csv);

}  // namespace court::server
