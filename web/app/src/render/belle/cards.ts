// Belle of the Ball's cards as the view carries them (docs/protocol.md, "Belle of the Ball"), drawn as
// small cards: the family's colour, the name, points, the symbols as SVG icons with their words, what the
// guest attracts or repels, its powers; a Belle with the couple she attracts and her effect. No emoji:
// headless and many phone browsers lack an emoji font.
import { h } from "../../dom";

export interface Effect {
  effect: string;
  text: string;
  [field: string]: unknown;
}

export interface BelleCard {
  id: number;
  name: string;
  type: "guest" | "belle";
  family?: string;
  symbols?: string[];
  points?: number;
  attracts?: string[];
  repels?: string[];
  attract_count?: number;
  invite_power?: Effect;
  end_of_round?: Effect;
  attracts_couple?: Effect;
}

export interface Gift {
  face_down: true;
  card?: BelleCard;
}

export interface Unit {
  unit: number;
  couple: boolean;
  top: BelleCard;
  bottom?: BelleCard;
  gifts?: Gift[];
}

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

/** A steady colour per family (the shipped six by name; any other by its letters). */
export function familyColour(family: string | undefined): string {
  const known: Record<string, string> = {
    Goatsbury: "#3f7d4e",
    Lordhurtz: "#2d4f7b",
    Richminster: "#b8892d",
    Dundifax: "#a0582a",
    Boarbottom: "#9b2f3a",
    Crawhole: "#5e3b7b",
  };
  if (!family) return "#7b2d3b";
  if (known[family]) return known[family];
  let hash = 0;
  for (const c of family) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${hash}, 45%, 38%)`;
}

/** The card in words, for its tooltip. */
export function cardTitle(c: BelleCard): string {
  const facts: string[] = [];
  if (c.type === "belle") {
    facts.push("Belle");
    if (c.attracts_couple) facts.push(c.attracts_couple.text);
  } else {
    if (c.family) facts.push(c.family);
    if (c.symbols?.length) facts.push(c.symbols.join(", "));
    facts.push(`${c.points} pt${c.points === 1 || c.points === -1 ? "" : "s"}`);
    if (c.attracts) facts.push(`attracts${c.attract_count === 2 ? " twice" : ""} ${c.attracts.join(" or ")}`);
    if (c.repels) facts.push(`repels ${c.repels.join(" or ")}`);
    if (c.invite_power) facts.push(`on invite: ${c.invite_power.text}`);
  }
  if (c.end_of_round) facts.push(`end of round: ${c.end_of_round.text}`);
  return `${c.name} (${facts.join("; ")})`;
}

function reachLine(c: BelleCard): HTMLElement | null {
  if (c.attracts) {
    return h(
      "div.reach.attracts",
      h("span.reach-verb", c.attract_count === 2 ? "attracts ×2" : "attracts"),
      c.attracts.map((s) => symbolIcon(s, true)),
    );
  }
  if (c.repels) return h("div.reach.repels", h("span.reach-verb", "repels"), c.repels.map((s) => symbolIcon(s, true)));
  return null;
}

/**
 * A face-up card. `piece` names it for the move animation (data-piece); `size` "full" shows every
 * line, "mini" the name, points and symbols (minglers, the bottom of a couple).
 */
export function cardFace(c: BelleCard, piece: string | undefined, size: "full" | "mini" = "full"): HTMLElement {
  const belle = c.type === "belle";
  const el = h(
    "div.bcard",
    {
      class: [belle ? "belle" : "guest", size].join(" "),
      title: cardTitle(c),
      "data-card": c.id,
      "data-piece": piece,
      style: `--family: ${belle ? "#7b2d3b" : familyColour(c.family)}`,
    },
    h(
      "div.bcard-head",
      belle ? null : h("span.bcard-points", { title: "popularity points" }, String(c.points)),
      h("span.bcard-name", c.name),
    ),
  );
  if (belle) {
    el.append(h("div.bcard-line.kind", "Belle"));
    if (c.attracts_couple) el.append(h("div.bcard-line.criterion", c.attracts_couple.text));
  } else {
    el.append(h("div.bcard-symbols", (c.symbols ?? []).map((s) => symbolIcon(s, size === "mini"))));
    if (size === "full") {
      const reach = reachLine(c);
      if (reach) el.append(reach);
      if (c.invite_power) el.append(h("div.bcard-line.power", `on invite: ${c.invite_power.text}`));
    }
  }
  if (size === "full" && c.end_of_round) el.append(h("div.bcard-line.eor", `end: ${c.end_of_round.text}`));
  return el;
}

/** A card seen from the back: the deck, another seat's hand, a face-down gift. */
export function cardBack(label: string, extra = ""): HTMLElement {
  return h("div.bcard.back", { class: extra, title: label }, h("span.back-label", label));
}
