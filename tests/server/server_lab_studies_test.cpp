// The Lab's studies over loopback (docs/protocol.md, "The Lab"): `court advise` and `court tune` as Lab jobs on
// the same queue as `court sim` jobs: an advise job's findings and its command, its progress and cancel, a tune
// job's front whose rows save as variants, bad requests refused with nothing stored, and what a restart does.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "server/server_lab_support.h"
#include "server/server_test_support.h"

namespace court::server_test {
namespace {

using nlohmann::json;

// One starting point: Intrigue ends in its first round, which the advisor finds at once.
const json kFastAdvise = {{"kind", "advise"}, {"game", "intrigue"}, {"players", 3}, {"games", 40}, {"seed", 3},
                          {"strong", "random"}, {"options", {{"starting_points", "1"}}}};

json submitted(std::uint16_t port, const json& body) {
  const HttpReply r = lab(port, "POST", "jobs", body);
  EXPECT_EQ(r.status, 201) << r.body;
  return r.json();
}


// A study's report is the advice document `court advise --json` writes for the command the job shows.
TEST(ServerLabStudies, AnAdviseJobEndsWithTheDocumentCourtAdviseWrites) {
  InProcessServer server(temp_db("lab_advise"));
  const auto port = server.port();
  const json job = submitted(port, kFastAdvise);
  EXPECT_EQ(job.at("kind"), "advise");
  EXPECT_TRUE(job.at("mpi_command").is_null());
  const json done = finished_job(port, job.at("id"));
  ASSERT_EQ(done.at("status"), "done") << done.dump().substr(0, 400);
  const json& report = done.at("report");
  EXPECT_EQ(report.at("court_advice"), 1);
  EXPECT_EQ(report.at("games"), 40);
  EXPECT_FALSE(report.at("interrupted").get<bool>());
  ASSERT_FALSE(report.at("findings").empty());
  EXPECT_EQ(report.at("findings").at(0).at("severity"), "critical") << "the most severe first";
  EXPECT_TRUE(report.at("findings").at(0).contains("command"));
  EXPECT_FALSE(report.at("checked").empty());
  EXPECT_LE(done.at("done").get<std::int64_t>(), done.at("total").get<std::int64_t>()) << "the estimate is a bound";
  const std::string command = done.at("command");
  ASSERT_TRUE(command.starts_with("court advise intrigue --players 3 -n 40 --seed 3")) << command;
  const std::string out = testing::TempDir() + "lab_advice.json";
  std::string local = std::string(COURT_BINARY) + " advise -q" + command.substr(std::string("court advise").size());
  local.replace(local.find("--json advice.json"), 18, "--json " + out);
  run_command(local + " --threads 1");
  EXPECT_TRUE(lab(port, "GET", "jobs/" + std::to_string(job.at("id").get<int>()) + "/report.json").body == slurp(out))
      << "the job's advice differs from court advise's";
  const HttpReply page = lab(port, "GET", "jobs/" + std::to_string(job.at("id").get<int>()) + "/report.html");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<html"), std::string::npos);
  EXPECT_EQ(lab(port, "GET", "jobs/" + std::to_string(job.at("id").get<int>()) + "/report.csv").json().at("code"), "no_csv");
}

// While a study runs its step, batches and games move; cancel stops it between batches and stores no report.
TEST(ServerLabStudies, AStudysProgressMovesAndCancelStopsIt) {
  InProcessServer server(temp_db("lab_advise_cancel"));
  const auto port = server.port();
  json body = kFastAdvise;
  body["games"] = 100000;
  const json job = submitted(port, body);
  const std::int64_t id = job.at("id");
  const json first = job_when(port, id, [](const json& j) { return j.value("done", 0) > 0 && j.contains("step"); });
  ASSERT_EQ(first.at("status"), "running") << first.dump().substr(0, 300);
  EXPECT_EQ(first.at("step"), "baseline");
  EXPECT_EQ(first.at("batches_done"), 0);
  EXPECT_GE(first.at("batches_total"), 1);
  const json later = job_when(port, id, [&](const json& j) { return j.value("done", 0) > first.at("done").get<int>() + 100; });
  EXPECT_GT(later.at("done"), first.at("done")) << "the games done move";
  EXPECT_EQ(lab(port, "DELETE", "jobs/" + std::to_string(id)).json().at("status"), "cancelling");
  const json stopped = finished_job(port, id);
  EXPECT_EQ(stopped.at("status"), "cancelled");
  EXPECT_LT(stopped.at("done").get<std::int64_t>(), stopped.at("total").get<std::int64_t>());
  EXPECT_EQ(lab(port, "GET", "jobs/" + std::to_string(id) + "/report.json").status, 409);
}

// A tune job ends with the best and the Pareto front; each proposal carries a `court sim` command with its
// settings and a variant body the Lab takes. A knob on an option the variant sets varies it.
TEST(ServerLabStudies, ATuneJobReturnsAFrontWhoseRowsSaveAsVariants) {
  InProcessServer server(temp_db("lab_tune"));
  const auto port = server.port();
  const HttpReply base = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "two points"},
                                                        {"options", {{"starting_points", "2"}, {"rounds", "3"}}}});
  ASSERT_EQ(base.status, 201) << base.body;
  const json job = submitted(port, {{"kind", "tune"}, {"variant", base.json().at("id")}, {"players", 3},
                                    {"knobs", {"starting_points=1..4"}}, {"targets", {"length=20..35"}},
                                    {"budget", 400}, {"seed", 2}});
  EXPECT_EQ(job.at("total"), 400);
  EXPECT_EQ(job.at("request").at("options"), json({{"rounds", "3"}})) << "the knob, not the variant, sets it";
  EXPECT_NE(job.at("command").get<std::string>().find("--knob 'starting_points=1..4' --target 'length=20..35'"),
            std::string::npos) << job.at("command");
  const json done = finished_job(port, job.at("id"));
  ASSERT_EQ(done.at("status"), "done") << done.dump().substr(0, 400);
  const json& report = done.at("report");
  EXPECT_EQ(report.at("court_tune"), 1);
  EXPECT_LE(report.at("spent").get<int>(), 400);
  ASSERT_FALSE(report.at("front").empty());
  ASSERT_EQ(report.at("proposals").size(), report.at("front").size());
  const json& best = report.at("proposals").at(0);
  EXPECT_EQ(best.at("candidate"), report.at("best"));
  const std::string value = report.at("candidates").at(best.at("candidate").get<int>()).at("settings").at("starting_points");
  EXPECT_NE(best.at("command").get<std::string>().find("--set starting_points=" + value), std::string::npos);
  const HttpReply saved = lab(port, "POST", "variants", best.at("variant"));
  ASSERT_EQ(saved.status, 201) << saved.body;
  EXPECT_EQ(saved.json().at("options").at("starting_points"), value);
  EXPECT_EQ(saved.json().at("options").at("rounds"), "3") << "the variant's other options stay";
  EXPECT_EQ(lab(port, "GET", "variants").json().size(), 2u);
}

