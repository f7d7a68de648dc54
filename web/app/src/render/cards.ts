// Persuasion's cards drawn from their labels: "#12 +💎 -👑 +🌹" (a trait) or "#12 wants ..." (desires).
import { h } from "../dom";

/** A trait card; a label with a suffix such as " (mailed)" is drawn faded with the note. */
export function traitCard(label: string, extra = ""): HTMLElement {
  const m = /^(#\d+)\s+(.*?)(\s+\((.*)\))?$/.exec(label);
  if (!m) return h("div.card", { class: extra }, label);
  const [, id, body, , note] = m;
  const symbols = body.split(/\s+/).map((token) =>
    h("span", { class: token.startsWith("+") ? "plus" : token.startsWith("-") ? "minus" : "" }, token, " "),
  );
  return h(
    "div.card",
    { class: [extra, note === "mailed" ? "mailed" : ""].join(" ").trim(), title: label },
    h("span.card-id", id, note ? ` · ${note}` : ""),
    h("div.symbols", symbols),
  );
}

export function desiresCard(label: string): HTMLElement {
  const m = /^(#\d+)\s+(.*)$/.exec(label);
  return h(
    "div.card.desires",
    { title: label },
    h("span.card-id", m ? `${m[1]} · desires` : "desires"),
    h("div", m ? m[2] : label),
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

/** Splits "seat 0 -> seat 2: invitation with #12 +💎 -👑 +🌹, accepted" around card labels. */
export function withCards(text: string): (HTMLElement | string)[] {
  const parts: (HTMLElement | string)[] = [];
  const re = /#\d+(?:\s+[+-][^\s,.;()]+){1,3}/gu;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) parts.push(text.slice(last, m.index));
    parts.push(h("span.inline-card", m[0]));
    last = m.index! + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
