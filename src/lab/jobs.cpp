#include "lab/jobs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "engine/bot.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "lab/job_source.h"
#include "lab/studies.h"
#include "lab/variants.h"
#include "server/api_error.h"
#include "server/json_fields.h"
#include "server/limits.h"
#include "server/thread_priority.h"
#include "sim/simulate.h"

namespace court::server {
namespace {

constexpr std::int64_t kMaxJobGames = 1'000'000;
constexpr std::size_t kMaxSweepValues = 12;

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A `court sim` job as stored: every choice made explicit, so it runs the same after a restart.
nlohmann::json sim_job(const nlohmann::json& body, LabStore& store, const std::string& lab_dir) {
  reject_unknown_fields(body, {"kind", "game", "variant", "players", "seats", "games", "seed", "options", "sweep",
                               "ladder"}, "a job");
  Source source = read_source(body, store, lab_dir);
  const GameEntry& entry = *source.entry;
  for (const auto& [k, v] : option_values(body)) source.options[k] = v;
  auto seats = string_list(body, "seats", kMaxSeats);
  const auto players = int_field(body, "players", entry.info.min_seats, entry.info.max_seats)
                           .value_or(seats.empty() ? entry.info.min_seats : static_cast<std::int64_t>(seats.size()));
  if (seats.empty()) seats.assign(static_cast<std::size_t>(players), "random");
  if (static_cast<std::int64_t>(seats.size()) != players) {
    throw ApiError(400, "bad_field", fmt::format("'seats' has {} entries for {} players", seats.size(), players));
  }
  check_bots(entry, seats, "seat");
  const auto ladder = string_list(body, "ladder", 6);
  if (ladder.size() == 1) throw ApiError(400, "bad_field", "'ladder' needs at least two bots, weakest first");
  check_bots(entry, ladder, "ladder bot");
  nlohmann::json out = source.fields;
  out["players"] = players;
  out["seats"] = seats;
  out["games"] = int_field(body, "games", 1, kMaxJobGames).value_or(1000);
  out["seed"] = int_field(body, "seed", 0, (std::int64_t{1} << 53) - 1).value_or(1);
  out["options"] = source.options;
  out["ladder"] = ladder;
  if (auto it = body.find("sweep"); it != body.end() && !it->is_null()) {
    if (!it->is_object()) throw ApiError(400, "bad_field", "'sweep' is {\"option\": name, \"values\": [...]}");
    reject_unknown_fields(*it, {"option", "values"}, "a sweep");
    const auto option = string_field(*it, "option", 100);
    const auto values = string_list(*it, "values", kMaxSweepValues);
    if (!option || values.size() < 2) {
      throw ApiError(400, "bad_field", fmt::format("a sweep names an 'option' and 2 to {} 'values'", kMaxSweepValues));
    }
    out["sweep"] = {{"option", *option}, {"values", values}};
  }
  return out;
}

// The job's kind: sim (the default), advise or tune.
std::string kind_field(const nlohmann::json& body) {
  const std::string kind = string_field(body, "kind", 100).value_or("sim");
  if (kind != "sim" && kind != "advise" && kind != "tune") {
    throw ApiError(400, "bad_field", fmt::format("'kind' '{}' is no kind of Lab job; allowed: sim, advise, tune", kind));
  }
  return kind;
}

std::string kind_of(const nlohmann::json& request) { return request.value("kind", "sim"); }

// The job as stored, by its kind.
nlohmann::json normalized_request(const nlohmann::json& body, LabStore& store, const std::string& lab_dir) {
  const std::string kind = kind_field(body);
  if (kind == "advise") return advise_job(body, store, lab_dir);
  if (kind == "tune") return tune_job(body, store, lab_dir);
  return sim_job(body, store, lab_dir);
}

using Options = std::map<std::string, std::string>;

// The simulator's request for a stored job (UserError for options the game refuses).
sim::SimRequest sim_request(const nlohmann::json& r, int threads) {
  sim::SimRequest request;
  request.entry = &games().get(r["game"].get<std::string>());
  request.players = r["players"];
  request.lineup = r["seats"].get<std::vector<std::string>>();
  request.ladder = r["ladder"].get<std::vector<std::string>>();
  const std::string data_dir = r.value("data_dir", "");
  std::vector<Options> grid{r["options"].get<Options>()};
  if (r.contains("sweep")) {
    grid.clear();
    for (const auto& value : r["sweep"]["values"]) {
      Options o = r["options"].get<Options>();
      o[r["sweep"]["option"].get<std::string>()] = value.get<std::string>();
      grid.push_back(o);
    }
  }
  for (const auto& o : grid) request.configs.push_back(request.entry->make_config(request.players, o, data_dir));
  request.settings.seed = r["seed"];
  request.settings.games = r["games"];
  request.settings.threads = threads;
  request.settings.rotate = sim::default_rotation(request.lineup);
  return request;
}

// The `court sim` command line that writes the same report.
std::string sim_command(const nlohmann::json& r) {
  std::string out = fmt::format("court sim {} --players {} --seats {} -n {} --seed {}", r["game"].get<std::string>(),
                                r["players"].get<int>(), fmt::join(r["seats"].get<std::vector<std::string>>(), ","),
                                r["games"].get<std::int64_t>(), r["seed"].get<std::uint64_t>());
  const std::string swept = r.contains("sweep") ? r["sweep"]["option"].get<std::string>() : "";
  out += set_args(r["options"], swept);
  if (!swept.empty()) {
    out += fmt::format(" --set {}={}", swept, fmt::join(r["sweep"]["values"].get<std::vector<std::string>>(), ","));
  }
  if (r.contains("data_dir")) out += " --data " + r["data_dir"].get<std::string>();
  if (!r["ladder"].empty()) out += fmt::format(" --ladder {}", fmt::join(r["ladder"].get<std::vector<std::string>>(), ","));
  return out + " --json report.json";
}

// The command line of the job's kind that writes the same document.
std::string command_line(const nlohmann::json& r) {
  const std::string kind = kind_of(r);
  if (kind == "advise") return advise_command(r);
  if (kind == "tune") return tune_command(r);
  return sim_command(r);
}

// The games a stored job plays (at most, for a study), and how that count is made.
GameEstimate estimate(const nlohmann::json& r, int threads) {
  const std::string kind = kind_of(r);
  if (kind == "advise") return advise_estimate(r);
  if (kind == "tune") return tune_estimate(r);
  const sim::SimRequest sim = sim_request(r, threads);
  const std::size_t batches = sim::batch_count(sim);
  return {static_cast<std::int64_t>(sim.settings.games * batches),
          fmt::format("{} a batch, {} batches: {} variant(s) x (1 + {} ladder bots)", sim.settings.games, batches,
                      sim.configs.size(), sim.ladder.size())};
}

}  // namespace

LabJobs::LabJobs(LabStore& store, LabSettings settings) : store_(store), settings_(std::move(settings)) {}

LabJobs::~LabJobs() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    for (auto& [id, live] : live_) live->stop = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

void LabJobs::start() {
  for (const Job& j : store_.unfinished_jobs()) {
    if (j.status == "running" && store_.found_running(j.id) >= 2) {
      store_.set_job(j.id, "failed", j.done, "", "", "the server stopped twice while this job ran, so it is not "
                                                     "run again (submit it again to run it from the start)");
      continue;
    }
    if (j.status == "running") store_.set_job(j.id, "queued", j.checkpointed);   // resumes from its checkpoint
    queue_.push_back(j.id);
  }
  for (int i = 0; i < std::max(1, settings_.parallel_jobs); ++i) workers_.emplace_back([this] { work(); });
}

// Refuses a job over the games cap, or one more than the client's or everyone's queue caps allow.
void LabJobs::check_caps(const GameEstimate& estimate, const std::string& client) {
  if (estimate.games > settings_.max_job_games) {
    throw ApiError(400, "job_too_big",
                   fmt::format("this job asks for {} games ({}); a job may have at most {} games in all (the "
                               "server's --lab-max-job-games)", estimate.games, estimate.how, settings_.max_job_games));
  }
  const std::int64_t mine = store_.active_jobs(&client);
  if (mine >= settings_.max_client_jobs) {
    throw ApiError(429, "too_many_jobs",
                   fmt::format("this client has {} Lab jobs queued or running, the most one client may have (the "
                               "server's --lab-max-client-jobs): wait for one to end, or cancel one", mine));
  }
  const std::int64_t all = store_.active_jobs(nullptr);
  if (all >= settings_.max_jobs) {
    throw ApiError(429, "too_many_jobs",
                   fmt::format("the Lab has {} jobs queued or running, the most it takes (the server's "
                               "--lab-max-jobs): try again when one has ended", all));
  }
}

nlohmann::json LabJobs::submit(const nlohmann::json& body, const std::string& client) {
  const nlohmann::json request = normalized_request(body, store_, settings_.dir);
  GameEstimate games;
  try {
    games = estimate(request, settings_.threads_per_job);
  } catch (const UserError& e) {
    throw ApiError(400, "bad_option", e.what());
  }
  std::int64_t id = 0;
  {
    std::lock_guard hold(submit_mutex_);
    check_caps(games, client);
    id = store_.add_job(request.dump(), games.games, wall_ms(), client);
  }
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(id);
  }
  wake_.notify_one();
  return describe(id, false);
}

