// A finished job: its report (findings, seats, first player, bots, card impact, skill ladder, the HTML
// report's charts; for a sweep the key figures against the swept value, then each value's report), the
// downloads, the `court sim` command that reproduces it and the variant's data directory.
import { h, type Child } from "../dom";
import {
  download,
  downloadVariantZip,
  getVariant,
  isAdvice,
  isSweep,
  isTuneRun,
  loadLabToken,
  reportUrl,
  variantFileUrl,
  type Job,
  type Report,
  type SweepReport,
  type Variant,
} from "./api";
import { adviceSection } from "./advice";
import { chartBoxes, reportCharts, sweepCharts } from "./charts";
import { studyFacts } from "./study";
import { tuneSection } from "./tune";

export const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
export const interval = (c: [number, number]) => `${pct(c[0])} – ${pct(c[1])}`;
export const pValue = (p: number) => (p < 0.0001 ? "< 0.0001" : p.toPrecision(2));

/** A table with a header row; each row a list of cells, a row marked by `mark` gets that class. */
export function dataTable(head: string[], rows: Child[][], mark?: (i: number) => string | undefined): HTMLElement {
  return h(
    "div.table-scroll",
    h(
      "table.lab-table",
      h("thead", h("tr", head.map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", rows.map((row, i) => h("tr", { class: mark?.(i) }, row.map((c) => h("td", c))))),
    ),
  );
}

/** All the variant's data files as one .zip (a folder for `court sim --data`). */
export function zipButton(v: Pick<Variant, "name" | "files">): HTMLElement {
  const button = h("button.button.secondary.small.zip", { type: "button" }, "All files (.zip)");
  button.addEventListener("click", () => downloadVariantZip(v));
  return button;
}

/** A link that downloads a Lab file; with a token it fetches with the header instead. */
export function downloadLink(url: string, name: string, label: string): HTMLElement {
  const link = h("a.button.secondary.small", { href: url, download: name }, label);
  link.addEventListener("click", (e) => {
    if (!loadLabToken()) return;
    e.preventDefault();
    download(url, name).catch((err: Error) => alert(err.message));
  });
  return link;
}

/** Copy: puts `text` on the clipboard, or (without clipboard access) selects `shown` for Ctrl-C. */
export function copyButton(text: string, shown: () => Node, label = "Copy"): HTMLElement {
  const copy = h("button.secondary.small", { type: "button" }, label);
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      copy.textContent = "Copied";
    } catch {
      // Without clipboard access (plain http from another machine) select the text for Ctrl-C.
      const range = document.createRange();
      range.selectNodeContents(shown());
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      copy.textContent = "Selected: Ctrl-C";
    }
    setTimeout(() => (copy.textContent = label), 2000);
  });
  return copy;
}

/** A command in a box with a Copy button. */
export function commandBox(label: string, command: string): HTMLElement {
  const code = h("code", command);
  return h("div.command", h("div.command-head", h("span", label), copyButton(command, () => code)), h("pre", code));
}

export function jobTitle(job: Job): string {
  const r = job.request;
  const what = r.variant !== undefined ? `variant “${r.variant_name ?? r.variant}”` : `${r.game} (shipped)`;
  return `#${job.id} ${what}`;
}

/** A study's panel: what it studied, its findings or front, the command that writes the same document. */
function studyPanel(job: Job): HTMLElement {
  const r = job.report;
  return h(
    "section.report",
    { "data-job": job.id },
    h("h2", jobTitle(job)),
    h("p.muted.small", studyFacts(job)),
    isAdvice(r) ? adviceSection(r) : isTuneRun(r) ? tuneSection(r) : h("p", { class: job.status === "failed" ? "error" : "muted" }, job.error ?? `This job is ${job.status}.`),
    commandBox(`court ${job.kind}`, job.command),
  );
}

