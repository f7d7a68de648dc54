// A season card as a small picture: its name, the resource card under it (crop and cows), and the side
// in play drawn as a little grid (a plan's squares with their results, a demand's squares with what they
// must hold).
import { h } from "../../dom";
import { valueWords } from "./map";
import type { Card } from "./view";

export function resourceBadge(card: Card): HTMLElement | null {
  const r = card.resource;
  if (!r) return null;
  return h(
    "span.gs-resource",
    { title: `resource card: ${valueWords(r.crop)} or ${r.cows} cow${r.cows === 1 ? "" : "s"}` },
    h("span.gs-chip", { class: `gs-crop gs-crop-${r.crop}` }, r.crop),
    h("span.gs-or", "or"),
    h("span.gs-chip.gs-cow", String(r.cows)),
  );
}

/** The card's shape as a grid; `square(k, el)` may make square k (0-based, the card's reading order) a button. */
export function shapeGrid(card: Card, square?: (k: number, el: HTMLElement) => void): HTMLElement {
  const height = Math.max(...card.shape.map((s) => s.row)) + 1;
  const width = Math.max(...card.shape.map((s) => s.col)) + 1;
  const grid = h("span.gs-shape", { style: `grid-template-columns: repeat(${width}, var(--cell)); grid-template-rows: repeat(${height}, var(--cell));` });
  card.shape.forEach((s, k) => {
    const v = card.side === "plan" ? (s.value ?? s.symbol ?? "") : "";
    const kind = v === "" ? "" : /^\d$/.test(v) ? "gs-cow" : /^[WORPGY]$/.test(v) ? `gs-crop gs-crop-${v}` : "gs-symbol";
    const el = h("span.gs-shape-sq", { class: kind, style: `grid-row: ${s.row + 1}; grid-column: ${s.col + 1};`, "data-square": k + 1 }, v);
    square?.(k, el);
    grid.append(el);
  });
  return grid;
}

export function drawCard(card: Card, { label = "", square }: { label?: string; square?: (k: number, el: HTMLElement) => void } = {}): HTMLElement {
  return h(
    "div.gs-card",
    { class: card.side === "demand" ? "gs-demand" : "gs-plan", "data-piece": `gameshire-card-${card.id}`, "data-card": card.id },
    label ? h("span.gs-card-label", label) : null,
    h("b.gs-card-name", card.name),
    h("div.gs-card-body", shapeGrid(card, square), resourceBadge(card)),
    card.requires ? h("span.gs-requires", card.requires) : null,
  );
}
