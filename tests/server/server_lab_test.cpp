// The designer's Lab over loopback (docs/protocol.md, "The Lab"): variants judged by the game's own loader
// and refused at their file, line and field; a job's report byte for byte the document `court sim --json`
// writes for the same request; cancel; CSV export and import; compare; who may reach the Lab; the caps on
// jobs (games, queued jobs per client and in all); and a job resumed from its checkpoint after a crash.
#include <gtest/gtest.h>
#include <ifaddrs.h>
#include <arpa/inet.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "lab/api.h"
#include "server/api_error.h"
#include "server/server.h"
#include "server/server_lab_support.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

using nlohmann::json;

// POST of a card table's CSV to variant `id`'s cards.toml, as the page sends it: {"csv": "..."}.
HttpReply import_csv(std::uint16_t port, const std::string& id, const std::string& csv) {
  return lab(port, "POST", "variants/" + id + "/csv/cards.toml", {{"csv", csv}});
}

json shipped(std::uint16_t port, const std::string& game) {
  const HttpReply r = lab(port, "GET", "games/" + game);
  EXPECT_EQ(r.status, 200) << r.body;
  return r.json();
}


std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The game's own loader judges a variant: a bad field, a TOML syntax error and a bad option are refused
// at their file, line and field, and nothing is stored.
TEST(ServerLab, ABrokenVariantIsRefusedAtItsFileLineAndField) {
  InProcessServer server(temp_db("lab_broken"));
  const auto port = server.port();
  const json game = shipped(port, "intrigue");
  const std::string cards = game.at("files").at("cards.toml");
  HttpReply r = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "bad"},
                                               {"files", {{"cards.toml", replaced(cards, "quantity = 1", "quantity = \"lots\"")}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json().at("code"), "bad_variant");
  EXPECT_EQ(r.json().at("file"), "cards.toml");
  EXPECT_EQ(r.json().at("field"), "quantity");
  std::istringstream lines(cards);
  std::string line;
  int number = 0, quantity_line = 0;
  while (std::getline(lines, line) && !quantity_line) if (++number && line.starts_with("quantity = 1")) quantity_line = number;
  EXPECT_EQ(r.json().at("line"), quantity_line);
  r = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "bad"},
                                     {"files", {{"characters.toml", std::string(game.at("files").at("characters.toml")) + "\nx = [\n"}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json().at("file"), "characters.toml");
  EXPECT_GT(r.json().at("line").get<int>(), 1);
  r = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "bad"}, {"options", {{"rounds", "99"}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json().at("field"), "rounds");
  r = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "bad"}, {"files", {{"rules.toml", "x = 1"}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.json().at("error").get<std::string>().find("cards.toml"), std::string::npos) << "names the real files";
  EXPECT_EQ(lab(port, "GET", "variants").json().size(), 0u);
}

