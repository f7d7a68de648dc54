// Intrigue's cards drawn from the view's card objects: a hand card with its value and effect, a small
// card in a support stack (face-up, your own face-down one, or a back), and a card's `data-piece` key.
import { h } from "../../dom";
import type { SeatInfo } from "../../api";
import { arrowWords, signed, type Card, type StackEntry } from "./view";

/** What an effect does, in a few words (the card's full text is its tooltip). */
const kEffectWords: Record<string, string> = {
  oracle: "draw 2, then discard 1",
  assassination: "replace a character",
  virtue: "reveal until a negative card",
  spy: "reveal a face-down card",
  manipulate: "swap a token with an opponent",
  misinformation: "move a relationship",
  lies: "reverse a relationship",
  draw: "face-up: draw a card",
  discard: "face-up: discard a card",
};

const kTypeWords: Record<Card["type"], string> = { action: "Action", support: "Support", relationship: "Relationship" };

/** The card's support value, with the trait it needs ("+2 with Nobility, else 0"). */
export function valueText(card: Card): string {
  if (card.trait) return `${signed(card.support)} if ${card.trait}, else ${signed(card.support_without_trait ?? 0)}`;
  return signed(card.support);
}

/** How a relationship's two arrows read: "+1 / -1", "Debtor / Lender". */
export function arrowsText(card: Card): string {
  const [left, right] = arrowWords(card);
  return card.symmetric ? `${left} to both` : `${left} → ${right}`;
}

function valueClass(n: number): string {
  return n > 0 ? "plus" : n < 0 ? "minus" : "zero";
}

/** A card in your hand: title, type, support value, and what it does. */
export function handCard(card: Card, piece: string): HTMLElement {
  return h(
    "div.ig-card",
    { class: `ig-${card.type}`, "data-card": card.id, "data-piece": piece, title: card.text ?? card.title },
    h("div.ig-card-top", h("b.ig-card-title", card.title), h("span.ig-value", { class: valueClass(card.support) }, signed(card.support))),
    h("div.ig-card-type", kTypeWords[card.type], card.trait ? ` · ${card.trait}` : ""),
    card.type === "relationship" ? h("div.ig-card-arrows", arrowsText(card)) : null,
    card.effect && kEffectWords[card.effect] ? h("div.ig-card-does", kEffectWords[card.effect]) : null,
    card.trait ? h("div.ig-card-note", valueText(card)) : null,
  );
}

/** A card in a support stack: its title and value for this character when the seat may know it. */
export function stackCard(entry: StackEntry, piece: string, seats: SeatInfo[], me: number | "spectator"): HTMLElement {
  const by = entry.played_by === me ? "you" : shortSeat(seats, entry.played_by);
  if (!entry.card) {
    return h("div.ig-mini.back", { "data-piece": piece }, h("span.ig-mini-title", "face-down"), h("span.ig-mini-by", by));
  }
  const mineDown = !entry.face_up && entry.played_by === me;
  const value = entry.value ?? entry.card.support;
  return h(
    "div.ig-mini",
    { class: mineDown ? "mine-down" : "up", "data-piece": piece, title: entry.card.text ?? entry.card.title },
    h("span.ig-mini-title", entry.card.title),
    h("span.ig-value", { class: valueClass(value) }, signed(value)),
    h("span.ig-mini-by", mineDown ? "yours, face-down" : by),
  );
}

/** A small face-up card (discard pile, last reveal). */
export function miniCard(card: Card, piece?: string): HTMLElement {
  return h(
    "div.ig-mini.up",
    { "data-piece": piece, title: card.text ?? card.title },
    h("span.ig-mini-title", card.title),
    h("span.ig-value", { class: valueClass(card.support) }, signed(card.support)),
  );
}

/**
 * The `data-piece` key of a card seen somewhere: a title with one copy is one physical card, so its key
 * follows it from hand to stack, edge or discard pile; copies of a title get keys by where they lie.
 */
export function cardKey(card: Card | undefined, where: string): string {
  return card && card.copies === 1 ? `ig-card-${card.id}` : `ig-${where}`;
}

/** A seat in few letters, for small places: "you", the person's name, or "Seat 2". */
export function shortSeat(seats: SeatInfo[], seat: number, me?: number | "spectator"): string {
  if (seat === me) return "you";
  const info = seats.find((s) => s.seat === seat);
  return info?.kind !== "bot" && info?.taken && info.name ? info.name : `Seat ${seat}`;
}
