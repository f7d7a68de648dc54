// Intrigue's gestures, wired onto the drawn table (board.ts) by data attributes. Every move is found
// among the seat's legal moves by its parts (docs/protocol.md, "Move parts", Intrigue):
//   - a card from the hand onto a character: face-down (the default, first in the menu), face-up for a
//     support card, or an action aimed at that character (Assassination, Virtue, Spy);
//   - a relationship onto an edge: dropped on one end of the edge, that character gets its left arrow
//     (Debtor, Blackmailer, Advantage's +1); Friendship and Feud go on the edge as a whole;
//   - Lies onto the relationship it reverses; Misinformation onto the relationship it moves (then where
//     to); Manipulate onto the opponent's token it takes (then which of yours to give); Oracle onto the deck;
//   - a favor onto the favor stack; a card onto the discard pile when a card must be discarded;
//   - a free token is taken by clicking it.
import type { LegalAction } from "../../api";
import { movesWhere } from "../moves";
import { Picker, type Place } from "../pick";
import type { RenderContext } from "../types";
import { arrowWords, edgeEnds, type Card, type IntrigueView } from "./view";

/** How a move reads in the menu of a place with several moves. */
export function menuName(move: LegalAction, card?: Card): string {
  const p = move.parts;
  switch (p.kind) {
    case "play_face_down": return "Face-down";
    case "play_face_up": return p.effect === "discard" ? "Face-up, then discard a card" : "Face-up, then draw a card";
    case "play_action":
      if (p.effect === "misinformation") return `to ${String(p.to_edge)}`;
      if (p.effect === "manipulate") return `give ${String(p.give)}`;
      return card?.title ?? String(p.effect);
    default: return move.label;
  }
}

/** Face-down first: the default a person gets by confirming the menu straight away. */
function faceDownFirst(moves: LegalAction[]): LegalAction[] {
  const rank = (m: LegalAction) => (m.parts.kind === "play_face_down" ? 0 : m.parts.kind === "play_face_up" ? 1 : 2);
  return [...moves].sort((a, b) => rank(a) - rank(b));
}

function one(root: HTMLElement, selector: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(selector);
}

/** The places a hand card may go, each with the legal moves that put it there. */
function cardPlaces(root: HTMLElement, card: Card, legal: LegalAction[], v: IntrigueView): Place[] {
  const mine = legal.filter((m) => m.parts.card === card.id);
  const name = (m: LegalAction) => menuName(m, card);
  const places: Place[] = [];
  const add = (el: HTMLElement | null, moves: LegalAction[]) => {
    if (el && moves.length) places.push({ el, moves, name });
  };
  for (const c of v.characters) {
    add(one(root, `[data-character="${c.letter}"]`), faceDownFirst(movesWhere(mine, { character: c.letter })));
  }
  for (const r of v.relationships) {
    const edgeEl = one(root, `[data-edge="${r.edge}"]`);
    const placing = movesWhere(mine, { kind: "place_relationship", edge: r.edge });
    if (card.symmetric) add(edgeEl, placing);
    else {
      const [leftWord] = card.type === "relationship" ? arrowWords(card) : [""];
      for (const letter of edgeEnds(r.edge)) {
        const end = edgeEl ? one(edgeEl, `[data-end="${letter}"]`) : null;
        end?.setAttribute("data-hint", `${leftWord} here`);
        add(end, movesWhere(placing, { from: letter }));
      }
    }
    add(edgeEl, movesWhere(mine, { kind: "play_action", edge: r.edge }));
    add(edgeEl, movesWhere(mine, { kind: "play_action", from_edge: r.edge }));
  }
  for (const el of root.querySelectorAll<HTMLElement>("[data-held-token]")) {
    add(el, movesWhere(mine, { kind: "play_action", take: el.dataset.heldToken }));
  }
  add(one(root, "#ig-deck"), movesWhere(mine, { kind: "play_action", effect: "oracle" }));
  add(one(root, "#ig-discard"), movesWhere(mine, { kind: "discard" }));
  return places;
}

/** What this step asks of the seat, for the prompt line. */
function promptText(v: IntrigueView, legal: LegalAction[]): string {
  if (legal.every((m) => m.parts.kind === "discard")) return "Discard a card: put one from your hand on the discard pile.";
  const tokens = legal.some((m) => m.parts.kind === "take_token") ? ", take a token" : "";
  const favors = legal.some((m) => m.parts.kind === "play_favor") ? " or put a favor on the favor stack" : "";
  return `Your turn: put a card from your hand behind a character (face-down) or on an edge${tokens}${favors}.` +
    (v.hand?.some((c) => c.type === "action") ? " An action card goes on its target." : "");
}

export function wireGestures(root: HTMLElement, v: IntrigueView, ctx: RenderContext): void {
  const legal = ctx.pending ? [] : ctx.legal;
  wireTokens(root, legal, ctx);
  if (legal.length === 0) return;
  ctx.prompt(promptText(v, legal));
  const picker = new Picker(ctx, root);
  for (const el of root.querySelectorAll<HTMLElement>(".ig-hand-cards [data-card]")) {
    const card = v.hand?.find((c) => c.id === Number(el.dataset.card));
    if (card) picker.piece(el, () => cardPlaces(root, card, legal, v));
  }
  for (const el of root.querySelectorAll<HTMLElement>(".ig-favor[data-letter]")) {
    const moves = movesWhere(legal, { kind: "play_favor", character: el.dataset.letter });
    picker.piece(el, () => [{ el: one(root, "#ig-favor-stack")!, moves }]);
  }
}

/** A free token is a button: clicking it takes the token (when that is legal now). */
function wireTokens(root: HTMLElement, legal: LegalAction[], ctx: RenderContext): void {
  for (const el of root.querySelectorAll<HTMLButtonElement>("button.ig-token[data-token]")) {
    const [move] = movesWhere(legal, { kind: "take_token", token: el.dataset.token });
    if (!move) {
      el.disabled = true;
      continue;
    }
    el.classList.add("takeable");
    el.addEventListener("click", (e) => {
      // While a card is held, a click on its character puts the card there, not the token in hand.
      if (root.classList.contains("holding")) return;
      e.stopPropagation();
      ctx.act(move);
    });
  }
}