// A variant's job reports exactly what `court sim --json` writes for the command the job shows.
TEST(ServerLab, AJobsReportIsTheDocumentCourtSimWrites) {
  InProcessServer server(temp_db("lab_job"));
  const auto port = server.port();
  const json game = shipped(port, "intrigue");
  const std::string cards = replaced(game.at("files").at("cards.toml"), "quantity = 1", "quantity = 3");
  HttpReply v = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "three oracles"},
                                               {"files", {{"cards.toml", cards}}}, {"options", {{"rounds", "4"}}}});
  ASSERT_EQ(v.status, 201) << v.body;
  const json job = lab(port, "POST", "jobs", {{"variant", v.json().at("id")}, {"seats", {"random", "heuristic", "random"}},
                                              {"games", 400}, {"seed", 11}, {"ladder", {"random", "heuristic"}}}).json();
  const json done = finished_job(port, job.at("id"));
  ASSERT_EQ(done.at("status"), "done") << done.dump();
  EXPECT_EQ(done.at("done"), done.at("total"));
  EXPECT_EQ(done.at("total"), 400 * 3) << "the batch and two rungs of the ladder";
  const std::string out = testing::TempDir() + "lab_cli_report.json";
  std::string command = done.at("command");
  command = replaced(command, "court sim", std::string(COURT_BINARY) + " sim -q");
  command = replaced(command, "--json report.json", "--json " + out);
  run_command(command);
  const HttpReply report = lab(port, "GET", "jobs/" + std::to_string(job.at("id").get<int>()) + "/report.json");
  ASSERT_EQ(report.status, 200);
  EXPECT_EQ(report.body, slurp(out)) << command;
  EXPECT_TRUE(json::parse(report.body).contains("ladder"));
  EXPECT_EQ(json::parse(report.body).at("options").at("rounds"), "4");
  const HttpReply html = lab(port, "GET", "jobs/" + std::to_string(job.at("id").get<int>()) + "/report.html");
  EXPECT_NE(html.body.find("Skill ladder"), std::string::npos);
  const HttpReply csv = lab(port, "GET", "jobs/" + std::to_string(job.at("id").get<int>()) + "/report.csv");
  EXPECT_EQ(std::count(csv.body.begin(), csv.body.end(), '\n'), 401) << "a header and one row per game";
}

// Cancel stops a running job: it ends `cancelled` with fewer games than asked, and a queued one never runs.
TEST(ServerLab, CancelStopsAJob) {
  InProcessServer server(temp_db("lab_cancel"));
  const auto port = server.port();
  const json big = lab(port, "POST", "jobs", {{"game", "persuasion"}, {"players", 8}, {"games", 1000000}}).json();
  const json queued = lab(port, "POST", "jobs", {{"game", "intrigue"}, {"games", 10}}).json();
  for (int i = 0; i < 100 && lab(port, "GET", "jobs/" + std::to_string(big.at("id").get<int>())).json().at("done") == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(lab(port, "DELETE", "jobs/" + std::to_string(queued.at("id").get<int>())).status, 200);
  EXPECT_EQ(lab(port, "DELETE", "jobs/" + std::to_string(big.at("id").get<int>())).status, 200);
  const json stopped = finished_job(port, big.at("id"));
  EXPECT_EQ(stopped.at("status"), "cancelled");
  EXPECT_LT(stopped.at("done").get<int>(), 1000000);
  EXPECT_EQ(finished_job(port, queued.at("id")).at("status"), "cancelled");
  EXPECT_EQ(lab(port, "GET", "jobs/" + std::to_string(big.at("id").get<int>()) + "/report.json").status, 409);
}

// A card table goes out as CSV and comes back through the same validation; duplicate, rename, delete.
TEST(ServerLab, CardTablesRoundTripThroughCsv) {
  InProcessServer server(temp_db("lab_csv"));
  const auto port = server.port();
  const json v = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "base"}}).json();
  const std::string id = std::to_string(v.at("id").get<int>());
  const HttpReply csv = lab(port, "GET", "variants/" + id + "/csv/cards.toml");
  ASSERT_EQ(csv.status, 200);
  EXPECT_TRUE(csv.body.starts_with("title,type,effect,support,quantity,text")) << csv.body.substr(0, 80);
  const std::string edited = replaced(csv.body, "Oracle,action,oracle,0,1,", "Oracle,action,oracle,0,4,");
  const HttpReply imported = import_csv(port, id, edited);
  ASSERT_EQ(imported.status, 200) << imported.body;
  EXPECT_NE(imported.json().at("hash"), v.at("hash"));
  EXPECT_EQ(lab(port, "GET", "variants/" + id + "/csv/cards.toml").body, edited) << "the table reads back as imported";
  const HttpReply broken = import_csv(port, id, replaced(edited, "Oracle,action,oracle,0,4,", "Oracle,action,oracle,0,400,"));
  EXPECT_EQ(broken.status, 400);
  EXPECT_EQ(broken.json().at("field"), "quantity");
  EXPECT_EQ(broken.json().at("row"), 2) << "Oracle is the first card, the CSV's second row: " << broken.body;
  const std::string third_row = "Assassination,";
  const auto at = edited.find('\n', edited.find(third_row));
  const HttpReply late = import_csv(port, id, edited.substr(0, at) + ",extra,cells,beyond,the,header" + edited.substr(at));
  EXPECT_EQ(late.json().at("code"), "bad_csv");
  EXPECT_EQ(late.json().at("row"), 3) << late.body;
  const HttpReply open_quote = import_csv(port, id, "title,type\n\"Oracle,action\n");
  EXPECT_EQ(open_quote.json().at("code"), "bad_csv");
  EXPECT_EQ(open_quote.json().at("row"), 2) << open_quote.body;
  EXPECT_EQ(lab(port, "GET", "variants/" + id + "/csv/cards.toml").body, edited) << "refused imports change nothing";
  const json copy = lab(port, "POST", "variants/" + id + "/duplicate").json();
  EXPECT_EQ(copy.at("name"), "base (copy)");
  EXPECT_EQ(copy.at("files"), imported.json().at("files"));
  EXPECT_EQ(lab(port, "PUT", "variants/" + id, {{"name", "four oracles"}}).json().at("name"), "four oracles");
  EXPECT_EQ(lab(port, "DELETE", "variants/" + id).status, 200);
  EXPECT_EQ(lab(port, "GET", "variants/" + id).status, 404);
  EXPECT_EQ(lab(port, "GET", "variants").json().size(), 1u);
}

