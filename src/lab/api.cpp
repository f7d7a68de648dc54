#include "lab/api.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "advisor/advise_html.h"
#include "engine/registry.h"
#include "lab/csv.h"
#include "lab/variants.h"
#include "server/api_error.h"
#include "server/json_fields.h"
#include "server/limits.h"
#include "server/lobby.h"
#include "server/secrets.h"
#include "sim/compare.h"
#include "sim/report_html.h"

namespace court::server {
namespace {

constexpr std::size_t kMaxVariantNameBytes = 4 * kMaxVariantName;   // UTF-8: at most 4 bytes a character

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

HttpAnswer json_reply(int status, const nlohmann::json& body) { return {status, answer_text(body)}; }
HttpAnswer text_reply(std::string body, const char* type) { return {200, std::move(body), type}; }

void require(const std::string& method, const char* wanted) {
  if (method != wanted) {
    throw ApiError(405, "method_not_allowed", fmt::format("this address answers {} only", wanted));
  }
}

std::int64_t id_in(const std::string& text, const char* what) {
  std::int64_t id = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || id > (std::int64_t{1} << 50)) throw ApiError(404, "not_found", fmt::format("no {} '{}'", what, text.substr(0, 20)));
    id = id * 10 + (c - '0');
  }
  if (text.empty()) throw ApiError(404, "not_found", fmt::format("no {} ''", what));
  return id;
}

const GameEntry& game_named(const std::string& id) {
  const GameEntry* entry = games().find(id);
  if (!entry) throw ApiError(400, "unknown_game", fmt::format("no game '{}' (see GET /api/games)", id.substr(0, 40)));
  return *entry;
}

std::map<std::string, std::string> files_field(const nlohmann::json& body) {
  std::map<std::string, std::string> out;
  const nlohmann::json* files = object_field(body, "files", "an object: {\"<file>.toml\": \"text\"}");
  if (!files) return out;
  for (const auto& [name, text] : files->items()) {
    if (!text.is_string()) throw ApiError(400, "bad_field", fmt::format("file '{}' must be text", name.substr(0, 60)));
    out[name] = text.get<std::string>();
  }
  return out;
}

nlohmann::json variant_json(const Variant& v, const std::string& lab_dir, bool full) {
  nlohmann::json out = {{"id", v.id}, {"game", v.game}, {"name", v.name}, {"hash", v.hash},
                        {"created_ms", v.created_ms}};
  if (!full) return out;
  out["files"] = v.files;
  out["options"] = v.options;
  out["data_dir"] = variant_data_dir(lab_dir, v);
  nlohmann::json tables = nlohmann::json::object();
  for (const auto& [name, text] : v.files) {
    try {
      tables[name] = table_lists(text);
    } catch (const UserError&) {
      tables[name] = nlohmann::json::array();
    }
  }
  out["tables"] = tables;
  return out;
}

// A refused variant: 400 with the problem's file, line and field beside the usual error and code.
struct Refusal {
  nlohmann::json body;
};

// `row` (a CSV import's row, 1 the header) is sent only when there is one.
[[noreturn]] void refuse(const std::string& code, const VariantProblem& p, int row = 0) {
  nlohmann::json body = error_body(code, p.message);
  body["file"] = p.file.empty() ? nlohmann::json() : nlohmann::json(p.file);
  body["line"] = p.line > 0 ? nlohmann::json(p.line) : nlohmann::json();
  body["field"] = p.field.empty() ? nlohmann::json() : nlohmann::json(p.field);
  if (row > 0) body["row"] = row;
  throw Refusal{std::move(body)};
}

// What the game's loader finds wrong with the variant (which it completes when nothing is).
std::optional<VariantProblem> problem_of(Variant& v, const std::string& lab_dir) {
  const GameEntry& entry = game_named(v.game);
  std::filesystem::create_directories(lab_dir);
  return check_variant(entry, v, lab_dir);
}

// Checks the variant with the game's loader; a problem is refused at its file, line and field.
void check_or_refuse(Variant& v, const std::string& lab_dir) {
  if (auto p = problem_of(v, lab_dir)) refuse(p->code, *p);
}

// Replaces the list `table` of `file` with the CSV's rows and checks the variant; a problem is refused
// at its CSV row as well: an unreadable CSV as bad_csv, a value the loader refuses as bad_variant.
void import_csv(Variant& v, const std::string& file, const std::string& table, const std::string& csv,
                const std::string& lab_dir) {
  CsvImport import;
  try {
    import = csv_to_table(v.files.at(file), table, csv);
  } catch (const CsvError& e) {
    refuse("bad_csv", {file, 0, "", e.what()}, e.row);
  } catch (const UserError& e) {
    refuse("bad_csv", {file, 0, "", e.what()});
  }
  v.files[file] = import.text;
  if (auto p = problem_of(v, lab_dir)) {
    const int row = p->file == file ? csv_row_at(import, p->line) : 0;
    if (row > 0) p->message = fmt::format("CSV row {}: {}", row, p->message);
    refuse(p->code, *p, row);
  }
}

