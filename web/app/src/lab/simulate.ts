// The Simulate panel: a job form (a game or a variant, players, a bot per seat, games, seed, options, an
// optional sweep of one option and an optional skill ladder), the jobs with their progress (polled every
// half second while queued or running) and Cancel, and the chosen job's report (report.ts).
import { h, mount, toast } from "../dom";
import {
  cancelJob,
  getJob,
  getVariant,
  listJobs,
  submitJob,
  type Job,
  type JobRequest,
  type Options,
} from "./api";
import { OptionsForm } from "./options";
import { jobTitle, reportPanel } from "./report";
import type { LabState, Source } from "./state";

const kPollMs = 500;
const active = (j: Job) => j.status === "queued" || j.status === "running";

export interface SimulatePanel {
  element: HTMLElement;
  choose(source: Source): void;
  /** The finished jobs, for Compare; told again whenever one finishes. */
  onJobs(fn: (jobs: Job[]) => void): void;
  stop(): void;
}

export function simulatePanel(lab: LabState): SimulatePanel {
  const sourceSelect = h("select#sim-source", { "aria-label": "what to simulate" });
  const players = h("input#sim-players", { type: "number" });
  const seatsBox = h("div.sim-seats");
  const games = h("input#sim-games", { type: "number", min: 1, max: 1000000, value: 1000 });
  const seed = h("input#sim-seed", { type: "number", min: 0, value: 1 });
  const optionsBox = h("div");
  const sweepOption = h("select#sim-sweep-option", { "aria-label": "option to sweep" });
  const sweepValues = h("input#sim-sweep-values", { placeholder: "values, e.g. 1, 2, 3", "aria-label": "values to sweep" });
  const ladder = h("input#sim-ladder", { placeholder: "e.g. random, heuristic, ismcts:iters=300", "aria-label": "ladder bots, weakest first" });
  const botList = h("datalist#sim-bots");
  const run = h("button#sim-run", { type: "submit" }, "Run simulation");
  const jobsBox = h("div.job-list", h("p.muted", "Loading jobs…"));
  const reportBox = h("div.report-box");

  let seats: string[] = [];
  let gameId = "";
  let base: Options = {};
  let optionsForm: OptionsForm | null = null;
  let jobs: Job[] = [];
  let shown: number | null = null;
  let stopped = false;
  const jobListeners: ((jobs: Job[]) => void)[] = [];

  function drawSources(chosen?: string) {
    const keep = chosen ?? sourceSelect.value;
    mount(
      sourceSelect,
      h("optgroup", { label: "Shipped games" }, lab.games.map((g) => h("option", { value: `game:${g.id}` }, g.title))),
      lab.variants.length
        ? h(
            "optgroup",
            { label: "Your variants" },
            [...lab.variants].reverse().map((v) => h("option", { value: `variant:${v.id}` }, `${v.name} (${lab.game(v.game)?.title ?? v.game})`)),
          )
        : null,
    );
    if ([...sourceSelect.options].some((o) => o.value === keep)) sourceSelect.value = keep;
    else if (lab.game("intrigue")) sourceSelect.value = "game:intrigue";
  }

  function source(): Source {
    const [kind, id] = sourceSelect.value.split(":");
    return kind === "variant" ? { variant: Number(id) } : { game: id };
  }

  async function sourceChanged() {
    const s = source();
    let game = "";
    base = {};
    if ("variant" in s) {
      try {
        const v = await getVariant(s.variant);
        game = v.game;
        base = v.options;
      } catch (e) {
        toast(`Could not load the variant: ${(e as Error).message}`);
        return;
      }
    } else {
      game = s.game;
    }
    const g = lab.game(game);
    if (!g) return;
    if (game !== gameId) {
      gameId = game;
      seats = [];
      players.min = String(g.min_seats);
      players.max = String(g.max_seats);
      players.value = String(Math.min(g.max_seats, Math.max(g.min_seats, 4)));
      players.disabled = g.min_seats === g.max_seats;
      mount(botList, g.bots.map((b) => h("option", { value: b })));
    }
    optionsForm = new OptionsForm(g.options, base, "sim-opt");
    mount(optionsBox, optionsForm.element);
    mount(sweepOption, h("option", { value: "" }, "no sweep"), g.options.map((o) => h("option", { value: o.name }, o.name)));
    drawSeats();
  }

  function drawSeats() {
    const g = lab.game(gameId);
    if (!g) return;
    const n = Math.max(g.min_seats, Math.min(g.max_seats, Number(players.value) || g.min_seats));
    const bot = g.bots.includes("heuristic") ? "heuristic" : (g.bots[0] ?? "random");
    seats.length = n;
    for (let i = 0; i < n; i++) seats[i] ??= bot;
    mount(
      seatsBox,
      seats.map((spec, i) => {
        const input = h("input", { value: spec, list: "sim-bots", "aria-label": `bot for seat ${i}`, "data-seat": i, spellcheck: "false" });
        input.addEventListener("input", () => (seats[i] = input.value.trim()));
        return h("label.seat-setup", h("span", `Seat ${i}`), input);
      }),
    );
  }

  function request(): JobRequest {
    const s = source();
    const out: JobRequest = { ...s, players: seats.length, seats: [...seats], games: Number(games.value), seed: Number(seed.value) };
    const options = optionsForm?.changedFrom(base) ?? {};
    if (Object.keys(options).length) out.options = options;
    const values = sweepValues.value.split(",").map((x) => x.trim()).filter(Boolean);
    if (sweepOption.value) out.sweep = { option: sweepOption.value, values };
    const rungs = ladder.value.split(",").map((b) => b.trim()).filter(Boolean);
    if (rungs.length) out.ladder = rungs;
    return out;
  }

  async function submit(e: Event) {
    e.preventDefault();
    run.disabled = true;
    try {
      const job = await submitJob(request());
      jobs = [job, ...jobs.filter((j) => j.id !== job.id)];
      drawJobs();
      show(job);
      poll();
      jobsBox.scrollIntoView({ block: "nearest" });   // on a phone the list is below the form
    } catch (err) {
      toast(`Could not start the simulation: ${(err as Error).message}`);
    } finally {
      run.disabled = false;
    }
  }

  function drawJobs() {
    if (!jobs.length) {
      mount(jobsBox, h("p.muted", "No simulations yet."));
      return;
    }
    if (!progressInPlace()) mount(jobsBox, h("ul.jobs", jobs.map(jobRow)));
  }

  /**
   * Writes the running jobs' progress into their rows when the list shows the same jobs in the same states
   * (false otherwise): a row rebuilt at every poll would lose a click on its Cancel button halfway.
   */
  function progressInPlace(): boolean {
    const rows = [...jobsBox.querySelectorAll<HTMLElement>(".job-row")];
    const same = rows.length === jobs.length &&
      rows.every((row, i) => row.dataset.job === String(jobs[i].id) && row.dataset.status === jobs[i].status);
    if (!same) return false;
    jobs.forEach((job, i) => {
      const bar = rows[i].querySelector<HTMLProgressElement>(".job-progress progress");
      const words = rows[i].querySelector(".job-progress span");
      if (bar) (bar.max = job.total), (bar.value = job.done);
      if (words) words.textContent = progressWords(job);
    });
    return true;
  }

  function progressWords(job: Job): string {
    const fraction = job.total ? job.done / job.total : 0;
    return `${Math.floor(100 * fraction)}% · ${job.done.toLocaleString("en")} of ${job.total.toLocaleString("en")}`;
  }

  function jobRow(job: Job): HTMLElement {
    const cancel = h("button.secondary.small", { type: "button" }, "Cancel");
    cancel.addEventListener("click", async () => {
      try {
        await cancelJob(job.id);
        poll();
      } catch (e) {
        toast(`Could not cancel: ${(e as Error).message}`);
      }
    });
    return h(
      "li.job-row",
      { "data-job": job.id, "data-status": job.status, class: job.id === shown ? "current" : undefined },
      h(
        "div.job-head",
        h("a.job-title", { href: "#/lab", onclick: (e: Event) => (e.preventDefault(), open(job.id)) }, jobTitle(job)),
        h("span.job-status", { class: job.status }, job.status),
      ),
      h("div.muted.small", `${job.request.games.toLocaleString("en")} games · seats ${job.request.seats.join(", ")} · seed ${job.request.seed}`, job.request.sweep ? ` · sweep ${job.request.sweep.option}` : "", job.request.ladder.length ? " · ladder" : ""),
      active(job)
        ? h(
            "div.row.job-progress",
            h("progress", { max: job.total, value: job.done, "aria-label": `job ${job.id} progress` }),
            h("span.small", progressWords(job)),
            cancel,
          )
        : null,
    );
  }

  /** Shows a job: its report when done, its progress while it runs. */
  function show(job: Job) {
    shown = job.id;
    if (active(job)) {
      mount(
        reportBox,
        h(
          "section.report.pending",
          { "data-job": job.id },
          h("h2", jobTitle(job)),
          h("p", job.status === "queued" ? "Waiting for the jobs before it." : `Running: ${job.done.toLocaleString("en")} of ${job.total.toLocaleString("en")} games.`),
          h("progress.big", { max: job.total, value: job.done }),
        ),
      );
    } else {
      mount(reportBox, reportPanel(job));
    }
    for (const row of jobsBox.querySelectorAll<HTMLElement>(".job-row")) row.classList.toggle("current", row.dataset.job === String(job.id));
  }

  async function open(id: number) {
    try {
      show(await getJob(id));
      reportBox.scrollIntoView({ block: "start" });
    } catch (e) {
      toast(`Could not load job ${id}: ${(e as Error).message}`);
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Follows every queued or running job until it ends. */
  function poll() {
    clearTimeout(timer);
    const running = jobs.filter(active);
    if (stopped || !running.length) return;
    timer = setTimeout(async () => {
      let ended = false;
      for (const j of running) {
        try {
          const fresh = await getJob(j.id);
          jobs = jobs.map((x) => (x.id === fresh.id ? fresh : x));
          if (!active(fresh)) ended = true;
          if (shown === fresh.id) show(fresh);
        } catch {
          // The next round tries again.
        }
      }
      if (stopped) return;
      drawJobs();
      if (ended) for (const fn of jobListeners) fn(jobs);
      poll();
    }, kPollMs);
  }

  players.addEventListener("input", drawSeats);
  sourceSelect.addEventListener("change", sourceChanged);
  lab.onVariants(() => drawSources());
  drawSources();
  sourceChanged();
  listJobs()
    .then((list) => {
      jobs = list;
      drawJobs();
      for (const fn of jobListeners) fn(jobs);
      poll();
    })
    .catch((e) => mount(jobsBox, h("p.error", `Could not load the jobs: ${(e as Error).message}`)));

  const form = h(
    "form.sim-form",
    h("label.field", h("span", "Game or variant"), sourceSelect),
    h("div.row", h("label.field", h("span", "Players"), players), h("label.field", h("span", "Games"), games), h("label.field", h("span", "Seed"), seed)),
    h("fieldset", h("legend", "A bot per seat"), seatsBox, h("small.muted", "A bot's name, with parameters after a colon, e.g. ismcts:iters=500. Seats rotate when the bots differ.")),
    botList,
    h("details.lab-options", h("summary", "Options"), optionsBox),
    h(
      "details.lab-options",
      h("summary", "Sweep an option"),
      h("div.row", sweepOption, sweepValues),
      h("small.muted", "Runs the batch once per value (2 to 12 values) and charts the key figures against it."),
    ),
    h(
      "details.lab-options",
      h("summary", "Skill ladder"),
      ladder,
      h("small.muted", "Plays the batch again with every seat taken by each bot in turn, weakest first, and flags findings that change with skill."),
    ),
    run,
  );
  form.addEventListener("submit", submit);

  const element = h(
    "div.simulate-panel",
    h("section.panel.sim-setup", h("h2", "New simulation"), form),
    h("section.panel.sim-jobs", h("h2", "Simulations"), jobsBox),
    h("div.sim-report", reportBox),
  );
  return {
    element,
    choose(s: Source) {
      drawSources("variant" in s ? `variant:${s.variant}` : `game:${s.game}`);
      sourceChanged();
    },
    onJobs(fn) {
      jobListeners.push(fn);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