// A variant's name is shown in the public lobby (a variant table's summary), so it follows the name rules:
// `Fair\u202e...\u0000` is refused as bad_name when made, renamed or copied, and nothing changes.
TEST(ServerLab, VariantNamesFollowTheNameRules) {
  InProcessServer server(temp_db("lab_names"));
  const auto port = server.port();
  const std::string spoof = std::string("Fair\u202e...") + '\0';
  auto expect_bad_name = [](const HttpReply& r, const std::string& why) {
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_EQ(r.json().at("code"), "bad_name") << r.body;
    EXPECT_EQ(r.json().at("field"), "name") << r.body;
    EXPECT_NE(r.json().at("error").get<std::string>().find(why), std::string::npos) << r.body;
  };
  expect_bad_name(lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", spoof}}),
                  "field 'name': character 5 is U+202E, a bidirectional mark, override or isolate; a variant needs a "
                  "name: a name is at most 80 characters");
  expect_bad_name(lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "Fair" + std::string(1, '\0')}}),
                  "character 5 is U+0000, a control character");
  expect_bad_name(lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", ""}}), "field 'name': it is empty");
  expect_bad_name(lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", std::string(81, 'v')}}),
                  "it has 81 characters");
  for (const RefusedText& r : refused_texts()) {
    expect_bad_name(lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", r.text}}), r.problem);
  }
  EXPECT_TRUE(lab(port, "GET", "variants").json().empty());
  const json v = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "Fair"}}).json();
  const std::string id = std::to_string(v.at("id").get<int>());
  expect_bad_name(lab(port, "PUT", "variants/" + id, {{"name", spoof}}), "U+202E");
  expect_bad_name(lab(port, "POST", "variants/" + id + "/duplicate", {{"name", "A\u3164"}}), "U+3164, a Hangul filler");
  EXPECT_EQ(lab(port, "GET", "variants").json().size(), 1u);
  EXPECT_EQ(lab(port, "GET", "variants/" + id).json().at("name"), "Fair");
  std::string eighty;   // 80 characters of 4 bytes each fit
  for (int i = 0; i < 80; ++i) eighty += "\U0001F3B2";
  EXPECT_EQ(lab(port, "PUT", "variants/" + id, {{"name", eighty}}).status, 200);
}