// A job's report as a page: the advice page for a study, the report page for a `court sim` job.
std::string report_page(const nlohmann::json& doc, std::int64_t id) {
  if (doc.contains("court_advice")) return advisor::advice_html(doc);
  if (doc.contains("court_tune")) {
    throw ApiError(409, "no_html", fmt::format("job {} is a tuning run: its report.json is the document (the Lab's "
                                               "page shows its front)", id));
  }
  return sim::report_html(doc);
}

std::string query(const Target& target, const char* key) {
  auto it = target.query.find(key);
  return it == target.query.end() ? "" : it->second;
}

}  // namespace

Lab::Lab(const std::string& db, const LabConfig& config)
    : config_(config),
      settings_{config.dir.empty() ? db + ".lab" : config.dir, config.parallel_jobs, config.threads_per_job,
                config.max_job_games, config.max_client_jobs, config.max_jobs, config.checkpoint_seconds},
      store_(db),
      jobs_(store_, settings_) {}

TableVariant Lab::table_variant(std::int64_t id) {
  auto v = store_.variant(id);
  if (!v) throw ApiError(404, "unknown_variant", fmt::format("no variant {}", id));
  return {v->game, v->name, v->options, variant_data_dir(settings_.dir, *v)};
}

bool Lab::admits(bool loopback, const std::string& authorization) const {
  if (loopback && !config_.token_required) return true;
  return !config_.token.empty() && equal_constant_time(authorization, "Bearer " + config_.token);
}

HttpAnswer Lab::answer(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                       const std::string& body, const Caller& caller) {
  try {
    return route(method, parts, target, body, caller);
  } catch (const Refusal& r) {
    return json_reply(400, r.body);
  }
}

HttpAnswer Lab::route(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                      const std::string& body, const Caller& caller) {
  // parts: "api", "lab", ...
  if (parts.size() == 4 && parts[2] == "games") {
    require(method, "GET");
    const GameEntry& entry = game_named(parts[3]);
    Variant shipped{0, entry.info.id, entry.info.title, shipped_files(entry), {}, "", 0};
    nlohmann::json out = variant_json(shipped, settings_.dir, true);
    out.erase("data_dir");
    out.erase("id");
    out["options"] = game_json(entry)["options"];
    return json_reply(200, out);
  }
  if (parts.size() >= 3 && parts[2] == "variants") return variants(method, parts, target, body);
  if (parts.size() >= 3 && parts[2] == "jobs") return jobs(method, parts, target, body, caller);
  if (parts.size() == 3 && parts[2] == "compare") {
    require(method, "GET");
    auto report_of = [&](const char* key) {
      const auto doc = nlohmann::json::parse(jobs_.report_text(id_in(query(target, key), "job")));
      if (doc.contains("court_sweep")) throw ApiError(400, "bad_compare", "compare single reports, not sweeps");
      if (doc.contains("court_advice") || doc.contains("court_tune")) {
        throw ApiError(400, "bad_compare", "compare the reports of two `court sim` jobs, not a study's");
      }
      return doc;
    };
    const auto a = report_of("a"), b = report_of("b");
    if (a["game"] != b["game"]) throw ApiError(400, "bad_compare", "the two reports are of different games");
    const auto dir = [](const nlohmann::json& doc) { return doc.value("data_dir", std::string()); };
    const nlohmann::json data = {{"a", dir(a).empty() ? nlohmann::json() : nlohmann::json(dir(a))},
                                 {"b", dir(b).empty() ? nlohmann::json() : nlohmann::json(dir(b))},
                                 {"differ_in", files_differing(game_named(a["game"]), dir(a), dir(b))}};
    return json_reply(200, {{"a", a["options"]}, {"b", b["options"]}, {"data", data},
                            {"differences", sim::compare_reports(a, b)}});
  }
  throw ApiError(404, "not_found", fmt::format("no address {}", target.path.substr(0, 100)));
}

