// The bots a person picks for a seat, in players' words: a game's offered levels and personas
// ("Normal: plays sensibly ...", the game list's offered_bots, docs/protocol.md), then its bot specs
// for those who script (heuristic, random, ismcts, ...).
import type { GameInfo, OfferedBot } from "./api";
import { h } from "./dom";

/** The bot that fills a seat nobody chose: the game's default ("normal"). */
export function defaultBot(g: GameInfo): string {
  return g.default_bot ?? (g.bots.includes("heuristic") ? "heuristic" : (g.bots[0] ?? "random"));
}

/** A bot's one line on how it plays, for the seat's description; "" for a spec or a person. */
export function botLine(g: GameInfo, choice: string): string {
  return (g.offered_bots ?? []).find((o) => o.name === choice)?.line ?? "";
}

/** An offered bot's title with its rating beside it, "Normal · 1500 ± 20" (the title alone when unrated). */
export function botLabel(o: OfferedBot): string {
  return o.rating_text ? `${o.title} · ${o.rating_text}` : o.title;
}

/** What a rated bot's rating means, for its tooltip: " (rated at 4 players; 95% interval 1480-1520)"; "" unrated. */
function ratingNote(o: OfferedBot): string {
  if (!o.rating_interval) return "";
  const [low, high] = o.rating_interval.map(Math.round);
  const interval = low === high ? "the scale's anchor" : `95% interval ${low}-${high}`;
  return ` (rated at ${o.rating_players} players; ${interval})`;
}

/** The options of a seat's select: the offered bots by title (their line is the seat's description), then the specs in a group. */
export function botOptions(g: GameInfo): HTMLElement[] {
  // The title alone: the line is the seat's description below the select (a full line was cut off
  // at desktop width and said twice).
  const offered = (g.offered_bots ?? []).map((o) => h("option", { value: o.name, title: o.line + ratingNote(o) }, botLabel(o)));
  const specs = h(
    "optgroup",
    { label: "Bots by spec" },
    g.bots.map((b) => h("option", { value: b }, `${b} bot`)),
  );
  return [...offered, specs];
}