// Compare two finished jobs: the `court compare` table.
TEST(ServerLab, CompareTwoResults) {
  InProcessServer server(temp_db("lab_compare"));
  const auto port = server.port();
  auto run = [&](const json& request) { return finished_job(port, lab(port, "POST", "jobs", request).json().at("id")); };
  const json a = run({{"game", "intrigue"}, {"games", 300}, {"seed", 3}});
  const json b = run({{"game", "intrigue"}, {"games", 300}, {"seed", 3}, {"options", {{"rounds", "1"}}}});
  const HttpReply r = lab(port, "GET", fmt::format("compare?a={}&b={}", a.at("id").get<int>(), b.at("id").get<int>()));
  ASSERT_EQ(r.status, 200) << r.body;
  bool length_differs = false;
  const json differences = r.json().at("differences");
  for (const auto& d : differences) {
    if (d.at("what") == "mean length") length_differs = d.at("significant").get<bool>();
  }
  EXPECT_TRUE(length_differs) << "one round instead of three shortens the game: " << r.body;
  EXPECT_TRUE(r.json().at("data").at("differ_in").empty()) << "both ran the shipped data: " << r.body;

  // A variant with one card changed: the answer says which data file differs.
  const json v = lab(port, "POST", "variants",
                     {{"game", "intrigue"}, {"name", "two oracles"},
                      {"files", {{"cards.toml", replaced(shipped(port, "intrigue").at("files").at("cards.toml").get<std::string>(), "quantity = 1\ntext = \"Draw two", "quantity = 2\ntext = \"Draw two")}}}})
                     .json();
  const json c = run({{"variant", v.at("id")}, {"games", 300}, {"seed", 3}});
  const json data = lab(port, "GET", fmt::format("compare?a={}&b={}", a.at("id").get<int>(), c.at("id").get<int>())).json().at("data");
  EXPECT_TRUE(data.at("a").is_null());
  EXPECT_EQ(data.at("b"), v.at("data_dir"));
  EXPECT_EQ(data.at("differ_in"), json::array({"cards.toml"}));
}

// Bad job requests are refused with their field and what is allowed.
TEST(ServerLab, BadJobsAreRefused) {
  InProcessServer server(temp_db("lab_bad_jobs"));
  const auto port = server.port();
  EXPECT_EQ(lab(port, "POST", "jobs", {{"game", "intrigue"}, {"seats", {"human", "random", "random"}}}).json().at("code"),
            "bad_bot");
  EXPECT_EQ(lab(port, "POST", "jobs", {{"game", "chess"}}).json().at("code"), "unknown_game");
  EXPECT_EQ(lab(port, "POST", "jobs", {{"variant", 42}}).status, 404);
  EXPECT_EQ(lab(port, "POST", "jobs", {{"game", "intrigue"}, {"ladder", {"random"}}}).status, 400);
  EXPECT_EQ(lab(port, "POST", "jobs", {{"game", "intrigue"}, {"games", 0}}).status, 400);
  EXPECT_EQ(lab(port, "POST", "jobs", {{"game", "intrigue"}, {"fast", true}}).json().at("code"), "unknown_field");
  EXPECT_EQ(lab(port, "GET", "jobs").json().size(), 0u);
}

