// Intrigue's table: the three characters around the circle (A top, B lower right, C lower left) with
// their tokens and support stacks, the relationships on the edges between them, the deck, discard pile
// and favor stack, the players, your hand and favors, and the last reveal. Only drawing: the gestures
// are wired onto these elements by their data attributes (gestures.ts).
import type { SeatInfo } from "../../api";
import { h } from "../../dom";
import { cardKey, handCard, miniCard, shortSeat, stackCard, valueText } from "./cards";
import { crown, seal } from "./icons";
import { arrowWords, edgeEnds, type Character, type IntrigueView, type Relationship } from "./view";

export interface Seen {
  seats: SeatInfo[];
  me: number | "spectator";
}

/** The grid area of each letter and each edge: the circle drawn as a triangle. */
const kArea: Record<string, string> = { A: "a", B: "b", C: "c", "A-B": "ab", "B-C": "bc", "C-A": "ca" };
/** Places in the right-hand column open their menus leftwards (no sideways scrolling on a phone). */
const kRightColumn = new Set(["B", "A-B"]);

/** The top line: the round, the phase, the unused characters, the monarch once crowned. */
export function facts(v: IntrigueView): HTMLElement {
  return h(
    "div.ig-facts",
    h("span", "Round ", h("b", `${v.round} of ${v.rounds}`)),
    v.phase === "discard" ? h("span.ig-phase", "discarding") : null,
    v.unused_characters.length ? h("span.ig-unused", "Unused: ", v.unused_characters.join(", ")) : null,
    v.monarch
      ? h("span.ig-monarch", crown("crown"), " ", h("b", `${v.monarch.name} (${v.monarch.letter})`), " ascends to the throne")
      : null,
  );
}

export function circle(v: IntrigueView, seen: Seen): HTMLElement {
  return h(
    "section.ig-circle",
    { "aria-label": "the court: characters and relationships" },
    v.characters.map((c) => character(c, v, seen)),
    v.relationships.map((r) => edge(r)),
  );
}

function character(c: Character, v: IntrigueView, seen: Seen): HTMLElement {
  const leading = v.monarch?.letter === c.letter;
  return h(
    "section.ig-character",
    {
      class: [kRightColumn.has(c.letter) ? "ig-right" : "", leading ? "ig-crowned" : ""].join(" "),
      style: `grid-area: ${kArea[c.letter]}`,
      "data-character": c.letter,
      "aria-label": `${c.name} (${c.letter})`,
    },
    h(
      "div.ig-char-head",
      h("span.ig-letter", c.letter),
      h("b.ig-char-name", c.name),
      leading ? crown("the monarch") : null,
    ),
    h(
      "div.ig-char-meta",
      h("span.ig-votes", { title: `${c.votes} vote${c.votes === 1 ? "" : "s"}` },
        Array.from({ length: c.votes }, () => crown("vote")), `${c.votes} vote${c.votes === 1 ? "" : "s"}`),
      h("span.ig-priority", `priority ${c.priority}`),
    ),
    h("div.ig-traits", c.traits.map((t) => h("span.ig-trait", t))),
    h(
      "div.ig-tokens",
      c.tokens.map((t) =>
        t.holder === null
          ? h("button.ig-token.free", { type: "button", "data-token": t.token, "data-piece": `ig-token-${t.token}`,
              title: `support token ${t.token}`, "aria-label": `take token ${t.token}` }, `+${t.value}`)
          : h("span.ig-token.gone", { title: `held by ${shortSeat(seen.seats, t.holder, seen.me)}` },
              `+${t.value}`, h("small", ` ${shortSeat(seen.seats, t.holder, seen.me)}`)),
      ),
    ),
    h(
      "div.ig-stack",
      c.stack.length === 0 ? h("span.ig-empty", "no support yet") : null,
      c.stack.map((s, i) => stackCard(s, cardKey(s.card, `stack-${c.letter}-${i}`), seen.seats, seen.me)),
    ),
  );
}

/** The letters of an edge in the order they stand on the screen (left to right). */
function screenEnds(edgeName: string): [string, string] {
  const [a, b] = edgeEnds(edgeName);
  return edgeName === "B-C" ? [b, a] : [a, b];
}

function edge(r: Relationship): HTMLElement {
  const words: Record<string, string> = {};
  if (r.card && r.from && r.to) [words[r.from], words[r.to]] = arrowWords(r.card);
  return h(
    "section.ig-edge",
    {
      class: [r.card ? "filled" : "empty", kRightColumn.has(r.edge) ? "ig-right" : ""].join(" "),
      style: `grid-area: ${kArea[r.edge]}`,
      "data-edge": r.edge,
      "aria-label": `edge ${r.edge}`,
    },
    h("div.ig-edge-name", `between ${r.edge.replace("-", " and ")}`),
    r.card
      ? h("div.ig-edge-card", { "data-piece": cardKey(r.card, `edge-${r.edge}`), title: r.card.text ?? r.card.title },
          h("b", r.card.title), h("span.ig-edge-value", ` value ${valueText(r.card)}`))
      : h("div.ig-edge-card.none", "no relationship"),
    h(
      "div.ig-ends",
      screenEnds(r.edge).map((letter) =>
        h("span.ig-end", { "data-end": letter }, h("b", letter), words[letter] ? h("span.ig-end-word", words[letter]) : null),
      ),
    ),
  );
}

