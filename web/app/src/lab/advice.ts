// The design advisor on a variant's page (docs/report.md, "The design advisor"): Advise runs `court advise` as
// a Lab job at the chosen seat count; the page opens with the newest study's findings, most severe first, each
// with its words, evidence and interval, its second-strength check (holds or flips) and its `court sim`
// command; "what was checked" opens by itself when nothing is notable.
import type { GameInfo } from "../api";
import { h } from "../dom";
import { isAdvice, type Advice, type Finding, type Job, type Variant } from "./api";
import { commandBox, interval } from "./report";
import type { LabState } from "./state";
import { StudyRunner } from "./study";

const figure = (v: number) => (Number.isInteger(v) ? v.toLocaleString("en") : v.toPrecision(3));

/** The finding's plain figures in a line (its source and key left out), and its interval when it has one. */
function evidenceLine(evidence: Record<string, unknown>): HTMLElement | null {
  const plain = Object.entries(evidence).filter(([k, v]) => k !== "source" && k !== "key" && ["number", "string"].includes(typeof v));
  const ci = evidence.ci95 as [number, number] | undefined;
  if (!plain.length && !ci) return null;
  return h(
    "p.small.evidence",
    h("b", "Evidence: "),
    plain.map(([k, v]) => `${k.replace(/_/g, " ")} ${typeof v === "number" ? figure(v) : v}`).join(" · "),
    ci ? h("span.interval", ` · 95% interval ${interval(ci)}`) : null,
  );
}

function strengthLine(strength: string): HTMLElement {
  const holds = strength.startsWith("holds");
  const figures = strength.replace(/^(holds|flips):? ?/, "");
  return h(
    "p.small.strength",
    { class: holds ? "holds" : "flips" },
    h("b", holds ? "Holds" : "Flips"),
    " at the second strength",
    figures ? `: ${figures}` : ".",
  );
}

function findingItem(f: Finding): HTMLElement {
  return h(
    "li.finding",
    { class: f.severity, "data-code": f.code },
    h("div.finding-head", h("span.severity", f.severity), h("code", f.code)),
    h("p.finding-text", f.text),
    evidenceLine(f.evidence),
    f.strength ? strengthLine(f.strength) : null,
    commandBox("court sim", f.command),
  );
}

function checkedList(doc: Advice): HTMLElement {
  return h(
    "details.checked",
    { open: doc.findings.length === 0 },
    h("summary", "What was checked"),
    h("ul", doc.checked.map((c) => h("li", h("b", c.check), ": ", c.result))),
  );
}

/** A study's findings, most severe first (the document's order), then what was checked. */
export function adviceSection(doc: Advice): HTMLElement {
  return h(
    "div.advice",
    h("p.muted.small", `${doc.title} at ${doc.players} players · baseline ${doc.baseline}, second strength ${doc.strong} · ${doc.games.toLocaleString("en")} games a batch · seed ${doc.seed}`),
    doc.findings.length ? h("ol.advice-findings", doc.findings.map(findingItem)) : h("p.advice-none", "Nothing notable: every check below came out as expected."),
    checkedList(doc),
  );
}

function adviceOf(job: Job): HTMLElement {
  return isAdvice(job.report) ? h("div", adviceSection(job.report), commandBox("court advise", job.command)) : h("p.error", "Not an advice document.");
}

/** The advisor's box: seat count, games a batch, Advise; the newest study at that seat count below. */
export function adviseBox(v: Variant, game: GameInfo, lab: LabState): HTMLElement {
  const seats = Array.from({ length: game.max_seats - game.min_seats + 1 }, (_, i) => game.min_seats + i);
  const players = h("select#lab-advise-players", { "aria-label": "players" }, seats.map((s) => h("option", { value: s }, String(s))));
  const games = h("input#lab-advise-games", { type: "number", min: 10, max: 1000000, value: 500, "aria-label": "games a batch" });
  const idle = () => h("p.muted.small", `No study of this variant at ${players.value} players yet: Advise plays its batches (a few minutes at 2,000 games a batch) and lists what a designer should look at.`);
  const runner = new StudyRunner(lab, "advise", v.id, adviceOf, idle);
  const atSeats = (j: Job) => j.request.players === Number(players.value);
  players.addEventListener("change", () => runner.latest(atSeats));
  const go = h("button#lab-advise", { type: "button" }, "Advise");
  go.addEventListener("click", () => runner.start({ players: Number(players.value), games: Number(games.value) }));
  runner.latest(atSeats);
  return h(
    "section.advise-box#lab-advice",
    h(
      "div.study-head",
      h("h2", "Design advisor"),
      h("div.row", h("label.field.inline", h("span", "Players"), players), h("label.field.inline", h("span", "Games a batch"), games), go),
    ),
    runner.element,
  );
}