// An IPv4 address of this machine other than loopback, if it has one.
std::string outside_address() {
  ifaddrs* list = nullptr;
  std::string found;
  if (getifaddrs(&list) != 0) return found;
  for (ifaddrs* i = list; i && found.empty(); i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    char text[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
    if (!std::string(text).starts_with("127.")) found = text;
  }
  freeifaddrs(list);
  return found;
}

// The Lab answers loopback; from another address only with the token.
TEST(ServerLab, OtherAddressesNeedTheToken) {
  const server::Lab lab_with_token(temp_db("lab_admits"), {.token = "s3cret"});
  EXPECT_TRUE(lab_with_token.admits(true, ""));
  EXPECT_FALSE(lab_with_token.admits(false, ""));
  EXPECT_FALSE(lab_with_token.admits(false, "Bearer wrong"));
  EXPECT_TRUE(lab_with_token.admits(false, "Bearer s3cret"));
  const server::Lab lab_without(temp_db("lab_admits2"), {});
  EXPECT_FALSE(lab_without.admits(false, "Bearer "));

  const std::string address = outside_address();
  if (address.empty()) {
    std::puts("this machine has no address but loopback: the Lab's refusal over the network is checked above only");
    return;
  }
  server::ServerConfig config;
  config.bind = "0.0.0.0";
  config.port = 0;
  config.db = temp_db("lab_network");
  config.lab.token = "s3cret";
  config.make_lab = server::open_lab;
  server::Server serve(config);
  serve.start();
  const HttpReply refused = http_to(address, serve.port(), "GET", "/api/lab/variants");
  EXPECT_EQ(refused.status, 403);
  EXPECT_NE(refused.body.find("lab_closed"), std::string::npos);
  EXPECT_EQ(http_to(address, serve.port(), "GET", "/api/lab/variants", "", "Bearer wrong").status, 403);
  EXPECT_EQ(http_to(address, serve.port(), "GET", "/api/lab/variants", "", "Bearer s3cret").body, "[]");
  EXPECT_EQ(http(serve.port(), "GET", "/api/lab/variants").body, "[]") << "loopback needs no token";
}

// A table of a variant plays with the variant's data; its replay carries the files and re-runs with
// `court replay` when the Lab's copy is gone.
TEST(ServerLab, AVariantTablePlaysAndItsReplayReRunsElsewhere) {
  const std::string db = temp_db("lab_table");
  std::filesystem::remove_all(db + ".lab");
  InProcessServer server(db);
  const auto port = server.port();
  const json game = shipped(port, "intrigue");
  const std::string cards = replaced(game.at("files").at("cards.toml"), "quantity = 1", "quantity = 4");
  const json v = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "four oracles"},
                                                {"files", {{"cards.toml", cards}}}, {"options", {{"rounds", "1"}}}}).json();
  const HttpReply made = http(port, "POST", "/api/tables",
                              json{{"variant", v.at("id")}, {"seats", {"random", "random", "random"}}}.dump());
  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_EQ(made.json().at("variant"), "four oracles");
  EXPECT_EQ(made.json().at("options").at("rounds"), "1");
  const std::string code = made.json().at("code");
  json summary;
  for (int i = 0; i < 600; ++i) {
    summary = http(port, "GET", "/api/tables/" + code).json();
    if (summary.at("status") == "finished") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(summary.at("status"), "finished");
  const json replay = http(port, "GET", "/api/tables/" + code + "/replay").json();
  ASSERT_TRUE(replay.contains("data_files"));
  EXPECT_EQ(replay.at("data_files").at("cards.toml"), cards);
  std::filesystem::remove_all(db + ".lab");
  const std::string file = testing::TempDir() + "lab_table_replay.json";
  std::ofstream(file) << replay.dump();
  run_command(std::string(COURT_BINARY) + " replay " + file);
  EXPECT_EQ(http(port, "POST", "/api/tables", json{{"variant", 999}}.dump()).status, 404);
  EXPECT_EQ(http(port, "POST", "/api/tables", json{{"variant", v.at("id")}, {"game", "belle"}}.dump()).status, 400);
}


