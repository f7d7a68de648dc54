// The report's charts: the same Vega-Lite specifications as the HTML report (src/sim/report_html.cpp: win
// rate by seat and by bot, losses by cause, game length, scores, winning margin, game figures, card impact),
// drawn by the same libraries (vega, vega-lite, vega-embed) as SVG; and, for a sweep, the key figures against
// the swept value. A chart takes the width of its box (the HTML report's where there is room).
import embed from "vega-embed";
import type { TopLevelSpec } from "vega-lite";
import { h } from "../dom";
import type { Report, Spread } from "./api";

type Spec = Record<string, unknown>;
const kSchema = "https://vega.github.io/schema/vega-lite/v6.json";

function rateChart(title: string, rows: { label: string; win_rate: number; ci95: [number, number] }[], label: string, fair: number): Spec {
  const values = rows.map((r) => ({ label: r.label, rate: r.win_rate, low: r.ci95[0], high: r.ci95[1] }));
  const layer: Spec[] = [
    {
      mark: { type: "bar", color: "#4c78a8" },
      encoding: {
        x: { field: "label", type: "nominal", title: label, sort: null },
        y: { field: "rate", type: "quantitative", title: "win rate", axis: { format: ".0%" } },
      },
    },
    {
      mark: { type: "errorbar", ticks: true },
      encoding: {
        x: { field: "label", type: "nominal", sort: null },
        y: { field: "low", type: "quantitative", title: "win rate" },
        y2: { field: "high" },
      },
    },
  ];
  if (fair > 0) {
    layer.push({
      data: { values: [{ fair }] },
      mark: { type: "rule", color: "#e45756", strokeDash: [4, 4] },
      encoding: { y: { field: "fair", type: "quantitative" } },
    });
  }
  return { $schema: kSchema, title, width: 420, height: 240, data: { values }, layer };
}

function histogramChart(title: string, spread: Spread, xTitle: string): Spec {
  return {
    $schema: kSchema,
    title,
    width: 420,
    height: 200,
    data: { values: spread.histogram },
    mark: { type: "rect", color: "#72b7b2", stroke: "white" },
    encoding: {
      x: { field: "from", type: "quantitative", title: xTitle },
      x2: { field: "to" },
      y: { field: "count", type: "quantitative", title: "games" },
      y2: { datum: 0 },
    },
  };
}

function cardsChart(report: Report): Spec {
  const values = report.cards.map((c) => ({
    card: c.card,
    with: c.win_rate,
    low: c.ci95[0],
    high: c.ci95[1],
    without: c.win_rate_without,
  }));
  const y = { field: "card", type: "nominal", sort: { field: "with", order: "descending" } };
  return {
    $schema: kSchema,
    title: "Card impact: win rate when held or played (dot, 95% interval) and without (tick)",
    width: 420,
    data: { values },
    layer: [
      {
        mark: { type: "rule" },
        encoding: { y, x: { field: "low", type: "quantitative", axis: { format: ".0%" }, title: "win rate" }, x2: { field: "high" } },
      },
      { mark: { type: "point", filled: true, color: "#4c78a8" }, encoding: { y, x: { field: "with", type: "quantitative" } } },
      { mark: { type: "tick", color: "#e45756" }, encoding: { y, x: { field: "without", type: "quantitative" } } },
    ],
  };
}

function statsChart(report: Report): Spec {
  const values = report.game_stats.map((s) => ({ name: s.name, mean: s.mean, low: s.ci95[0], high: s.ci95[1] }));
  const y = { field: "name", type: "nominal", sort: null, title: null };
  return {
    $schema: kSchema,
    title: "Game figures: mean per game (95% interval)",
    width: 420,
    data: { values },
    layer: [
      { mark: { type: "bar", color: "#54a24b" }, encoding: { y, x: { field: "mean", type: "quantitative" } } },
      { mark: { type: "errorbar" }, encoding: { y, x: { field: "low", type: "quantitative" }, x2: { field: "high" } } },
    ],
  };
}

function causesChart(causes: Record<string, number>): Spec {
  return {
    $schema: kSchema,
    title: "Losses by cause",
    width: 420,
    data: { values: Object.entries(causes).map(([cause, games]) => ({ cause, games })) },
    mark: "bar",
    encoding: { y: { field: "cause", type: "nominal" }, x: { field: "games", type: "quantitative" } },
  };
}