// A data knob edits the variant's file; its proposals carry the edited file in their variant body and a
// command whose --data directory holds it.
TEST(ServerLabStudies, ADataKnobsProposalsCarryTheEditedFile) {
  InProcessServer server(temp_db("lab_tune_data"));
  const auto port = server.port();
  const HttpReply base = lab(port, "POST", "variants", {{"game", "intrigue"}, {"name", "base"}});
  ASSERT_EQ(base.status, 201) << base.body;
  const json job = submitted(port, {{"kind", "tune"}, {"variant", base.json().at("id")},
                                    {"knobs", {"data:cards.toml:card[1].quantity=1..3"}},
                                    {"targets", {"length=20..40"}}, {"budget", 300}});
  EXPECT_NE(job.at("command").get<std::string>().find("--out tuned"), std::string::npos) << job.at("command");
  const json done = finished_job(port, job.at("id"));
  ASSERT_EQ(done.at("status"), "done") << done.dump().substr(0, 400);
  const json& best = done.at("report").at("proposals").at(0);
  const std::string quantity = done.at("report").at("candidates").at(best.at("candidate").get<int>()).at("settings")
                                   .at("cards.toml:card[1].quantity");
  const std::string command = best.at("command");
  const std::string dir = command.substr(command.find("--data ") + 7, command.find(' ', command.find("--data ") + 7) -
                                                                            command.find("--data ") - 7);
  EXPECT_NE(slurp(dir + "/cards.toml").find("quantity = " + quantity), std::string::npos) << dir;
  EXPECT_TRUE(best.at("variant").at("files").contains("cards.toml") || quantity == "1") << best.at("variant").dump();
  EXPECT_EQ(lab(port, "POST", "variants", best.at("variant")).status, 201);
}

