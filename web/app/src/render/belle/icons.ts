// Belle of the Ball's symbols drawn as SVG (headless and many phone browsers lack an emoji font): the
// five symbols with their words, and the two rings of a couple.
import { h } from "../../dom";

const kSvg = "http://www.w3.org/2000/svg";

/** The five symbols as 16-unit icons (paths drawn for this table). */
const kSymbolPaths: Record<string, string> = {
  // a heart
  flirting: "M8 14 L2.2 8.1 A3.4 3.4 0 0 1 8 3.6 A3.4 3.4 0 0 1 13.8 8.1 Z",
  // a nose in the air: a raised chin and a brow
  snubbing: "M3 13 L6 6 L13 3 L9.5 8 L13 9 L6.5 13 Z",
  // a fork and a knife
  eating: "M4 2 V6.5 M2.5 2 V5.5 Q2.5 7.5 4 7.5 Q5.5 7.5 5.5 5.5 V2 M4 7.5 V14 M11.5 2 Q9 5 10 9 H11.5 V14",
  // a goblet
  drinking: "M4 2 H12 Q12 8 8 8.5 Q4 8 4 2 Z M8 8.5 V13 M5 14 H11",
  // a note
  dancing: "M6 12.5 A2 1.6 0 1 1 6 12.4 M8 12 V2.5 L13 4 V6 L8 4.6",
};

const kSymbolWords: Record<string, string> = {
  flirting: "flirting",
  snubbing: "snubbing",
  eating: "eating",
  drinking: "drinking",
  dancing: "dancing",
};

function svg(tag: string, attrs: Record<string, string>): SVGElement {
  const el = document.createElementNS(kSvg, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** A symbol's icon; its word follows unless `bare` (then it is the icon's accessible name). */
export function symbolIcon(symbol: string, bare = false): HTMLElement {
  const icon = svg("svg", { viewBox: "0 0 16 16", class: `sym-icon sym-${symbol}`, "aria-hidden": "true" });
  const path = svg("path", { d: kSymbolPaths[symbol] ?? "M3 3 H13 V13 H3 Z" });
  icon.append(path);
  const word = kSymbolWords[symbol] ?? symbol;
  return h(
    "span.sym",
    { class: `sym-${symbol}`, title: word, "aria-label": bare ? word : undefined },
    icon,
    bare ? null : h("span.sym-word", word),
  );
}

/** Two linked rings: the mark of a couple (with the word, unless `bare`). */
export function coupleMark(bare = false): HTMLElement {
  const icon = svg("svg", { viewBox: "0 0 20 14", class: "couple-icon", "aria-hidden": "true" });
  icon.append(svg("circle", { cx: "7", cy: "7", r: "5" }), svg("circle", { cx: "13", cy: "7", r: "5" }));
  return h("span.couple-mark", { title: "couples" }, icon, bare ? null : h("span.sym-word", "couple"));
}
