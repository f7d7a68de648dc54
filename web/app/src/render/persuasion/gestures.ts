// Persuasion's gestures: where a held card may go (a letterbox or tray, a ring, a letter to you, a drawn
// card, the discard pile), each place's moves found among the legal moves by their parts; the moves
// without a card as buttons; the prompt saying what this step asks.
import type { LegalAction } from "../../api";
import { h } from "../../dom";
import { movesWhere } from "../moves";
import { Picker, type Place } from "../pick";
import type { Table } from "./board";

/** Makes every card of your hand a piece that goes where `placesFor` says, and sets the prompt. */
export function wireGestures(root: HTMLElement, t: Table): void {
  const picker = new Picker(t.ctx, root);
  for (const el of root.querySelectorAll<HTMLElement>(".hand .card[data-card]")) {
    const id = Number(el.dataset.card);
    picker.piece(el, () => placesFor(t, id));
  }
  t.ctx.prompt(promptFor(t));
}

/** Where a held card may go, each place with the legal moves that put it there. */
function placesFor(t: Table, card: number): Place[] {
  const legal = t.ctx.legal;
  const places: Place[] = [];
  const add = (el: HTMLElement | undefined, moves: LegalAction[], name?: Place["name"]) => {
    if (el && moves.length) places.push({ el, moves, name });
  };
  for (const [seat, el] of t.spots.letterbox) {
    add(el, [...movesWhere(legal, { kind: "show", card, seat }), ...movesWhere(legal, { kind: "invite", card, seat })]);
  }
  for (const [seat, el] of t.spots.ring) add(el, movesWhere(legal, { kind: "propose", card, seat }));
  for (const [seat, el] of t.spots.letter) {
    add(el, [...movesWhere(legal, { kind: "accept", card, seat }), ...movesWhere(legal, { kind: "reveal", card, seat })]);
  }
  for (const [keep, el] of t.spots.drawn) add(el, movesWhere(legal, { kind: "swap", discard: card, keep }));
  add(t.spots.discard, movesWhere(legal, { kind: "discard", card }));
  return places;
}

/** What this step asks of the seat, in a line; empty when it need not act. */
function promptFor(t: Table): string {
  const legal = t.ctx.legal;
  const kinds = new Set(legal.map((m) => m.parts.kind));
  const box = t.classic ? "tray" : "letterbox";
  if (kinds.has("show")) return `Introductions: drop a trait card on each other player's letterbox to show it to them.`;
  if (kinds.has("invite") || kinds.has("propose") || kinds.has("independence")) {
    return `Your intention: drop a trait card on a player's ${box} to invite them, or on their ring to propose; or claim independence${kinds.has("reflect") ? " or reflect" : ""}.`;
  }
  if (kinds.has("swap") || kinds.has("keep_none")) return "Reflection: drop one of your cards on the drawn card you keep in its place, or keep none.";
  if (kinds.has("pass")) return "Nothing reached you this round: reflect (draw and maybe swap), or do not.";
  if (kinds.has("accept") && !t.classic) {
    return "Mail on the ? side of your letterbox: drop the card to send back on a letter to accept it, or reject it.";
  }
  if (kinds.has("reveal")) return "An invitation to you: drop the card to reveal on it to accept, or reject it.";
  if (kinds.has("accept") || kinds.has("reject_all")) return "Proposals to you: drop the card to give on the proposal you accept, or reject them all.";
  if (kinds.has("discard")) return "Reflection: drop a card (the drawn one too) on the discard pile.";
  if (t.view.terminal || t.view.matrimony) return "";
  return t.you !== undefined ? "Waiting for the other players…" : "";
}

export function actionButton(t: Table, move: LegalAction, text: string, cls = ""): HTMLElement {
  const b = h("button.table-action", { type: "button", class: cls, title: move.label, disabled: t.ctx.pending }, text);
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    t.ctx.act(move);
  });
  return b;
}

/** Independence, reflection, passing, keeping none, rejecting all: the moves without a card. */
export function actions(t: Table): HTMLElement | null {
  const legal = t.ctx.legal;
  const one = (want: Record<string, unknown>) => movesWhere(legal, want)[0];
  const buttons: [LegalAction | undefined, string, string][] = [
    [one({ kind: "independence" }), "Claim independence", "independence"],
    [legal.find((m) => m.parts.kind === "reflect" && !m.parts.extra), "Reflect", "reflect"],
    [one({ kind: "reflect", extra: true }), "Reflect (nothing reached you)", "reflect-extra"],
    [one({ kind: "pass" }), "Do not reflect", "pass"],
    [one({ kind: "keep_none" }), "Keep none of the drawn cards", "keep-none"],
    [one({ kind: "reject_all" }), "Reject every proposal", "reject-all"],
  ];
  const shown = buttons.filter(([m]) => m !== undefined).map(([m, text, cls]) => actionButton(t, m!, text, cls));
  return shown.length ? h("div.table-actions", shown) : null;
}
