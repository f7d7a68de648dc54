// The tuner on a variant's page (docs/report.md, "Tuning"): declare knobs (a game option with a range, or a data
// field path) and targets (the target kinds of advisor/tune.h), run `court tune` as a Lab job with progress and
// Cancel, then the best candidate and the Pareto front as a table: each target's figure and interval, and per
// row "Save as variant" (the proposal's variant body) and its `court sim` command.
import type { GameInfo, OptionSpec } from "../api";
import { h, toast } from "../dom";
import { isTuneRun, saveVariantBody, type Job, type Proposal, type TuneCandidate, type TuneRun, type Variant } from "./api";
import { commandBox, copyButton, dataTable, interval, pct } from "./report";
import type { LabState } from "./state";
import { StudyRunner } from "./study";

/** The target kinds and a band to start from. */
const kTargets: [string, string][] = [
  ["win_band", "0.25..0.42"],
  ["length", "20..40"],
  ["team_win", "0.4..0.7"],
  ["capped", "<=0.05"],
  ["first_round_end", "<=0.1"],
  ["decisions", ">=6"],
];
const kData = "data";
const rates = new Set(["win_band", "team_win", "capped", "first_round_end"]);

/** A range to start from for an option: its whole span, or its choices. */
function rangeOf(o: OptionSpec | undefined): string {
  if (!o) return "cards.toml:card[1].quantity=0..3";
  if (o.type === "int") return `${o.min ?? 0}..${o.max ?? 10}`;
  return o.type === "bool" ? "true|false" : (o.choices ?? []).join("|");
}

/** A row: a choice and its text, with a Remove button; `spec` reads it back. */
function specRow(choices: [string, string][], first: string, fill: (choice: string) => string, cls: string) {
  const pick = h("select", { "aria-label": `${cls} kind` }, choices.map(([v, label]) => h("option", { value: v }, label)));
  const text = h("input", { "aria-label": `${cls} range`, value: fill(first) });
  pick.value = first;
  pick.addEventListener("change", () => (text.value = fill(pick.value)));
  const row = h(`div.row.spec-row.${cls}`, pick, text, h("button.secondary.small", { type: "button", onclick: () => row.remove() }, "Remove"));
  return row;
}

function knobRow(game: GameInfo): HTMLElement {
  const options = game.options.filter((o) => o.type !== "text");
  const choices: [string, string][] = [...options.map((o): [string, string] => [o.name, o.name]), [kData, "a data field"]];
  return specRow(choices, choices[0][0], (c) => rangeOf(options.find((o) => o.name === c)), "knob");
}

function targetRow(): HTMLElement {
  return specRow(kTargets.map(([k]) => [k, k.replace(/_/g, " ")]), "length", (k) => kTargets.find(([t]) => t === k)![1], "target");
}

/** The specs the rows say: OPTION=RANGE or data:PATH=RANGE; NAME=LO..HI or NAME<=X. */
function specs(box: HTMLElement, knob: boolean): string[] {
  return [...box.querySelectorAll<HTMLElement>(".spec-row")].map((row) => {
    const kind = row.querySelector("select")!.value, text = row.querySelector("input")!.value.trim();
    if (knob) return kind === kData ? `data:${text.replace(/^data:/, "")}` : `${kind}=${text}`;
    return /^[<>]/.test(text) ? `${kind}${text}` : `${kind}=${text}`;
  });
}

/** A target's figure and interval: a rate in percent, a count as it is; "met" or how far off. */
function targetCell(run: TuneRun, t: number, c: TuneCandidate): string {
  const f = c.targets?.[t];
  if (!f) return "–";
  const rate = rates.has(run.targets[t].split(/[=<>]/)[0]);
  const value = rate ? pct(f.value) : f.value.toFixed(1);
  const ci = rate ? interval(f.ci95) : `${f.ci95[0].toFixed(1)} – ${f.ci95[1].toFixed(1)}`;
  return `${value} [${ci}]${f.seat !== undefined ? ` seat ${f.seat}` : ""} ${f.met ? "✓ met" : "✗"}`;
}

