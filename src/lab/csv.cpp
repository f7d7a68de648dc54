#include "lab/csv.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <sstream>
#include <toml++/toml.h>

#include "engine/types.h"

namespace court::server {
namespace {

toml::table parse(const std::string& text) {
  try {
    return toml::parse(text);
  } catch (const toml::parse_error& e) {
    throw UserError(fmt::format("line {}: {}", e.source().begin.line, e.description()));
  }
}

std::string chosen_key(const toml::table& root, const std::string& key) {
  if (!key.empty()) {
    const toml::node* node = root.get(key);
    if (!node || !node->is_array_of_tables()) throw UserError(fmt::format("the file has no list of [[{}]] tables", key));
    return key;
  }
  for (const auto& [k, node] : root) if (node.is_array_of_tables()) return std::string(k.str());
  throw UserError("the file has no list of [[tables]] to show as CSV");
}

std::string csv_cell(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string value_text(const toml::node& node) {
  if (const auto* s = node.as_string()) return s->get();
  std::ostringstream out;
  node.visit([&](const auto& v) { out << toml::toml_formatter(v, toml::format_flags::none); });
  return out.str();
}

// RFC 4180: rows of cells; quoted cells may hold commas, quotes ("") and line breaks.
std::vector<std::vector<std::string>> read_csv(const std::string& csv) {
  std::vector<std::vector<std::string>> rows(1);
  std::string cell;
  bool quoted = false, was_quoted = false;
  for (std::size_t i = 0; i < csv.size(); ++i) {
    const char c = csv[i];
    if (quoted) {
      if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') { cell += '"'; ++i; }
      else if (c == '"') quoted = false;
      else cell += c;
    } else if (c == '"' && cell.empty() && !was_quoted) {
      quoted = was_quoted = true;
    } else if (c == ',') {
      rows.back().push_back(std::move(cell)); cell.clear(); was_quoted = false;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n') ++i;
      rows.back().push_back(std::move(cell)); cell.clear(); was_quoted = false;
      rows.emplace_back();
    } else {
      cell += c;
    }
  }
  if (quoted) {
    throw CsvError(static_cast<int>(rows.size()), fmt::format("CSV row {}: a quoted cell is not closed", rows.size()));
  }
  if (!cell.empty() || !rows.back().empty()) rows.back().push_back(std::move(cell));
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  return rows;
}

template <class Node>
std::string as_toml(const Node& node) {
  std::ostringstream out;
  out << toml::toml_formatter(node);
  return out.str();
}

// A cell as a TOML value: a number, boolean, array or inline table when it reads as one, else text.
std::string cell_value(const std::string& cell) {
  try {
    toml::table probe = toml::parse("v = " + cell);
    if (const toml::node* v = probe.get("v"); v && !v->is_string()) return cell;
  } catch (const toml::parse_error&) {
  }
  return as_toml(toml::value<std::string>(cell));
}

// A column name as a TOML key: bare when it can be, quoted otherwise.
std::string key_text(const std::string& name) {
  const bool bare = std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-';
  });
  return bare ? name : as_toml(toml::value<std::string>(name));
}

// The rows as [[key]] tables after `import.text`, each field in the CSV's column order.
void append_list(CsvImport& import, const std::string& key, const std::vector<std::vector<std::string>>& rows) {
  const auto& columns = rows[0];
  std::string& out = import.text;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].size() > columns.size()) {
      throw CsvError(static_cast<int>(r + 1), fmt::format("CSV row {} has {} cells but the first row names {} columns",
                                                          r + 1, rows[r].size(), columns.size()));
    }
    out.append("\n[[").append(key_text(key)).append("]]\n");
    import.row_lines.push_back(static_cast<int>(std::count(out.begin(), out.end(), '\n')));
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      if (!rows[r][c].empty()) out += key_text(columns[c]) + " = " + cell_value(rows[r][c]) + "\n";
    }
  }
}

}  // namespace

std::vector<std::string> table_lists(const std::string& toml_text) {
  const toml::table root = parse(toml_text);
  std::vector<std::string> out;
  for (const auto& [k, node] : root) if (node.is_array_of_tables()) out.emplace_back(k.str());
  return out;
}

std::string table_to_csv(const std::string& toml_text, const std::string& key) {
  const toml::table root = parse(toml_text);
  const toml::array& list = *root.get(chosen_key(root, key))->as_array();
  std::vector<std::string> columns;   // in the order the fields are written in the file
  for (const auto& entry : list) {
    std::vector<std::pair<std::uint32_t, std::string>> fields;
    for (const auto& [k, v] : *entry.as_table()) fields.emplace_back(v.source().begin.line, std::string(k.str()));
    std::sort(fields.begin(), fields.end());
    for (const auto& [line, name] : fields) {
      if (std::find(columns.begin(), columns.end(), name) == columns.end()) columns.push_back(name);
    }
  }
  std::string out;
  for (std::size_t c = 0; c < columns.size(); ++c) out.append(c ? "," : "").append(csv_cell(columns[c]));
  out += "\n";
  for (const auto& entry : list) {
    const toml::table& t = *entry.as_table();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const toml::node* v = t.get(columns[c]);
      out.append(c ? "," : "").append(v ? csv_cell(value_text(*v)) : std::string());
    }
    out += "\n";
  }
  return out;
}

CsvImport csv_to_table(const std::string& toml_text, const std::string& key, const std::string& csv) {
  toml::table root = parse(toml_text);
  const std::string list_key = chosen_key(root, key);
  const auto rows = read_csv(csv);
  if (rows.empty()) throw CsvError(1, "the CSV is empty: its first row names the columns");
  const auto& columns = rows[0];
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].empty()) throw CsvError(1, fmt::format("CSV column {} has no name in the first row", c + 1));
  }
  root.erase(list_key);
  CsvImport import{root.empty() ? "" : as_toml(root) + "\n", {}};
  append_list(import, list_key, rows);
  return import;
}

int csv_row_at(const CsvImport& import, int line) {
  const auto after = std::upper_bound(import.row_lines.begin(), import.row_lines.end(), line);
  return after == import.row_lines.begin() ? 0 : static_cast<int>(after - import.row_lines.begin()) + 1;
}

}  // namespace court::server
