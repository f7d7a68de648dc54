// A player's map drawn as a grid of squares: the grey border and the white field, crops in their
// colours, cows as numbers, crowns and hammers, shaded squares hatched, and the boon circles that end
// each field row and sit under each field column. The big map (yours) and the small ones (the others')
// are the same drawing at two sizes.
import { h } from "../../dom";
import { cellName, kColumnLetters, kGrid, type Squares } from "./view";

export const kCropNames: Record<string, string> = {
  W: "White Berries",
  O: "Orange Peppers",
  R: "Red Radishes",
  P: "Purple Root",
  G: "Green Grapes",
  Y: "Yellow Yams",
};

export interface DrawnMap {
  el: HTMLElement;
  /** The 64 squares by index (row * 8 + column; row 0 the top border, column 0 the left border L). */
  squares: HTMLElement[];
}

/** What a square holds, in words (a tooltip and for screen readers). */
export function valueWords(v: string): string {
  if (v === "" || v === ".") return "blank";
  if (/^\d$/.test(v)) return `${v} cow${v === "1" ? "" : "s"}`;
  return kCropNames[v] ?? v;
}

/** A value drawn as the map draws it: a crop letter on its colour, or a cow number. */
export function valueChip(v: string, extra = ""): HTMLElement {
  const kind = /^\d$/.test(v) ? "gs-cow" : `gs-crop gs-crop-${v}`;
  return h("span.gs-chip", { class: `${kind} ${extra}`, title: valueWords(v) }, v);
}

export function drawMap(squares: Squares, { small = false, label = "" } = {}): DrawnMap {
  const crowns = new Set(squares.crowns);
  const hammers = new Set(squares.hammers);
  const shaded = new Set(squares.shaded);
  const boons = new Set(squares.boon_lines);
  const cells: HTMLElement[] = [];
  const el = h("div.gs-map", { class: small ? "gs-small" : "gs-big", role: "grid", "aria-label": label });
  el.append(h("span.gs-head"));
  for (const c of kColumnLetters) el.append(h("span.gs-head", c));
  el.append(h("span.gs-head"));
  for (let r = 0; r < kGrid; ++r) {
    el.append(h("span.gs-head", String(r)));
    for (let c = 0; c < kGrid; ++c) {
      const name = cellName(r, c);
      const v = squares.rows[r]?.[c] ?? ".";
      const square = drawSquare(name, v, r, c, { crown: crowns.has(name), hammer: hammers.has(name), shaded: shaded.has(name) });
      cells.push(square);
      el.append(square);
    }
    el.append(r >= 1 && r <= 6 ? boonCircle(boons.has(`row ${r}`), `row ${r}`) : h("span.gs-head"));
  }
  el.append(h("span.gs-head"));
  for (let c = 0; c < kGrid; ++c) {
    const column = kColumnLetters[c];
    el.append(c >= 1 && c <= 6 ? boonCircle(boons.has(`column ${column}`), `column ${column}`) : h("span.gs-head"));
  }
  el.append(h("span.gs-head"));
  return { el, squares: cells };
}

function drawSquare(name: string, v: string, r: number, c: number, marks: { crown: boolean; hammer: boolean; shaded: boolean }): HTMLElement {
  const border = r === 0 || r === kGrid - 1 || c === 0 || c === kGrid - 1;
  const held = v === "." ? "" : v;
  const classes = [
    border ? "gs-border" : "gs-field",
    held === "" ? "gs-blank" : /^\d$/.test(held) ? "gs-cow" : `gs-crop gs-crop-${held}`,
    marks.shaded ? "gs-shaded" : "",
    marks.crown ? "gs-crown" : "",
    marks.hammer ? "gs-hammer" : "",
  ].join(" ");
  const words = [name, valueWords(held), marks.crown ? "crown" : "", marks.hammer ? "hammer" : "", marks.shaded ? "shaded" : ""];
  return h(
    "span.gs-sq",
    { class: classes, "data-cell": name, role: "gridcell", title: words.filter(Boolean).join(", ") },
    h("span.gs-value", held),
    marks.crown ? h("span.gs-mark.gs-crown-mark", "♛") : null,
    marks.hammer ? h("span.gs-mark.gs-hammer-mark", "⚒") : null,
    h("span.gs-ghost-value"),
  );
}

function boonCircle(earned: boolean, line: string): HTMLElement {
  return h("span.gs-boon", { class: earned ? "earned" : "", title: `boon for ${line}: ${earned ? "earned" : "open"}` }, earned ? "●" : "○");
}
