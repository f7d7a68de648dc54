// Persuasion's cards drawn from the view's card objects: {"id": 12, "symbols": [{"symbol": "wealth",
// "sign": 1}, ...], "mailed": true} (a trait) and {"id": 16, "desires": [...], "at_least": 2} (a desires
// card). Symbols are SVG icons, each with its name written beside it.
import { h } from "../../dom";
import { symbolIcon, symbolName } from "./icons";
import type { DesiresCardData, SignedSymbol, TraitCardData } from "./view";

/** "#07": how a card's number is printed. */
export function cardNumber(id: number): string {
  return `#${String(id).padStart(2, "0")}`;
}

/** "+", "−" and the symbol's icon and name. */
export function signedSymbol(s: SignedSymbol, names?: Map<string, string>): HTMLElement {
  const name = symbolName(s.symbol, names);
  return h(
    "span.signed",
    { class: s.sign > 0 ? "plus" : "minus", title: `${s.sign > 0 ? "+" : "-"}${name}` },
    h("span.sign", s.sign > 0 ? "+" : "−"),
    symbolIcon(s.symbol),
    h("span.sym-name", name),
  );
}

/** A trait card; `extra` adds classes (small, faded, drawn). A mailed card says so. */
export function traitCard(card: TraitCardData, extra = "", names?: Map<string, string>): HTMLElement {
  return h(
    "div.card.trait",
    { class: [extra, card.mailed ? "mailed" : ""].join(" ").trim(), "data-card": card.id },
    h("span.card-id", cardNumber(card.id), card.mailed ? " · mailed" : ""),
    h("div.symbols", card.symbols.map((s) => signedSymbol(s, names))),
  );
}

export function desiresCard(card: DesiresCardData, names?: Map<string, string>): HTMLElement {
  const need = card.at_least >= card.desires.length ? "wants all of" : `wants ${card.at_least} of`;
  return h(
    "div.card.desires",
    { "data-card": card.id },
    h("span.card-id", cardNumber(card.id), " desires"),
    h("span.small.muted", need),
    h("div.symbols", card.desires.map((s) => signedSymbol(s, names))),
  );
}

export function cardBacks(count: number): HTMLElement {
  return h(
    "div.backs",
    { title: `${count} card${count === 1 ? "" : "s"}` },
    Array.from({ length: Math.min(count, 12) }, () => h("span.back-mini")),
    h("span.back-count", String(count)),
  );
}
