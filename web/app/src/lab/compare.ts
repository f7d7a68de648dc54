// The Compare panel: two finished jobs (single reports of one game) side by side, `court compare`'s table
// of differences with the significant ones (Holm-corrected, 5%) marked.
import { h, mount } from "../dom";
import { compareJobs, type Comparison, type Job, type Options } from "./api";
import { dataTable, jobTitle, pValue, pct } from "./report";

export interface ComparePanel {
  element: HTMLElement;
  setJobs(jobs: Job[]): void;
}

/** A rate (a share of games or seats) reads as a percentage; a mean as a number. */
const isRate = (what: string) => /win rate|stopped at a cap/.test(what);
const figure = (what: string, v: number) => (isRate(what) ? pct(v) : v.toPrecision(4));

export function comparePanel(): ComparePanel {
  const a = h("select#cmp-a", { "aria-label": "first job" });
  const b = h("select#cmp-b", { "aria-label": "second job" });
  const go = h("button#cmp-run", { type: "button" }, "Compare");
  const out = h("div.compare-out", h("p.muted", "Pick two finished simulations of one game, e.g. a variant and the shipped game with the same seats and seed."));
  let finished: Job[] = [];

  function label(j: Job): string {
    return `${jobTitle(j)} · ${j.request.games.toLocaleString("en")} games · seed ${j.request.seed}`;
  }

  function setJobs(jobs: Job[]) {
    finished = jobs.filter((j) => j.status === "done" && j.kind === "sim" && !j.request.sweep);
    for (const [select, index] of [[a, 1], [b, 0]] as const) {
      const keep = select.value;
      mount(select, finished.map((j) => h("option", { value: j.id }, label(j))));
      if ([...select.options].some((o) => o.value === keep)) select.value = keep;
      else if (finished[index]) select.value = String(finished[index].id);
    }
    go.disabled = finished.length < 2;
  }

  go.addEventListener("click", async () => {
    go.disabled = true;
    try {
      const jobA = finished.find((j) => String(j.id) === a.value)!;
      const jobB = finished.find((j) => String(j.id) === b.value)!;
      mount(out, table(jobA, jobB, await compareJobs(jobA.id, jobB.id)));
    } catch (e) {
      mount(out, h("p.error", `Could not compare: ${(e as Error).message}`));
    } finally {
      go.disabled = false;
    }
  });

  const element = h(
    "section.panel.compare-panel",
    h("h2", "Compare two simulations"),
    h("div.compare-pick", h("label.field", h("span", "A"), a), h("label.field", h("span", "B"), b), go),
    out,
  );
  return { element, setJobs };
}

function optionText(o: Options): string {
  const list = Object.entries(o).map(([k, v]) => `${k}=${v}`);
  return list.length ? list.join(", ") : "defaults";
}

/** Whether the two ran the same data files, and if not which files differ. */
function dataText(c: Comparison): string {
  const source = (dir: string | null) => (dir ? "a variant's data" : "the shipped data");
  if (!c.data.differ_in.length) return `the same data files (A ${source(c.data.a)}, B ${source(c.data.b)}).`;
  return `A ran ${source(c.data.a)}, B ${source(c.data.b)}; they differ in ${c.data.differ_in.join(", ")}.`;
}

function table(jobA: Job, jobB: Job, c: Comparison): HTMLElement {
  const significant = c.differences.filter((d) => d.significant).length;
  const rows = (only: boolean) =>
    dataTable(
      ["figure", "A", "B", "B − A", "p", "significant"],
      c.differences.filter((d) => d.significant || !only).map((d) => [
        d.significant ? h("span", h("span.star", { title: "significant" }, "★ "), d.what) : d.what,
        figure(d.what, d.a),
        figure(d.what, d.b),
        isRate(d.what) ? `${((d.b - d.a) * 100).toFixed(1)} pts` : (d.b - d.a).toPrecision(3),
        pValue(d.p_value),
        d.significant ? h("span.flag", "significant") : "no",
      ]),
      (i) => (c.differences.filter((d) => d.significant || !only)[i].significant ? "significant" : undefined),
    );
  const box = h("div.compare-table", rows(false));
  const only = h("input#cmp-only", { type: "checkbox" });
  only.addEventListener("change", () => box.replaceChildren(rows(only.checked)));
  return h(
    "div.comparison",
    h(
      "p.compare-summary",
      { class: significant ? "significant" : undefined },
      significant
        ? `${significant} of ${c.differences.length} figures differ significantly (marked ★).`
        : `None of the ${c.differences.length} figures differs significantly.`,
    ),
    h(
      "p.muted.small",
      h("b", "A: "), `${jobTitle(jobA)}, options ${optionText(c.a)}`, h("br"),
      h("b", "B: "), `${jobTitle(jobB)}, options ${optionText(c.b)}`, h("br"),
      h("b", "Data: "), dataText(c), h("br"),
      "Significant: p below 5% after Holm's correction over all the figures compared.",
    ),
    h("label.field.inline.small", only, "Only the significant ones"),
    box,
  );
}