// Bad study requests are refused with their field and what is allowed, and store nothing.
TEST(ServerLabStudies, BadStudiesAreRefusedAndNothingStored) {
  InProcessServer server(temp_db("lab_bad_studies"), server::LabConfig{.max_job_games = 20000});
  const auto port = server.port();
  const auto refused = [&](json body, const char* field, const json& value, const std::string& code,
                           const std::string& words) {
    body[field] = value;
    const HttpReply r = lab(port, "POST", "jobs", body);
    EXPECT_EQ(r.status, 400) << field << ": " << r.body;
    EXPECT_EQ(r.json().value("code", ""), code) << r.body;
    EXPECT_NE(r.json().value("error", "").find(words), std::string::npos) << r.body;
  };
  const json tune = {{"kind", "tune"}, {"game", "intrigue"}, {"knobs", {"starting_points=1..4"}},
                     {"targets", {"length=20..35"}}, {"budget", 400}};
  refused(kFastAdvise, "kind", "study", "bad_field", "allowed: sim, advise, tune");
  refused(kFastAdvise, "baseline", "grandmaster", "bad_bot", "baseline 'grandmaster'");
  refused(kFastAdvise, "rungs", {"human"}, "bad_bot", "rung 'human'");
  refused(kFastAdvise, "games", 5, "bad_field", "games");
  refused(kFastAdvise, "ladder", {"random"}, "unknown_field", "ladder");
  refused(kFastAdvise, "options", {{"rounds", "99"}}, "bad_option", "rounds");
  refused(kFastAdvise, "games", 5000, "job_too_big", "move-kind probes");
  refused(tune, "knobs", {"no_such_option=1..3"}, "bad_knob", "'knobs'");
  refused(tune, "targets", {"happiness>=3"}, "bad_target", "'targets'");
  refused(tune, "knobs", json::array(), "bad_field", "'knobs' needs 1 to 4");
  refused(tune, "budget", 20, "bad_field", "too small");
  refused(tune, "budget", 30000, "job_too_big", "budget");
  refused(tune, "seats", {"random", "nobody", "random"}, "bad_bot", "seat 'nobody'");
  EXPECT_EQ(lab(port, "GET", "jobs").json().size(), 0u);
}

// A study has no checkpoint: one the server died under runs again from the start at the next start, and one
// it died under twice is marked failed, as a `court sim` job is.
TEST(ServerLabStudies, AStudyTheServerDiedUnderRunsAgainOnceThenFails) {
  const std::string db = temp_db("lab_study_crash");
  const std::vector<std::string> args = {"--lab-threads", "1"};
  json body = kFastAdvise;
  body["games"] = 100000;
  std::int64_t id = 0;
  const auto running = [](const json& j) { return j.at("status") == "running" && j.value("done", 0) > 0; };
  for (int crash = 0; crash < 2; ++crash) {
    ServeProcess serve(db, args);
    if (crash == 0) id = submitted(serve.port(), body).at("id");
    const json seen = job_when(serve.port(), id, running);
    EXPECT_EQ(seen.at("status"), "running") << "start " << crash << ": " << seen.dump().substr(0, 300);
    if (crash == 1) {
      EXPECT_EQ(seen.at("batches_done"), 0) << "it ran again from its first batch";
    }
    serve.kill_hard();
  }
  ServeProcess serve(db, args);
  const json failed = lab_job(serve.port(), id);
  EXPECT_EQ(failed.at("status"), "failed") << failed.dump().substr(0, 300);
  EXPECT_NE(failed.value("error", "").find("stopped twice"), std::string::npos);
}

}  // namespace
}  // namespace court::server_test