nlohmann::json LabJobs::describe(std::int64_t id, bool with_report) {
  auto job = store_.job(id, with_report);
  if (!job) throw ApiError(404, "unknown_job", fmt::format("no job {}", id));
  const nlohmann::json request = nlohmann::json::parse(job->request);
  const bool sim = kind_of(request) == "sim";
  nlohmann::json out = {{"id", id}, {"kind", kind_of(request)}, {"status", job->status}, {"done", job->done},
                        {"total", job->total}, {"checkpointed", job->checkpointed},
                        {"request", request}, {"command", command_line(request)},
                        {"mpi_command", sim ? nlohmann::json("mpirun -np 4 " + command_line(request)) : nlohmann::json()},
                        {"created_ms", job->created_ms}};
  add_live(id, out, *job);
  if (!job->error.empty()) out["error"] = job->error;
  if (with_report && job->status == "done") out["report"] = nlohmann::json::parse(job->report);
  return out;
}

// A running job's games done (and a study's step and batches).
void LabJobs::add_live(std::int64_t id, nlohmann::json& out, const Job& job) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(id);
  if (it == live_.end() || job.status != "running") return;
  Live& live = *it->second;
  // Until a resumed run has loaded its checkpoint, the stored count (the checkpoint's) is the larger.
  out["done"] = std::max(job.done, static_cast<std::int64_t>(live.progress.finished.load()));
  if (out["kind"] == "sim") return;
  std::lock_guard step(live.step_mutex);
  out["step"] = live.step;
  out["batches_done"] = live.batches_done;
  out["batches_total"] = live.batches_total;
}

