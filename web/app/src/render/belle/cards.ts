// Belle of the Ball's cards as the view carries them (docs/protocol.md, "Belle of the Ball"), drawn as
// small cards: the family's colour, the name, points, the symbols as SVG icons with their words, what the
// guest attracts or repels, its powers; a Belle with the couple she attracts and her effect. No emoji:
// headless and many phone browsers lack an emoji font.
import { h } from "../../dom";
import { symbolIcon } from "./icons";
import type { BelleCard } from "./view";


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