HttpAnswer Lab::variants(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                         const std::string& body) {
  if (parts.size() == 3) {
    if (method == "GET") {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& v : store_.variants()) out.push_back(variant_json(v, settings_.dir, false));
      return json_reply(200, out);
    }
    require(method, "POST");
    const auto request = parse_json_object(body, "the request body");
    reject_unknown_fields(request, {"game", "name", "files", "options"}, "a variant");
    Variant v{0, string_field(request, "game", 100).value_or(""),
              string_field(request, "name", kMaxVariantNameBytes).value_or(""), files_field(request),
              option_values(request), "", wall_ms()};
    check_or_refuse(v, settings_.dir);
    v.id = store_.add_variant(v);
    return json_reply(201, variant_json(v, settings_.dir, true));
  }
  auto found = store_.variant(id_in(parts[3], "variant"));
  if (!found) throw ApiError(404, "unknown_variant", fmt::format("no variant {}", parts[3].substr(0, 20)));
  Variant v = std::move(*found);
  const std::string tail = parts.size() > 4 ? parts[4] : "";
  if (tail.empty() && method == "GET") return json_reply(200, variant_json(v, settings_.dir, true));
  if (tail.empty() && method == "DELETE") {
    store_.delete_variant(v.id);
    return json_reply(200, {{"deleted", v.id}});
  }
  if (tail.empty()) {
    require(method, "PUT");
    const auto request = parse_json_object(body, "the request body");
    reject_unknown_fields(request, {"name", "files", "options"}, "a variant change");
    if (auto name = string_field(request, "name", kMaxVariantNameBytes)) v.name = *name;
    for (const auto& [name, text] : files_field(request)) v.files[name] = text;
    if (request.contains("options")) v.options = option_values(request);
    check_or_refuse(v, settings_.dir);
    store_.update_variant(v);
    return json_reply(200, variant_json(v, settings_.dir, true));
  }
  if (tail == "duplicate") {
    require(method, "POST");
    const auto request = body.empty() ? nlohmann::json::object() : parse_json_object(body, "the request body");
    reject_unknown_fields(request, {"name"}, "a duplicate");
    v.name = string_field(request, "name", kMaxVariantNameBytes).value_or(v.name + " (copy)");
    v.created_ms = wall_ms();
    check_or_refuse(v, settings_.dir);
    v.id = store_.add_variant(v);
    return json_reply(201, variant_json(v, settings_.dir, true));
  }
  if ((tail == "files" || tail == "csv") && parts.size() == 6) {
    const auto file = v.files.find(parts[5]);
    if (file == v.files.end()) throw ApiError(404, "not_found", fmt::format("variant {} has no file {}", v.id, parts[5].substr(0, 60)));
    if (tail == "files") {
      require(method, "GET");
      return text_reply(file->second, "text/plain; charset=utf-8");
    }
    if (method == "GET") {
      try {
        return text_reply(table_to_csv(file->second, query(target, "table")), "text/csv; charset=utf-8");
      } catch (const UserError& e) {
        refuse("bad_csv", {file->first, 0, "", e.what()});
      }
    }
    require(method, "POST");
    // JSON like every request that changes something: a cross-site form cannot send it (request_guard.h).
    const auto request = parse_json_object(body, "the request body");
    reject_unknown_fields(request, {"csv"}, "a CSV import");
    const auto csv = string_field(request, "csv", kMaxBody);
    if (!csv) throw ApiError(400, "bad_field", "a CSV import is {\"csv\": \"the CSV text\"}");
    import_csv(v, file->first, query(target, "table"), *csv, settings_.dir);
    store_.update_variant(v);
    return json_reply(200, variant_json(v, settings_.dir, true));
  }
  throw ApiError(404, "not_found", fmt::format("no address {}", target.path.substr(0, 100)));
}

HttpAnswer Lab::jobs(const std::string& method, const std::vector<std::string>& parts, const Target& target,
                     const std::string& body, const Caller& caller) {
  if (parts.size() == 3) {
    if (method == "GET") return json_reply(200, jobs_.list());
    require(method, "POST");
    return json_reply(201, jobs_.submit(parse_json_object(body, "the request body"), caller.client));
  }
  const std::int64_t id = id_in(parts[3], "job");
  if (parts.size() == 4) {
    if (method == "DELETE") return json_reply(200, jobs_.cancel(id));
    require(method, "GET");
    return json_reply(200, jobs_.describe(id));
  }
  require(method, "GET");
  const std::string file = parts.size() == 5 ? parts[4] : "";
  if (file == "report.json") return text_reply(jobs_.report_text(id), "application/json");
  if (file == "report.html") return text_reply(report_page(nlohmann::json::parse(jobs_.report_text(id)), id), "text/html; charset=utf-8");
  if (file == "report.csv") return text_reply(jobs_.csv_text(id), "text/csv; charset=utf-8");
  throw ApiError(404, "not_found", fmt::format("no address {}", target.path.substr(0, 100)));
}

std::unique_ptr<LabDoor> open_lab(const std::string& db, const LabConfig& config) {
  return std::make_unique<Lab>(db, config);
}

}  // namespace court::server
