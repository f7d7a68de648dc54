// The Simulate panel: a job form (a game or a variant, players, a bot per seat, games, seed, options, an
// optional sweep of one option and an optional skill ladder) beside the jobs with their progress and the
// chosen job's report (jobs.ts).
import { botLabel, defaultBot } from "../bots";
import { h, mount, toast } from "../dom";
import { getVariant, submitJob, type Job, type JobRequest, type Options } from "./api";
import { JobList } from "./jobs";
import { OptionsForm } from "./options";
import type { LabState, Source } from "./state";

export interface SimulatePanel {
  element: HTMLElement;
  choose(source: Source): void;
  /** The finished jobs, for Compare; told again whenever one finishes. */
  onJobs(fn: (jobs: Job[]) => void): void;
  stop(): void;
}

/** The job form's inputs, each with the id the page and its tests know it by. */
function simInputs() {
  return {
    sourceSelect: h("select#sim-source", { "aria-label": "what to simulate" }),
    players: h("input#sim-players", { type: "number" }),
    seatsBox: h("div.sim-seats"),
    games: h("input#sim-games", { type: "number", min: 1, max: 1000000, value: 1000 }),
    seed: h("input#sim-seed", { type: "number", min: 0, value: 1 }),
    optionsBox: h("div"),
    sweepOption: h("select#sim-sweep-option", { "aria-label": "option to sweep" }),
    sweepValues: h("input#sim-sweep-values", { placeholder: "values, e.g. 1, 2, 3", "aria-label": "values to sweep" }),
    ladder: h("input#sim-ladder", { placeholder: "e.g. random, heuristic, ismcts:iters=300", "aria-label": "ladder bots, weakest first" }),
    botList: h("datalist#sim-bots"),
    run: h("button#sim-run", { type: "submit" }, "Run simulation"),
  };
}
type SimInputs = ReturnType<typeof simInputs>;

/** The form laid out: source, players, games and seed, a bot per seat, options, sweep, ladder, Run. */
function simFormElement(f: SimInputs): HTMLFormElement {
  return h(
    "form.sim-form",
    h("label.field", h("span", "Game or variant"), f.sourceSelect),
    h("div.row", h("label.field", h("span", "Players"), f.players), h("label.field", h("span", "Games"), f.games), h("label.field", h("span", "Seed"), f.seed)),
    h("fieldset", h("legend", "A bot per seat"), f.seatsBox, h("small.muted", "A bot's name, with parameters after a colon, e.g. ismcts:iters=500. Seats rotate when the bots differ.")),
    f.botList,
    h("details.lab-options", h("summary", "Options"), f.optionsBox),
    h(
      "details.lab-options",
      h("summary", "Sweep an option"),
      h("div.row", f.sweepOption, f.sweepValues),
      h("small.muted", "Runs the batch once per value (2 to 12 values) and charts the key figures against it."),
    ),
    h(
      "details.lab-options",
      h("summary", "Skill ladder"),
      f.ladder,
      h("small.muted", "Plays the batch again with every seat taken by each bot in turn, weakest first, and flags findings that change with skill."),
    ),
    f.run,
  );
}

/** The job form: what it shows follows the chosen game or variant; `request()` reads it back. */
class SimForm {
  readonly f = simInputs();
  private seats: string[] = [];
  private gameId = "";
  private base: Options = {};
  private optionsForm: OptionsForm | null = null;

  constructor(private readonly lab: LabState) {
    this.f.players.addEventListener("input", () => this.drawSeats());
    this.f.sourceSelect.addEventListener("change", () => this.sourceChanged());
    lab.onVariants(() => this.drawSources());
    this.drawSources();
    this.sourceChanged();
  }

  /** Chooses this game or variant. */
  choose(s: Source): void {
    this.drawSources("variant" in s ? `variant:${s.variant}` : `game:${s.game}`);
    this.sourceChanged();
  }

