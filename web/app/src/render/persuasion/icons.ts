// Persuasion's pictures as inline SVG (headless browsers and many phones lack emoji fonts): the five
// symbols, each always beside its name, and the rulebook's eight family crests ("Family Crests": Black
// Dog, Blue Lion, Green Tree, Cyan Shield, Yellow Sun, Pink Horn, Purple Clover, White Horse).
import { h } from "../../dom";

/** Outlines of the symbols on a 24×24 grid, keyed by the data's symbol key. */
const kSymbolPaths: Record<string, string> = {
  wealth: '<path d="M6 3h12l4 6-10 12L2 9z"/><path d="M2 9h20M9 3l3 18 3-18"/>',
  title: '<path d="M3 18 2 7l5 4 5-7 5 7 5-4-1 11z"/><path d="M4 21h16"/>',
  mystery: '<path d="M2 9c3-3 17-3 20 0 0 5-3 8-6 8-2 0-3-2-4-2s-2 2-4 2c-3 0-6-3-6-8z"/><circle cx="8" cy="10" r="1.6"/><circle cx="16" cy="10" r="1.6"/>',
  romance: '<path d="M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11z"/>',
  danger: '<path d="M12 1l2.5 4v10h-5V5z"/><path d="M6 15h12M12 15v6M10 22h4"/>',
};

/** A symbol's icon (decorative: the name is always written beside it). */
export function symbolIcon(symbol: string): HTMLElement {
  const el = h("span.sym-icon", { "aria-hidden": "true", "data-symbol": symbol });
  el.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">${kSymbolPaths[symbol] ?? '<circle cx="12" cy="12" r="8"/>'}</svg>`;
  return el;
}

/** "wealth" → "Wealth" (the legend's name when the view gives one). */
export function symbolName(symbol: string, names?: Map<string, string>): string {
  return names?.get(symbol) ?? symbol.charAt(0).toUpperCase() + symbol.slice(1);
}

interface Crest {
  name: string;
  colour: string;
  /** The emblem's colour: light on dark shields, dark on light ones. */
  ink: string;
  emblem: string;
}

const kCrests: Crest[] = [
  { name: "Black Dog", colour: "#000000", ink: "#ffffff",
    emblem: '<circle cx="12" cy="14" r="3"/><circle cx="8" cy="10" r="1.4"/><circle cx="10.6" cy="7.6" r="1.4"/><circle cx="13.4" cy="7.6" r="1.4"/><circle cx="16" cy="10" r="1.4"/>' },
  { name: "Blue Lion", colour: "#332288", ink: "#ffffff",
    emblem: '<circle cx="12" cy="11" r="5" fill="none" stroke-width="2.2" stroke-dasharray="2 1.2"/><circle cx="12" cy="11" r="2.6"/>' },
  { name: "Green Tree", colour: "#117733", ink: "#ffffff", emblem: '<path d="M12 4l5 8h-3l3 4H7l3-4H7z"/><rect x="11" y="16" width="2" height="3"/>' },
  { name: "Cyan Shield", colour: "#88CCEE", ink: "#1d3557",
    emblem: '<path d="M8 7h8v4c0 3-2 5-4 6-2-1-4-3-4-6z" fill="none" stroke-width="1.8"/>' },
  { name: "Yellow Sun", colour: "#DDCC77", ink: "#5c4a00",
    emblem: '<circle cx="12" cy="11" r="3"/><path d="M12 5v2M12 15v2M6 11h2M16 11h2M7.8 6.8l1.4 1.4M14.8 13.8l1.4 1.4M7.8 15.2l1.4-1.4M14.8 8.2l1.4-1.4" fill="none" stroke-width="1.6"/>' },
  { name: "Pink Horn", colour: "#FF7C92", ink: "#5a0f1e", emblem: '<path d="M7 6c1 6 4 9 10 9v3C10 18 6 13 7 6z"/><path d="M17 14.5v4" fill="none" stroke-width="1.6"/>' },
  { name: "Purple Clover", colour: "#BD1CA3", ink: "#ffffff",
    emblem: '<circle cx="12" cy="8" r="2.6"/><circle cx="9" cy="12.5" r="2.6"/><circle cx="15" cy="12.5" r="2.6"/><path d="M12 12v6" fill="none" stroke-width="1.6"/>' },
  { name: "White Horse", colour: "#FFFFFF", ink: "#333333", emblem: '<path d="M8 17v-6a4 4 0 0 1 8 0v6" fill="none" stroke-width="2.6"/>' },
];

/** The crest a seat wears: seat n takes the rulebook's n-th family. */
export function crestName(seat: number): string {
  return kCrests[seat % kCrests.length].name;
}

export function crestColour(seat: number): string {
  return kCrests[seat % kCrests.length].colour;
}

export function crest(seat: number, size = "1.6em"): HTMLElement {
  const c = kCrests[seat % kCrests.length];
  const el = h("span.crest", { title: c.name, role: "img", "aria-label": c.name });
  el.innerHTML = `<svg viewBox="0 0 24 24" width="${size}" height="${size}"><path d="M4 2h16v9c0 6-4 9-8 11-4-2-8-5-8-11z" fill="${c.colour}" stroke="#555" stroke-width="1"/><g fill="${c.ink}" stroke="${c.ink}">${c.emblem}</g></svg>`;
  return el;
}

/** A ring (the ring sleeve a proposal travels in). */
export function ringIcon(): HTMLElement {
  const el = h("span.ring-icon", { "aria-hidden": "true" });
  el.innerHTML = '<svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="15" r="6"/><path d="M9 6l3-4 3 4-3 3z" fill="currentColor"/></svg>';
  return el;
}