export function piles(v: IntrigueView, seen: Seen): HTMLElement {
  return h(
    "section.ig-piles",
    h("div.ig-pile#ig-deck", { "aria-label": "deck" }, h("h3", "Deck"),
      h("div.ig-deck-backs", Array.from({ length: Math.min(v.deck_count, 8) }, () => h("span.ig-back")),
        h("span.ig-count", `${v.deck_count} card${v.deck_count === 1 ? "" : "s"}`))),
    h("div.ig-pile#ig-discard", { "aria-label": "discard pile" }, h("h3", `Discard pile (${v.discard_pile.length})`),
      h("div.ig-discards", v.discard_pile.length === 0 ? h("span.ig-empty", "empty") : null,
        v.discard_pile.map((c, i) => miniCard(c, cardKey(c, `discard-${i}`))))),
    h("div.ig-pile.ig-right#ig-favor-stack", { "aria-label": "favor stack" }, h("h3", "Favor stack"),
      h("div.ig-favor-list", v.favor_stack.length === 0 ? h("span.ig-empty", "no favors yet") : null,
        v.favor_stack.map((f, i) =>
          h("span.ig-favor-played", { class: f.letter ? "ig-known" : "", "data-piece": f.letter ? `ig-favor-${f.seat}-${f.letter}` : `ig-favor-${f.seat}-at-${i}` },
            seal(), shortSeat(seen.seats, f.seat, seen.me), f.letter ? h("b", ` ${f.letter}`) : " ?")))),
  );
}

export function players(v: IntrigueView, seen: Seen): HTMLElement {
  const held = (seat: number) =>
    v.characters.flatMap((c) => c.tokens.filter((t) => t.holder === seat));
  return h(
    "section.ig-players",
    v.players.map((p) =>
      h(
        "div.ig-player",
        { class: [p.seat === seen.me ? "you" : "", p.seat === v.turn && v.phase !== "over" ? "to-act" : "", p.seat === 2 ? "ig-right" : ""].join(" "),
          "data-seat": p.seat },
        h("div.ig-player-name", shortSeat(seen.seats, p.seat, seen.me)),
        h("div.ig-player-facts", h("b", `${p.points}`), ` point${p.points === 1 ? "" : "s"} · ${p.hand_count} in hand`),
        h("div.ig-player-facts", `favors played ${p.favors_played} of 3`),
        h("div.ig-held", held(p.seat).map((t) =>
          h("span.ig-token.held", { "data-held-token": t.token, "data-piece": `ig-token-${t.token}`, title: `support token ${t.token}` }, t.token))),
      ),
    ),
  );
}

/** Your hand and the favors you still hold; copies of a title get keys by their rank in the hand. */
export function hand(v: IntrigueView, seen: Seen): HTMLElement | null {
  if (!v.hand || seen.me === "spectator") return null;
  const rank = new Map<number, number>();
  const cards = v.hand.map((c) => {
    const k = rank.get(c.id) ?? 0;
    rank.set(c.id, k + 1);
    return handCard(c, cardKey(c, `hand-${c.id}-${k}`));
  });
  const favors = v.favors_in_hand ?? [];
  return h(
    "section.ig-hand",
    h("h3", "Your hand"),
    h("div.ig-hand-cards", cards.length ? cards : h("span.ig-empty", "no cards")),
    h(
      "div.ig-favors",
      h("span.ig-favors-label", "Your favors"),
      favors.length
        ? favors.map((f) => h("div.ig-favor", { "data-letter": f, "data-piece": `ig-favor-${seen.me}-${f}`, title: `favor ${f}` }, seal(), h("b", f)))
        : h("span.ig-empty", "all played"),
    ),
  );
}

export function lastReveal(v: IntrigueView): HTMLElement | null {
  const r = v.last_reveal;
  if (!r) return null;
  const name = (letter: string) => v.characters.find((c) => c.letter === letter)?.name ?? letter;
  return h(
    "section.ig-reveal",
    h("h3", `Last round: ${name(r.winner)} (${r.winner}) won`),
    h("div.ig-reveal-row", r.stacks.map((s) =>
      h("div.ig-reveal-stack", { class: s.letter === r.winner ? "won" : "" }, h("b", `${s.letter}: ${s.total}`),
        h("div.ig-reveal-cards", s.cards.length ? s.cards.map((c) => miniCard(c)) : h("span.ig-empty", "no cards"))))),
  );
}