/** The whole panel of a finished (or failed) job. */
export function reportPanel(job: Job): HTMLElement {
  if (job.kind !== "sim") return studyPanel(job);
  const box = h("section.report", { "data-job": job.id });
  box.append(
    h("h2", `${jobTitle(job)} · ${job.total.toLocaleString("en")} games`),
    h("p.muted.small", requestLine(job)),
  );
  if (job.status !== "done" || !job.report) {
    box.append(h("p", { class: job.status === "failed" ? "error" : "muted" }, job.error ?? `This job is ${job.status}.`));
    box.append(reproduce(job));
    return box;
  }
  box.append(
    h(
      "div.row.downloads",
      h("span.muted", "Download the report:"),
      downloadLink(reportUrl(job.id, "json"), `report-${job.id}.json`, "report.json"),
      downloadLink(reportUrl(job.id, "csv"), `report-${job.id}.csv`, "report.csv"),
      downloadLink(reportUrl(job.id, "html"), `report-${job.id}.html`, "report.html"),
    ),
  );
  const report = job.report as Report | SweepReport;
  if (isSweep(report)) box.append(sweepSection(job, report));
  else box.append(reportSection(report));
  box.append(reproduce(job));
  return box;
}

function requestLine(job: Job): string {
  const r = job.request;
  const parts = [`${r.players} players`, `seats ${r.seats.join(", ")}`, `seed ${r.seed}`];
  const options = Object.entries(r.options).map(([k, v]) => `${k}=${v}`);
  if (options.length) parts.push(`options ${options.join(", ")}`);
  if (r.sweep) parts.push(`sweep ${r.sweep.option} over ${r.sweep.values.join(", ")}`);
  if (r.ladder.length) parts.push(`ladder ${r.ladder.join(" → ")}`);
  return parts.join(" · ");
}

/** The command lines, and for a variant its data directory with each file to download. */
function reproduce(job: Job): HTMLElement {
  const box = h(
    "div.reproduce",
    h("h3", "Run it yourself"),
    h("p.small", "The same numbers come out of ", h("code", "court sim"), " with the same seed, on this machine or a cluster:"),
    commandBox("court sim", job.command),
    commandBox("on a cluster (MPI)", job.mpi_command ?? ""),
  );
  const id = job.request.variant;
  if (id === undefined) return box;
  const files = h("div.row.files", h("span.muted", "Loading the variant's files…"));
  box.append(
    h(
      "p.small",
      "The variant's data files are in the directory ",
      h("code", job.request.data_dir ?? "?"),
      " on the server (the command's ",
      h("code", "--data"),
      "). Elsewhere, unzip the variant (or save its files into a folder) and give that folder to ",
      h("code", "--data"),
      " instead:",
    ),
    files,
  );
  getVariant(id)
    .then((v) =>
      files.replaceChildren(
        zipButton(v),
        ...Object.keys(v.files).map((f) => downloadLink(variantFileUrl(id, f), f, f)),
      ),
    )
    .catch(() => files.replaceChildren(h("span.muted", "The variant has been deleted; its data directory stays on the server.")));
  return box;
}

function findings(list: string[]): HTMLElement {
  return h("ul.findings", list.map((f) => h("li", f)));
}

