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

#include "engine/types.h"

namespace court::server {

// A CSV that cannot be read, at its row (1 is the header row).
class CsvError : public UserError {
 public:
  CsvError(int row, const std::string& what) : UserError(what), row(row) {}
  int row;
};

// A list of tables imported from CSV: the file's new text, and the line where each data row's table
// starts (row_lines[i] for CSV row i + 2), so a problem the loader finds can be named by its CSV row.
struct CsvImport {
  std::string text;
  std::vector<int> row_lines;
};

// The CSV row (2 for the first data row) of line `line` of an imported file; 0 before the list.
int csv_row_at(const CsvImport& import, int line);

// The keys of `toml_text`'s top-level lists of tables ([[card]] -> "card"), in file order.
std::vector<std::string> table_lists(const std::string& toml_text);

// The list `key` (the first list when empty) as CSV. UserError when the file has no such list.
std::string table_to_csv(const std::string& toml_text, const std::string& key);

// `toml_text` with its list `key` (the first list when empty) replaced by the rows of `csv`.
// CsvError naming the row (and column) of a malformed CSV; UserError for a file without the list.
CsvImport csv_to_table(const std::string& toml_text, const std::string& key, const std::string& csv);

}  // namespace court::server