nlohmann::json LabJobs::list() {
  nlohmann::json out = nlohmann::json::array();
  for (const Job& j : store_.jobs()) out.push_back(describe(j.id, false));
  return out;
}

nlohmann::json LabJobs::cancel(std::int64_t id) {
  auto job = store_.job(id, false);
  if (!job) throw ApiError(404, "unknown_job", fmt::format("no job {}", id));
  std::lock_guard lock(mutex_);
  if (auto it = live_.find(id); it != live_.end()) {
    it->second->stop = true;   // the worker stores `cancelled` when the batch stops
  } else if (job->status == "queued") {
    std::erase(queue_, id);
    store_.set_job(id, "cancelled", 0);
  }
  return {{"id", id}, {"status", live_.count(id) ? "cancelling" : store_.job(id, false)->status}};
}

std::string LabJobs::report_text(std::int64_t id) {
  auto job = store_.job(id, true);
  if (!job) throw ApiError(404, "unknown_job", fmt::format("no job {}", id));
  if (job->status != "done") throw ApiError(409, "not_done", fmt::format("job {} is {}, not done", id, job->status));
  return job->report;
}

std::string LabJobs::csv_text(std::int64_t id) {
  report_text(id);   // refuses a job that is not done
  auto job = store_.job(id, true);
  if (const std::string kind = kind_of(nlohmann::json::parse(job->request)); kind != "sim") {
    throw ApiError(409, "no_csv", fmt::format("job {} is a study ({}): it plays many batches and keeps no CSV; its "
                                              "report.json is the document", id, kind));
  }
  if (job->total > kMaxCsvGames) {
    throw ApiError(409, "no_csv", fmt::format("job {} played {} games: the Lab keeps a job's CSV up to {} games; its "
                                              "command with --csv FILE writes it", id, job->total, kMaxCsvGames));
  }
  return job->csv;
}

bool LabJobs::closing() {
  std::lock_guard lock(mutex_);
  return closing_;
}