/** One report, as the HTML report lays it out: findings, charts, then the tables. */
export function reportSection(r: Report): HTMLElement {
  const box = h("div.report-body", h("h3", "Headline findings"), findings(r.findings));
  if (r.games === 0) return box;
  if (r.first_player) {
    const f = r.first_player;
    box.append(
      h(
        "p.first-player",
        { class: f.significant ? "significant" : undefined },
        h("b", "First player: "),
        `wins ${pct(f.win_rate)} (95% interval ${interval(f.ci95)}) against a fair ${pct(f.fair_share)}, p = ${pValue(f.p_value)}`,
        f.significant ? h("span.flag", "significant") : " (not significant)",
      ),
    );
  }
  box.append(chartBoxes(reportCharts(r)));
  box.append(
    h("h3", "Seats"),
    dataTable(
      ["seat", "bot", "wins", "win rate", "95% interval", "mean score", "p (vs fair share)"],
      r.seats.map((s) => [
        String(s.seat),
        r.rotate ? "every bot in turn" : (s.bot ?? ""),
        String(s.wins ?? ""),
        pct(s.win_rate),
        interval(s.ci95),
        (s.mean_score ?? 0).toFixed(2),
        pValue(s.p_value),
      ]),
      (i) => (r.seats[i].p_value < 0.05 ? "significant" : undefined),
    ),
  );
  if (r.bots.length > 1) {
    box.append(
      h("h3", "Bots"),
      dataTable(
        ["bot", "seats played", "win rate", "95% interval", "mean score"],
        r.bots.map((b) => [b.bot, String(b.seat_games), pct(b.win_rate), interval(b.ci95), b.mean_score.toFixed(2)]),
      ),
    );
  }
  if (r.game_stats.length) {
    box.append(
      h("h3", "Game figures"),
      dataTable(
        ["figure", "mean per game", "95% interval"],
        r.game_stats.map((s) => [s.name, s.mean.toFixed(3), `${s.ci95[0].toFixed(3)} – ${s.ci95[1].toFixed(3)}`]),
      ),
    );
  }
  if (r.cards.length) {
    box.append(
      h("h3", "Card impact"),
      dataTable(
        ["card", "seats that held or played it", "win rate", "95% interval", "win rate without", "significant"],
        r.cards.map((c) => [c.card, String(c.seat_games ?? ""), pct(c.win_rate), interval(c.ci95), pct(c.win_rate_without), c.significant ? "yes" : "no"]),
        (i) => (r.cards[i].significant ? "significant" : undefined),
      ),
    );
  }
  if (r.ladder) box.append(ladderSection(r.ladder));
  box.append(
    h(
      "p.muted.small",
      `${r.games} games of ${r.games_requested} requested, ${r.players} players, seed ${r.seed}, seats rotated: ${r.rotate ? "yes" : "no"}, options ${JSON.stringify(r.options)}`,
    ),
  );
  return box;
}

function ladderSection(ladder: NonNullable<Report["ladder"]>): HTMLElement {
  return h(
    "div.ladder",
    h("h3", "Skill ladder (every seat played by each bot in turn)"),
    dataTable(
      ["bot", "first player wins", "95% interval", "seat balance p", "mean length"],
      ladder.rungs.map((r) => [
        r.bot,
        r.first_player ? pct(r.first_player.win_rate) : "-",
        r.first_player ? interval(r.first_player.ci95) : "-",
        r.seat_balance ? pValue(r.seat_balance.p_value) : "-",
        r.mean_length.toFixed(1),
      ]),
    ),
    h(
      "ul.findings.flags",
      ladder.flags.length
        ? ladder.flags.map((f) => h("li", h("span.flag", f.change), " ", f.text))
        : h("li", "No finding changes direction or significance between the strengths."),
    ),
  );
}

function sweepSection(job: Job, sweep: SweepReport): HTMLElement {
  const option = job.request.sweep?.option ?? "";
  const rows = sweep.variants.map((r) => [
    r.options[option] ?? "",
    r.first_player ? pct(r.first_player.win_rate) : "-",
    r.length.mean.toFixed(1),
    ...r.seats.map((s) => pct(s.win_rate)),
  ]);
  const seats = sweep.variants[0]?.seats.map((s) => `seat ${s.seat}`) ?? [];
  return h(
    "div.sweep",
    h("h3", `Sweep of ${option}: the key figures`),
    chartBoxes(sweepCharts(option, sweep.variants)),
    dataTable([option, "first player wins", "mean length", ...seats], rows),
    sweep.variants.map((r) => {
      // Drawn when opened: a chart takes the width of its box, which a closed box does not have.
      const details = h("details.sweep-value", h("summary", `${option} = ${r.options[option]}: the whole report`));
      details.addEventListener("toggle", () => details.open && details.childElementCount === 1 && details.append(reportSection(r)));
      return details;
    }),
  );
}
