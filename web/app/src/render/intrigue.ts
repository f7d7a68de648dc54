// Intrigue: the three characters around the circle with their support stacks, tokens and the
// relationships (with their arrows) on the edges between them; your hand and favors; the last reveal.
import type { View } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import type { RenderContext } from "./types";

interface StackEntry {
  played_by: number;
  face_up: boolean;
  card?: string;
}
interface Token {
  token: string;
  value: number;
  holder: number | null;
}
interface Character {
  letter: string;
  name: string;
  traits: string[];
  priority: number;
  votes: number;
  stack: StackEntry[];
  tokens: Token[];
}
interface Relationship {
  edge: string;
  card?: string;
  arrows?: string;
  forward?: boolean;
}
interface Player {
  seat: number;
  points: number;
  hand_count: number;
  favors_played: number;
  favors_in_hand: number;
}
interface Reveal {
  stacks: { letter: string; cards: string[]; total: number }[];
  winner: string;
}

export function renderIntrigue(view: View, ctx: RenderContext): HTMLElement {
  const characters = (view.characters as Character[]) ?? [];
  const relationships = (view.relationships as Relationship[]) ?? [];
  const players = (view.players as Player[]) ?? [];
  const favorStack = (view.favor_stack as { seat: number; letter?: string }[]) ?? [];
  return h(
    "div.intrigue",
    h(
      "div.facts",
      h("span", "Round ", h("b", `${view.round} of ${view.rounds}`)),
      h("span", "Phase: ", h("b", String(view.phase))),
      h("span", "Turn: ", h("b", seatLabel(ctx.seats, Number(view.turn)))),
      h("span", "Deck: ", h("b", String(view.deck_count))),
      view.monarch ? h("span.monarch", "👑 ", h("b", String(view.monarch)), " ascends to the throne") : null,
    ),
    h("section.board-section.court-circle", circle(characters, relationships)),
    h("div.character-row", characters.map((c) => characterColumn(c, ctx))),
    view.hand ? yourHand(view) : null,
    h(
      "section.board-section",
      h("h3", "Players"),
      h(
        "table.records",
        h("thead", h("tr", h("th", "Seat"), h("th", "Points"), h("th", "Cards in hand"), h("th", "Favors played"))),
        h(
          "tbody",
          players.map((p) =>
            h(
              "tr",
              { class: p.seat === ctx.seat ? "you" : "" },
              h("td", seatLabel(ctx.seats, p.seat)),
              h("td", String(p.points)),
              h("td", String(p.hand_count)),
              h("td", String(p.favors_played)),
            ),
          ),
        ),
      ),
      favorStack.length
        ? h("p", "Favor stack: ", favorStack.map((f) => h("span.chip", `seat ${f.seat}: ${f.letter ?? "face-down"}`)))
        : null,
      ((view.discard_pile as string[]) ?? []).length
        ? h("p.small", "Discard pile: ", (view.discard_pile as string[]).join(", "))
        : null,
    ),
    view.last_reveal ? lastReveal(view.last_reveal as Reveal) : null,
  );
}

function yourHand(view: View): HTMLElement {
  const hand = (view.hand as string[]) ?? [];
  const favors = (view.favors_in_hand as string[]) ?? [];
  return h(
    "section.board-section.your-hand",
    h("h3", "Your hand"),
    h("div.cards", hand.length ? hand.map((c) => h("div.card.intrigue-card", h("b", c))) : h("span.muted", "no cards")),
    h("p", "Your favors: ", favors.length ? favors.map((f) => h("span.chip.favor", f)) : h("span.muted", "none left")),
  );
}

/** The three characters on a circle, with each edge's relationship card and its arrows. */
function circle(characters: Character[], relationships: Relationship[]): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const svg = el("svg", { viewBox: "0 0 600 330", class: "circle-svg", role: "img" }) as SVGSVGElement;
  const points = [
    { x: 300, y: 60 },
    { x: 510, y: 265 },
    { x: 90, y: 265 },
  ];
  const defs = el("defs", {});
  const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.appendChild(el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#7b2d3b" }));
  defs.appendChild(marker);
  svg.appendChild(defs);
  relationships.forEach((r, i) => {
    const a = points[i % 3];
    const b = points[(i + 1) % 3];
    // The line stops short of the two character discs, so an arrowhead stays visible.
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const gap = 46;
    const line = el("line", {
      x1: a.x + ux * gap, y1: a.y + uy * gap, x2: b.x - ux * gap, y2: b.y - uy * gap,
      class: r.card ? "edge filled" : "edge",
    });
    const directed = r.card && r.arrows;
    if (directed) {
      // Arrows point from the first named letter to the second.
      if (r.forward === false) line.setAttribute("marker-start", "url(#arrow)");
      else line.setAttribute("marker-end", "url(#arrow)");
    }
    svg.appendChild(line);
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2 + (i === 1 ? 22 : 0);
    svg.appendChild(el("text", { x: mx, y: my - 6, class: "edge-card", "text-anchor": "middle" }, r.card ? r.card : `${r.edge}: empty`));
    if (r.arrows) svg.appendChild(el("text", { x: mx, y: my + 12, class: "edge-arrows", "text-anchor": "middle" }, r.arrows));
  });
  characters.forEach((c, i) => {
    const p = points[i];
    svg.appendChild(el("circle", { cx: p.x, cy: p.y, r: 40, class: "node" }));
    svg.appendChild(el("text", { x: p.x, y: p.y - 4, class: "node-letter", "text-anchor": "middle" }, c.letter));
    svg.appendChild(el("text", { x: p.x, y: p.y + 16, class: "node-name", "text-anchor": "middle" }, c.name));
  });
  return svg;
}

function characterColumn(c: Character, ctx: RenderContext): HTMLElement {
  return h(
    "section.board-section.character",
    h("div.character-head", h("span.letter", c.letter), h("b", c.name)),
    h("div.small.muted", `priority ${c.priority} · votes ${c.votes}`),
    c.traits.length ? h("div.chips", c.traits.map((t) => h("span.chip", t))) : null,
    h(
      "div.tokens",
      c.tokens.map((t) =>
        h("span.token", { class: t.holder === null ? "free" : "held", title: t.holder === null ? "not taken" : `held by seat ${t.holder}` },
          t.token, t.holder !== null ? ` · seat ${t.holder}` : ""),
      ),
    ),
    h("div.small.muted", `Support stack (${c.stack.length})`),
    h(
      "div.stack",
      c.stack.length === 0 ? h("span.muted.small", "empty") : null,
      c.stack.map((s) =>
        h(
          "div.card.small",
          { class: s.face_up ? "up" : s.card ? "mine-down" : "back" },
          s.card ? h("b", s.card) : "face-down",
          h("span.card-id", s.face_up ? `seat ${s.played_by}` : s.card ? "yours, face-down" : `by ${seatLabel(ctx.seats, s.played_by)}`),
        ),
      ),
    ),
  );
}

function lastReveal(r: Reveal): HTMLElement {
  return h(
    "section.board-section.reveal",
    h("h3", `Last reveal: ${r.winner} won the round`),
    h(
      "div.character-row",
      r.stacks.map((s) => h("div", h("b", `${s.letter}: ${s.total}`), h("div.small", s.cards.join(", ") || "no cards"))),
    ),
  );
}