/** The HTML report's charts for one report, in its order. */
export function reportCharts(r: Report): Spec[] {
  if (r.games === 0) return [];
  const fair = r.fair_share ?? 0;
  const out: Spec[] = [
    rateChart("Win rate by seat (95% interval; dashed: fair share)", r.seats.map((s) => ({ ...s, label: String(s.seat) })), "seat", fair),
  ];
  if (r.bots.length > 1) out.push(rateChart("Win rate by bot, over all its seats", r.bots.map((b) => ({ ...b, label: b.bot })), "bot", fair));
  if (r.loss_causes && Object.keys(r.loss_causes).length) out.push(causesChart(r.loss_causes));
  out.push(histogramChart("Game length", r.length, "moves"));
  out.push(histogramChart("Scores (every seat)", r.scores, "score"));
  if (r.margin) out.push(histogramChart("Winning margin", r.margin, "points ahead of the next"));
  if (r.game_stats.length) out.push(statsChart(r));
  if (r.cards.length) out.push(cardsChart(r));
  return out;
}

/**
 * A sweep's key figures against the swept value: the first player's and each seat's win rate (95%
 * intervals as bands) in one chart, the mean game length (with its interval) in another.
 */
export function sweepCharts(option: string, reports: Report[]): Spec[] {
  const rates: Spec[] = [];
  const lengths: Spec[] = [];
  for (const r of reports) {
    const value = r.options[option] ?? "";
    if (r.first_player) {
      rates.push({ value, figure: "first player", rate: r.first_player.win_rate, low: r.first_player.ci95[0], high: r.first_player.ci95[1] });
    }
    for (const s of r.seats) rates.push({ value, figure: `seat ${s.seat}`, rate: s.win_rate, low: s.ci95[0], high: s.ci95[1] });
    lengths.push({ value, mean: r.length.mean, low: r.length.mean_ci95[0], high: r.length.mean_ci95[1] });
  }
  const values = reports.map((r) => r.options[option] ?? "");
  const x = { field: "value", type: "ordinal", title: option, sort: values, axis: { labelAngle: 0 } };
  const color = { field: "figure", type: "nominal", title: null, sort: null };
  return [
    {
      $schema: kSchema,
      title: `Win rates against ${option} (95% interval)`,
      width: 420,
      height: 240,
      data: { values: rates },
      layer: [
        { mark: { type: "errorbar", opacity: 0.6 }, encoding: { x, y: { field: "low", type: "quantitative", title: "win rate" }, y2: { field: "high" }, color } },
        {
          transform: [{ filter: "datum.figure !== 'first player'" }],
          mark: { type: "line", point: true },
          encoding: { x, y: { field: "rate", type: "quantitative", axis: { format: ".0%" } }, color },
        },
        // The first player's line dashed and wider: without rotation it is seat 0's, and must show through.
        {
          transform: [{ filter: "datum.figure === 'first player'" }],
          mark: { type: "line", point: true, strokeDash: [6, 4], strokeWidth: 3 },
          encoding: { x, y: { field: "rate", type: "quantitative" }, color },
        },
      ],
    },
    {
      $schema: kSchema,
      title: `Mean game length against ${option} (95% interval)`,
      width: 420,
      height: 200,
      data: { values: lengths },
      layer: [
        { mark: { type: "errorbar", color: "#54a24b" }, encoding: { x, y: { field: "low", type: "quantitative", title: "moves" }, y2: { field: "high" } } },
        { mark: { type: "line", point: true, color: "#54a24b" }, encoding: { x, y: { field: "mean", type: "quantitative" } } },
      ],
    },
  ];
}

/** A title in lines of at most `width` characters, for a narrow chart (Vega does not wrap titles). */
function titleLines(title: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A box per chart, drawn once it is in the page: as wide as its box (at most the HTML report's width plus
 * its axes, the whole width on a phone), its title in lines that fit; drawn again when the box's width
 * changes much (a window turned or resized).
 */
export function chartBoxes(specs: Spec[]): HTMLElement {
  const box = h("div.charts");
  for (const spec of specs) {
    const el = h("div.chart-draw");
    box.appendChild(h("div.chart", el));
    drawChart(el, spec);
  }
  return box;
}

function drawChart(el: HTMLElement, spec: Spec) {
  let drawnAt = -1;
  let view: { finalize(): void } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const draw = () => {
    drawnAt = el.clientWidth;
    const fitted: Spec = { ...spec, width: "container", autosize: { type: "fit-x", contains: "padding" } };
    if (typeof spec.title === "string") {
      fitted.title = { text: titleLines(spec.title, Math.max(24, Math.floor(el.clientWidth / 7.5))), frame: "bounds" };
    }
    view?.finalize();
    embed(el, fitted as unknown as TopLevelSpec, { renderer: "svg", actions: false })
      .then((result) => (view = result))
      .catch((e: Error) => el.replaceChildren(h("p.error", `This chart could not be drawn: ${e.message}`)));
  };
  new ResizeObserver(() => {
    if (drawnAt < 0 || Math.abs(el.clientWidth - drawnAt) < 60) return;
    clearTimeout(timer);
    timer = setTimeout(draw, 150);
  }).observe(el);
  requestAnimationFrame(draw);
}