  /** The game or variant menu: the shipped games, then your variants newest first. */
  private drawSources(chosen?: string): void {
    const { sourceSelect } = this.f;
    const keep = chosen ?? sourceSelect.value;
    const lab = this.lab;
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

  /** The chosen game or variant. */
  private source(): Source {
    const [kind, id] = this.f.sourceSelect.value.split(":");
    return kind === "variant" ? { variant: Number(id) } : { game: id };
  }

  /** The chosen game's (or variant's game's) seats, bots, options and sweepable options. */
  private async sourceChanged(): Promise<void> {
    const s = this.source();
    let game = "";
    this.base = {};
    if ("variant" in s) {
      try {
        const v = await getVariant(s.variant);
        game = v.game;
        this.base = v.options;
      } catch (e) {
        toast(`Could not load the variant: ${(e as Error).message}`);
        return;
      }
    } else {
      game = s.game;
    }
    const g = this.lab.game(game);
    if (!g) return;
    if (game !== this.gameId) this.gameChanged(game);
    this.optionsForm = new OptionsForm(g.options, this.base, "sim-opt");
    mount(this.f.optionsBox, this.optionsForm.element);
    mount(this.f.sweepOption, h("option", { value: "" }, "no sweep"), g.options.map((o) => h("option", { value: o.name }, o.name)));
    this.drawSeats();
  }

  /** Another game: its range of players and its bots. */
  private gameChanged(game: string): void {
    const g = this.lab.game(game)!;
    const { players, botList } = this.f;
    this.gameId = game;
    this.seats = [];
    players.min = String(g.min_seats);
    players.max = String(g.max_seats);
    players.value = String(Math.min(g.max_seats, Math.max(g.min_seats, 4)));
    players.disabled = g.min_seats === g.max_seats;
    mount(botList, [
      ...(g.offered_bots ?? []).map((o) => h("option", { value: o.name }, `${botLabel(o)}: ${o.line}`)),
      ...g.bots.map((b) => h("option", { value: b })),
    ]);
  }

  /** A bot per seat, as many as the players (a new seat gets the game's default bot, "normal"). */
  private drawSeats(): void {
    const g = this.lab.game(this.gameId);
    if (!g) return;
    const seats = this.seats;
    const n = Math.max(g.min_seats, Math.min(g.max_seats, Number(this.f.players.value) || g.min_seats));
    const bot = defaultBot(g);
    seats.length = n;
    for (let i = 0; i < n; i++) seats[i] ??= bot;
    mount(
      this.f.seatsBox,
      seats.map((spec, i) => {
        const input = h("input", { value: spec, list: "sim-bots", "aria-label": `bot for seat ${i}`, "data-seat": i, spellcheck: "false" });
        input.addEventListener("input", () => (seats[i] = input.value.trim()));
        return h("label.seat-setup", h("span", `Seat ${i}`), input);
      }),
    );
  }

  /** The job the form describes (options only where they differ from the game's or variant's). */
  request(): JobRequest {
    const { games, seed, sweepOption, sweepValues, ladder } = this.f;
    const out: JobRequest = { ...this.source(), players: this.seats.length, seats: [...this.seats], games: Number(games.value), seed: Number(seed.value) };
    const options = this.optionsForm?.changedFrom(this.base) ?? {};
    if (Object.keys(options).length) out.options = options;
    const values = sweepValues.value.split(",").map((x) => x.trim()).filter(Boolean);
    if (sweepOption.value) out.sweep = { option: sweepOption.value, values };
    const rungs = ladder.value.split(",").map((b) => b.trim()).filter(Boolean);
    if (rungs.length) out.ladder = rungs;
    return out;
  }
}

/** Sends the form's job; the list then shows and follows it. */
async function submit(e: Event, form: SimForm, jobs: JobList): Promise<void> {
  e.preventDefault();
  const run = form.f.run;
  run.disabled = true;
  try {
    jobs.add(await submitJob(form.request()));
  } catch (err) {
    toast(`Could not start the simulation: ${(err as Error).message}`);
  } finally {
    run.disabled = false;
  }
}

/** The Simulate panel: the form, the jobs, the chosen job's report. */
export function simulatePanel(lab: LabState): SimulatePanel {
  const form = new SimForm(lab);
  const jobs = new JobList();
  jobs.load();
  lab.jobAdded = (job) => jobs.track(job);
  const formEl = simFormElement(form.f);
  formEl.addEventListener("submit", (e) => submit(e, form, jobs));
  const element = h(
    "div.simulate-panel",
    h("section.panel.sim-setup", h("h2", "New simulation"), formEl),
    h("section.panel.sim-jobs", h("h2", "Simulations"), jobs.element),
    h("div.sim-report", jobs.reportBox),
  );
  return {
    element,
    choose: (s) => form.choose(s),
    onJobs: (fn) => jobs.onJobs(fn),
    stop: () => jobs.stop(),
  };
}