// Issue 38: one request with a sweep and a ladder had been accepted as 84 million games. The games of every
// batch count against --lab-max-job-games: at the cap a job is taken, one game over it is refused with
// what was asked, the cap and the flag, and nothing is stored.
TEST(ServerLabCaps, AJobOverTheGamesCapIsRefusedAndNothingStored) {
  InProcessServer server(temp_db("lab_cap_games"), server::LabConfig{.max_job_games = 3000});
  const auto port = server.port();
  const json sweep = {{"option", "rounds"}, {"values", {"2", "3", "4"}}};
  HttpReply r = lab(port, "POST", "jobs", {{"game", "intrigue"}, {"games", 334}, {"sweep", sweep},
                                           {"ladder", {"random", "heuristic"}}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json().value("code", ""), "job_too_big");
  const std::string message = r.json().value("error", "");
  EXPECT_NE(message.find("3006 games"), std::string::npos) << message;   // 334 x 3 values x (1 + 2 rungs)
  EXPECT_NE(message.find("3000"), std::string::npos) << message;
  EXPECT_NE(message.find("--lab-max-job-games"), std::string::npos) << message;
  EXPECT_EQ(lab(port, "GET", "jobs").json().size(), 0u) << "nothing stored";
  r = lab(port, "POST", "jobs", {{"game", "intrigue"}, {"games", 333}, {"sweep", sweep}, {"ladder", {"random", "heuristic"}}});
  EXPECT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(r.json().at("total"), 2997);
}

// 300 jobs of a million games had been queued in 0.1 s. Queued and running jobs count against a cap per
// client and one in all (429 too_many_jobs, naming the flag); a cancelled job no longer counts.
TEST(ServerLabCaps, QueuedJobsAreCappedPerClientAndInAll) {
  const json slow = {{"game", "persuasion"}, {"players", 8}, {"games", 1000000}};
  {
    InProcessServer server(temp_db("lab_cap_client"), server::LabConfig{.max_client_jobs = 2, .max_jobs = 50});
    const auto port = server.port();
    const json first = lab(port, "POST", "jobs", slow).json();
    EXPECT_EQ(lab(port, "POST", "jobs", slow).status, 201);
    const HttpReply over = lab(port, "POST", "jobs", slow);
    EXPECT_EQ(over.status, 429) << over.body;
    EXPECT_EQ(over.json().value("code", ""), "too_many_jobs");
    EXPECT_NE(over.json().value("error", "").find("--lab-max-client-jobs"), std::string::npos) << over.body;
    EXPECT_EQ(lab(port, "GET", "jobs").json().size(), 2u);
    EXPECT_EQ(lab(port, "DELETE", "jobs/" + std::to_string(first.at("id").get<int>())).status, 200);
    finished_job(port, first.at("id"));
    EXPECT_EQ(lab(port, "POST", "jobs", slow).status, 201) << "a cancelled job frees its place";
    for (const json& j : lab(port, "GET", "jobs").json()) lab(port, "DELETE", "jobs/" + std::to_string(j.at("id").get<int>()));
  }
  InProcessServer server(temp_db("lab_cap_all"), server::LabConfig{.max_client_jobs = 5, .max_jobs = 2});
  const auto port = server.port();
  EXPECT_EQ(lab(port, "POST", "jobs", slow).status, 201);
  EXPECT_EQ(lab(port, "POST", "jobs", slow).status, 201);
  const HttpReply over = lab(port, "POST", "jobs", slow);
  EXPECT_EQ(over.status, 429) << over.body;
  EXPECT_NE(over.json().value("error", "").find("--lab-max-jobs"), std::string::npos) << over.body;
  for (const json& j : lab(port, "GET", "jobs").json()) lab(port, "DELETE", "jobs/" + std::to_string(j.at("id").get<int>()));
}

// The per-client cap counts by the caller's address: another client still has its own places.
TEST(ServerLabCaps, EachClientHasItsOwnPlaces) {
  server::LabStore store(temp_db("lab_cap_clients"));
  server::LabJobs jobs(store, {.dir = testing::TempDir(), .max_client_jobs = 1, .max_jobs = 3});   // never started
  const json job = {{"game", "intrigue"}, {"games", 10}};
  jobs.submit(job, "10.0.0.1");
  EXPECT_THROW(jobs.submit(job, "10.0.0.1"), server::ApiError);
  jobs.submit(job, "10.0.0.2");
  jobs.submit(job, "10.0.0.3");
  try {
    jobs.submit(job, "10.0.0.4");
    ADD_FAILURE() << "a fourth job was taken over the cap of 3 in all";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.status(), 429);
    EXPECT_EQ(e.code(), "too_many_jobs");
  }
}