function saveButton(p: Proposal, lab?: LabState): HTMLElement {
  const save = h("button.small.save-proposal", { type: "button" }, "Save as variant");
  save.addEventListener("click", async () => {
    save.disabled = true;
    try {
      const v = await saveVariantBody(p.variant);
      toast(`Saved “${v.name}”.`, "info");
      save.textContent = `Saved as #${v.id}`;
      await lab?.refreshVariants();
    } catch (e) {
      save.disabled = false;
      toast(`Could not save: ${(e as Error).message}`);
    }
  });
  return save;
}

/** A front row: settings, each target's figure, games, Save as variant, Copy its command. */
function frontRow(run: TuneRun, p: Proposal, commands: HTMLElement, lab?: LabState) {
  const c = run.candidates[p.candidate];
  const box = commandBox(`court sim — ${p.settings}`, p.command);
  commands.append(box);
  const actions = h("div.row.front-actions", saveButton(p, lab), copyButton(p.command, () => box.querySelector("code")!, "Copy command"));
  return [h("b", p.settings), ...run.targets.map((_, t) => targetCell(run, t, c)), c.games.toLocaleString("en"), actions];
}

/** The best candidate, then the Pareto front as a table, then each row's `court sim` command. */
export function tuneSection(run: TuneRun, lab?: LabState): HTMLElement {
  const best = run.proposals[0];
  const commands = h("div.front-commands");
  const rows = run.proposals.map((p) => frontRow(run, p, commands, lab));
  const allMet = best && run.candidates[best.candidate].score === 0;
  return h(
    "div.tune-result",
    best ? h("p.tune-best", h("b", "Best: "), best.settings, allMet ? " — every target met." : " — no candidate meets every target; the front shows the trade-offs.") : h("p", "No candidate was played."),
    h("p.muted.small", `${run.spent.toLocaleString("en")} of ${run.budget.toLocaleString("en")} games spent over ${run.candidates.length} candidates; the Pareto front, the best first:`),
    dataTable(["Settings", ...run.targets, "Games", ""], rows, (i) => (i === 0 ? "significant" : undefined)),
    h("h3", "Confirm a row with court sim"),
    commands,
  );
}

/** The tuner's box: knobs, targets, budget, Tune; the newest tuning run of the variant below. */
export function tuneBox(v: Variant, game: GameInfo, lab: LabState): HTMLElement {
  const knobs = h("div.spec-rows", knobRow(game));
  const targets = h("div.spec-rows", targetRow());
  const budget = h("input#lab-tune-budget", { type: "number", min: 100, max: 1000000, value: 2000, "aria-label": "budget in games" });
  const idle = () => h("p.muted.small", "No tuning run of this variant yet.");
  const render = (job: Job) => (isTuneRun(job.report) ? h("div", tuneSection(job.report, lab), commandBox("court tune", job.command)) : h("p.error", "Not a tuning run."));
  const runner = new StudyRunner(lab, "tune", v.id, render, idle);
  const go = h("button#lab-tune", { type: "button" }, "Tune");
  go.addEventListener("click", () => runner.start({ knobs: specs(knobs, true), targets: specs(targets, false), budget: Number(budget.value) }));
  runner.latest();
  return h(
    "details.tune-box#lab-tune-box",
    h("summary", "Tune toward targets"),
    h("p.small.muted", "Successive halving: every setting plays a few games, the better half goes on with twice the games, until the budget is spent."),
    h("h3", "Knobs"),
    knobs,
    h("button.secondary.small", { type: "button", onclick: () => knobs.append(knobRow(game)) }, "Add a knob"),
    h("h3", "Targets"),
    targets,
    h("button.secondary.small", { type: "button", onclick: () => targets.append(targetRow()) }, "Add a target"),
    h("div.row.tune-run", h("label.field.inline", h("span", "Budget (games)"), budget), go),
    runner.element,
  );
}