void LabJobs::work() {
  lowest_priority();
  for (;;) {
    std::int64_t id = 0;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (closing_) return;
      id = queue_.front();
      queue_.pop_front();
      live_[id] = std::make_shared<Live>();
    }
    run(id);
    std::lock_guard lock(mutex_);
    live_.erase(id);
  }
}

// Runs one job and stores how it ended: its report, cancelled, or why it failed.
void LabJobs::run(std::int64_t id) {
  std::shared_ptr<Live> live;
  {
    std::lock_guard lock(mutex_);
    live = live_[id];
  }
  try {
    const auto job = store_.job(id, false);
    if (kind_of(nlohmann::json::parse(job->request)) == "sim") run_sim(id, *job, *live);
    else run_study(id, *job, *live);
  } catch (const std::exception& e) {
    std::cerr << fmt::format("court serve: Lab job {} failed: {}\n", id, e.what());
    store_.set_job(id, "failed", static_cast<std::int64_t>(live->progress.finished.load()), "", "", e.what());
  }
}

// A `court sim` job of more than kMaxCsvGames games keeps no records (its games are folded as they finish)
// and is checkpointed every checkpoint_seconds; one that had been stopped resumes from its checkpoint.
void LabJobs::run_sim(std::int64_t id, const Job& job, Live& live) {
  const bool csv = job.total <= kMaxCsvGames;
  const std::string saved = csv ? "" : store_.checkpoint(id);
  store_.set_job(id, "running", saved.empty() ? 0 : job.checkpointed);
  const sim::SimRequest request = sim_request(nlohmann::json::parse(job.request), settings_.threads_per_job);
  const nlohmann::json resume = saved.empty() ? nlohmann::json() : nlohmann::json::parse(saved);
  sim::SimHooks hooks{.stop = &live.stop, .progress = &live.progress, .keep_records = csv};
  if (!csv) {
    hooks.checkpoint = [&](const nlohmann::json& checkpoint) {
      store_.set_checkpoint(id, checkpoint.dump(), static_cast<std::int64_t>(live.progress.finished.load()));
    };
    hooks.checkpoint_ms = std::int64_t{settings_.checkpoint_seconds} * 1000;
    hooks.resume = resume.is_null() ? nullptr : &resume;
  }
  const sim::SimResult result = sim::simulate(request, sim::Cluster{}, hooks);
  store_result(id, result, static_cast<std::int64_t>(live.progress.finished.load()));
}

// A study (advise or tune) has no checkpoint: one the server stopped under runs again from the start.
void LabJobs::run_study(std::int64_t id, const Job& job, Live& live) {
  store_.set_job(id, "running", 0);
  const nlohmann::json request = nlohmann::json::parse(job.request);
  StudyHooks hooks{.stop = &live.stop, .progress = &live.progress};
  hooks.step = [&live](const std::string& step, int done, int total) {
    std::lock_guard lock(live.step_mutex);
    live.step = step;
    live.batches_done = done;
    live.batches_total = std::max(total, done + 1);
  };
  const StudyResult result = kind_of(request) == "advise"
                                 ? run_advise(request, settings_.threads_per_job, hooks)
                                 : run_tune(request, settings_.threads_per_job,
                                            fmt::format("{}/tune-{}", settings_.dir, id), hooks);
  store_study(id, result, static_cast<std::int64_t>(live.progress.finished.load()));
}

void LabJobs::store_result(std::int64_t id, const sim::SimResult& result, std::int64_t done) {
  if (result.interrupted && closing()) {
    // The server is stopping: the job runs again after the restart, from its last checkpoint.
    store_.set_job(id, "queued", store_.job(id, false)->checkpointed);
  } else if (result.interrupted) {
    store_.set_job(id, "cancelled", done);
  } else {
    std::vector<sim::CsvPart> parts;
    for (std::size_t v = 0; v < result.contexts.size(); ++v) parts.push_back({&result.contexts[v], &result.records[v]});
    store_.set_job(id, "done", done, result.document.dump(2) + "\n", sim::records_csv(parts));
  }
}

void LabJobs::store_study(std::int64_t id, const StudyResult& result, std::int64_t done) {
  if (result.interrupted && closing()) {
    store_.set_job(id, "queued", 0);   // the server is stopping: the study runs again after the restart
  } else if (result.interrupted) {
    store_.set_job(id, "cancelled", done);
  } else {
    store_.set_job(id, "done", done, result.document.dump(2) + "\n");
  }
}

}  // namespace court::server