// Waits (up to two minutes) until the job has a checkpoint while it still runs; its description then.
json checkpointed_job(std::uint16_t port, std::int64_t id) {
  for (int i = 0; i < 12000; ++i) {
    const json job = lab(port, "GET", "jobs/" + std::to_string(id)).json();
    if (job.at("status") != "queued" && job.at("status") != "running") break;
    if (job.at("status") == "running" && job.value("checkpointed", 0) > 0) return job;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ADD_FAILURE() << "job " << id << " ended or took too long before a checkpoint";
  return {};
}

// Issue 38: a job running when the server died ran again from zero, so a job that killed the server did it
// again at every start. Now it resumes from its last checkpoint (done > 0 right after the restart) and ends
// with the report an uninterrupted run writes: the document `court sim --json` writes for its command.
TEST(ServerLabCheckpoints, AJobKilledWithTheServerResumesFromItsCheckpoint) {
  const std::string db = temp_db("lab_resume");
  const std::vector<std::string> args = {"--lab-checkpoint", "0", "--lab-threads", "1"};
  std::int64_t id = 0, checkpointed = 0;
  {
    ServeProcess serve(db, args);
    id = lab(serve.port(), "POST", "jobs", {{"game", "intrigue"}, {"games", 60000}, {"seed", 5}}).json().at("id");
    checkpointed = checkpointed_job(serve.port(), id).value("checkpointed", 0);
    serve.kill_hard();
  }
  ASSERT_GT(checkpointed, 0);
  ServeProcess serve(db, args);
  const json resumed = lab(serve.port(), "GET", "jobs/" + std::to_string(id)).json();
  EXPECT_GE(resumed.at("done").get<std::int64_t>(), checkpointed) << resumed.dump();
  EXPECT_GT(resumed.at("done").get<std::int64_t>(), 0) << "resumed, not run from zero";
  const json done = finished_job(serve.port(), id);
  ASSERT_EQ(done.at("status"), "done") << done.dump();
  EXPECT_EQ(done.at("done"), 60000);
  const std::string out = testing::TempDir() + "lab_resume_report.json";
  std::string command = replaced(done.at("command"), "court sim", std::string(COURT_BINARY) + " sim -q");
  run_command(replaced(command, "--json report.json", "--json " + out));
  const HttpReply report = lab(serve.port(), "GET", "jobs/" + std::to_string(id) + "/report.json");
  EXPECT_TRUE(report.body == slurp(out)) << "the resumed job's report differs from court sim's";
  const HttpReply csv = lab(serve.port(), "GET", "jobs/" + std::to_string(id) + "/report.csv");
  EXPECT_EQ(csv.status, 409) << "a job over the CSV limit keeps no rows";
  EXPECT_EQ(csv.json().value("code", ""), "no_csv");
}

// A job found running at two starts (it crashed the server twice) is marked failed with the reason, not run
// a third time.
TEST(ServerLabCheckpoints, AJobTheServerDiedUnderTwiceIsMarkedFailed) {
  const std::string db = temp_db("lab_crash_twice");
  const std::vector<std::string> args = {"--lab-checkpoint", "0", "--lab-threads", "1"};
  std::int64_t id = 0;
  for (int crash = 0; crash < 2; ++crash) {
    ServeProcess serve(db, args);
    if (crash == 0) id = lab(serve.port(), "POST", "jobs", {{"game", "intrigue"}, {"games", 1000000}}).json().at("id");
    EXPECT_FALSE(checkpointed_job(serve.port(), id).is_null());
    serve.kill_hard();
  }
  ServeProcess serve(db, args);
  const json failed = lab(serve.port(), "GET", "jobs/" + std::to_string(id)).json();
  EXPECT_EQ(failed.at("status"), "failed") << failed.dump();
  EXPECT_NE(failed.value("error", "").find("stopped twice"), std::string::npos) << failed.dump();
}

}  // namespace
}  // namespace court::server_test
